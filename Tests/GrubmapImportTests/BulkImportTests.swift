import Foundation
import GrubmapCore
import GrubmapImport
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import GrubmapTestTiers
import Synchronization
import Testing

/// Big GeoJSON files, read a chunk at a time: all of them imported, or, for a mistake anywhere, nothing; and a
/// check-in on the same database while a big import runs is answered within a second.
@Suite struct BulkImportTests {
    /// A GeoJSON file of `count` synthetic places, written to a temporary file.
    static func file(_ places: [Place], in folder: URL, name: String = "places.geojson") throws -> String {
        let path = folder.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        handle.write(Data(PlaceGeoJSON.collectionStart.utf8))
        for (offset, place) in places.enumerated() {
            if offset > 0 { handle.write(Data(",\n".utf8)) }
            handle.write(PlaceGeoJSON.encodeFeature(place, localLanguage: "en"))
        }
        handle.write(Data(PlaceGeoJSON.collectionEnd.utf8))
        return path
    }

    /// Expects the import of the file at `path` into the synthetic world refused for its feature at `position`,
    /// which repeats `id`.
    static func expectRefused(repeating id: Place.ID, at position: Int, importing path: String, into store: any Store) {
        let error = #expect(throws: PlacesImportError.self) {
            try PlacesTransfer.importPlaces(fileAt: path, into: SyntheticPlaces.world, store: store)
        }
        #expect(error?.description.hasPrefix("feature \(position) (") == true)
        #expect(error?.description.hasSuffix("the id \"\(id)\" is used by an earlier feature") == true)
    }

    static func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grubmap-import-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    @Test(.tags(.slow), .leftOutOfMakeCheck, arguments: StoreKind.tested)
    func tenThousandPlacesImportAndAreFoundNearestFirst(kind: StoreKind) throws {
        try Self.withFolder { folder in
            try kind.withStore { store throws in
                try store.save(area: SyntheticPlaces.world, places: [])
                let places = SyntheticPlaces.places(10_000, in: SyntheticPlaces.world)
                let path = try Self.file(places, in: folder)
                var phases: [PlacesTransfer.Progress.Phase] = []
                let summary = try PlacesTransfer.importPlaces(
                    fileAt: path, into: SyntheticPlaces.world, store: store,
                    progress: { if phases.last != $0.phase { phases.append($0.phase) } })
                #expect(summary == PlaceImport.Summary(count: 10_000, updated: 0))
                #expect(phases == [.reading, .checking, .writing])
                #expect(try store.catalog().placeCount(inArea: SyntheticPlaces.world.id) == 10_000)
                let query = PlaceQuery(
                    areaID: SyntheticPlaces.world.id, order: .distance(from: Fixtures.coordinate(37.5, 127)), limit: 10)
                let found = try store.places(matching: query)
                #expect(found.places.map(\.place.id) == SyntheticPlaces.scan(places, query).map(\.place.id))
                // Importing again updates every place in place.
                let again = try PlacesTransfer.importPlaces(fileAt: path, into: SyntheticPlaces.world, store: store)
                #expect(again == PlaceImport.Summary(count: 10_000, updated: 10_000))
                #expect(try store.catalog().placeCount(inArea: SyntheticPlaces.world.id) == 10_000)
                #expect(try store.places(inArea: SyntheticPlaces.world.id) == places.sorted { $0.id < $1.id })
            }
        }
    }

    /// An import into a new area takes the fast path (one transaction, the spatial index filled after the places);
    /// into an area with places, the paced one. Both write the same places, found the same way nearest first and in
    /// a view, counted the same; and a second import into the area the fast path filled updates every place.
    @Test(arguments: StoreKind.tested)
    func theFastPathWritesWhatThePacedPathWrites(kind: StoreKind) throws {
        try Self.withFolder { folder in
            let places = SyntheticPlaces.places(3000, in: SyntheticPlaces.world)
            let path = try Self.file(places, in: folder)
            let near = PlaceQuery(
                areaID: SyntheticPlaces.world.id, order: .distance(from: Fixtures.coordinate(37.5, 127)), limit: 25)
            let box = try GeoBox(parsing: "126.95,37.52,127.0,37.57")
            let view = PlaceQuery(
                areaID: SyntheticPlaces.world.id, order: .distance(from: box.center), box: box, limit: 500)
            struct Written: Equatable {
                var places: [Place]
                var near: [Place.ID]
                var view: [Place.ID]
                var count: Int?
            }
            func imported(seeded: Bool) throws -> Written {
                try kind.withStore { store throws in
                    // Seeded: the area already has the file's first place, which the import updates.
                    try store.save(area: SyntheticPlaces.world, places: seeded ? [places[0]] : [])
                    let summary = try PlacesTransfer.importPlaces(
                        fileAt: path, into: SyntheticPlaces.world, store: store)
                    #expect(summary == PlaceImport.Summary(count: 3000, updated: seeded ? 1 : 0))
                    let written = Written(
                        places: try store.places(inArea: SyntheticPlaces.world.id),
                        near: try store.places(matching: near).places.map(\.place.id),
                        view: try store.places(matching: view).places.map(\.place.id),
                        count: try store.catalog().placeCount(inArea: SyntheticPlaces.world.id))
                    if !seeded {
                        let again = try PlacesTransfer.importPlaces(
                            fileAt: path, into: SyntheticPlaces.world, store: store)
                        #expect(again == PlaceImport.Summary(count: 3000, updated: 3000))
                        #expect(try store.places(inArea: SyntheticPlaces.world.id) == written.places)
                    }
                    return written
                }
            }
            let fast = try imported(seeded: false)
            let paced = try imported(seeded: true)
            #expect(fast == paced)
            #expect(fast.places == places.sorted { $0.id < $1.id })
            #expect(fast.near == SyntheticPlaces.scan(places, near).map(\.place.id))
            #expect(fast.view == SyntheticPlaces.scan(places, view).map(\.place.id))
            #expect(fast.count == 3000)
        }
    }

    /// A mistake in the last feature, or an id repeated far from its first use, imports nothing and names the
    /// feature; the staging of an import that failed leaves nothing behind for the next.
    @Test(arguments: StoreKind.tested)
    func aMistakeAnywhereImportsNothing(kind: StoreKind) throws {
        try Self.withFolder { folder in
            try kind.withStore { store throws in
                try store.save(area: SyntheticPlaces.world, places: [])
                try store.save(
                    area: SyntheticPlaces.other, places: [Fixtures.place("taken", in: SyntheticPlaces.other)])
                let before = try store.catalog().version
                var places = SyntheticPlaces.places(3000, in: SyntheticPlaces.world)
                let good = try Self.file(places, in: folder, name: "good.geojson")
                let text = try String(contentsOfFile: good, encoding: .utf8)
                let broken = folder.appendingPathComponent("broken.geojson").path
                try text.replacingOccurrences(
                    of: PlaceGeoJSON.collectionEnd, with: ",{\"type\":\"Feature\"}" + PlaceGeoJSON.collectionEnd
                )
                .write(toFile: broken, atomically: true, encoding: .utf8)
                let error = #expect(throws: PlacesImportError.self) {
                    try PlacesTransfer.importPlaces(fileAt: broken, into: SyntheticPlaces.world, store: store)
                }
                #expect(error?.description == "feature 3001: needs a Point geometry with [longitude, latitude]")
                places[2500].id = places[17].id
                let repeated = try Self.file(places, in: folder, name: "repeated.geojson")
                Self.expectRefused(repeating: places[17].id, at: 2501, importing: repeated, into: store)
                places[2500].id = try Place.ID("taken")
                let stolen = try Self.file(places, in: folder, name: "stolen.geojson")
                #expect(
                    throws: PlacesImportError.placeOfAnotherArea(try Place.ID("taken"), area: SyntheticPlaces.other.id)
                ) {
                    try PlacesTransfer.importPlaces(fileAt: stolen, into: SyntheticPlaces.world, store: store)
                }
                #expect(try store.catalog().version == before)
                #expect(try store.places(inArea: SyntheticPlaces.world.id).isEmpty)
                #expect(
                    try PlacesTransfer.importPlaces(fileAt: good, into: SyntheticPlaces.world, store: store).count
                        == 3000)
            }
        }
    }

    /// On PostgreSQL the whole file is read before the import borrows a connection. The pool runs a body again on a
    /// new connection when the one it lent was dropped by the server meanwhile (an idle one can be, by
    /// `idle_session_timeout` or a restart, over the minutes a big file takes), and a file is read only once: had
    /// the import read it on a connection dropped meanwhile, its second run would have found the file read and
    /// written nothing, saying so as a success. Here every connection of the store ends while the file is read.
    @Test(.enabled(if: TestPostgres.isAvailable)) func placesAreWrittenWhenTheServerDropsTheConnectionsMeanwhile()
        throws
    {
        try StoreKind.postgreSQL.withDatabase { database in
            let store = try database.openStore()
            try store.save(area: SyntheticPlaces.world, places: [])
            let admin = try PostgresConnection(
                configuration: PostgresConfiguration(url: database.location, timeoutSeconds: 10, maximumConnections: 1))
            let others: SQL = """
                FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'
                AND pid <> pg_backend_pid()
                """
            let places = SyntheticPlaces.places(500, in: SyntheticPlaces.world)
            var read = 0
            var ended: Bool?
            let summary = try store.importPlaces(
                into: SyntheticPlaces.world.id,
                from: {
                    if read == 250 {
                        // Each waits until its connection is gone (up to 5 s).
                        ended = try admin.fetchOne(
                            "SELECT bool_and(pg_terminate_backend(pid, 5000)) AS ended \(sql: others)")?
                            .value(named: "ended", as: Bool.self)
                    }
                    defer { read += 1 }
                    return read < places.count ? places[read] : nil
                }, progress: { _ in })
            #expect(ended == true)
            #expect(summary == PlaceImport.Summary(count: 500, updated: 0))
            #expect(try store.catalog().placeCount(inArea: SyntheticPlaces.world.id) == 500)
        }
    }

    /// Two places of a big file with one id, both at its south-west corner: on PostgreSQL the first rows the
    /// writing `COPY` sends, so the server refuses the copy while most of it is still on its way. Nothing is
    /// imported, the error names the later feature, and the same file with the id mended imports whole.
    @Test(.tags(.slow), .leftOutOfMakeCheck, arguments: StoreKind.tested)
    func anIDRepeatedAtTheStartOfTheWritingImportsNothing(kind: StoreKind) throws {
        try Self.withFolder { folder in
            try kind.withStore { store throws in
                try store.save(area: SyntheticPlaces.world, places: [])
                var places = SyntheticPlaces.places(20_000, in: SyntheticPlaces.world)
                let corner = try Coordinate(
                    latitude: places.map(\.coordinate.latitude).min()!,
                    longitude: places.map(\.coordinate.longitude).min()!)
                places[15_000].coordinate = corner
                places[40].coordinate = corner
                let good = try Self.file(places, in: folder, name: "good.geojson")
                places[15_000].id = places[40].id
                let repeated = try Self.file(places, in: folder, name: "repeated.geojson")
                Self.expectRefused(repeating: places[40].id, at: 15_001, importing: repeated, into: store)
                #expect(try store.places(inArea: SyntheticPlaces.world.id).isEmpty)
                let summary = try PlacesTransfer.importPlaces(fileAt: good, into: SyntheticPlaces.world, store: store)
                #expect(summary == PlaceImport.Summary(count: 20_000, updated: 0))
                #expect(try store.catalog().placeCount(inArea: SyntheticPlaces.world.id) == 20_000)
            }
        }
    }

    /// While a big import writes on SQLite (one write lock for the whole file), check-ins on the same database keep
    /// being answered, none refused as busy: once others write, the import's transactions hold the lock for about
    /// a tenth of a second each and then let waiting writers in. (How long a check-in waits is a speed, measured
    /// by `make bench`, not asserted here.)
    @Test(.tags(.slow), .leftOutOfMakeCheck) func checkInsAreAnsweredDuringABigImport() throws {
        try Self.withFolder { folder in
            try StoreKind.sqlite.withDatabase { database throws in
                let store = try database.openStore()
                try store.save(
                    area: SyntheticPlaces.world, places: [Fixtures.place("venue", in: SyntheticPlaces.world)])
                let tokens = try (0..<4).map { index in
                    let session = Session(
                        token: String(repeating: "\(index)", count: 43), csrfToken: "csrf", createdAt: Date(),
                        expiresAt: Date().addingTimeInterval(3600))
                    try store.createSession(session)
                    let profile = Profile(id: try Profile.ID("p\(index)"), firstName: "P", lastName: "\(index)")
                    try store.saveProfile(profile, sessionToken: session.token, avatar: .keep)
                    return session.token
                }
                let path = try Self.file(SyntheticPlaces.places(40_000, in: SyntheticPlaces.world), in: folder)
                let writing = Atomic<Bool>(false)
                let done = Atomic<Bool>(false)
                let checkInsWhileWriting = Atomic<Int>(0)
                let failures = Mutex<[String]>([])
                let stopped = DispatchSemaphore(value: 0)
                let checkers = tokens.map { token in
                    Thread {
                        while !done.load(ordering: .acquiring) {
                            do {
                                _ = try store.checkIn(
                                    sessionToken: token, at: try Place.ID("venue"), from: Date(),
                                    until: Date().addingTimeInterval(3600),
                                    bucket: PopularTimes.Bucket(instant: Date(), timeZone: .gmt))
                            } catch {
                                failures.withLock { $0.append("\(error)") }
                            }
                            if writing.load(ordering: .acquiring) {
                                checkInsWhileWriting.add(1, ordering: .relaxed)
                            }
                            usleep(5_000)  // paces the check-ins; nothing waits on it
                        }
                        stopped.signal()
                    }
                }
                checkers.forEach { $0.start() }
                defer { done.store(true, ordering: .releasing) }
                try PlacesTransfer.importPlaces(fileAt: path, into: SyntheticPlaces.world, store: store) { progress in
                    if progress.phase == .writing { writing.store(true, ordering: .releasing) }
                }
                writing.store(false, ordering: .releasing)
                done.store(true, ordering: .releasing)
                for _ in checkers { stopped.wait() }
                #expect(failures.withLock { $0 }.isEmpty)
                #expect(checkInsWhileWriting.load(ordering: .relaxed) > 10)
                #expect(try store.catalog().placeCount(inArea: SyntheticPlaces.world.id) == 40_001)
            }
        }
    }
}
