import Foundation

extension QueryFields {
    /// The fields as a query string, `a=1&b=x%20y`, that ``init(urlEncoded:)`` reads back as the same fields.
    public var encoded: String {
        pairs.map { Self.encode($0.name) + "=" + Self.encode($0.value) }.joined(separator: "&")
    }

    /// Percent-encodes a query name or value: everything but unreserved characters, `/` (paths in `next=`) and the
    /// comma of `LAT,LON`.
    public static func encode(_ text: String) -> String {
        // Most names and values (ids, numbers, `LAT,LON`) need none, and are kept as they are.
        if text.utf8.allSatisfy(isAllowed) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// Whether a byte is one of ``allowed``'s characters.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: ","), UInt8(ascii: "/"):
            true
        default: false
        }
    }

    private static let allowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~,/")
}
