import Foundation
import Testing

@testable import GrubmapCore

/// Exact decimals from text: `Decimal(12.34)` would go through a binary double.
private func money(_ text: String) -> Decimal { Decimal(string: text)! }

private func ride(
    _ id: String, capacity: Int, base: String, perKilometer: String, perMinute: String, fee: String, minimum: String,
    names: [String: String]? = nil
) throws -> RideType {
    try RideType(
        id: RideType.ID(id), name: LocalizedText(names ?? ["en": id]), capacity: capacity, baseFare: money(base),
        farePerKilometer: money(perKilometer), farePerMinute: money(perMinute), bookingFee: money(fee),
        minimumFare: money(minimum))
}

/// The San José demo rates: the Uber clone's base fares and per-mile rates, converted to per-kilometre.
private func sanJose(surge: String = "1") throws -> FareSchedule {
    try FareSchedule(
        currency: Currency(code: "USD"),
        rideTypes: [
            ride(
                "go", capacity: 4, base: "10", perKilometer: "0.932057", perMinute: "0.30", fee: "2.50", minimum: "13"),
            ride("xl", capacity: 6, base: "15", perKilometer: "1.0874", perMinute: "0.45", fee: "2.50", minimum: "18"),
            ride(
                "premium", capacity: 4, base: "20", perKilometer: "1.242742", perMinute: "0.55", fee: "3", minimum: "24"
            ),
        ],
        speedBand: .init(low: 18, high: 30), surge: money(surge))
}

/// The Busan demo rates, in won.
private func busan() throws -> FareSchedule {
    try FareSchedule(
        currency: Currency(code: "KRW"),
        rideTypes: [
            ride("taxi", capacity: 4, base: "3300", perKilometer: "760", perMinute: "90", fee: "0", minimum: "4800"),
            ride(
                "deluxe-taxi", capacity: 4, base: "4500", perKilometer: "1220", perMinute: "150", fee: "0",
                minimum: "6500"),
            ride(
                "large-taxi", capacity: 8, base: "4500", perKilometer: "1220", perMinute: "150", fee: "1000",
                minimum: "6500"),
        ],
        speedBand: .init(low: 15, high: 30))
}

private func ranges(_ estimate: FareEstimate) -> [String: [Decimal]] {
    Dictionary(uniqueKeysWithValues: estimate.fares.map { ($0.rideType.id.rawValue, [$0.low, $0.high]) })
}

@Suite struct FareEstimateTests {
    @Test func roadDistanceAndDurationComeFromTheDetourAndTheSpeedBand() throws {
        let estimate = FareEstimate(schedule: try sanJose(), straightLineMeters: 1000)
        #expect(estimate.roadMeters == 1300)
        // 1.3 km at 30 km/h is 156 s; at 18 km/h, 260 s.
        #expect(estimate.durationSeconds == 156...260)
        #expect(estimate.currency.code == "USD")
        #expect(estimate.fares.map(\.rideType.id.rawValue) == ["go", "xl", "premium"])
    }

    @Test func everyDollarRideTypeIsPricedAtBothEndsOfTheBand() throws {
        let estimate = FareEstimate(schedule: try sanJose(), straightLineMeters: 1000)
        // go: 10 + 0.932057 × 1.3 + 0.30 × 2.6 min + 2.50 = 14.4916741 → 14.49; at 4.333 min, 15.0116741 → 15.01.
        #expect(
            ranges(estimate) == [
                "go": [money("14.49"), money("15.01")],
                "xl": [money("20.08"), money("20.86")],
                "premium": [money("26.05"), money("27.00")],
            ])
    }

    @Test func everyWonRideTypeIsPricedAndRoundedToOneHundredWon() throws {
        let estimate = FareEstimate(schedule: try busan(), straightLineMeters: 5000)
        #expect(estimate.roadMeters == 6500)
        #expect(estimate.durationSeconds == 780...1560)
        // taxi: 3,300 + 760 × 6.5 + 90 × 13 = 9,410 → 9,400; at 26 min, 10,580 → 10,600.
        #expect(
            ranges(estimate) == [
                "taxi": [9400, 10600], "deluxe-taxi": [14400, 16300], "large-taxi": [15400, 17300],
            ])
    }

    @Test func shortRidesCostTheMinimumFare() throws {
        #expect(
            ranges(FareEstimate(schedule: try sanJose(), straightLineMeters: 100)) == [
                "go": [13, 13], "xl": [18, 18], "premium": [24, 24],
            ])
        #expect(
            ranges(FareEstimate(schedule: try busan(), straightLineMeters: 300)) == [
                "taxi": [4800, 4800], "deluxe-taxi": [6500, 6500], "large-taxi": [6500, 6500],
            ])
    }

    @Test func identicalPointsAreZeroMetresAndTheMinimumFare() throws {
        let point = try Coordinate(latitude: 37.331516, longitude: -121.891054)
        let estimate = FareEstimate(schedule: try sanJose(), from: point, to: point)
        #expect(estimate.straightLineMeters == 0)
        #expect(estimate.roadMeters == 0)
        #expect(estimate.durationSeconds == 0...0)
        #expect(estimate.fares.allSatisfy { $0.low == $0.rideType.minimumFare && $0.high == $0.rideType.minimumFare })
    }

    @Test func surgeMultipliesTheFareAfterTheMinimumAndBeforeRounding() throws {
        let estimate = FareEstimate(schedule: try sanJose(surge: "1.5"), straightLineMeters: 1000)
        // 14.4916741 × 1.5 = 21.73751115 → 21.74 (rounding first would give 14.49 × 1.5 = 21.735).
        #expect(estimate.fare(for: try RideType.ID("go"))?.low == money("21.74"))
        #expect(estimate.fare(for: try RideType.ID("premium"))?.high == money("40.50"))
        let short = FareEstimate(schedule: try sanJose(surge: "1.5"), straightLineMeters: 0)
        #expect(short.fares.map(\.low) == [money("19.50"), 27, 36])
    }

    @Test func perKilometreRatesKeepTheCloneRatesPerStatuteMile() throws {
        let schedule = try sanJose()
        // One statute mile (1,609.344 m), no time: 10 + 1.50 + 2.50 booking fee.
        let go = schedule.rideTypes[0]
        #expect(schedule.price(of: go, roadMeters: 1609, durationSeconds: 0) == 14)
        for (rideType, perMile) in zip(schedule.rideTypes, ["1.50", "1.75", "2.00"]) {
            let converted = rideType.farePerKilometer * Decimal(DistanceUnit.metersPerMile) / 1000
            #expect(abs(NSDecimalNumber(decimal: converted - money(perMile)).doubleValue) < 0.000_001)
        }
    }

    @Test func farePerMinuteIsExactForWholeSeconds() throws {
        let rideType = try ride(
            "x", capacity: 1, base: "0", perKilometer: "0", perMinute: "0.45", fee: "0", minimum: "0")
        // 0.45 × 70 / 60 = 0.525 exactly, so half-up gives 0.53 (0.45 × (70 / 60) would not be exact).
        #expect(rideType.unroundedFare(roadMeters: 0, durationSeconds: 70) == money("0.525"))
        let schedule = try FareSchedule(currency: Currency(code: "USD"), rideTypes: [rideType])
        #expect(schedule.price(of: rideType, roadMeters: 0, durationSeconds: 70) == money("0.53"))
    }
}

@Suite struct CurrencyTests {
    @Test(arguments: [
        ("USD", "12.345", "12.35"), ("USD", "12.344", "12.34"), ("USD", "12.3449999", "12.34"),
        ("USD", "0.005", "0.01"),
        ("KRW", "12449", "12400"), ("KRW", "12450", "12500"), ("KRW", "12499.99", "12500"), ("KRW", "49", "0"),
        ("JPY", "12.5", "13"), ("KWD", "1.2345", "1.235"), ("EUR", "1.005", "1.01"),
    ])
    func roundsHalfUpToItsIncrement(code: String, amount: String, expected: String) throws {
        #expect(try Currency(code: code).rounded(money(amount)) == money(expected))
    }

    @Test func knowsItsMinorUnitsAndIncrements() throws {
        #expect(try Currency(code: "USD").minorUnits == 2)
        #expect(try Currency(code: "KRW").minorUnits == 0)
        #expect(try Currency(code: "KRW").roundingIncrement == 100)
        #expect(try Currency(code: "BHD").roundingIncrement == money("0.001"))
        #expect(try Currency(code: "chf").code == "CHF")
        #expect(try Currency(code: "CHF").roundingIncrement == money("0.01"))
    }

    @Test(arguments: ["", "US", "USDX", "U$D", "12A", "ÜSD"])
    func refusesCodesThatAreNotThreeLetters(code: String) {
        #expect(throws: CurrencyError.self) { try Currency(code: code) }
    }

    @Test(arguments: Language.allCases)
    func formatsAmountsAsPeopleReadThem(language: Language) throws {
        let usd = try Currency(code: "USD")
        let krw = try Currency(code: "KRW")
        #expect(usd.format(money("12.5"), language: language) == "$12.50")
        #expect(usd.format(0, language: language) == "$0.00")
        #expect(usd.format(money("1234567.891"), language: language) == "$1,234,567.89")
        #expect(usd.format(money("999.999"), language: language) == "$1,000.00")
        #expect(krw.format(12500, language: language) == "₩12,500")
        #expect(krw.format(500, language: language) == "₩500")
        #expect(krw.format(1_000_000, language: language) == "₩1,000,000")
        #expect(try Currency(code: "EUR").format(money("7.1"), language: language) == "€7.10")
        #expect(try Currency(code: "CHF").format(money("12.5"), language: language) == "CHF\u{A0}12.50")
        #expect(try Currency(code: "KWD").format(money("1.5"), language: language) == "KWD\u{A0}1.500")
    }

    @Test func formatsRangesInEachLanguage() throws {
        let usd = try Currency(code: "USD")
        let krw = try Currency(code: "KRW")
        #expect(usd.formatRange(low: money("12.5"), high: 15, language: .english) == "$12.50–$15.00")
        #expect(usd.formatRange(low: money("12.5"), high: 15, language: .korean) == "$12.50~$15.00")
        #expect(krw.formatRange(low: 12500, high: 15000, language: .korean) == "₩12,500~₩15,000")
        #expect(krw.formatRange(low: 4800, high: 4800, language: .english) == "₩4,800")
    }

    @Test func encodesAsItsCode() throws {
        let data = try JSONEncoder().encode([try Currency(code: "KRW")])
        #expect(String(decoding: data, as: UTF8.self) == #"["KRW"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Currency].self, from: Data(#"["KR"]"#.utf8)) }
    }
}

@Suite struct FareScheduleTests {
    @Test func rideTypesRefuseImpossibleValues() {
        #expect(throws: RideTypeError.capacityOutOfRange(0)) {
            try ride("x", capacity: 0, base: "1", perKilometer: "1", perMinute: "1", fee: "0", minimum: "1")
        }
        #expect(throws: RideTypeError.amountOutOfRange(field: "farePerMinute", amount: -1)) {
            try ride("x", capacity: 4, base: "1", perKilometer: "1", perMinute: "-1", fee: "0", minimum: "1")
        }
        #expect(throws: RideTypeError.minimumBelowBase(minimumFare: 12, baseAndFee: money("12.5"))) {
            try ride("x", capacity: 4, base: "10", perKilometer: "1", perMinute: "1", fee: "2.5", minimum: "12")
        }
    }

    @Test func schedulesRefuseImpossibleValues() throws {
        let usd = try Currency(code: "USD")
        let go = try ride("go", capacity: 4, base: "1", perKilometer: "1", perMinute: "1", fee: "0", minimum: "1")
        #expect(throws: FareScheduleError.noRideTypes) { try FareSchedule(currency: usd, rideTypes: []) }
        #expect(throws: FareScheduleError.duplicateRideType("go")) {
            try FareSchedule(currency: usd, rideTypes: [go, go])
        }
        #expect(throws: FareScheduleError.detourFactorOutOfRange(0.9)) {
            try FareSchedule(currency: usd, rideTypes: [go], detourFactor: 0.9)
        }
        #expect(throws: FareScheduleError.detourFactorOutOfRange(.infinity)) {
            try FareSchedule(currency: usd, rideTypes: [go], detourFactor: .infinity)
        }
        #expect(throws: FareScheduleError.surgeOutOfRange(0)) {
            try FareSchedule(currency: usd, rideTypes: [go], surge: 0)
        }
        #expect(throws: FareScheduleError.speedBandOutOfRange(low: 30, high: 18)) {
            try FareSchedule.SpeedBand(low: 30, high: 18)
        }
        #expect(throws: FareScheduleError.speedBandOutOfRange(low: 0, high: 18)) {
            try FareSchedule.SpeedBand(low: 0, high: 18)
        }
        #expect(throws: FareScheduleError.self) { try FareSchedule.SpeedBand(low: .nan, high: 18) }
    }

    @Test func decodesExactlyWithDefaults() throws {
        let json = """
            {"currency": "USD", "rideTypes": [{"id": "go", "name": {"en": "Go"}, "capacity": 4, "baseFare": 0.1,
             "farePerKilometer": 0.2, "farePerMinute": 0, "bookingFee": 0, "minimumFare": 0.3}]}
            """
        let schedule = try JSONDecoder().decode(FareSchedule.self, from: Data(json.utf8))
        #expect(schedule.rideTypes[0].baseFare + schedule.rideTypes[0].farePerKilometer == money("0.3"))
        #expect(schedule.rideTypes[0].minimumFare == money("0.3"))
        #expect(schedule.detourFactor == 1.3)
        #expect(schedule.speedBand == .city)
        #expect(schedule.surge == 1)
        let again = try JSONDecoder().decode(FareSchedule.self, from: try JSONEncoder().encode(schedule))
        #expect(again == schedule)
    }

    @Test func decodingErrorsNameTheField() throws {
        let json = """
            {"currency": "USD", "rideTypes": [{"id": "go", "name": {"en": "Go"}, "capacity": 4, "baseFare": 10,
             "farePerKilometer": 1, "farePerMinute": 0, "bookingFee": 2, "minimumFare": 5}]}
            """
        do {
            _ = try JSONDecoder().decode(FareSchedule.self, from: Data(json.utf8))
            Issue.record("a minimum below base + fee decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["rideTypes", "Index 0", "minimumFare"])
            #expect(context.debugDescription.contains("minimumFare 5 is below baseFare + bookingFee = 12"))
        }
    }
}

@Suite struct FareDestinationTests {
    @Test func readsPlacesAndPoints() throws {
        #expect(try FareDestination(parsing: "original-joes") == .place(try Place.ID("original-joes")))
        #expect(
            try FareDestination(parsing: "37.3318, -121.8863")
                == .coordinate(try Coordinate(latitude: 37.3318, longitude: -121.8863)))
    }

    @Test(arguments: [
        ("", "expected a place id or LAT,LON, got nothing"),
        ("Bad!", "expected a place id or LAT,LON: \"Bad!\" is not an id"),
        ("91,0", "latitude 91.0 is outside [-90, 90]"),
        ("nan,0", "coordinates must be finite numbers"),
        ("1,2,3", "expected LAT,LON in degrees"),
    ])
    func refusesWhatIsNeither(text: String, message: String) {
        do {
            _ = try FareDestination(parsing: text)
            Issue.record("\"\(text)\" was accepted")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func findsTheAreaContainingAPoint() throws {
        let area = Area(
            id: try Area.ID("a"), name: LocalizedText("A"), center: try Coordinate(latitude: 1, longitude: 1),
            bounds: try Bounds(
                southWest: Coordinate(latitude: 0, longitude: 0), northEast: Coordinate(latitude: 2, longitude: 2)),
            timeZone: "UTC", currency: "USD", locale: "en-US")
        #expect(Area.containing(try Coordinate(latitude: 1.5, longitude: 0.5), in: [area])?.id == area.id)
        #expect(Area.containing(try Coordinate(latitude: 3, longitude: 0.5), in: [area]) == nil)
    }
}
