import GrubmapStore

/// `grubmap migrate`: creates or upgrades the database schema and says where it stands.
enum MigrateCommand {
    static let help = """
        Usage: grubmap migrate [--database PATH]

        Creates the database if it is missing and applies any pending schema migrations.

        Options:
          --database PATH   SQLite database file (default \(defaultDatabasePath))
          --help            Show this help
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, command: "migrate", valued: ["database"], flags: ["help"])
        if options.has("help") {
            print(help)
            return 0
        }
        guard options.positional.isEmpty else {
            throw UsageError("grubmap migrate: unexpected argument \"\(options.positional[0])\"")
        }
        let database = options["database"] ?? defaultDatabasePath
        try checkDatabaseArgument(database, command: "migrate")
        let store = try SQLiteStore(path: database)
        try store.migrate()
        print("\(database) is at schema version \(Schema.migrations.last?.version ?? 0)")
        return 0
    }
}
