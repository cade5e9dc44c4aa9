import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// Areas and places, on every database (see ``StoreKind``).
@Suite("Store: areas and places")
struct PlaceStoreTests {
    @Test(arguments: StoreKind.tested)
    func anAreaAndItsPlacesRoundTripExactly(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            #expect(try store.isEmpty())
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall, Fixtures.dormitory])
            try store.save(area: Fixtures.sanJose, places: [])
            #expect(try !store.isEmpty())

            // A second store on the same database (another server) reads what the first wrote.
            let reopened = try database.openStore()
            #expect(try reopened.areas() == [Fixtures.busan, Fixtures.sanJose])
            #expect(try reopened.area(id: Fixtures.busan.id) == Fixtures.busan)
            #expect(try reopened.places(inArea: Fixtures.busan.id) == [Fixtures.geumjeongHall, Fixtures.dormitory])
            #expect(try reopened.place(id: Fixtures.dormitory.id) == Fixtures.dormitory)
            #expect(try reopened.place(id: Fixtures.dormitory.id)?.address == nil)
            #expect(try reopened.place(id: Fixtures.geumjeongHall.id)?.openingHours.rules.count == 2)
            #expect(try reopened.places(inArea: Fixtures.sanJose.id).isEmpty)
            #expect(try reopened.area(id: Area.ID("nowhere")) == nil)
            #expect(try reopened.place(id: Place.ID("nothing")) == nil)
            #expect(try reopened.places(inArea: Area.ID("nowhere")).isEmpty)
            try reopened.checkHealth()
        }
    }

    @Test(arguments: StoreKind.tested)
    func datedExceptionsToTheHoursRoundTripAndOldRowsStillRead(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall])
            var hall = Fixtures.geumjeongHall
            hall.openingHours = try OpeningHours(
                rules: hall.openingHours.rules,
                exceptions: [
                    try .init(
                        date: CalendarDate(parsing: "2026-12-24"),
                        hours: [
                            .init(opens: TimeOfDay(parsing: "11:00"), closes: TimeOfDay(parsing: "13:00")),
                            .init(opens: TimeOfDay(parsing: "17:00"), closes: TimeOfDay(parsing: "01:00")),
                        ]),
                    try .init(date: CalendarDate(parsing: "2026-12-03"), note: "개교기념일"),
                ])
            try store.save(area: Fixtures.busan, places: [hall])
            let read = try database.openStore().place(id: hall.id)
            #expect(read == hall)
            #expect(read?.openingHours.exceptions.first?.note == "개교기념일")
            // A place saved before exceptions existed (the weekly list alone) still reads, with none.
            #expect(try store.place(id: Fixtures.geumjeongHall.id) != nil)
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall])
            #expect(try store.place(id: hall.id)?.openingHours.exceptions == [])
        }
    }

    @Test(arguments: StoreKind.tested)
    func savingAgainUpdatesInPlaceAndKeepsOtherPlaces(kind: StoreKind) throws {
        try kind.withStore { store throws in
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall, Fixtures.dormitory])
            var renamed = Fixtures.busan
            renamed.name = LocalizedText("PNU")
            var moved = Fixtures.dormitory
            moved.phone = "+82 51-000-0000"
            try store.save(area: renamed, places: [moved])
            #expect(try store.area(id: renamed.id) == renamed)
            #expect(try store.places(inArea: renamed.id) == [Fixtures.geumjeongHall, moved])
        }
    }

    @Test(arguments: StoreKind.tested)
    func aPlaceOfAMissingAreaSavesNothing(kind: StoreKind) throws {
        try kind.withStore { store throws in
            let stray = Fixtures.place("stray", in: Fixtures.sanJose)
            let error = #expect(throws: StoreError.self) {
                try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall, stray])
            }
            #expect(
                error
                    == .placeInOtherArea(
                        place: "stray", placeArea: "san-jose-convention-center", savedArea: "pnu-busan"))
            #expect(try store.isEmpty())
            #expect(try store.place(id: Fixtures.geumjeongHall.id) == nil)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aDuplicatePlaceSavesNothing(kind: StoreKind) throws {
        try kind.withStore { store throws in
            #expect(throws: StoreError.duplicatePlace(id: "woongbee-hall")) {
                try store.save(
                    area: Fixtures.busan, places: [Fixtures.dormitory, Fixtures.geumjeongHall, Fixtures.dormitory])
            }
            #expect(try store.isEmpty())
        }
    }

    @Test(arguments: StoreKind.tested)
    func aConstraintFailingMidwayRollsBackTheWholeSave(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            try store.save(area: Fixtures.sanJose, places: [Fixtures.place("original", in: Fixtures.sanJose)])
            // A trigger makes the second place fail inside the database, after the area and first place were written.
            try database.refusePlace(id: "boom", message: "boom refused")
            let error = #expect(throws: (any Error).self) {
                try store.save(
                    area: Fixtures.busan, places: [Fixtures.geumjeongHall, Fixtures.place("boom", in: Fixtures.busan)])
            }
            #expect(database.message(of: error) == "boom refused")
            #expect(try store.area(id: Fixtures.busan.id) == nil)
            #expect(try store.place(id: Fixtures.geumjeongHall.id) == nil)
            #expect(try store.areas() == [Fixtures.sanJose])
        }
    }

    /// Stores keep the decoded catalog in memory; a change by another server, or by hand in SQL, shows at once.
    @Test(arguments: StoreKind.tested)
    func changesFromElsewhereShowAtOnce(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let first = try database.openStore()
            let second = try database.openStore()
            try first.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall])
            #expect(try second.places(inArea: Fixtures.busan.id) == [Fixtures.geumjeongHall])
            try first.save(area: Fixtures.busan, places: [Fixtures.dormitory])
            #expect(try second.places(inArea: Fixtures.busan.id).count == 2)
            try database.execute("DELETE FROM places WHERE id = 'woongbee-hall'")
            #expect(try second.place(id: Fixtures.dormitory.id) == nil)
            #expect(try first.places(inArea: Fixtures.busan.id) == [Fixtures.geumjeongHall])
        }
    }

    @Test(arguments: StoreKind.tested)
    func corruptRowsThrowErrorsNamingTableAndId(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall, Fixtures.dormitory])
            try database.execute("UPDATE places SET name = '{not json' WHERE id = 'woongbee-hall'")
            let error = #expect(throws: StoreError.self) { try store.places(inArea: Fixtures.busan.id) }
            guard case .unreadableRow(let table, let id, let column, let reason) = error else {
                Issue.record("expected an unreadable row, got \(String(describing: error))")
                return
            }
            #expect(table == "places")
            #expect(id == "woongbee-hall")
            #expect(column == "name")
            #expect(reason.hasPrefix("invalid JSON"))
            #expect(
                error?.description.hasPrefix("cannot read name of places row \"woongbee-hall\": invalid JSON") == true)

            try database.execute("UPDATE places SET kind = 'bar', name = '{\"en\": \"x\"}' WHERE id = 'woongbee-hall'")
            #expect(
                throws: StoreError.unreadableRow(
                    table: "places", id: "woongbee-hall", column: "kind",
                    reason: "\"bar\" is not one of restaurant, cafeteria, cafe, dormitory")
            ) {
                try store.place(id: Fixtures.dormitory.id)
            }
            try database.execute("UPDATE places SET kind = 'cafe', latitude = 95 WHERE id = 'woongbee-hall'")
            #expect(
                throws: StoreError.unreadableRow(
                    table: "places", id: "woongbee-hall", column: "latitude, longitude",
                    reason: "latitude 95.0 is outside [-90, 90]")
            ) {
                try store.place(id: Fixtures.dormitory.id)
            }
            try database.execute(
                "UPDATE places SET latitude = 35, opening_hours = '[{\"days\": \"Xx\"}]' WHERE id = 'woongbee-hall'")
            let hours = #expect(throws: StoreError.self) { try store.place(id: Fixtures.dormitory.id) }
            #expect(hours?.description.contains("opening_hours of places row \"woongbee-hall\"") == true)
            try database.execute("UPDATE areas SET north = 0 WHERE id = 'pnu-busan'")
            #expect(
                throws: StoreError.unreadableRow(
                    table: "areas", id: "pnu-busan", column: "south, west, north, east",
                    reason: "the south-west corner is not south-west of the north-east corner")
            ) {
                try store.areas()
            }
            #expect(try store.place(id: Fixtures.geumjeongHall.id) == Fixtures.geumjeongHall)
        }
    }

    @Test(arguments: StoreKind.tested)
    func theStoreServesManyThreadsWithFewConnections(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore(maximumConnections: 3)
            try store.save(area: Fixtures.busan, places: [])
            let failures = Failures()
            onThreads(8) { thread in
                do {
                    for n in 0..<10 {
                        let place = Fixtures.place("place-\(thread)-\(n)", in: Fixtures.busan)
                        try store.save(area: Fixtures.busan, places: [place])
                        if try store.place(id: place.id) != place { failures.add("\(place.id) not read back") }
                    }
                } catch {
                    failures.add("\(error)")
                }
            }
            #expect(failures.all.isEmpty)
            #expect(try store.places(inArea: Fixtures.busan.id).count == 80)
        }
    }

    @Test func anSQLiteStoreCreatesTheFoldersOfItsFile() throws {
        try withTemporaryPath { path in
            let nested = URL(fileURLWithPath: path).deletingLastPathComponent()
                .appendingPathComponent("a/b/grubmap.sqlite").path
            let store = try SQLiteStore(path: nested)
            try store.save(area: Fixtures.busan, places: [])
            #expect(FileManager.default.fileExists(atPath: nested))
        }
    }
}
