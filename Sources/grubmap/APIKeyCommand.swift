import Foundation
import GrubmapCore
import GrubmapStore
import GrubmapWeb

/// `grubmap api-key add|list|revoke`: an area's admin API keys, made as the console makes them (the token shown
/// once, only its digest kept), so organisers can script their set-ups. The audit log names the command line.
enum APIKeyCommand {
    static let area = Option("area", "ID", .text, help: "The area the key is for (add), or whose keys to list")
    static let scope = Option(
        "scope", "read|write", ValueParser<APIKey.Scope>.choice(),
        help: "read (places, archived ones too, and menus) or write (also changes them)")
    static let label = Option(
        "label", "TEXT",
        ValueParser { text throws(OptionProblem) in
            guard let label = APIKeyIssuer.label(text) else {
                throw .says("must say what the key is for in 1 to \(APIKeyIssuer.labelLimit) characters")
            }
            return label
        }, default: "command line", shown: "\"command line\"",
        help: "What the key is for, at most \(APIKeyIssuer.labelLimit) characters")
    static let database = SharedOptions.database()

    /// What `grubmap api-key --help` prints: every action, then every option of any of them.
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
        """ + "\n" + OptionSpec.lines([area, scope, label, database, Option.help])

    /// One definition an action, for the parser, the completions and the man page; each action's `--help` names
    /// its own options.
    static let definitions = [
        CommandDefinition(
            words: ["api-key", "add"], summary: "Make an admin API key of an area and print it",
            usage: """
                Usage: grubmap api-key add --area ID --scope read|write [--label TEXT] [--database PATH]

                Makes an admin API key of an area, as the console does, and prints its token alone on standard
                output (TOKEN=$(grubmap api-key add …)); what it made goes to standard error. The token is shown
                this once: only its digest is kept. Programs send it as "Authorization: Bearer TOKEN".
                """,
            options: [area, scope, label, database]),
        CommandDefinition(
            words: ["api-key", "list"], summary: "Every admin API key, or one area's",
            usage: """
                Usage: grubmap api-key list [--area ID] [--database PATH]

                Every key, or one area's: id, area, scope, label, who made it and when, last use, state.
                """,
            options: [area, database]),
        CommandDefinition(
            words: ["api-key", "revoke"], summary: "Revoke an admin API key",
            usage: """
                Usage: grubmap api-key revoke KEY-ID [--database PATH]

                Revokes a key: programs using it get 401 from then on.
                """,
            options: [database]),
    ]

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let chosen = try ChosenAction.read(arguments, of: definitions, help: help) else { return 0 }
        let (action, command, options) = (chosen.name, chosen.command, chosen.options)
        let database = options[Self.database]
        switch action {
        case "add":
            try options.expectNoPositional()
            return try add(options, command: command, database: database)
        case "list":
            try options.expectNoPositional()
            let store = try openStore(database)
            let areas =
                try options[area].map { [try area($0, in: store, command: command).id] }
                ?? store.areas().map(\.id)
            try list(areas.flatMap { try store.apiKeys(inArea: $0) })
            return 0
        default:
            return try revoke(options, command: command, database: database)
        }
    }

    private static func add(_ options: Arguments, command: String, database: String) throws -> Int32 {
        let areaText = try options.required(Self.area)
        let scope = try options.required(Self.scope)
        let label = options[Self.label]
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
