import Foundation
import GrubmapCore
import GrubmapStore

/// An import's staging on PostgreSQL: the places copied into the temporary table by one `COPY … FROM STDIN`
/// (``PostgresConnection/copyIn(_:_:)``), which the server takes several times faster than `INSERT`s of a few
/// hundred rows; the table has no index of ids meanwhile, so a repeated id is looked for once the copy is done.
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
            try connection.copyIn(SQL(stringLiteral: "COPY grubmap_import (\(columns)) FROM STDIN")) { rows in
                while true {
                    let place: Place?
                    do {
                        place = try next()
                    } catch {
                        stopped = error
                        return
                    }
                    guard let place else { return }
                    staged += 1
                    guard place.areaID == area else {
                        stopped = PlaceImport.Conflict.wrongArea(position: staged, id: place.id)
                        return
                    }
                    for value in StoreRows.databaseValues(of: place, position: staged) { try rows.append(value) }
                    try rows.append(.integer(Self.zOrderCell(of: place.coordinate)))
                    try rows.endRow()
                    if staged % 4096 == 0 { progress(.staging(places: staged)) }
                }
            }
            progress(.staging(places: staged))
            if checkingRepeats || stopped != nil { try throwFirstRepeatedID(on: connection) }
            if let stopped { throw stopped }
            return staged
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
