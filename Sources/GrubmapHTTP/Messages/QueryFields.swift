import Foundation

/// Ordered name/value pairs from a query string or an `application/x-www-form-urlencoded` body.
public struct QueryFields: Sendable, Equatable, Sequence {
    /// The pairs in the order they came, decoded.
    public private(set) var pairs: [(name: String, value: String)]

    public init(_ pairs: [(name: String, value: String)] = []) {
        self.pairs = pairs
    }

    /// Decodes `a=1&b=x+y&c=%E2%9C%93` as the URL Standard's urlencoded parser does: `+` is a space, empty
    /// pieces are skipped, a name without `=` has an empty value. A malformed `%`-escape or bytes that are not
    /// UTF-8 throw ``HTTPError`` 400 rather than being passed on half-decoded.
    public init(urlEncoded text: String) throws(HTTPError) {
        var pairs: [(name: String, value: String)] = []
        for piece in text.split(separator: "&") {
            let field = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(field[0])
            let value = field.count > 1 ? try Self.decode(field[1]) : ""
            pairs.append((name, value))
        }
        self.pairs = pairs
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

    private static func decode(_ text: Substring) throws(HTTPError) -> String {
        guard let decoded = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
            throw HTTPError(
                .badRequest, code: "bad_query", message: "The query or form has a malformed %-escape.")
        }
        return decoded
    }
}
