/// The values bound to a statement's parameters: positional ones for `?` (in order, from index 1) and named
/// ones for `:name`, `@name` or `$name`.
///
///     try db.execute("INSERT INTO t (a, b) VALUES (?, ?)", arguments: [42, "text"])
///     try db.execute("INSERT INTO t (a, b) VALUES (:a, :b)", arguments: ["a": 42, "b": nil])
///
/// Binding checks that every parameter of the statement gets exactly one value.
public struct StatementArguments: Hashable, Sendable, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// Values for parameters 1, 2, … in order.
    public var positional: [DatabaseValue]
    /// Values by parameter name, with or without the `:`, `@` or `$` prefix.
    public var named: [String: DatabaseValue]

    /// Arguments from raw values.
    public init(positional: [DatabaseValue] = [], named: [String: DatabaseValue] = [:]) {
        self.positional = positional
        self.named = named
    }

    /// Positional arguments; `nil` binds `NULL`.
    public init(_ values: [(any DatabaseValueConvertible)?]) {
        self.init(positional: values.map { $0?.databaseValue ?? .null })
    }

    /// Named arguments; `nil` binds `NULL`.
    public init(_ values: [String: (any DatabaseValueConvertible)?]) {
        self.init(named: values.mapValues { $0?.databaseValue ?? .null })
    }

    /// Positional arguments: `[1, "text", nil]`.
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(elements)
    }

    /// Named arguments: `["id": 1, "name": nil]`. A name given twice is a programming error and traps.
    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        var named: [String: DatabaseValue] = [:]
        for (name, value) in elements {
            precondition(named[name] == nil, "argument \(name) is given twice")
            named[name] = value?.databaseValue ?? .null
        }
        self.init(named: named)
    }

    /// Whether there are no values at all.
    public var isEmpty: Bool { positional.isEmpty && named.isEmpty }
}
