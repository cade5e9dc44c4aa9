/// HTTP header fields: ordered, names compared without regard to case, repeated names allowed.
public struct Headers: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    private var fields: [(name: String, value: String)]

    public init() {
        fields = []
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value for `name`, or `nil`; setting replaces every value of that name (`nil` removes them).
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.lowercased() == name.lowercased() }?.value }
        set {
            fields.removeAll { $0.name.lowercased() == name.lowercased() }
            if let newValue { fields.append((name, newValue)) }
        }
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// Adds a field, keeping any of the same name (for `Set-Cookie`).
    public mutating func add(name: String, value: String) {
        fields.append((name, value))
    }

    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        fields.makeIterator()
    }

    public static func == (lhs: Headers, rhs: Headers) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}
