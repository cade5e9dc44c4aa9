import Foundation
import GrubmapCore
import GrubmapStore

/// An import on PostgreSQL, staged and written by `COPY`:
/// - staging: the places copied into the temporary table by one `COPY … FROM STDIN`
///   (``PostgresConnection/copyIn(_:_:)``), which the server takes several times faster than `INSERT`s of a few
///   hundred rows; the table has no index of ids meanwhile, so a repeated id is looked for once the copy is done.
/// - writing new places: the staged rows, sorted, sent by this connection (`COPY … TO STDOUT`) and copied as they
///   come into `places` by a second connection (`COPY places FROM STDIN`), in its own transaction: the server
///   sorts and sends on one core while it writes on the other, and `COPY` writes a table's pages a batch of rows
///   at a time, where `INSERT … SELECT` logs every row (1,000,000 places: 31 s, as fast as `psql`'s `\copy` of
///   the same rows; the `INSERT` took 35-36 s).
extension SQLStore {
    /// Reads every place into `grubmap_import` by `COPY`; returns how many. Throws the first problem of the input in
    /// its order, as the `INSERT`s' staging does: a repeated id before what the reader throws (or a place of another
    /// area) is thrown first. With `checkingRepeats` false, a repeated id is looked for only when the reader threw.
    func stageByCopy(
        into area: Area.ID, from next: () throws -> Place?, on connection: PostgresConnection, checkingRepeats: Bool,
        progress: (PlaceImport.Progress) -> Void
    ) throws -> Int {
        try connection.inTransaction(.temporary) {
            var staged = 0
            var stopped: (any Error)?
            let columns = "position, \(StoreRows.placeColumns.text(for: .postgreSQL)), cell"
            // The places are read on another thread (the GeoJSON reader: some 60% of the client's work) while this
            // one makes their rows and sends them, which keeps the server's side of the copy busier.
            try withoutActuallyEscaping(next) { next in
                var reader = PlaceBatchReader(area: area, next: next)
                _ = try ReadAhead<[Place]>.run(capacity: 16, produce: { try reader.nextBatch() }) { nextBatch in
                    try connection.copyIn(SQL(stringLiteral: "COPY grubmap_import (\(columns)) FROM STDIN")) { rows in
                        while true {
                            let batch: [Place]?
                            do {
                                batch = try nextBatch()
                            } catch {
                                stopped = error
                                return
                            }
                            guard let batch else { return }
                            for place in batch {
                                staged += 1
                                for value in StoreRows.databaseValues(of: place, position: staged) {
                                    try rows.append(value)
                                }
                                try rows.append(.integer(Self.zOrderCell(of: place.coordinate)))
                                try rows.endRow()
                            }
                            progress(.staging(places: staged))
                        }
                    }
                }
            }
            progress(.staging(places: staged))
            if checkingRepeats || stopped != nil { try throwFirstRepeatedID(on: connection) }
            if let stopped { throw stopped }
            return staged
        }
    }

    /// Writes the places staged in `grubmap_import` (on `staging`) into `places`, in the order of their cells, in
    /// one transaction of a connection of its own: all or none. Throws the database's error when one is refused
    /// (a unique id taken), after which nothing was written and the staged places are still there.
    func copyStagedPlaces(from staging: PostgresConnection, into pool: PostgresConnectionPool) throws {
        let columns = StoreRows.placeColumns
        _ = try pool.withConnectionOfItsOwn { writer in
            try writer.inTransaction(.write) {
                try writer.copyIn("COPY places (\(sql: columns)) FROM STDIN") { rows in
                    try staging.inTransaction(.temporary) {
                        try staging.execute("SET LOCAL work_mem = '64MB'")
                        // Coordinates go through text: with every digit a double has (the default is 1 since
                        // PostgreSQL 12, but a role or database may set 0, which rounds to 15 digits).
                        try staging.execute("SET LOCAL extra_float_digits = 3")
                        try staging.copyOut(
                            "COPY (SELECT \(sql: columns) FROM grubmap_import ORDER BY cell, position) TO STDOUT"
                        ) { row in try rows.appendRow(text: row) }
                    }
                }
            }
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
