import Foundation
import GrubmapCore
import GrubmapStore

/// A bulk import of places: staged, checked, then written (see ``PlaceImport`` for what it promises). On SQLite an
/// import into an area with no places takes the fast path of `SQLStore+BulkImport.swift` instead; on PostgreSQL
/// the places are read into a file first, then written into a new area by one `COPY` from it, or staged by one
/// `COPY` for the steps below (`SQLStore+CopyImport.swift`).
///
/// 1. Staging: places are read one at a time and inserted a few hundred per statement into a temporary table of
///    the importing connection (`grubmap_import`), whose unique `id` finds an id repeated in the input at once.
///    Temporary tables live apart from the database (on SQLite in a file of their own, written in a `DEFERRED`
///    transaction that never takes the database's write lock), so nothing else waits meanwhile, and memory holds
///    one statement's places, never the input.
/// 2. Checking: one join of the staged places with the live ones finds an id of another area's place and counts
///    the updates.
/// 3. Ordering: the staged places ranked along a Z-order curve of their points (``zOrderCell(of:)``), so that
///    places written one after another lie near each other. The spatial index (SQLite's R*Tree, PostgreSQL's GiST
///    index) then fills node by node with neighbours, where input order (often by id, or by name) would give every
///    node a few places from all over the city; such nodes overlap, and every later search reads many of them.
/// 4. Writing: `INSERT … SELECT … ON CONFLICT (id) DO UPDATE` from the staged table, by ranges of rank: on
///    PostgreSQL all in one transaction, on SQLite in transactions sized by ``ImportPacing`` (short while other
///    connections write, longer while none does), pausing a little between them for waiting writers. On PostgreSQL,
///    when no staged place exists yet, the rows are copied into `places` in Z-order instead.
extension SQLStore {
    @discardableResult
    public func importPlaces(
        into area: Area.ID, from next: () throws -> Place?, progress: (PlaceImport.Progress) -> Void
    ) throws -> PlaceImport.Summary {
        // On PostgreSQL the whole file is read before a connection is borrowed: the pool runs `body` again on a
        // new connection when the one it lent turns out to have been dropped (an idle one can be, by the server's
        // `idle_session_timeout` or a restart, over the minutes a big file takes), and the input is read only once.
        let spill = dialect == .postgreSQL ? try PlaceSpill(area: area, from: next, progress: progress) : nil
        return try withConnection { connection in
            for statement in dialect.bulkSettings.apply { try connection.execute(statement) }
            defer { for statement in dialect.bulkSettings.restore { try? connection.execute(statement) } }
            if let spill {
                guard let postgres = connection as? PostgresConnection else {
                    preconditionFailure("a PostgreSQL store lends PostgreSQL connections")
                }
                return try importByCopy(spill, into: area, on: postgres, progress: progress)
            }
            if let summary = try bulkImport(into: area, from: next, on: connection, progress: progress) {
                return summary
            }
            // `INTEGER PRIMARY KEY` makes the position the rowid: one B-tree fewer to write a million times.
            try createImportTable(position: "INTEGER PRIMARY KEY", uniqueIDs: true, on: connection)
            defer { try? connection.execute("DROP TABLE IF EXISTS grubmap_import") }
            try connection.execute("DROP TABLE IF EXISTS grubmap_import_order")
            defer { try? connection.execute("DROP TABLE IF EXISTS grubmap_import_order") }
            let total = try stage(into: area, from: next, on: connection, progress: progress)
            progress(.checking(places: total))
            let updated = try check(area: area, on: connection)
            try rank(on: connection)
            try write(total, on: connection, progress: progress)
            return PlaceImport.Summary(count: total, updated: updated)
        }
    }

    /// Makes the connection's temporary table of staged places, `grubmap_import`, anew, its `position` column
    /// declared as `position` says and its `id` unique when `uniqueIDs`.
    func createImportTable(position: SQL, uniqueIDs: Bool, on connection: some SQLConnection) throws {
        try connection.execute("DROP TABLE IF EXISTS grubmap_import")
        try connection.execute(
            """
            CREATE TEMP TABLE grubmap_import (
                position \(sql: position),
                id TEXT NOT NULL \(sql: uniqueIDs ? "UNIQUE" : ""), area_id TEXT NOT NULL, name TEXT NOT NULL,
                kind TEXT NOT NULL, latitude DOUBLE PRECISION NOT NULL, longitude DOUBLE PRECISION NOT NULL,
                address TEXT, phone TEXT, website TEXT, description TEXT, opening_hours TEXT NOT NULL, seats INTEGER,
                cell BIGINT NOT NULL
            )
            """)
    }

    /// Reads every place into the temporary table (on SQLite); returns how many. Throws the first problem of the
    /// input in its order: a repeated id, a place of another area, or what `next` throws.
    private func stage(
        into area: Area.ID, from next: () throws -> Place?, on connection: Pool.Connection,
        progress: (PlaceImport.Progress) -> Void
    ) throws -> Int {
        try connection.inTransaction(.temporary) {
            var staged = 0
            var batch: [Place] = []
            func flush() throws {
                try insert(batch, from: staged - batch.count + 1, on: connection)
                batch.removeAll(keepingCapacity: true)
                progress(.staging(places: staged))
            }
            while true {
                let place: Place?
                do {
                    place = try next()
                } catch {
                    // A repeated id before the broken place is the first problem of the input.
                    try flush()
                    throw error
                }
                guard let place else { break }
                staged += 1
                guard place.areaID == area else { throw PlaceImport.Conflict.wrongArea(position: staged, id: place.id) }
                batch.append(place)
                if batch.count == Self.stagingRowsPerStatement { try flush() }
            }
            try flush()
            return staged
        }
    }

    /// Places per staging statement; a last, shorter run goes in powers of two, so a connection keeps only a few
    /// such statements however many places an import has.
    private static var stagingRowsPerStatement: Int { 256 }

    /// Inserts places at input positions `first`, `first + 1`, …, and throws for the first whose id an earlier
    /// place has.
    private func insert(_ places: [Place], from first: Int, on connection: Pool.Connection) throws {
        var start = 0
        while start < places.count {
            var size = Self.stagingRowsPerStatement
            while size > places.count - start { size /= 2 }
            let run = places[start..<start + size]
            let rows = run.enumerated().map { offset, place in
                [.integer(Int64(first + start + offset))] + StoreRows.placeValues(of: place)
                    + [.integer(Self.zOrderCell(of: place.coordinate))]
            }
            try connection.execute(
                SQL.rows(
                    "INSERT INTO grubmap_import (position, \(StoreRows.placeColumns.text(for: .sqlite)), cell) VALUES ",
                    rows, " ON CONFLICT (id) DO NOTHING"))
            if connection.changes < run.count {
                try throwRepeatedID(in: Array(run), from: first + start, on: connection)
            }
            start += size
        }
    }

    /// The first of `places` whose id was staged at another position.
    private func throwRepeatedID(in places: [Place], from first: Int, on connection: Pool.Connection) throws {
        var stagedAt: [Place.ID: Int] = [:]
        for row in try Self.stagedPositions(of: places.map(\.id), on: connection) {
            stagedAt[try row.value(named: "id", as: Place.ID.self)] = try row.value(named: "position", as: Int.self)
        }
        for (offset, place) in places.enumerated() where stagedAt[place.id] != first + offset {
            throw PlaceImport.Conflict.repeatedID(position: first + offset, place: place)
        }
    }

    private static func stagedPositions(of ids: [Place.ID], on connection: Pool.Connection) throws -> [Row] {
        var size = 1
        while size < ids.count { size *= 2 }
        let list = SQL.joined((0..<size).map { "\(ids[min($0, ids.count - 1)])" }, separator: ", ")
        return try connection.fetchAll("SELECT id, position FROM grubmap_import WHERE id IN (\(sql: list))")
    }

    /// Refuses an id of another area's place (the first in input order); returns how many staged places exist.
    func check(area: Area.ID, on connection: some SQLConnection) throws -> Int {
        try connection.inTransaction(.read) {
            let summary = try connection.fetchOne(
                """
                SELECT count(*) AS updated,
                    min(CASE WHEN p.area_id <> \(area) THEN s.position END) AS foreign_position
                FROM grubmap_import AS s JOIN places AS p ON p.id = s.id
                """)
            if let position = try summary?.value(named: "foreign_position", as: Int?.self) {
                let row = try connection.fetchOne(
                    """
                    SELECT s.id AS id, p.area_id AS area_id FROM grubmap_import AS s JOIN places AS p ON p.id = s.id
                    WHERE s.position = \(position)
                    """)
                throw PlaceImport.Conflict.placeOfAnotherArea(
                    position: position, id: try row?.value(named: "id", as: Place.ID.self) ?? Place.ID("unknown"),
                    area: try row?.value(named: "area_id", as: Area.ID.self) ?? Area.ID("unknown"))
            }
            return try summary?.value(named: "updated", as: Int.self) ?? 0
        }
    }

    /// The cell of a point on a Z-order curve: latitude and longitude each cut into 2^24 steps (at most 2.4 m) and
    /// their bits interleaved, so that points with near cells lie near each other, mostly.
    static func zOrderCell(of coordinate: Coordinate) -> Int64 {
        zOrderCell(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    /// ``zOrderCell(of:)`` of a latitude and longitude in degrees (clamped to their ranges), for SQLite's
    /// `grubmap_zorder_cell(latitude, longitude)`.
    static func zOrderCell(latitude: Double, longitude: Double) -> Int64 {
        let steps = Double(1 << 24)
        func step(_ value: Double, _ low: Double, _ high: Double) -> UInt64 {
            UInt64(min(max((value - low) / (high - low) * steps, 0), steps - 1))
        }
        // Spreads the low 32 bits of `value` to the even bits of the result.
        func spread(_ value: UInt64) -> UInt64 {
            var bits = value
            bits = (bits | (bits << 16)) & 0x0000_FFFF_0000_FFFF
            bits = (bits | (bits << 8)) & 0x00FF_00FF_00FF_00FF
            bits = (bits | (bits << 4)) & 0x0F0F_0F0F_0F0F_0F0F
            bits = (bits | (bits << 2)) & 0x3333_3333_3333_3333
            bits = (bits | (bits << 1)) & 0x5555_5555_5555_5555
            return bits
        }
        let x = spread(step(longitude, -180, 180))
        let y = spread(step(latitude, -90, 90))
        return Int64(x | (y << 1))
    }

    /// Ranks the staged places by their cell (then input position) in `grubmap_import_order`: the order they are
    /// written in.
    func rank(on connection: some SQLConnection) throws {
        try connection.inTransaction(.temporary) {
            try connection.execute(
                """
                CREATE TEMP TABLE grubmap_import_order (
                    rank \(sql: dialect == .sqlite ? "INTEGER" : "BIGINT") PRIMARY KEY, position BIGINT NOT NULL
                )
                """)
            try connection.execute(
                """
                INSERT INTO grubmap_import_order (rank, position)
                SELECT row_number() OVER (ORDER BY cell, position), position FROM grubmap_import
                """)
        }
    }

    /// Writes the staged places in the order of their rank.
    func write(_ total: Int, on connection: some SQLConnection, progress: (PlaceImport.Progress) -> Void) throws {
        var done = 0
        progress(.writing(done: 0, of: total))
        func writeRun(of count: Int) throws {
            try connection.execute(
                """
                INSERT INTO places (\(sql: StoreRows.placeColumns))
                SELECT \(sql: StoreRows.placeColumns(of: "s"))
                FROM grubmap_import_order AS o JOIN grubmap_import AS s ON s.position = o.position
                WHERE o.rank > \(done) AND o.rank <= \(done + count)
                ORDER BY o.rank
                \(sql: StoreRows.placeUpsertClause)
                """)
            done += count
            progress(.writing(done: done, of: total))
        }
        guard var pacing = dialect.importPacing else {
            try connection.inTransaction(.write) {
                while done < total { try writeRun(of: min(20_000, total - done)) }
            }
            return
        }
        func othersVersion() throws -> Int {
            try connection.fetchOne(dialect.othersCommitsQuery)?.value(named: "version", as: Int.self) ?? 0
        }
        var version = try othersVersion()
        while done < total {
            let started = ContinuousClock.now
            let count = min(pacing.rows, total - done)
            try connection.inTransaction(.write) { try writeRun(of: count) }
            let took = ContinuousClock.now - started
            guard done < total else { break }
            // A writer waiting for SQLite's lock polls for it every millisecond (see `Database`): leave it a turn.
            usleep(2_000)
            let now = try othersVersion()
            pacing.record(written: count, took: took, othersWrote: now != version)
            version = now
        }
    }
}
