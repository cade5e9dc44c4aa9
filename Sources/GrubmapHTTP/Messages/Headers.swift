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
        get { fields.first { Self.isSameName($0.name, name) }?.value }
        set {
            // Most sets add a field not there yet: no rebuilding of the list (nor copying a shared one) for them.
            if fields.contains(where: { Self.isSameName($0.name, name) }) {
                fields.removeAll { Self.isSameName($0.name, name) }
            }
            if let newValue { fields.append((name, newValue)) }
        }
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.isSameName($0.name, name) }.map(\.value)
    }

    /// Whether two field names are the same but for the case of their ASCII letters (names are ASCII tokens),
    /// compared byte by byte without making lowercased copies: every request looks up dozens of fields.
    static func isSameName(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                guard left.count == right.count else { return false }
                for index in left.indices where left[index] != right[index] {
                    let folded = left[index] | 0x20
                    guard folded == right[index] | 0x20, folded >= UInt8(ascii: "a"), folded <= UInt8(ascii: "z")
                    else { return false }
                }
                return true
            }
        }
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
