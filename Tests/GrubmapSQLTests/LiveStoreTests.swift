import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// Line reports, busyness and popular-times counters, on every database (see ``StoreKind``). Times are injected.
@Suite("Store: line reports and popular times")
struct LiveStoreTests {
    static let seoul = CheckInStoreTests.area
    static let losAngeles = Area(
        id: try! Area.ID("la"), name: LocalizedText("Los Angeles"),
        center: try! Coordinate(latitude: 34, longitude: -118),
        bounds: try! Bounds(
            southWest: Coordinate(latitude: 33.9, longitude: -118.1),
            northEast: Coordinate(latitude: 34.1, longitude: -117.9)),
        timeZone: "America/Los_Angeles", currency: "USD", locale: "en-US")

    static let a = try! Place.ID("a")
    static let b = try! Place.ID("b")
    static let policy = LineReportPolicy.standard

    static func at(_ seconds: Double) -> Date { CheckInStoreTests.at(seconds) }

    static func instant(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    /// The reporter key of a session token or device id, as the web layer makes it (SHA-256 of `s:`/`d:` + value).
    static func key(_ person: ReporterKey.Person) -> ReporterKey {
        ReporterKey(hex: TokenDigest(String(decoding: ReporterKey.digestInput(for: person), as: UTF8.self)).hex)!
    }

    static func session(_ index: Int) -> ReporterKey { key(.session(token: CheckInStoreTests.token(index))) }

    @discardableResult
    static func report(
        _ store: any Store, _ reporter: ReporterKey, _ level: LineLevel, at date: Date, place: Place.ID = a,
        zone: TimeZone = seoul.clockTimeZone
    ) throws -> LineReportResult {
        try store.reportLine(
            placeID: place, reporter: reporter, level: level, at: date,
            bucket: PopularTimes.Bucket(instant: date, timeZone: zone), policy: policy)
    }

    @Test(arguments: StoreKind.tested)
    func onePersonReportsAPlaceAtMostEveryTenMinutes(kind: StoreKind) throws {
        try CheckInStoreTests.withPeople(0, on: kind) { store, _, _ throws in
            let person = Self.session(0)
            #expect(try Self.report(store, person, .long, at: Self.at(0)) == .stored)
            #expect(try Self.report(store, person, .veryLong, at: Self.at(9 * 60)) == .tooSoon(retryAfterSeconds: 60))
            #expect(try Self.report(store, person, .noLine, at: Self.at(599)) == .tooSoon(retryAfterSeconds: 1))
            // Refused reports change nothing: the first one still counts, alone.
            var counts = try store.busyness(atPlace: Self.a, at: Self.at(599))
            #expect(counts.tally == LineTally([.long], newest: Self.at(0)))
            // At +10 minutes the new report replaces the old one.
            #expect(try Self.report(store, person, .short, at: Self.at(10 * 60)) == .stored)
            counts = try store.busyness(atPlace: Self.a, at: Self.at(10 * 60))
            #expect(counts.tally == LineTally([.short], newest: Self.at(10 * 60)))
            // Another place is another report.
            #expect(try Self.report(store, person, .long, at: Self.at(10 * 60 + 1), place: Self.b) == .stored)
            #expect(try store.busyness(atPlace: Self.b, at: Self.at(700)).tally.total == 1)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aSessionAndADeviceAreTwoPeopleAndNeitherIsStoredAsIs(kind: StoreKind) throws {
        try CheckInStoreTests.withPeople(0, on: kind) { store, _, database throws in
            let raw = "same-value-" + String(repeating: "z", count: 32)
            let session = Self.key(.session(token: raw))
            let device = Self.key(.device(id: raw))
            #expect(session != device)
            #expect(try Self.report(store, session, .long, at: Self.at(0)) == .stored)
            #expect(try Self.report(store, device, .long, at: Self.at(1)) == .stored)
            #expect(try store.busyness(atPlace: Self.a, at: Self.at(2)).tally.count(of: .long) == 2)
            let rows = try database.connect().fetchAll("SELECT reporter FROM line_reports ORDER BY reporter")
            let stored = try rows.map { try $0.value(named: "reporter", as: String.self) }
            #expect(Set(stored) == [session.hex, device.hex])
            #expect(!stored.contains { $0.contains(raw) })
        }
    }

    @Test(arguments: StoreKind.tested)
    func aReportForAPlaceThatIsNotThereStoresNothing(kind: StoreKind) throws {
        try CheckInStoreTests.withPeople(0, on: kind) { store, _, database throws in
            let nowhere = try Place.ID("nowhere")
            #expect(throws: StoreError.unknownPlace(id: "nowhere")) {
                try Self.report(store, Self.session(0), .long, at: Self.at(0), place: nowhere)
            }
            let connection = try database.connect()
            #expect(try connection.fetchAll("SELECT place_id FROM line_reports").isEmpty)
            #expect(try connection.fetchAll("SELECT place_id FROM popular_counts").isEmpty)
            #expect(try store.busyness(inArea: Self.seoul.id, at: Self.at(1)).isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func theLevelIsTheMedianOfTheReportsOfTheLastTwentyMinutes(kind: StoreKind) throws {
        try CheckInStoreTests.withPeople(0, on: kind) { store, _, _ throws in
            try Self.report(store, Self.session(0), .short, at: Self.at(0))
            try Self.report(store, Self.session(1), .long, at: Self.at(60))
            #expect(try store.busyness(atPlace: Self.a, at: Self.at(60)).busyness(seats: nil).level == .long)
            try Self.report(store, Self.session(2), .long, at: Self.at(120))
            let counts = try store.busyness(atPlace: Self.a, at: Self.at(120))
            #expect(counts.busyness(seats: nil).level == .long)
            #expect(counts.busyness(seats: nil).reports == 3)
            #expect(counts.busyness(seats: nil).updatedAt == Self.at(120))
            #expect(try store.busyness(inArea: Self.seoul.id, at: Self.at(120)) == [Self.a: counts])
            // At +20 minutes the first report stops counting; the other two say long.
            let later = try store.busyness(atPlace: Self.a, at: Self.at(20 * 60))
            #expect(later.tally == LineTally([.long, .long], newest: Self.at(120)))
            // At +22 minutes none counts, and pruning deletes them all (once).
            #expect(try store.busyness(atPlace: Self.a, at: Self.at(22 * 60)) == .none)
            #expect(try store.busyness(inArea: Self.seoul.id, at: Self.at(22 * 60)).isEmpty)
            #expect(try store.pruneLive(now: Self.at(21 * 60), oldestWeek: 0).reports == 2)
            #expect(try store.pruneLive(now: Self.at(22 * 60), oldestWeek: 0).reports == 1)
            #expect(try store.pruneLive(now: Self.at(22 * 60), oldestWeek: 0).reports == 0)
        }
    }

    @Test(arguments: StoreKind.tested)
    func withoutReportsCheckInsAgainstSeatsDecide(kind: StoreKind) throws {
        try CheckInStoreTests.withPeople(4, on: kind) { store, _, _ throws in
            var seated = CheckInStoreTests.place("a")
            seated.seats = 4
            try store.save(area: Self.seoul, places: [seated])
            #expect(try store.place(id: Self.a)?.seats == 4)
            #expect(try store.place(id: Self.b)?.seats == nil)
            for person in 0..<3 {
                try CheckInStoreTests.checkIn(
                    store, person, at: "a", from: Self.at(Double(person)), until: Self.at(3600))
            }
            try CheckInStoreTests.checkIn(store, 3, at: "b", from: Self.at(3), until: Self.at(3600))
            let area = try store.busyness(inArea: Self.seoul.id, at: Self.at(10))
            let atA = try #require(area[Self.a])
            #expect(atA == (try store.busyness(atPlace: Self.a, at: Self.at(10))))
            #expect(atA.checkedIn == 3)
            #expect(atA.newestCheckIn == Self.at(2))
            #expect(atA.busyness(seats: 4).level == .short)  // 3 of 4 seats
            #expect(atA.busyness(seats: 4).basis == .seats)
            // Without seats only the count.
            let atB = try #require(area[Self.b])
            #expect(atB.busyness(seats: nil).level == nil)
            #expect(atB.busyness(seats: nil).checkedIn == 1)
            // The fourth person fills the seats; a report then overrides them.
            try CheckInStoreTests.checkIn(store, 3, at: "a", from: Self.at(11), until: Self.at(3600))
            #expect(try store.busyness(atPlace: Self.a, at: Self.at(12)).busyness(seats: 4).level == .veryLong)
            try Self.report(store, Self.session(0), .noLine, at: Self.at(13))
            let reported = try store.busyness(atPlace: Self.a, at: Self.at(14)).busyness(seats: 4)
            #expect(reported.level == .noLine)
            #expect(reported.checkedIn == 4)
            #expect(reported.basis == .reports)
        }
    }

    @Test(arguments: StoreKind.tested)
    func seatsSurviveAnImport(kind: StoreKind) throws {
        try CheckInStoreTests.withPeople(0, on: kind) { store, _, _ throws in
            var seated = CheckInStoreTests.place("a")
            seated.seats = 120
            var places = [seated, CheckInStoreTests.place("c")]
            try store.importPlaces(into: Self.seoul.id, from: { places.isEmpty ? nil : places.removeFirst() }) { _ in }
            #expect(try store.place(id: Self.a)?.seats == 120)
            #expect(try store.place(id: try Place.ID("c"))?.seats == nil)
        }
    }

    @Test(arguments: StoreKind.tested)
    func seatsOutOfRangeAreRefusedByTheDatabase(kind: StoreKind) throws {
        try CheckInStoreTests.withPeople(0, on: kind) { store, _, _ throws in
            var place = CheckInStoreTests.place("a")
            place.seats = 0
            #expect(throws: (any Error).self) { try store.save(area: Self.seoul, places: [place]) }
            #expect(try store.place(id: Self.a)?.seats == nil)
        }
    }

    @Test(arguments: StoreKind.tested)
    func checkInsAndReportsAreCountedInTheLocalHourAcrossSeoulsMidnight(kind: StoreKind) throws {
        try CheckInStoreTests.withPeople(2, on: kind) { store, _, database throws in
            // Saturday 2026-12-05 23:30 and Sunday 00:30 in Seoul.
            let saturday = Self.instant("2026-12-05T14:30:00Z")
            let sunday = Self.instant("2026-12-05T15:30:00Z")
            try CheckInStoreTests.checkIn(store, 0, at: "a", from: saturday, until: saturday.addingTimeInterval(3600))
            try CheckInStoreTests.checkIn(store, 1, at: "a", from: sunday, until: sunday.addingTimeInterval(3600))
            try Self.report(store, Self.session(0), .long, at: sunday)
            // A session without a profile checks no one in and counts nothing.
            #expect(
                try store.checkIn(
                    sessionToken: "no-profile", at: Self.a, from: sunday, until: sunday.addingTimeInterval(60),
                    bucket: PopularTimes.Bucket(instant: sunday, timeZone: Self.seoul.clockTimeZone)) == nil)
            let zone = Self.seoul.clockTimeZone
            let sundayWeek = PopularTimes.Bucket(instant: sunday, timeZone: zone).week
            let times = try store.popularTimes(placeID: Self.a, weeks: PopularTimes.window(endingAt: sundayWeek))
            #expect(times.totals[6][23] == 1)
            #expect(times.totals[0][0] == 2)
            #expect(times.thisWeek[0][0] == 2)
            #expect(times.thisWeek[6][23] == 0)  // Saturday night was last week
            #expect(times.totals.joined().reduce(0, +) == 3)
            #expect(!times.isSample)
            // No column of the counters names a person.
            let columns = try database.connect().fetchAll("SELECT * FROM popular_counts").first?.columnNames ?? []
            #expect(Set(columns) == ["place_id", "week", "weekday", "hour", "shard", "check_ins", "reports", "sample"])
        }
    }

    @Test(arguments: StoreKind.tested)
    func theDaylightSavingDaysInLosAngelesCountByTheClock(kind: StoreKind) throws {
        try CheckInStoreTests.withPeople(4, on: kind) { store, _, _ throws in
            let place = Place(
                id: try Place.ID("la-diner"), areaID: Self.losAngeles.id, name: LocalizedText("Diner"),
                kind: .restaurant,
                coordinate: try Coordinate(latitude: 34, longitude: -118))
            try store.save(area: Self.losAngeles, places: [place])
            let zone = Self.losAngeles.clockTimeZone
            func checkIn(_ person: Int, _ iso: String) throws {
                let start = Self.instant(iso)
                _ = try store.checkIn(
                    sessionToken: CheckInStoreTests.token(person), at: place.id, from: start,
                    until: start.addingTimeInterval(600), bucket: PopularTimes.Bucket(instant: start, timeZone: zone))
            }
            // 2024-11-03: 01:30 PDT and 01:30 PST, both Sunday hour 1.
            try checkIn(0, "2024-11-03T08:30:00Z")
            try checkIn(1, "2024-11-03T09:30:00Z")
            let november = PopularTimes.Bucket(instant: Self.instant("2024-11-03T09:30:00Z"), timeZone: zone).week
            let fall = try store.popularTimes(placeID: place.id, weeks: november...november)
            #expect(fall.totals[0][1] == 2)
            #expect(fall.totals.joined().reduce(0, +) == 2)
            // 2024-03-10: 01:59 PST, then 03:00 PDT; hour 2 gets nothing.
            try checkIn(2, "2024-03-10T09:59:00Z")
            try checkIn(3, "2024-03-10T10:00:00Z")
            let march = PopularTimes.Bucket(instant: Self.instant("2024-03-10T10:00:00Z"), timeZone: zone).week
            let spring = try store.popularTimes(placeID: place.id, weeks: march...march)
            #expect(spring.totals[0][1] == 1)
            #expect(spring.totals[0][2] == 0)
            #expect(spring.totals[0][3] == 1)
        }
    }

    @Test(arguments: StoreKind.tested)
    func countersOlderThanEightWeeksAreLeftOutAndPruned(kind: StoreKind) throws {
        try CheckInStoreTests.withPeople(0, on: kind) { store, _, _ throws in
            let now: Int64 = 2_970
            func count(_ week: Int64, _ checkIns: Int) -> PopularTimes.Count {
                PopularTimes.Count(
                    bucket: PopularTimes.Bucket(week: week, weekday: 2, hour: 12)!, checkIns: checkIns, reports: 1)
            }
            try store.addPopularCounts([count(now - 8, 50), count(now - 7, 5)], placeID: Self.a, sample: true)
            try store.addPopularCounts([count(now - 7, 2)], placeID: Self.a, sample: false)
            let window = PopularTimes.window(endingAt: now)
            let times = try store.popularTimes(placeID: Self.a, weeks: window)
            #expect(times.totals[2][12] == 5 + 2 + 2)  // week -7's check-ins and its two reports
            #expect(times.isSample)
            #expect(try store.popularTimes(placeID: Self.b, weeks: window).isEmpty)
            #expect(try store.pruneLive(now: Self.at(0), oldestWeek: window.lowerBound).counters == 1)
            #expect(try store.pruneLive(now: Self.at(0), oldestWeek: window.lowerBound).counters == 0)
            let all = try store.popularTimes(placeID: Self.a, weeks: (now - 100)...now)
            #expect(all.totals[2][12] == 9)
            // An unknown place adds nothing.
            #expect(throws: StoreError.unknownPlace(id: "nowhere")) {
                try store.addPopularCounts([count(now, 1)], placeID: try Place.ID("nowhere"), sample: false)
            }
        }
    }
}
