import GrubmapCore

/// The options of one subcommand, read from the command line as its ``CommandDefinition`` declares them:
/// `--name value`, `--name=value` and bare flags, each value read by its option's parser as it is met.
///
/// Anything unknown, missing or malformed is a ``UsageError``: one clear line, exit status 2.
struct Arguments {
    /// How messages name the command: `serve`, `import menu`.
    let command: String
    /// Every value read for each option, in order (an option may be repeated); a flag given holds `true`.
    private var values: [String: [any Sendable]] = [:]
    /// Arguments that are not options, in order.
    private(set) var positional: [String] = []
    /// The names of the command's options, so reading one it does not declare is caught in debug builds.
    private let declared: Set<String>

    /// Reads `arguments` against `definition`'s options.
    init(_ arguments: [String], _ definition: CommandDefinition) throws(UsageError) {
        command = definition.name
        declared = Set(definition.options.map(\.name))
        let options = Dictionary(definition.options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument != "--" else {
                positional.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = options[name], !(option.isFlag && inlineValue != nil) else {
                throw UsageError("grubmap \(command): unknown option --\(name) (see grubmap \(command) --help)")
            }
            if option.isFlag {
                values[name, default: []].append(true)
                continue
            }
            let text: String
            if let inlineValue {
                text = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                text = arguments[index]
                index += 1
            } else {
                throw UsageError("grubmap \(command): --\(name) needs a value")
            }
            do {
                values[name, default: []].append(try option.read(text))
            } catch {
                throw UsageError("grubmap \(command): --\(name)\(error.text)")
            }
        }
    }

    /// The value given for `option` (the last, when it was given more than once), or its default.
    subscript<Value>(option: Option<Value>) -> Value {
        assert(declared.contains(option.name), "grubmap \(command) reads --\(option.name) without declaring it")
        return values[option.name]?.last.flatMap { $0 as? Value } ?? option.defaultValue
    }

    /// Every value given for a repeatable `option`, in order.
    func all<Wrapped>(_ option: Option<Wrapped?>) -> [Wrapped] {
        assert(declared.contains(option.name), "grubmap \(command) reads --\(option.name) without declaring it")
        return values[option.name]?.compactMap { $0 as? Wrapped } ?? []
    }

    /// Whether `option` was given at all.
    func has<Value>(_ option: Option<Value>) -> Bool {
        assert(declared.contains(option.name), "grubmap \(command) reads --\(option.name) without declaring it")
        return values[option.name] != nil
    }

    /// The value of an option the command cannot do without: `--place ID is required` when it is missing.
    func required<Wrapped>(_ option: Option<Wrapped?>) throws(UsageError) -> Wrapped {
        guard let value = self[option] else {
            throw UsageError("grubmap \(command): --\(option.name) \(option.placeholder ?? "") is required")
        }
        return value
    }

    /// Whether `--help` was given; every command has it.
    var wantsHelp: Bool { has(Option.help) }

    /// The one argument that is not an option, for commands that take exactly one: `give one WHAT` otherwise.
    func single(_ what: String) throws(UsageError) -> String {
        guard positional.count == 1 else {
            throw UsageError("grubmap \(command): give one \(what) (see grubmap \(command) --help)")
        }
        return positional[0]
    }

    /// Refuses arguments that are not options, for commands that take none.
    func expectNoPositional() throws(UsageError) {
        if let first = positional.first {
            throw UsageError("grubmap \(command): unexpected argument \"\(first)\" (see grubmap \(command) --help)")
        }
    }
}

/// A mistake on the command line: printed as one line on stderr, exit status 2.
struct UsageError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
