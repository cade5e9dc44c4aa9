import Foundation
import GrubmapCore
import GrubmapStore

/// The ``Store``, written once in SQL for both databases. ``SQLiteStore`` and ``PostgresStore`` conform by naming
/// their pool and dialect; every store method is implemented in this protocol's extensions (`SQLStore+….swift`).
///
/// One-statement reads and writes run outside an explicit transaction (a single statement is atomic on both
/// databases); reads of several statements share one snapshot (``SQLConnectionPool/read(_:)``), and writes of
/// several statements run in one transaction (``SQLConnectionPool/write(_:)``). A PostgreSQL connection failure
/// is thrown as ``DatabaseUnavailableError``.
public protocol SQLStore: Store, StoreMonitoring {
    /// The pool's type.
    associatedtype Pool: SQLConnectionPool
    /// The connections the store borrows.
    var pool: Pool { get }
    /// What differs in SQL between the databases.
    var dialect: SQLDialect { get }
    /// The areas and places as last read, reused while the database's catalog version stays the same.
    var catalogCache: CatalogCache { get }
    /// The basemaps as last read, reused while their revisions stay the same.
    var basemapCache: BasemapCache { get }
    /// Runs one short write (a check-out, a line report) and returns once it is committed. SQLite commits those of
    /// many threads together (``GroupCommit``), one `fsync` for all; PostgreSQL runs each on a connection of its
    /// own, one statement, and groups concurrent commits by itself. Check-ins go through ``commit(_:)``.
    func commitTogether<T: Sendable>(_ body: @escaping @Sendable (Pool.Connection) throws -> T) throws -> T
    /// Writes a check-in and returns once it is committed: SQLite in its group commit (``commitTogether(_:)``);
    /// PostgreSQL in one statement with the check-ins other threads are writing meanwhile (``WriteBatches``).
    func commit(_ checkIn: CheckInWrite) throws -> CheckInWritten
    /// Called by each write method once its transaction committed, with the live state it changed: both stores
    /// tell their ``LiveChangeFeed`` watchers in process; PostgreSQL also sends the changes to the other servers
    /// (`NOTIFY grubmap_events`, see ``PostgresStore/didCommit(_:)``).
    func didCommit(_ changes: Set<LiveChange>)
    /// Called instead of ``didCommit(_:)`` by a write that left popular-times counts to add after its commit
    /// (PostgreSQL's check-ins and line reports, ``PopularCounts``): adds `counts` (on PostgreSQL from the notifier's
    /// thread, with the counts of the writes committed meanwhile), and tells the changes as ``didCommit(_:)`` does.
    func didCommit(_ changes: Set<LiveChange>, adding counts: PopularCounts)
    /// Told of this store's writes once they commit (and, on PostgreSQL, of other servers' by the listener): what
    /// the store's ``LiveChangeFeed`` watches (`SQLStore+LiveChanges.swift`).
    var liveChanges: LiveChangeWatchers { get }
}

extension SQLStore {
    /// Lends a connection outside any transaction, for one statement.
    func withConnection<T>(_ body: (Pool.Connection) throws -> T) throws -> T {
        try counting { try pool.withConnection(body) }
    }

    /// Runs `body` in a transaction with one snapshot for all its reads.
    func read<T>(_ body: (Pool.Connection) throws -> T) throws -> T {
        try counting { try pool.read(body) }
    }

    /// Runs `body` in a write transaction: all or nothing.
    func write<T>(_ body: (Pool.Connection) throws -> T) throws -> T {
        try counting { try pool.write(body) }
    }

    /// Runs one short write with other threads' (``commitTogether(_:)``).
    func writeTogether<T: Sendable>(_ body: @escaping @Sendable (Pool.Connection) throws -> T) throws -> T {
        try counting { try commitTogether(body) }
    }

    /// Runs `body` with outages translated, counting the errors that came from the database (not the ones a
    /// store method throws on purpose, such as a missing row).
    /// Refused at once during a ``NetworkThreadAttempt``: every borrowing of a connection comes through here.
    func counting<T>(_ body: () throws -> T) throws -> T {
        try NetworkThreadAttempt.refuseWaiting()
        do {
            return try DatabaseUnavailableError.translating(body)
        } catch {
            if error is DatabaseError || error is PostgresError || error is DatabaseUnavailableError {
                pool.recordQueryError()
            }
            throw error
        }
    }

    public func poolStatistics() -> PoolStatistics {
        let usage = pool.usage
        return PoolStatistics(
            inUse: usage.lent, idle: usage.idle, waiting: usage.waiting, maximum: pool.maximumConnections,
            queryErrors: pool.queryErrors)
    }

    // MARK: Areas and places

    /// Every area and its places' count and extent, decoded once per change rather than once per request: each
    /// call asks only for the catalog's version (one tiny query, so a change made by another server or by
    /// `grubmap import` shows at once), and reads the areas again when it moved. On PostgreSQL, while the listener
    /// hears the catalog's notifications, not even that until something moved (``CatalogFreshness``).
    public func catalog() throws -> Catalog {
        if let trusted = catalogCache.trusted { return trusted }
        let mark = catalogCache.mark()
        let version = try withConnection { connection in
            try connection.fetchOne("SELECT version FROM catalog_version WHERE id = 1")?
                .value(named: "version", as: Int64.self) ?? 0
        }
        if let cached = catalogCache.current, cached.version == version {
            catalogCache.keep(cached, confirmed: mark)
            return cached
        }
        let fresh = try read { connection in
            let version =
                try connection.fetchOne("SELECT version FROM catalog_version WHERE id = 1")?
                .value(named: "version", as: Int64.self) ?? 0
            var areas: [Area] = []
            var areaErrors: [String: StoreError] = [:]
            for row in try connection.fetchAll("SELECT \(sql: StoreRows.areaColumns) FROM areas ORDER BY id") {
                do {
                    areas.append(try StoreRows.area(from: row))
                } catch {
                    areaErrors[Self.text(row, "id")] = Self.storeError(error, table: "areas", id: Self.text(row, "id"))
                }
            }
            var stats: [Area.ID: Catalog.PlaceStats] = [:]
            let statsSQL: SQL = "SELECT area_id, place_count, south, north, west, east FROM place_stats"
            for row in try connection.fetchAll(statsSQL) {
                guard let id = try? row.value(named: "area_id", as: Area.ID.self) else { continue }
                let count = try row.value(named: "place_count", as: Int.self)
                let extent = try? Bounds(
                    southWest: Coordinate(latitude: row.value(named: "south"), longitude: row.value(named: "west")),
                    northEast: Coordinate(latitude: row.value(named: "north"), longitude: row.value(named: "east")))
                // A count above zero always comes with an extent: every place's coordinate is valid.
                stats[id] = Catalog.PlaceStats(count: count, extent: extent ?? .world)
            }
            return Catalog(version: version, areas: areas, areaErrors: areaErrors, placeStats: stats)
        }
        catalogCache.keep(fresh, confirmed: mark)
        return fresh
    }

    private static func text(_ row: Row, _ column: String) -> String {
        switch try? row.databaseValue(named: column) {
        case .text(let text): text
        case let value?: value.description
        case nil: "?"
        }
    }

    private static func storeError(_ error: any Error, table: String, id: String) -> StoreError {
        error as? StoreError ?? .unreadableRow(table: table, id: id, column: "?", reason: "\(error)")
    }

    /// Upserts the area and its places in one write transaction.
    ///
    /// Every place must belong to `area` and ids must be unique in the call; otherwise nothing is saved.
    /// Existing rows are updated in place (`ON CONFLICT … DO UPDATE`), never deleted and re-inserted, so
    /// saving an area keeps the places not given (a `REPLACE` would cascade-delete them).
    public func save(area: Area, places: [Place]) throws {
        var seen = Set<Place.ID>()
        for place in places {
            guard place.areaID == area.id else {
                throw StoreError.placeInOtherArea(
                    place: place.id.rawValue, placeArea: place.areaID.rawValue, savedArea: area.id.rawValue)
            }
            guard seen.insert(place.id).inserted else { throw StoreError.duplicatePlace(id: place.id.rawValue) }
        }
        let statements = try [StoreRows.upsert(area)] + places.map(StoreRows.upsert)
        try write { connection in
            for statement in statements { try connection.execute(statement) }
        }
    }

    public func isEmpty() throws -> Bool {
        try withConnection { connection in try connection.fetchOne("SELECT id FROM areas LIMIT 1") == nil }
    }

    public func serverSecret(orCreate make: () -> [UInt8]) throws -> [UInt8] {
        try withConnection { connection in
            let select: SQL = "SELECT secret FROM server_secret WHERE id = 1"
            if let stored = try connection.fetchOne(select) {
                return try stored.value(named: "secret", as: [UInt8].self)
            }
            try connection.execute(
                "INSERT INTO server_secret (id, secret) VALUES (1, \(make())) ON CONFLICT (id) DO NOTHING")
            guard let stored = try connection.fetchOne(select) else {
                throw StoreError.unhealthy("the server secret was not stored")
            }
            return try stored.value(named: "secret", as: [UInt8].self)
        }
    }

    public func checkHealth() throws {
        let answer = try withConnection { connection in
            try connection.fetchOne("SELECT 1 AS one")?.value(named: "one", as: Int.self)
        }
        guard answer == 1 else {
            throw StoreError.unhealthy("SELECT 1 answered \(answer.map(String.init) ?? "nothing")")
        }
    }
}
