import Foundation

/// Ordered name/value pairs from a query string or an `application/x-www-form-urlencoded` body.
public struct QueryFields: Sendable, Hashable, Sequence {
    /// The pairs in the order they came, decoded.
    public private(set) var pairs: [(name: String, value: String)]

    public init(_ pairs: [(name: String, value: String)] = []) {
        self.pairs = pairs
    }

    /// Decodes `a=1&b=x+y&c=%E2%9C%93` as the URL Standard's urlencoded parser does: `+` is a space, empty
    /// pieces are skipped, a name without `=` has an empty value. A malformed `%`-escape or bytes that are not
    /// UTF-8 throw ``HTTPError`` 400 rather than being passed on half-decoded.
    public init(urlEncoded text: String) throws(HTTPError) {
        let (fields, isMalformed) = Self.decodeLeniently(text)
        if isMalformed { throw Self.malformed }
        self = fields
    }

    /// The 400 for a query or form with a malformed `%`-escape or bytes that are not UTF-8.
    static let malformed = HTTPError(
        .badRequest, code: "bad_query", message: "The query or form has a malformed %-escape.")

    /// Decodes like ``init(urlEncoded:)`` but never fails: a name or value that cannot be decoded is kept as sent,
    /// and `isMalformed` says so.
    static func decodeLeniently(_ text: String) -> (fields: QueryFields, isMalformed: Bool) {
        var pairs: [(name: String, value: String)] = []
        var isMalformed = false
        func decode(_ text: Substring) -> String {
            // Most fields have nothing to decode; Foundation's decoding costs far more than the copy.
            guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
                return String(text)
            }
            guard let decoded = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
                isMalformed = true
                return String(text)
            }
            return decoded
        }
        // Split on the bytes `&` and `=` (ASCII, so every cut is between characters), not character by
        // character: a query is read on every request.
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? text.endIndex
            if start < end {
                let piece = text[start..<end]
                if let equals = piece.utf8.firstIndex(of: UInt8(ascii: "=")) {
                    pairs.append((decode(piece[..<equals]), decode(piece[piece.utf8.index(after: equals)...])))
                } else {
                    pairs.append((decode(piece), ""))
                }
            }
            start = end < text.endIndex ? text.utf8.index(after: end) : end
        }
        return (QueryFields(pairs), isMalformed)
    }

    /// The first value for `name`, or `nil`.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        pairs.makeIterator()
    }

    public static func == (lhs: QueryFields, rhs: QueryFields) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pairs.count)
        for (name, value) in pairs {
            hasher.combine(name)
            hasher.combine(value)
        }
    }
}
