import Foundation
import GrubmapCore
import GrubmapStore

/// The fast path of an import on SQLite, for an area with no places yet (archived ones included): nobody uses
/// the area, so nothing needs the lock between two of the import's transactions, and the places go in as SQLite
/// writes fastest, in one `IMMEDIATE` transaction, all or nothing:
///
/// 1. The trigger that fills the R*Tree and counts places (`places_inserted`) is dropped, and the places are
///    inserted straight from the input, a few hundred per statement, with nothing staged apart.
/// 2. Once they outnumber the places the database held before (so rebuilding costs little more than keeping),
///    the two name-order indexes are dropped too.
/// 3. After the last place, the R*Tree is packed anew from every place (``Database/packPointRTree(_:points:)``:
///    full nodes of neighbours, a sort instead of an insert a place, which cost most of the import) or, when the
///    database held many more places before, the new ones are inserted into it by one `INSERT … SELECT` in Z-order
///    of their points (``zOrderCell(of:)``, so each node fills with neighbours); then the area's count and extent
///    are made by one statement, the name-order indexes built anew from their sorted keys, and the trigger made
///    again.
///
/// What an import promises holds as on the paced path: the first repeated id, or what the reader throws, refuses
/// the import in input order; an id of another area's place refuses it after the last feature is read. A
/// refused import, or a process killed anywhere in it, leaves the database as it was: the transaction is
/// rolled back (by SQLite's WAL on the next open, for a killed process).
///
/// The write lock is held throughout, a second per 40,000 places or so: other connections' writes to any area
/// wait for it (and give up after their busy timeout). That is the trade for a new area; an area people use takes
/// the paced path.
extension SQLStore {
    /// The import on SQLite's fast path, or `nil` (with nothing read or written) when the area has places or the
    /// schema is not the one this path knows.
    func bulkImport(
        into area: Area.ID, from next: () throws -> Place?, on connection: Pool.Connection,
        progress: (PlaceImport.Progress) -> Void
    ) throws -> PlaceImport.Summary? {
        try connection.inTransaction(.write) { () throws -> PlaceImport.Summary? in
            guard try connection.fetchOne("SELECT 1 AS found FROM places WHERE area_id = \(area) LIMIT 1") == nil
            else { return nil }
            let schema = try connection.fetchAll(
                """
                SELECT name, sql FROM sqlite_master
                WHERE name IN ('places_inserted', 'places_name_en', 'places_name_ko') ORDER BY type, name
                """)
            let definitions = try schema.map {
                (name: try $0.value(named: "name", as: String.self), sql: try $0.value(named: "sql", as: String.self))
            }
            guard let trigger = definitions.first(where: { $0.name == "places_inserted" }) else { return nil }
            let indexes = definitions.filter { $0.name != "places_inserted" }
            let before =
                try connection.fetchOne("SELECT count(*) AS n FROM places")?.value(named: "n", as: Int.self) ?? 0
            // Half the page cache of the paced path: the ids' index takes places in about the input's order and the
            // rest is built after, so more would only count against the import's memory (cache_size is restored).
            try connection.execute("PRAGMA cache_size = -49152")
            try connection.execute("DROP TRIGGER places_inserted")
            var indexesDropped = false
            var written = 0
            var firstForeign: PlaceImport.Conflict?
            // The next places are read on another thread while SQLite writes these.
            try withoutActuallyEscaping(next) { next in
                var reader = PlaceBatchReader(area: area, next: next)
                var fullBatch: Statement?
                try ReadAhead<PlaceBatch>.run(capacity: 16, produce: { try reader.nextBatch().map(PlaceBatch.init) }) {
                    nextBatch in
                    while let batch = try nextBatch() {
                        let foreign = try insertDirectly(
                            batch, from: written + 1, into: area, on: connection, fullBatch: &fullBatch)
                        if firstForeign == nil { firstForeign = foreign }
                        written += batch.places.count
                        progress(.staging(places: written))
                        if !indexesDropped, written > max(before, Self.bulkRowsBeforeIndexesDropped) {
                            for index in indexes {
                                try connection.execute(SQL(stringLiteral: "DROP INDEX \(index.name)"))
                            }
                            indexesDropped = true
                        }
                    }
                }
            }
            if let firstForeign { throw firstForeign }
            progress(.checking(places: written))
            progress(.writing(done: 0, of: written))
            if let database = connection as? Database, written >= before / Self.bulkRowsPerPackedRow {
                try database.packPointRTree(
                    "places_rtree", points: "SELECT rowid, latitude, longitude FROM places ORDER BY rowid")
            } else {
                try connection.execute(
                    """
                    INSERT INTO places_rtree (id, min_latitude, max_latitude, min_longitude, max_longitude)
                    SELECT rowid, latitude, latitude, longitude, longitude FROM places WHERE area_id = \(area)
                    ORDER BY grubmap_zorder_cell(latitude, longitude), rowid
                    """)
            }
            try connection.execute(
                """
                INSERT INTO place_stats (area_id, place_count, south, north, west, east)
                SELECT area_id, count(*), min(latitude), max(latitude), min(longitude), max(longitude)
                FROM places WHERE area_id = \(area) AND archived_at IS NULL GROUP BY area_id
                ON CONFLICT (area_id) DO UPDATE SET place_count = place_count + excluded.place_count,
                    south = min(south, excluded.south), north = max(north, excluded.north),
                    west = min(west, excluded.west), east = max(east, excluded.east)
                """)
            try connection.execute("UPDATE catalog_version SET version = version + 1 WHERE id = 1")
            if indexesDropped {
                for index in indexes { try connection.execute(SQL(stringLiteral: index.sql)) }
            }
            try connection.execute(SQL(stringLiteral: trigger.sql))
            progress(.writing(done: written, of: written))
            return PlaceImport.Summary(count: written, updated: 0)
        }
    }

    /// The fast path packs the R*Tree anew (``Database/packPointRTree(_:points:)``, some 8,000 instructions a place
    /// of the database, old or new) unless the import adds fewer than one place for every this many there were;
    /// then it inserts the new ones into the tree (55,000-70,000 instructions each, by callgrind).
    private static var bulkRowsPerPackedRow: Int { 8 }

    /// The fewest places after which the fast path builds the name-order indexes anew rather than keeping them.
    private static var bulkRowsBeforeIndexesDropped: Int { 10_000 }

    /// Inserts a batch of places at input positions `first`, `first + 1`, … into `places`; throws for the first
    /// whose id an earlier place of the input has, and returns the conflict of the first whose id is another
    /// area's place (which was left out).
    ///
    /// A full batch goes through `fullBatch`, the statement prepared for the first one and kept for the import: its
    /// text (some 10 kB) is then neither joined again nor hashed to find it in the connection's cache, which cost as
    /// much as binding the batch's values.
    private func insertDirectly(
        _ batch: PlaceBatch, from first: Int, into area: Area.ID, on connection: Pool.Connection,
        fullBatch: inout Statement?
    ) throws -> PlaceImport.Conflict? {
        guard !batch.places.isEmpty else { return nil }
        let insert = SQL.rows(
            "INSERT INTO places (\(StoreRows.placeColumns.text(for: .sqlite))) VALUES ", batch.rows,
            " ON CONFLICT (id) DO NOTHING")
        if let database = connection as? Database, batch.places.count == PlaceBatchReader.size {
            let statement = try fullBatch ?? database.prepare(insert.text(for: .sqlite))
            fullBatch = statement
            try statement.bind(insert.values)
            try statement.execute()
        } else {
            try connection.execute(insert)
        }
        guard connection.changes < batch.places.count else { return nil }
        return try findConflict(in: batch.places[...], from: first, into: area, on: connection)
    }

    /// After a statement of the fast path left some of `run` out: throws for the first place whose id an earlier
    /// place of the input has, or returns the conflict of the first whose id is another area's place.
    ///
    /// The area had no places, so a row of the area with the id was written by this import: by this statement
    /// (the rows with the last `changes` rowids, SQLite numbering new rows after the largest) when the place is the
    /// first of the run with the id, else earlier.
    private func findConflict(
        in run: ArraySlice<Place>, from first: Int, into area: Area.ID, on connection: Pool.Connection
    ) throws -> PlaceImport.Conflict? {
        let inserted = connection.changes
        let last = try connection.fetchOne("SELECT last_insert_rowid() AS r")?.value(named: "r", as: Int.self) ?? 0
        var owners: [Place.ID: (area: Area.ID, rowid: Int)] = [:]
        let ids = SQL.joined(run.map { "\($0.id)" }, separator: ", ")
        for row in try connection.fetchAll("SELECT id, area_id, rowid AS r FROM places WHERE id IN (\(sql: ids))") {
            owners[try row.value(named: "id", as: Place.ID.self)] = (
                try row.value(named: "area_id", as: Area.ID.self), try row.value(named: "r", as: Int.self)
            )
        }
        var seen = Set<Place.ID>()
        var firstForeign: PlaceImport.Conflict?
        for (offset, place) in run.enumerated() {
            let position = first + offset
            guard seen.insert(place.id).inserted else {
                throw PlaceImport.Conflict.repeatedID(position: position, place: place)
            }
            guard let owner = owners[place.id] else { continue }
            if owner.area != area {
                if firstForeign == nil {
                    firstForeign = .placeOfAnotherArea(position: position, id: place.id, area: owner.area)
                }
            } else if owner.rowid <= last - inserted {
                throw PlaceImport.Conflict.repeatedID(position: position, place: place)
            }
        }
        return firstForeign
    }
}

/// Places read for one statement of the fast path, with their rows of `places` (made on the reading thread).
struct PlaceBatch: Sendable {
    var places: [Place]
    var rows: [[DatabaseValue]]

    init(_ places: [Place]) {
        self.places = places
        rows = places.map(StoreRows.placeValues(of:))
    }
}
