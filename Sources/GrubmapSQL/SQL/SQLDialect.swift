/// What differs between SQLite and PostgreSQL in Grubmap's SQL, all in one place.
///
/// Everything else is written once: values bound through ``SQL`` interpolation (its placeholders are the one
/// thing rendered per database, by ``SQL/text(for:)``), `INSERT … ON CONFLICT … DO UPDATE`, `TEXT`, `BIGINT` and
/// `DOUBLE PRECISION` columns. How transactions begin belongs to each ``SQLConnectionPool``, and "rows changed" to
/// each ``SQLConnection``.
public enum SQLDialect: String, Hashable, Sendable, CustomStringConvertible {
    /// SQLite.
    case sqlite = "SQLite"
    /// PostgreSQL, in the connection's current schema.
    case postgreSQL = "PostgreSQL"

    /// Added to a `SELECT` in a write transaction to lock the rows it reads until the transaction ends:
    /// nothing on SQLite, whose write transactions (`BEGIN IMMEDIATE`) already exclude every other writer;
    /// ` FOR UPDATE` on PostgreSQL, where concurrent writers would otherwise each read the old row.
    public var lockingClause: SQL {
        switch self {
        case .sqlite: ""
        case .postgreSQL: " FOR UPDATE"
        }
    }

    /// The type of byte columns in migrations, written `BLOB`: `BLOB` on SQLite, `BYTEA` on PostgreSQL.
    public var blobType: String {
        switch self {
        case .sqlite: "BLOB"
        case .postgreSQL: "BYTEA"
        }
    }

    /// A query that returns a row when a table of this name exists.
    public func tableExists(_ name: String) -> SQL {
        switch self {
        case .sqlite:
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = \(name)"
        case .postgreSQL:
            "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = \(name)"
        }
    }

    /// A migration's SQL for this database: each `BLOB` type written as ``blobType``.
    ///
    /// Only the whole word `BLOB` in upper case is replaced, the way migrations write the type; never put the
    /// word in a migration's string literals.
    public func migrationSQL(_ sql: String) -> String {
        guard blobType != "BLOB" else { return sql }
        var result = ""
        var word = ""
        for character in sql {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            result += word == "BLOB" ? blobType : word
            word = ""
            result.append(character)
        }
        return result + (word == "BLOB" ? blobType : word)
    }

    /// `SQLite` or `PostgreSQL`.
    public var description: String { rawValue }
}
