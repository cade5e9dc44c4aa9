/// What one subcommand accepts, defined once: its parser reads the options from here, `--help` prints ``help``, and
/// `grubmap completion` and `grubmap man` are made from every definition in ``all``.
struct CommandDefinition: Sendable {
    /// The words after `grubmap`: `["serve"]`, `["import", "menu"]`.
    let words: [String]
    /// One line for the command list, the completions and the man page.
    let summary: String
    /// What `--help` prints.
    let help: String
    /// Options that take a value.
    let valued: Set<String>
    /// Options without a value; `help` is one of every command's.
    let flags: Set<String>
    /// The values an option accepts, when they are a fixed few (completed by the shells).
    var choices: [String: [String]] = [:]
    /// Options whose value is a file or a folder (completed as paths).
    var paths: Set<String> = []

    /// `grubmap serve`, …: how messages name the command.
    var name: String { words.joined(separator: " ") }

    /// Every option, sorted: values first, then flags.
    var options: [String] { valued.sorted() + flags.sorted() }

    /// Every subcommand, in the order the man page lists them.
    static let all: [CommandDefinition] =
        [
            ServeCommand.definition, MigrateCommand.definition, DistanceCommand.definition, FareCommand.definition,
            ImportCommand.menuDefinition, BasemapCommand.definition, PlacesCommand.importDefinition,
            PlacesCommand.exportDefinition, NearbyCommand.definition,
            CompletionCommand.definition, CompletionCommand.manDefinition,
        ] + OperatorCommand.definitions + FeedCommand.definitions + APIKeyCommand.definitions
}

extension Arguments {
    /// Reads `arguments` as `definition` says.
    init(_ arguments: [String], _ definition: CommandDefinition) throws(UsageError) {
        try self.init(arguments, command: definition.name, valued: definition.valued, flags: definition.flags)
    }
}

/// The action a command of several (`grubmap feed set`, `grubmap operator add`, `grubmap api-key list`) was given,
/// with its options read as that action's definition says.
struct ChosenAction {
    /// The action's word: `set`, `add`, `list`.
    let name: String
    /// How messages name it: `feed set`.
    let command: String
    let options: Arguments

    /// Reads `arguments` (what follows the command's first word) against `definitions`, one for each action; `nil`
    /// when help was asked for and printed: `help` before an action, the action's own after it. No action, an option
    /// where the action goes, or an unknown one is a ``UsageError`` that names the actions.
    static func read(_ arguments: [String], of definitions: [CommandDefinition], help: String) throws(UsageError)
        -> ChosenAction?
    {
        let group = definitions.first?.words.first ?? "grubmap"
        let names = definitions.compactMap(\.words.last)
        guard let action = arguments.first, !action.hasPrefix("--") || action == "--help" else {
            let listed = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
            throw UsageError("grubmap \(group): say what to do: \(listed) (see grubmap \(group) --help)")
        }
        if ["--help", "-h", "help"].contains(action) {
            print(help)
            return nil
        }
        guard let definition = definitions.first(where: { $0.words.last == action }) else {
            throw UsageError("grubmap \(group): unknown action \"\(action)\" (see grubmap \(group) --help)")
        }
        let options = try Arguments(Array(arguments.dropFirst()), definition)
        if options.has("help") {
            print(definition.help)
            return nil
        }
        return ChosenAction(name: action, command: definition.name, options: options)
    }
}
