import Foundation
import GrubmapCore

/// The default ``Store``: one SQLite file in WAL mode, shared by the server's threads through a
/// ``ConnectionPool``.
///
/// Opening creates the file (and its folders) when missing and runs ``Schema/migrations``. Reads run in a
/// deferred transaction (one snapshot), writes in an immediate one.
public final class SQLiteStore: Store {
    /// The database file.
    public let path: String
    let pool: ConnectionPool

    /// Opens or creates the database at `path` and migrates it.
    ///
    /// - Parameters:
    ///   - busyTimeoutSeconds: how long a write waits for another writer before failing with `SQLITE_BUSY`.
    ///   - maximumConnections: the most connections open at once.
    /// - Throws: a file system error when the folder cannot be made, ``DatabaseError``, or
    ///   ``MigrationError/schemaTooNew(databaseVersion:newestKnownVersion:)`` for a database from a newer Grubmap.
    public init(path: String, busyTimeoutSeconds: Double = 5, maximumConnections: Int = 8) throws {
        try Self.createParentFolder(of: path)
        self.path = path
        pool = ConnectionPool(
            path: path, maximumConnections: maximumConnections, busyTimeoutSeconds: busyTimeoutSeconds)
        try migrate()
    }

    /// Runs pending migrations (the initializer already did) and returns those applied now.
    @discardableResult
    public func migrate() throws -> [Migration] {
        try pool.withConnection { database in try Schema.migrator.migrate(database) }
    }

    /// Opens or creates the database at `path`, migrates it and closes it: `grubmap migrate`.
    ///
    /// - Returns: the migrations applied now; empty when the schema was up to date.
    @discardableResult
    public static func migrate(path: String, busyTimeoutSeconds: Double = 5) throws -> [Migration] {
        try createParentFolder(of: path)
        let database = try Database(path: path, busyTimeoutSeconds: busyTimeoutSeconds)
        return try Schema.migrator.migrate(database)
    }

    private static func createParentFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    // MARK: Store

    public func areas() throws -> [Area] {
        try pool.read { database in
            try database.fetchAll("SELECT \(Self.areaColumns) FROM areas ORDER BY id").map(Self.area(from:))
        }
    }

    public func area(id: Area.ID) throws -> Area? {
        try pool.read { database in
            try database.fetchOne("SELECT \(Self.areaColumns) FROM areas WHERE id = ?", arguments: [id.rawValue])
                .map(Self.area(from:))
        }
    }

    public func places(inArea id: Area.ID) throws -> [Place] {
        try pool.read { database in
            try database.fetchAll(
                "SELECT \(Self.placeColumns) FROM places WHERE area_id = ? ORDER BY id", arguments: [id.rawValue]
            ).map(Self.place(from:))
        }
    }

    public func place(id: Place.ID) throws -> Place? {
        try pool.read { database in
            try database.fetchOne("SELECT \(Self.placeColumns) FROM places WHERE id = ?", arguments: [id.rawValue])
                .map(Self.place(from:))
        }
    }

    /// Upserts the area and its places in one `IMMEDIATE` transaction.
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
        let areaArguments = try Self.arguments(for: area)
        let placeArguments = try places.map(Self.arguments(for:))
        try pool.write { database in
            try database.execute(Self.upsertArea, arguments: areaArguments)
            let statement = try database.prepare(Self.upsertPlace)
            for arguments in placeArguments {
                try statement.execute(arguments)
            }
        }
    }

    public func isEmpty() throws -> Bool {
        try pool.read { database in try database.fetchOne("SELECT id FROM areas LIMIT 1") == nil }
    }

    public func checkHealth() throws {
        let answer = try pool.withConnection { database in
            try database.fetchOne("SELECT 1 AS one")?.value(named: "one", as: Int.self)
        }
        guard answer == 1 else {
            throw StoreError.unhealthy("SELECT 1 answered \(answer.map(String.init) ?? "nothing")")
        }
    }
}
