import GrubmapSQL

/// `grubmap migrate`: creates or upgrades the database schema and says where it stands.
enum MigrateCommand {
    static let database = SharedOptions.database(
        "SQLite database file, or a PostgreSQL database: postgres://USER@HOST:PORT/DB, "
            + "postgresql://USER@%2Frun%2Fpostgresql/DB (a socket folder), ?sslmode=… and other libpq parameters")
    static let databaseTimeout = Option(
        "database-timeout-ms", "N", .number(in: 100...600_000), default: 5000,
        help: "PostgreSQL: how long to wait for a connection")

    static let definition = CommandDefinition(
        words: ["migrate"], summary: "Create or upgrade the database schema",
        usage: """
            Usage: grubmap migrate [--database PATH|postgres://…] [--database-timeout-ms N]

            Creates the database if it is missing (a SQLite file) and applies any pending schema migrations. A database
            made by a newer grubmap is refused and left unchanged.
            """,
        options: [database, databaseTimeout])

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let options = try definition.read(arguments) else { return 0 }
        try options.expectNoPositional()
        let database = options[Self.database]
        let timeout = options[databaseTimeout]
        let applied =
            isPostgresURL(database)
            ? try PostgresStore.migrate(
                configuration: PostgresConfiguration(url: database, timeoutSeconds: Double(timeout) / 1000))
            : try SQLiteStore.migrate(path: database)
        let versions = applied.isEmpty ? "" : " (applied \(applied.map { String($0.version) }.joined(separator: ", ")))"
        print("\(databaseName(database)) is at schema version \(Schema.migrations.last?.version ?? 0)\(versions)")
        return 0
    }
}
