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
