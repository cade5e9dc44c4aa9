import Foundation
import GrubmapCore
import GrubmapStore

/// An import on PostgreSQL, written by `COPY`:
/// - reading, before a connection is borrowed: the places read once into a temporary file of this process as
///   `COPY` rows (``PlaceSpill``), their cells on the Z-order curve in memory.
/// - an area with no places (a new city) and a file read to its end: the rows sorted by cell and copied into
///   `places` by one `COPY` in one transaction, all or none, which the places' unique ids check. The server writes
///   them as fast as it takes `psql`'s `\copy` of the same rows (10^6 places: 26.7-26.9 s beside 26.5-27.0 s);
///   before, the rows were staged on the server and sorted there, and a second connection copied them back while
///   this one wrote (COPY 31-33 s, the whole import 35-38 s).
/// - otherwise (an area with places, a file with a mistake, or that `COPY` refused for an id taken): the rows
///   copied into the temporary table in input order (``stage(_:on:)``), which the checks of
///   ``SQLStore/importPlaces(into:from:progress:)`` read, and written from the file again by `COPY` when none of
///   them exists, else by the ranked upsert.
extension SQLStore {
    /// The import on PostgreSQL of the places read into `spill`; see ``SQLStore/importPlaces(into:from:progress:)``
    /// for what it promises.
    func importByCopy(
        _ spill: PlaceSpill, into area: Area.ID, on connection: PostgresConnection,
        progress: (PlaceImport.Progress) -> Void
    ) throws -> PlaceImport.Summary {
        progress(.checking(places: spill.count))
        let isNew =
            try spill.stopped == nil
            && connection.fetchOne("SELECT 1 AS found FROM places WHERE area_id = \(area) LIMIT 1") == nil
        if isNew, try copyIfAllNew(spill, on: connection, progress: progress) {
            try connection.execute(Self.afterImport)
            return PlaceImport.Summary(count: spill.count, updated: 0)
        }
        progress(.checking(places: spill.count))
        // No index of ids while the rows are copied in: a repeated id is looked for once they are all there.
        try createImportTable(position: "BIGINT NOT NULL", uniqueIDs: false, on: connection)
        defer { try? connection.execute("DROP TABLE IF EXISTS grubmap_import") }
        try connection.execute("DROP TABLE IF EXISTS grubmap_import_order")
        defer { try? connection.execute("DROP TABLE IF EXISTS grubmap_import_order") }
        try connection.inTransaction(.temporary) {
            try stage(spill, on: connection)
            // The first problem of the input in its order: a repeated id before what stopped the reading.
            try throwFirstRepeatedID(on: connection)
            if let stopped = spill.stopped { throw stopped }
            try connection.execute("ALTER TABLE grubmap_import ADD PRIMARY KEY (position)")
        }
        let updated = try check(area: area, on: connection)
        if updated == 0 {
            try copy(spill, on: connection, progress: progress)
        } else {
            try rank(on: connection)
            try write(spill.count, on: connection, progress: progress)
        }
        try connection.execute(Self.afterImport)
        return PlaceImport.Summary(count: spill.count, updated: updated)
    }

    /// Copies the read places into `places` as ``copy(_:on:progress:)`` does, before any check: the places' unique
    /// ids refuse an id repeated in the input or another area's, and then nothing is written and `false` returned,
    /// for the checks to say which (in input order) or, should a place with one of the ids have been added to the
    /// area meanwhile, for the ranked upsert to write them.
    private func copyIfAllNew(
        _ spill: PlaceSpill, on connection: PostgresConnection, progress: (PlaceImport.Progress) -> Void
    ) throws -> Bool {
        do {
            try copy(spill, on: connection, progress: progress)
            return true
        } catch let error as PostgresError where error.sqlState == "23505" && error.constraint == "places_pkey" {
            return false
        }
    }

    /// Writes read places none of which exists into `places` in the order of their cells, by one `COPY` in one
    /// transaction: all or none.
    private func copy(_ spill: PlaceSpill, on connection: PostgresConnection, progress: (PlaceImport.Progress) -> Void)
        throws
    {
        progress(.writing(done: 0, of: spill.count))
        _ = try connection.inTransaction(.write) {
            try connection.copyIn("COPY places (\(sql: StoreRows.placeColumns)) FROM STDIN") { rows in
                var done = 0
                try spill.forEachRowInCellOrder { row in
                    try rows.appendRow(text: row)
                    done += 1
                    if done % Self.copyProgressRows == 0 { progress(.writing(done: done, of: spill.count)) }
                }
            }
        }
        progress(.writing(done: spill.count, of: spill.count))
    }

    /// What follows an import's last write: without it the planner plans a million new places from the statistics
    /// of the table as it was until autovacuum comes by (k = 10 nearest among 10^6 without statistics: 0.4-0.9 s;
    /// after `ANALYZE`: 1 ms). SQLite's spatial queries fix their plans by their joins.
    private static var afterImport: SQL { "ANALYZE places" }

    /// Places written between two reports of a copy's progress.
    private static var copyProgressRows: Int { 10_000 }

    /// Copies the read places, in input order with their positions and cells, into `grubmap_import`.
    private func stage(_ spill: PlaceSpill, on connection: PostgresConnection) throws {
        let columns = "position, \(StoreRows.placeColumns.text(for: .postgreSQL)), cell"
        try connection.copyIn(SQL(stringLiteral: "COPY grubmap_import (\(columns)) FROM STDIN")) { rows in
            try spill.forEachStagingRow { row in try rows.appendRow(text: row) }
        }
    }

    /// Throws ``PlaceImport/Conflict/repeatedID(position:place:)`` for the first staged place (in input order)
    /// whose id an earlier one has.
    func throwFirstRepeatedID(on connection: PostgresConnection) throws {
        try connection.execute("SET LOCAL work_mem = '64MB'")
        let repeated = try connection.fetchOne(
            """
            SELECT min(position) AS position FROM (
                SELECT position, row_number() OVER (PARTITION BY id ORDER BY position) AS n FROM grubmap_import
            ) AS numbered WHERE n > 1
            """)
        guard let position = try repeated?.value(named: "position", as: Int?.self) else { return }
        guard
            let row = try connection.fetchOne(
                "SELECT \(sql: StoreRows.placeColumns) FROM grubmap_import WHERE position = \(position)")
        else { return }
        throw PlaceImport.Conflict.repeatedID(position: position, place: try StoreRows.place(from: row))
    }
}
