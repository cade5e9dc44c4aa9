import GrubmapCore

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

    /// Which of a counter's rows a statement adds to (`popular_counts.shard`): always the one on SQLite, whose
    /// writers take turns anyway; on PostgreSQL one of 16 by the server process running the statement, so the
    /// check-ins of one place in one hour, each on a connection of its own, do not wait for each other's commit on
    /// one row (they did: 8 writers at one place made 1,763 to 2,045 commits a second with one row, 5,613 to 6,304
    /// without the counter, pgbench, fsync on). Readers add the rows up.
    public var counterShard: SQL {
        switch self {
        case .sqlite: "0"
        case .postgreSQL: "pg_backend_pid() % 16"
        }
    }

    /// The type of byte columns in migrations: `BLOB` on SQLite, `BYTEA` on PostgreSQL.
    public var blobType: String {
        switch self {
        case .sqlite: "BLOB"
        case .postgreSQL: "BYTEA"
        }
    }

    /// A numbered key the database gives, never reused, in migrations: `INTEGER PRIMARY KEY AUTOINCREMENT` on SQLite,
    /// `BIGSERIAL PRIMARY KEY` (a sequence) on PostgreSQL.
    public var serialPrimaryKey: String {
        switch self {
        case .sqlite: "INTEGER PRIMARY KEY AUTOINCREMENT"
        case .postgreSQL: "BIGSERIAL PRIMARY KEY"
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

    /// The expression places are ordered by "by name" in `language` (``LocalizedText/sortKey(in:)``): the text in
    /// the language, else in the other one, else the stored JSON, ASCII letters lowered, compared byte by byte.
    /// Migration 7 indexes it, so queries must spell it exactly so (change it only with a new migration).
    /// On SQLite a name that is not JSON (a row broken by hand) sorts by its text rather than failing the write;
    /// on PostgreSQL the function `grubmap_name_key` does the same.
    public func nameSortKey(_ language: Language) -> String {
        let other: Language = language == .english ? .korean : .english
        switch self {
        case .sqlite:
            return "lower(CASE WHEN json_valid(name) THEN coalesce(json_extract(name, '$.\(language.rawValue)'), "
                + "json_extract(name, '$.\(other.rawValue)'), name) ELSE name END)"
        case .postgreSQL:
            return "grubmap_name_key(name, '\(language.rawValue)', '\(other.rawValue)')"
        }
    }

    /// `id` as ordered in SQL like Swift orders ids (byte by byte): PostgreSQL would otherwise use the database's
    /// collation, which in most locales skips hyphens.
    public var idInByteOrder: SQL {
        switch self {
        case .sqlite: "id"
        case .postgreSQL: #"id COLLATE "C""#
        }
    }

    /// How an import spreads its writes over transactions: SQLite's writes hold its one write lock, so they go in
    /// transactions sized by time (``ImportPacing``) and let check-ins in between; PostgreSQL's lock only the rows
    /// they touch, so all go in one transaction (`nil`).
    var importPacing: ImportPacing? {
        switch self {
        case .sqlite: ImportPacing()
        case .postgreSQL: nil
        }
    }

    /// A query of one number, `version`, that moves when another connection has committed since this one last
    /// asked, its own commits leaving it (SQLite's `PRAGMA data_version`): how an import paced by ``importPacing``
    /// tells whether others are writing.
    var othersCommitsQuery: SQL {
        switch self {
        case .sqlite: "SELECT data_version AS version FROM pragma_data_version"
        case .postgreSQL: "SELECT 0 AS version"
        }
    }

    /// Settings for a connection that imports many places, and the statements that set them back before the
    /// connection returns to its pool. SQLite: a bigger page cache for the database and the staging table (a
    /// million places' indexes thrash the default 2 MB, several writes and reads a row), and WAL checkpoints
    /// every 64 MB rather than 4 MB (each costs an fsync). PostgreSQL needs none.
    public var bulkSettings: (apply: [SQL], restore: [SQL]) {
        switch self {
        case .sqlite:
            (
                ["PRAGMA cache_size = -98304", "PRAGMA temp.cache_size = -32768", "PRAGMA wal_autocheckpoint = 16384"],
                ["PRAGMA cache_size = -2000", "PRAGMA temp.cache_size = -2000", "PRAGMA wal_autocheckpoint = 1000"]
            )
        case .postgreSQL: ([], [])
        }
    }

    /// `SQLite` or `PostgreSQL`.
    public var description: String { rawValue }
}
