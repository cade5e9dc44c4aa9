import GrubmapCore

/// The options of one subcommand, read from the command line: `--name value`, `--name=value` and bare flags.
///
/// Anything unknown, missing or malformed is a ``UsageError``: one clear line, exit status 2.
struct Arguments {
    /// Every value given for each option, in order (an option may be repeated).
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// Arguments that are not options, in order.
    private(set) var positional: [String] = []

    /// Reads `arguments` given the options that take a value and those that are bare flags.
    init(_ arguments: [String], command: String, valued: Set<String>, flags allowedFlags: Set<String>)
        throws(UsageError)
    {
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
            if allowedFlags.contains(name), inlineValue == nil {
                flags.insert(name)
            } else if valued.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                    values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError("grubmap \(command): --\(name) needs a value")
                }
            } else {
                throw UsageError("grubmap \(command): unknown option --\(name) (see grubmap \(command) --help)")
            }
        }
    }

    /// The value given for `--name` (the last, when it was given more than once), or `nil`.
    subscript(name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable `--name`, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether the flag `--name` was given.
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// `--place ID` of `command`: required, and a valid id.
    func placeID(command: String) throws(UsageError) -> Place.ID {
        guard let text = self["place"] else { throw UsageError("grubmap \(command): --place ID is required") }
        do {
            return try Place.ID(text)
        } catch {
            throw UsageError("grubmap \(command): --place: \(error.description)")
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
