import CSQLite

/// Filling a two-dimensional R*Tree of points in one pass, by Sort-Tile-Recursive packing (Leutenegger, Lopez and
/// Edgington, 1997), instead of an `INSERT` a point: each insert into SQLite's R*Tree chooses a leaf, splits or
/// reinserts, and writes the nodes it touched (55,000-70,000 instructions a point, by callgrind, most of a bulk
/// import's time). Packed, the tree costs a sort and one row a node and a point, and its nodes are full and tight.
///
/// The tree is written as SQLite's R*Tree module keeps it (`ext/rtree/rtree.c`, "Database Format of R-Tree
/// Tables"), as GDAL's bulk loader of GeoPackage indexes also does: `%_node(nodeno, data)` holds each node (node 1 is
/// the root; `data` is a 2-byte big-endian depth of the tree in the root, zero elsewhere, a 2-byte count of cells,
/// then per cell an 8-byte big-endian rowid or child node and, per dimension, its minimum and maximum as big-endian
/// 32-bit floats, padded with zeros to the table's node size), `%_parent(nodeno, parentnode)` each node's parent but
/// the root's, `%_rowid(rowid, nodeno)` each point's leaf. Coordinates are rounded outwards as the module rounds
/// them (`rtreeValueDown`, `rtreeValueUp`), so a packed tree holds the boxes an `INSERT` would have written, and
/// `rtreecheck()` finds it sound.
extension Database {
    /// Replaces the content of the R*Tree `table` (columns id, min and max of dimension 0, min and max of
    /// dimension 1, as 32-bit floats) with one entry `(id, x, x, y, y)` for each row `(id, x, y)` of `points`.
    ///
    /// Holds every point in memory (24 bytes each) while it sorts; run it inside the caller's transaction, which
    /// makes the replacement all or nothing.
    func packPointRTree(_ table: String, points: String) throws(DatabaseError) {
        let node = SQL.identifier(table + "_node")
        let size = try fetchOne("SELECT length(data) AS size FROM \(sql: node) WHERE nodeno = 1").flatMap {
            try? $0.value(at: 0, as: Int.self)
        }
        guard let size, size >= 4 + 2 * RTreeEntry.bytes else {
            throw DatabaseError(resultCode: .error, message: "\(table) has no root node", sql: points)
        }
        let capacity = (size - 4) / RTreeEntry.bytes
        var entries: [RTreeEntry] = []
        let reading = try prepare(points)
        while try reading.step() {
            let x = sqlite3_column_double(reading.handle, 1)
            let y = sqlite3_column_double(reading.handle, 2)
            entries.append(
                RTreeEntry(
                    id: sqlite3_column_int64(reading.handle, 0), minX: Self.rtreeDown(x), maxX: Self.rtreeUp(x),
                    minY: Self.rtreeDown(y), maxY: Self.rtreeUp(y)))
        }
        reading.reset()

        // The levels from the leaves up, each in its packed order: a node is a run of `capacity` entries (the last
        // of each slice fewer); an entry above the leaves points at the node of the level below by its index.
        var levels: [(entries: [RTreeEntry], runs: [Range<Int>])] = []
        var level = entries
        entries = []
        repeat {
            let runs = Self.packInPlace(&level, capacity: capacity)
            let parents = runs.enumerated().map { index, run in RTreeEntry(covering: level[run], id: Int64(index)) }
            levels.append((level, runs))
            level = parents
        } while levels[levels.count - 1].runs.count > 1
        // Node numbers from the root down: the root is 1, then each level's nodes in order.
        var firstNumber = [Int](repeating: 0, count: levels.count)
        var next = 1
        for depth in levels.indices.reversed() {
            firstNumber[depth] = next
            next += levels[depth].runs.count
        }

        try execute("DELETE FROM \(sql: node)")
        try execute("DELETE FROM \(sql: SQL.identifier(table + "_parent"))")
        try execute("DELETE FROM \(sql: SQL.identifier(table + "_rowid"))")
        let writeNode = try prepare("INSERT INTO \(node.description) (nodeno, data) VALUES (?, ?)")
        let writeParent = try prepare(
            "INSERT INTO \(SQL.identifier(table + "_parent").description) (nodeno, parentnode) VALUES (?, ?)")
        var data = [UInt8](repeating: 0, count: size)
        for depth in levels.indices.reversed() {
            let (entries, runs) = levels[depth]
            for (index, run) in runs.enumerated() {
                let number = Int64(firstNumber[depth] + index)
                for offset in data.indices { data[offset] = 0 }
                if depth == levels.count - 1 { Self.writeBigEndian(UInt16(depth), to: &data, at: 0) }
                Self.writeBigEndian(UInt16(run.count), to: &data, at: 2)
                for (cell, entry) in entries[run].enumerated() {
                    let child = depth == 0 ? entry.id : Int64(firstNumber[depth - 1]) + entry.id
                    entry.write(to: &data, at: 4 + cell * RTreeEntry.bytes, id: child)
                }
                try writeNode.run { statement in
                    sqlite3_bind_int64(statement, 1, number)
                    return data.withUnsafeBytes {
                        sqlite3_bind_blob64(statement, 2, $0.baseAddress, UInt64($0.count), csqlite_transient())
                    }
                }
                guard depth > 0 else { continue }
                for entry in entries[run] {
                    let child = Int64(firstNumber[depth - 1]) + entry.id
                    try writeParent.run { statement in
                        sqlite3_bind_int64(statement, 1, child)
                        return sqlite3_bind_int64(statement, 2, number)
                    }
                }
            }
        }
        // Each point's leaf, in rowid order (appending to the table's B-tree).
        var leaves: [(rowid: Int64, node: Int64)] = []
        leaves.reserveCapacity(levels[0].entries.count)
        for (index, run) in levels[0].runs.enumerated() {
            for entry in levels[0].entries[run] { leaves.append((entry.id, Int64(firstNumber[0] + index))) }
        }
        levels = []
        leaves.sort { $0.rowid < $1.rowid }
        let writeRowid = try prepare(
            "INSERT INTO \(SQL.identifier(table + "_rowid").description) (rowid, nodeno) VALUES (?, ?)")
        for leaf in leaves {
            try writeRowid.run { statement in
                sqlite3_bind_int64(statement, 1, leaf.rowid)
                return sqlite3_bind_int64(statement, 2, leaf.node)
            }
        }
    }

    /// Orders `entries` for Sort-Tile-Recursive packing and returns the runs that make its nodes: sorted by the
    /// centres' x, cut into about √(nodes) vertical slices, each slice sorted by y and cut into nodes of `capacity`.
    private static func packInPlace(_ entries: inout [RTreeEntry], capacity: Int) -> [Range<Int>] {
        guard entries.count > capacity else { return [0..<entries.count] }
        let nodes = (entries.count + capacity - 1) / capacity
        let slices = Int(Double(nodes).squareRoot().rounded(.up))
        let sliceSize = ((nodes + slices - 1) / slices) * capacity
        entries.sort { $0.centerX < $1.centerX }
        var runs: [Range<Int>] = []
        runs.reserveCapacity(nodes + slices)
        var start = 0
        while start < entries.count {
            let end = min(start + sliceSize, entries.count)
            entries[start..<end].sort { $0.centerY < $1.centerY }
            var run = start
            while run < end {
                runs.append(run..<min(run + capacity, end))
                run += capacity
            }
            start = end
        }
        return runs
    }

    /// `value` as a 32-bit float no larger than it, as SQLite's R*Tree rounds a box's minimum (`rtreeValueDown`).
    static func rtreeDown(_ value: Double) -> Float {
        let rounded = Float(value)
        guard Double(rounded) > value else { return rounded }
        return Float(value * (value < 0 ? 1 + 1 / 8_388_608.0 : 1 - 1 / 8_388_608.0))
    }

    /// `value` as a 32-bit float no smaller than it, as SQLite's R*Tree rounds a box's maximum (`rtreeValueUp`).
    static func rtreeUp(_ value: Double) -> Float {
        let rounded = Float(value)
        guard Double(rounded) < value else { return rounded }
        return Float(value * (value < 0 ? 1 - 1 / 8_388_608.0 : 1 + 1 / 8_388_608.0))
    }

    fileprivate static func writeBigEndian<T: FixedWidthInteger>(_ value: T, to data: inout [UInt8], at offset: Int) {
        withUnsafeBytes(of: value.bigEndian) { bytes in
            for (index, byte) in bytes.enumerated() { data[offset + index] = byte }
        }
    }
}

/// One cell of a two-dimensional R*Tree node: a point's rowid (or a child node) and its box.
private struct RTreeEntry {
    /// Bytes of a cell: the id and four 32-bit coordinates.
    static let bytes = 24

    var id: Int64
    var minX: Float
    var maxX: Float
    var minY: Float
    var maxY: Float

    init(id: Int64, minX: Float, maxX: Float, minY: Float, maxY: Float) {
        self.id = id
        self.minX = minX
        self.maxX = maxX
        self.minY = minY
        self.maxY = maxY
    }

    /// The box covering `entries`, with the given id.
    init(covering entries: ArraySlice<RTreeEntry>, id: Int64) {
        self.init(id: id, minX: .infinity, maxX: -.infinity, minY: .infinity, maxY: -.infinity)
        for entry in entries {
            minX = min(minX, entry.minX)
            maxX = max(maxX, entry.maxX)
            minY = min(minY, entry.minY)
            maxY = max(maxY, entry.maxY)
        }
    }

    var centerX: Float { minX / 2 + maxX / 2 }
    var centerY: Float { minY / 2 + maxY / 2 }

    /// Writes the cell at `offset` of a node's data, with `id` (the point's rowid, or the child's node number).
    func write(to data: inout [UInt8], at offset: Int, id: Int64) {
        Database.writeBigEndian(UInt64(bitPattern: id), to: &data, at: offset)
        for (index, coordinate) in [minX, maxX, minY, maxY].enumerated() {
            Database.writeBigEndian(coordinate.bitPattern, to: &data, at: offset + 8 + 4 * index)
        }
    }
}

extension Statement {
    /// Binds with `bind` (which returns SQLite's result code), runs the statement to its end and resets it.
    fileprivate func run(_ bind: (OpaquePointer) -> Int32) throws(DatabaseError) {
        sqlite3_reset(handle)
        let code = bind(handle)
        guard code == SQLITE_OK else {
            throw DatabaseError(code: code, on: sqlite3_db_handle(handle), sql: sql)
        }
        try execute()
    }
}
