import GrubmapSQL

/// `grubmap migrate`: creates or upgrades the database schema and says where it stands.
enum MigrateCommand {
    static let help = """
        Usage: grubmap migrate [--database PATH|postgres://…] [--database-timeout-ms N]

        Creates the database if it is missing (a SQLite file) and applies any pending schema migrations. A database
        made by a newer grubmap is refused and left unchanged.

        Options:
          --database PATH   SQLite database file (default \(defaultDatabasePath)), or a PostgreSQL database:
                            postgres://USER@HOST:PORT/DB, postgresql://USER@%2Frun%2Fpostgresql/DB (a socket
                            folder), ?sslmode=… and other libpq parameters
          --database-timeout-ms N
                            PostgreSQL: how long to wait for a connection (default 5000)
          --help            Show this help
        """

    static let definition = CommandDefinition(
        words: ["migrate"], summary: "Create or upgrade the database schema", help: help,
        valued: ["database", "database-timeout-ms"], flags: ["help"], paths: ["database"])

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, definition)
        if options.has("help") {
            print(help)
            return 0
        }
        guard options.positional.isEmpty else {
            throw UsageError("grubmap migrate: unexpected argument \"\(options.positional[0])\"")
        }
        let database = options["database"] ?? defaultDatabasePath
        try checkDatabaseArgument(database, command: "migrate")
        let timeout = try databaseTimeout(options, command: "migrate")
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
