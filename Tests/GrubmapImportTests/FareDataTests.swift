import Foundation
import GrubmapCore
import GrubmapImport
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

private func money(_ text: String) -> Decimal { Decimal(string: text)! }

/// An area file with the given `fares` object (JSON text), for decoding errors.
private func areaFile(fares: String, currency: String = "USD") -> String {
    """
    {"id": "test-area", "name": {"en": "Test"}, "center": {"latitude": 37.33, "longitude": -121.89},
     "timeZone": "America/Los_Angeles", "currency": "\(currency)", "locale": "en-US",
     "fares": \(fares),
     "places": [{"id": "p", "name": {"en": "P"}, "kind": "cafe", "coordinate": {"latitude": 37.33, "longitude": -121.89}}]}
    """
}

private func fares(currency: String = "USD", minimumFare: String = "13", capacity: String = "4") -> String {
    """
    {"note": "sample", "currency": "\(currency)", "rideTypes": [{"id": "go", "name": {"en": "Go"},
     "capacity": \(capacity), "baseFare": 10, "farePerKilometer": 0.932057, "farePerMinute": 0.3, "bookingFee": 2.5,
     "minimumFare": \(minimumFare)}]}
    """
}

private func decodingError(_ text: String) -> String? {
    do {
        _ = try DemoData.decode(Data(text.utf8), file: "Demo/test-area.json")
        return nil
    } catch {
        return "\(error)"
    }
}

@Suite("Fare data")
struct FareDataTests {
    @Test func sanJoseKeepsTheCloneRatesPerKilometre() throws {
        let sanJose = try #require(
            try DemoData.datasets().first { $0.area.id.rawValue == "san-jose-convention-center" })
        let schedule = try #require(sanJose.area.fareSchedule)
        #expect(schedule.currency.code == "USD")
        #expect(schedule.detourFactor == 1.3)
        #expect(schedule.speedBand == (try FareSchedule.SpeedBand(low: 18, high: 30)))
        #expect(schedule.surge == 1)
        #expect(schedule.note?.contains("SAMPLE RATES") == true)
        #expect(schedule.rideTypes.map(\.id.rawValue) == ["go", "xl", "premium"])
        #expect(
            schedule.rideTypes.map(\.name.values) == [
                ["en": "Grubmap Go", "ko": "그럽맵 Go"], ["en": "Grubmap XL", "ko": "그럽맵 XL"],
                ["en": "Grubmap Premium", "ko": "그럽맵 프리미엄"],
            ])
        #expect(schedule.rideTypes.map(\.baseFare) == [10, 15, 20])
        for (rideType, perMile) in zip(schedule.rideTypes, [1.5, 1.75, 2.0]) {
            let perKilometer = NSDecimalNumber(decimal: rideType.farePerKilometer).doubleValue
            #expect(abs(perKilometer - perMile / 1.609344) < 0.000_000_5, "\(rideType.id)")
        }
    }

    @Test func everyDemoAreaHasASampleScheduleInItsCurrency() throws {
        for dataset in try DemoData.datasets() {
            let schedule = try #require(dataset.area.fareSchedule, "\(dataset.area.id)")
            #expect(schedule.currency.code == dataset.area.currency)
            #expect(schedule.note?.hasPrefix("SAMPLE RATES") == true)
            #expect(schedule.rideTypes.allSatisfy { $0.name.values["ko"] != nil && $0.name.values["en"] != nil })
        }
    }

    @Test func busanPricesInWon() throws {
        let busan = try #require(try DemoData.datasets().first { $0.area.id.rawValue == "pnu-busan" })
        let schedule = try #require(busan.area.fareSchedule)
        #expect(schedule.currency.code == "KRW")
        #expect(schedule.rideTypes.first?.minimumFare == 4800)
        #expect(schedule.rideTypes.first?.name.text(in: .korean) == "일반 택시")
    }

    @Test func badFareDataIsRefusedNamingTheFileAndTheField() {
        let cases: [(String, String)] = [
            (areaFile(fares: fares(minimumFare: "12")), "fares.rideTypes[0].minimumFare: minimumFare 12 is below"),
            (areaFile(fares: fares(minimumFare: "-1")), "fares.rideTypes[0].minimumFare: minimumFare must be"),
            (areaFile(fares: fares(capacity: "0")), "fares.rideTypes[0].capacity: capacity must be from 1 to 60"),
            (areaFile(fares: fares(minimumFare: "\"13\"")), "fares.rideTypes[0].minimumFare"),
            (areaFile(fares: fares(currency: "US")), "fares.currency: \"US\" is not an ISO 4217 currency code"),
            (areaFile(fares: fares(currency: "KRW")), "fares.currency: KRW differs from the area's currency USD"),
            (areaFile(fares: #"{"currency": "USD", "rideTypes": []}"#), "fares.rideTypes: a fare schedule needs"),
            (areaFile(fares: #"{"currency": "USD"}"#), "fares: missing \"rideTypes\""),
        ]
        for (text, message) in cases {
            let error = decodingError(text)
            #expect(error?.hasPrefix("Demo/test-area.json: ") == true, "\(error ?? "no error")")
            #expect(error?.contains(message) == true, "\(error ?? "no error") lacks \(message)")
        }
    }

    @Test(arguments: StoreKind.tested)
    func schedulesAreStoredExactlyWithTheArea(kind: StoreKind) throws {
        let dataset = try DemoData.decode(Data(areaFile(fares: fares()).utf8), file: "Demo/test-area.json")
        var plain = dataset.area
        plain.id = try Area.ID("no-fares")
        plain.fareSchedule = nil
        try kind.withStore { store throws in
            try store.save(area: dataset.area, places: dataset.places)
            try store.save(area: plain, places: [])
            let read = try #require(try store.area(id: dataset.area.id))
            #expect(read == dataset.area)
            #expect(read.fareSchedule?.rideTypes.first?.farePerKilometer == money("0.932057"))
            #expect(try store.area(id: plain.id)?.fareSchedule == nil)
        }
    }
}
