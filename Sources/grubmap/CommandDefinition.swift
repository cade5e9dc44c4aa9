/// What one subcommand accepts, defined once: its parser reads the options from ``options``, `--help` prints
/// ``help`` made from them, and `grubmap completion` and `grubmap man` are made from every definition in ``all``.
struct CommandDefinition: Sendable {
    /// The words after `grubmap`: `["serve"]`, `["import", "menu"]`.
    let words: [String]
    /// One line for the command list, the completions and the man page.
    let summary: String
    /// What `--help` prints above the options: how the command is called and what it does.
    let usage: String
    /// Every option, in the order `--help` lists them; `--help` itself comes last.
    let options: [OptionSpec]
    /// How the shells complete the command's arguments that are not options.
    let arguments: Completion

    init(
        words: [String], summary: String, usage: String, options: [any OptionDeclaration],
        arguments: Completion = .nothing
    ) {
        self.words = words
        self.summary = summary
        self.usage = usage
        self.options = options.map(\.spec) + [Option.help.spec]
        self.arguments = arguments
    }

    /// `grubmap serve`, …: how messages name the command.
    var name: String { words.joined(separator: " ") }

    /// What `--help` prints: the usage, then a line or more for each option.
    var help: String { usage + "\n\nOptions:\n" + OptionSpec.lines(options) }

    /// Reads `arguments` as this command's options; `nil` when `--help` was given, which is then printed.
    func read(_ arguments: [String]) throws(UsageError) -> Arguments? {
        let options = try Arguments(arguments, self)
        guard !options.wantsHelp else {
            print(help)
            return nil
        }
        return options
    }

    /// Every subcommand, in the order the man page lists them.
    static let all: [CommandDefinition] =
        [
            ServeCommand.definition, MigrateCommand.definition, DistanceCommand.definition, FareCommand.definition,
            ImportCommand.menuDefinition, BasemapCommand.definition, PlacesCommand.importDefinition,
            PlacesCommand.exportDefinition, NearbyCommand.definition, RouteCommand.definition,
            CompletionCommand.definition, CompletionCommand.manDefinition,
        ] + OperatorCommand.definitions + FeedCommand.definitions + APIKeyCommand.definitions
}

/// The action a command of several (`grubmap feed set`, `grubmap operator add`, `grubmap api-key list`) was given,
/// with its options read as that action's definition says.
struct ChosenAction {
    /// The action's word: `set`, `add`, `list`.
    let name: String
    let options: Arguments

    /// How messages name it: `feed set`.
    var command: String { options.command }

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
        if options.wantsHelp {
            print(definition.help)
            return nil
        }
        return ChosenAction(name: action, options: options)
    }
}

/// How a shell completes a value.
enum Completion: Sendable, Equatable {
    /// Anything: the shell offers nothing.
    case nothing
    /// A file or a folder.
    case files
    /// One of a fixed few.
    case words([String])
}

/// One option of one command, whatever its type: what the parser, `--help`, the completions and the man page read.
/// Made by an ``Option``.
struct OptionSpec: OptionDeclaration {
    /// `port` for `--port`.
    let name: String
    /// What `--help` shows after the name (`PORT`); `nil` for a flag, which takes no value.
    let placeholder: String?
    /// What the option does, in a sentence or two; `--help` wraps it.
    let help: String
    /// The default as `--help` and docs/operating.md show it (`8080`, `1h`, `one per processor`); `nil` for none.
    let shownDefault: String?
    /// How the shells complete its value.
    let completion: Completion
    /// Reads one value given on the command line.
    let read: @Sendable (String) throws(OptionProblem) -> any Sendable

    var isFlag: Bool { placeholder == nil }
    var spec: OptionSpec { self }

    /// Where the help text starts, and how wide `--help` is.
    private static let column = 24
    private static let width = 118

    /// The options' part of `--help`: `--name PLACEHOLDER` then the help, wrapped, with the default at its end.
    static func lines(_ options: [any OptionDeclaration]) -> String {
        options.map(\.spec).map { option in
            let lead = "  --\(option.name)" + (option.placeholder.map { " \($0)" } ?? "")
            var text = option.help
            if let shown = option.shownDefault { text += " (default \(shown))" }
            let wrapped = wrap(text, width: width - column)
            let indent = String(repeating: " ", count: column)
            let first =
                lead.count <= column - 2
                ? lead.padding(toLength: column, withPad: " ", startingAt: 0) + wrapped[0]
                : lead + "\n" + indent + wrapped[0]
            return ([first] + wrapped.dropFirst().map { indent + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}

/// An ``Option`` of any type, as a command's table lists it.
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// One option of a command, declared once with everything about it: its name, the placeholder of its value, its
/// help, its default and the parser that turns the text given into a `Value`. Commands read the value typed:
/// `options[ServeCommand.port]`.
struct Option<Value: Sendable>: OptionDeclaration {
    let spec: OptionSpec
    /// What the command gets when the option is not given.
    let defaultValue: Value

    var name: String { spec.name }
    var placeholder: String? { spec.placeholder }

    /// An option with a value and a default; `shown` is the default as people read it, when `"\(default)"` is not.
    init(
        _ name: String, _ placeholder: String, _ parser: ValueParser<Value>, default: Value, shown: String? = nil,
        help: String
    ) {
        spec = OptionSpec(
            name: name, placeholder: placeholder, help: help, shownDefault: shown ?? Self.shown(`default`),
            completion: parser.completion, read: { text throws(OptionProblem) in try parser.read(text) })
        defaultValue = `default`
    }

    /// A default as people write it: a choice by its name (`text`, not `LogFormat.text`).
    private static func shown(_ value: Value) -> String {
        if let choice = value as? any RawRepresentable { return "\(choice.rawValue)" }
        return "\(value)"
    }

    /// An option with a value and no default: `nil` when it is not given (`shown` says what happens then, if
    /// anything does).
    init<Wrapped>(
        _ name: String, _ placeholder: String, _ parser: ValueParser<Wrapped>, shown: String? = nil, help: String
    ) where Value == Wrapped? {
        spec = OptionSpec(
            name: name, placeholder: placeholder, help: help, shownDefault: shown, completion: parser.completion,
            read: { text throws(OptionProblem) in try parser.read(text) })
        defaultValue = nil
    }
}

extension Option where Value == Bool {
    /// A flag: `true` when it is given.
    init(flag name: String, help: String) {
        spec = OptionSpec(
            name: name, placeholder: nil, help: help, shownDefault: nil, completion: .nothing,
            read: { _ throws(OptionProblem) in true })
        defaultValue = false
    }

    /// Every command's `--help`.
    static let help = Option(flag: "help", help: "Show this help")
}

/// What was wrong with an option's value, said after the option's name.
enum OptionProblem: Error {
    /// `--port must be a whole number from 0 to 65535, got "x"`.
    case mustBe(String, got: String)
    /// `--default-area: …`, in the words of what refused it.
    case refused(String)
    /// `--database needs a path or a postgres:// URL`: the words after the name as they are.
    case says(String)

    /// The message's words after `--name`.
    var text: String {
        switch self {
        case .mustBe(let what, let got): " must be \(what), got \"\(got.prefix(200))\""
        case .refused(let reason): ": \(reason)"
        case .says(let words): " \(words)"
        }
    }
}

/// Turns an option's text into a typed value, or says what is wrong with it.
struct ValueParser<Value: Sendable>: Sendable {
    /// How the shells complete the value.
    var completion: Completion = .nothing
    let read: @Sendable (String) throws(OptionProblem) -> Value
}

extension ValueParser where Value == String {
    /// Any text.
    static let text = ValueParser { text throws(OptionProblem) in text }

    /// A file or a folder.
    static let path = ValueParser(completion: .files) { text throws(OptionProblem) in
        guard !text.isEmpty else { throw .says("needs a path") }
        return text
    }

    /// A SQLite file or a `postgres://` URL.
    static let database = ValueParser(completion: .files) { text throws(OptionProblem) in
        guard !text.isEmpty else { throw .says("needs a path or a postgres:// URL") }
        return text
    }

    /// An `http://` or `https://` address.
    static let webAddress = ValueParser { text throws(OptionProblem) in
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            throw .mustBe("an address starting with http:// or https://", got: text)
        }
        return text
    }
}

extension ValueParser where Value == Int {
    /// A whole number in `range`.
    static func number(in range: ClosedRange<Int>) -> ValueParser {
        ValueParser { text throws(OptionProblem) in
            guard let value = Int(text), range.contains(value) else {
                throw .mustBe("a whole number from \(range.lowerBound) to \(range.upperBound)", got: text)
            }
            return value
        }
    }

    /// A whole number of at least `lowest`.
    static func number(from lowest: Int) -> ValueParser {
        ValueParser { text throws(OptionProblem) in
            guard let value = Int(text), value >= lowest else {
                throw .mustBe("a whole number from \(lowest)", got: text)
            }
            return value
        }
    }
}

extension ValueParser where Value == UInt16 {
    /// A TCP port; `0` lets the system pick a free one when `allowsZero`.
    static func port(allowsZero: Bool) -> ValueParser {
        let lowest = allowsZero ? 0 : 1
        return ValueParser { text throws(OptionProblem) in
            guard let port = UInt16(text), port >= lowest else {
                throw .mustBe("a whole number from \(lowest) to 65535", got: text)
            }
            return port
        }
    }
}

extension ValueParser where Value: RawRepresentable<String> & CaseIterable & Sendable {
    /// One of the type's cases by its name, completed by the shells: `text` or `json`.
    static func choice(_ cases: [Value] = Array(Value.allCases)) -> ValueParser {
        let names = cases.map(\.rawValue)
        return ValueParser(completion: .words(names)) { text throws(OptionProblem) in
            guard let value = Value(rawValue: text), cases.contains(where: { $0.rawValue == text }) else {
                throw .mustBe(names.dropLast().joined(separator: ", ") + " or " + (names.last ?? ""), got: text)
            }
            return value
        }
    }
}

extension ValueParser {
    /// What `make` reads from the text, with its error's description after the option's name when it refuses.
    static func described(
        completion: Completion = .nothing, _ make: @escaping @Sendable (String) throws -> Value
    ) -> ValueParser {
        ValueParser(completion: completion) { text throws(OptionProblem) in
            do {
                return try make(text)
            } catch {
                throw .refused("\(error)")
            }
        }
    }
}
