/// One SQL statement and the values bound to it, written as a string interpolation, after GRDB's `SQL`:
///
///     let sql: SQL = "SELECT \(sql: StoreRows.placeColumns) FROM places WHERE id = \(id) AND area_id = \(areaID)"
///
/// Every interpolated value (any ``DatabaseValueConvertible``: ids, dates, numbers, text, bytes, optionals) becomes
/// a parameter, written for the database by ``text(for:)`` (`?` for SQLite, `$1`, `$2`, … for PostgreSQL) and bound
/// with its value, so the value and its place in the statement are written together and never drift apart. Text is
/// added to the statement only through `\(sql:)`, which splices another `SQL` (a column list, the dialect's
/// locking clause) with any values of its own, and through ``identifier(_:)``: a `String` interpolated without
/// `sql:` is a value, never SQL. The literal text is never read again, so a `?` or `$1` in a string literal or a
/// comment is only text.
public struct SQL: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The text before, between and after the values: always one more piece than there are values.
    private var pieces: [String]
    /// The bound values, in the order they appear.
    public private(set) var values: [DatabaseValue]

    private init(pieces: [String], values: [DatabaseValue]) {
        self.pieces = pieces
        self.values = values
    }

    /// SQL text without values.
    public init(stringLiteral text: String) {
        self.init(pieces: [text], values: [])
    }

    /// SQL text with values in it.
    public init(stringInterpolation: StringInterpolation) {
        self = stringInterpolation.sql
    }

    /// A name chosen at run time (a table, a database), as a quoted identifier: `"grubmap_migrations"`.
    ///
    /// Both databases read double quotes as an identifier that keeps its exact spelling (PostgreSQL would fold an
    /// unquoted one to lower case); a `"` in the name is doubled, so the name cannot end the identifier early.
    public static func identifier(_ name: String) -> SQL {
        precondition(!name.utf8.contains(0), "an SQL identifier cannot contain a NUL character")
        return SQL(stringLiteral: "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
    }

    /// `prefix`, then `rows` as a `VALUES`-style list of parenthesised rows (`(?, ?), (?, ?)`), then `suffix`: a
    /// many-row insert built straight from its values (interpolating each row costs more than running it).
    public static func rows(_ prefix: String, _ rows: [[DatabaseValue]], _ suffix: String) -> SQL {
        var pieces = [prefix + "("]
        var values: [DatabaseValue] = []
        pieces.reserveCapacity(rows.reduce(1) { $0 + $1.count })
        values.reserveCapacity(pieces.capacity)
        for (rowOffset, row) in rows.enumerated() {
            for (offset, value) in row.enumerated() {
                values.append(value)
                pieces.append(offset < row.count - 1 ? ", " : rowOffset < rows.count - 1 ? "), (" : ")" + suffix)
            }
        }
        return SQL(pieces: pieces, values: values)
    }

    /// The fragments one after another with `separator` between them, values and all, built in one pass (appending
    /// fragments one by one copies the statement each time, which a thousand-row `VALUES` list cannot afford).
    public static func joined(_ fragments: [SQL], separator: String) -> SQL {
        var pieces = [""]
        var values: [DatabaseValue] = []
        pieces.reserveCapacity(fragments.reduce(1) { $0 + $1.pieces.count })
        for (offset, fragment) in fragments.enumerated() {
            if offset > 0 { pieces[pieces.count - 1] += separator }
            pieces[pieces.count - 1] += fragment.pieces[0]
            pieces += fragment.pieces.dropFirst()
            values += fragment.values
        }
        return SQL(pieces: pieces, values: values)
    }

    /// `values` as lists for `IN (…)`, at most 256 to a list, each padded to a power of two by repeating its last
    /// value (which changes no `IN`), so reading any number of ids prepares at most nine statements per connection.
    public static func inLists<Value: DatabaseValueConvertible>(_ values: [Value]) -> [SQL] {
        stride(from: 0, to: values.count, by: 256).map { start in
            let chunk = values[start..<min(start + 256, values.count)]
            var size = 1
            while size < chunk.count { size *= 2 }
            let last = chunk[chunk.endIndex - 1].databaseValue
            let padded = chunk.map(\.databaseValue) + Array(repeating: last, count: size - chunk.count)
            var pieces = [""]
            pieces.reserveCapacity(padded.count + 1)
            for offset in padded.indices { pieces.append(offset < padded.count - 1 ? ", " : "") }
            return SQL(pieces: pieces, values: padded)
        }
    }

    /// The statement's text for `dialect`, with a placeholder where each value goes: `?` on SQLite, `$1`, `$2`, …
    /// on PostgreSQL, numbered in the order of ``values``.
    public func text(for dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite:
            return pieces.joined(separator: "?")
        case .postgreSQL:
            var text = pieces[0]
            for (offset, piece) in pieces.dropFirst().enumerated() {
                text += "$\(offset + 1)"
                text += piece
            }
            return text
        }
    }

    /// The text with `?` for each value, for messages. Values are left out: they may hold personal data.
    public var description: String { text(for: .sqlite) }

    /// Builds an ``SQL`` from a string interpolation: literal text as SQL, `\(value)` as a bound value,
    /// `\(sql: fragment)` as SQL spliced in.
    public struct StringInterpolation: StringInterpolationProtocol {
        var sql = SQL(pieces: [""], values: [])

        /// Makes an empty statement, with room for the given amount of text.
        public init(literalCapacity: Int, interpolationCount: Int) {
            sql.pieces[0].reserveCapacity(literalCapacity + interpolationCount)
        }

        /// Appends SQL text written in the literal.
        public mutating func appendLiteral(_ literal: String) {
            sql.pieces[sql.pieces.count - 1] += literal
        }

        /// Appends a parameter bound to `value`.
        public mutating func appendInterpolation(_ value: some DatabaseValueConvertible) {
            sql.values.append(value.databaseValue)
            sql.pieces.append("")
        }

        /// Appends a parameter bound to `value`, or to `NULL` when it is `nil`. (An optional is a value like any
        /// other here; this overload only tells the compiler so, which would otherwise warn as it does for text.)
        public mutating func appendInterpolation<Value: DatabaseValueConvertible>(_ value: Value?) {
            appendInterpolation(value.databaseValue)
        }

        /// Appends another statement's text and values as they are: a column list, a clause, a condition.
        public mutating func appendInterpolation(sql fragment: SQL) {
            sql.pieces[sql.pieces.count - 1] += fragment.pieces[0]
            sql.pieces += fragment.pieces.dropFirst()
            sql.values += fragment.values
        }
    }
}
