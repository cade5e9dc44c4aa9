import Foundation
import GrubmapCore
import GrubmapStore
import GrubmapWeb

/// `grubmap api-key add|list|revoke`: an area's admin API keys, made as the console makes them (the token shown
/// once, only its digest kept), so organisers can script their set-ups. The audit log names the command line.
enum APIKeyCommand {
    static let help = """
        Usage: grubmap api-key <action> [options]

        Actions:
          add      Make an admin API key of an area and print its token (shown this once; only its digest is kept)
                   grubmap api-key add --area ID --scope read|write [--label TEXT]
          list     Every key, or one area's: id, area, scope, label, who made it and when, last use, revoked
                   grubmap api-key list [--area ID]
          revoke   Revoke a key; programs using it get 401 from then on: grubmap api-key revoke KEY-ID

        add prints the token alone on standard output (TOKEN=$(grubmap api-key add …)) and what it made on
        standard error. Programs send it as "Authorization: Bearer TOKEN" to the admin API (see the README).

        Options:
          --area ID         The area the key is for (add), or whose keys to list
          --scope SCOPE     read (places, archived ones too, and menus) or write (also changes them)
          --label TEXT      What the key is for, at most 80 characters (default "command line")
          --database PATH   SQLite database file (default \(defaultDatabasePath)), or a postgres://… URL
          --help            Show this help
        """

    /// Each option's line in the help, by name.
    private static let optionLines: [(name: String, line: String)] = [
        ("area", "  --area ID         The area the key is for (add), or whose keys to list"),
        ("scope", "  --scope SCOPE     read (places, archived ones too, and menus) or write (also changes them)"),
        ("label", "  --label TEXT      What the key is for, at most 80 characters (default \"command line\")"),
        (
            "database",
            "  --database PATH   SQLite database file (default \(defaultDatabasePath)), or a postgres://… URL"
        ),
        ("help", "  --help            Show this help"),
    ]

    /// One definition an action, for the parser, the completions and the man page; each action's `--help` names
    /// its own options.
    static let definitions = [
        ("add", "Make an admin API key of an area and print it", "--area ID --scope read|write [--label TEXT]"),
        ("list", "Every admin API key, or one area's", "[--area ID]"),
        ("revoke", "Revoke an admin API key", "KEY-ID"),
    ].map { action, summary, usage in
        let valued: [String] =
            switch action {
            case "add": ["area", "scope", "label", "database"]
            case "list": ["area", "database"]
            default: ["database"]
            }
        let options = optionLines.filter { valued.contains($0.name) || $0.name == "help" }.map(\.line)
        let description =
            switch action {
            case "add":
                """
                Makes an admin API key of an area, as the console does, and prints its token alone on standard
                output (TOKEN=$(grubmap api-key add …)); what it made goes to standard error. The token is shown
                this once: only its digest is kept. Programs send it as "Authorization: Bearer TOKEN".
                """
            case "list": "Every key, or one area's: id, area, scope, label, who made it and when, last use, state."
            default: "Revokes a key: programs using it get 401 from then on."
            }
        return CommandDefinition(
            words: ["api-key", action], summary: summary,
            help: "Usage: grubmap api-key \(action) \(usage) [--database PATH]\n\n\(description)\n\nOptions:\n"
                + options.joined(separator: "\n"),
            valued: Set(valued), flags: ["help"],
            choices: valued.contains("scope") ? ["scope": APIKey.Scope.allCases.map(\.rawValue)] : [:],
            paths: ["database"])
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let chosen = try ChosenAction.read(arguments, of: definitions, help: help) else { return 0 }
        let (action, command, options) = (chosen.name, chosen.command, chosen.options)
        let database = options["database"] ?? defaultDatabasePath
        try checkDatabaseArgument(database, command: command)
        switch action {
        case "add":
            guard options.positional.isEmpty else {
                throw UsageError(
                    "grubmap \(command): unexpected \"\(options.positional[0])\" (see grubmap api-key --help)")
            }
            return try add(options, command: command, database: database)
        case "list":
            guard options.positional.isEmpty else { throw UsageError("grubmap \(command): takes no arguments") }
            let store = try openStore(database)
            let areas =
                try options["area"].map { [try area($0, in: store, command: command).id] }
                ?? store.areas().map(\.id)
            try list(areas.flatMap { try store.apiKeys(inArea: $0) })
            return 0
        default:
            return try revoke(options, command: command, database: database)
        }
    }

    private static func add(_ options: Arguments, command: String, database: String) throws -> Int32 {
        guard let areaText = options["area"] else { throw UsageError("grubmap \(command): --area ID is required") }
        guard let scopeText = options["scope"] else {
            throw UsageError("grubmap \(command): --scope read|write is required")
        }
        guard let scope = APIKey.Scope(rawValue: scopeText) else {
            throw UsageError("grubmap \(command): --scope must be read or write, got \"\(scopeText.prefix(40))\"")
        }
        guard let label = APIKeyIssuer.label(options["label"] ?? "command line") else {
            throw UsageError(
                "grubmap \(command): --label must say what the key is for in 1 to \(APIKeyIssuer.labelLimit) characters"
            )
        }
        let store = try openStore(database)
        let area = try area(areaText, in: store, command: command)
        let (key, token) = try APIKeyIssuer(store: store, randomBytes: AppEnvironment.systemRandomBytes).make(
            area: area.id, scope: scope, label: label, by: .commandLine, now: Date())
        FileHandle.standardError.write(
            Data(
                ("made API key \(key.id) of \(area.id) (\(scope.rawValue)) \"\(label)\"; its token is below, shown "
                    + "this once\n").utf8))
        print(token)
        return 0
    }

    private static func revoke(_ options: Arguments, command: String, database: String) throws -> Int32 {
        guard options.positional.count == 1 else {
            throw UsageError("grubmap \(command): name one key: grubmap api-key revoke KEY-ID")
        }
        let text = options.positional[0]
        guard let id = try? APIKey.ID(text) else {
            throw UsageError("grubmap \(command): \"\(text.prefix(64))\" is not a key id (see grubmap api-key list)")
        }
        let store = try openStore(database)
        let key = try store.areas().lazy.compactMap { area in
            try store.apiKeys(inArea: area.id).first { $0.id == id }
        }.first
        guard let key else {
            throw UsageError("grubmap \(command): there is no API key \(id) (see grubmap api-key list)")
        }
        if try APIKeyIssuer(store: store, randomBytes: AppEnvironment.systemRandomBytes).revoke(
            key, by: .commandLine, now: Date())
        {
            print("revoked API key \(key.id) of \(key.areaID) \"\(key.label)\"; programs using it get 401 now")
        } else {
            print("API key \(key.id) of \(key.areaID) was revoked already")
        }
        return 0
    }

    /// The area `text` names, or a usage error naming the areas there are.
    private static func area(_ text: String, in store: any Store, command: String) throws -> Area {
        let areas = try store.areas()
        guard let id = try? Area.ID(text), let area = areas.first(where: { $0.id == id }) else {
            let known = areas.map(\.id.rawValue).joined(separator: ", ")
            throw UsageError(
                "grubmap \(command): there is no area \"\(text.prefix(64))\" (areas: \(known.isEmpty ? "none" : known))"
            )
        }
        return area
    }

    private static func list(_ keys: [APIKey]) throws {
        if keys.isEmpty { print("no API keys; make one with grubmap api-key add --area ID --scope read|write") }
        for key in keys {
            let used = key.lastUsedAt.map { "last used \($0.formatted(.iso8601))" } ?? "never used"
            let state = key.revokedAt.map { "revoked \($0.formatted(.iso8601))" } ?? "active"
            print(
                [
                    key.id.rawValue, key.areaID.rawValue, key.scope.rawValue, key.label,
                    "made by \(key.createdBy) \(key.createdAt.formatted(.iso8601))", used, state,
                ].joined(separator: "\t"))
        }
    }
}
