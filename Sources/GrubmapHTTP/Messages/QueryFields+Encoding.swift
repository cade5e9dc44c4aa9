import Foundation

extension QueryFields {
    /// The fields as a query string, `a=1&b=x%20y`, that ``init(urlEncoded:)`` reads back as the same fields.
    public var encoded: String {
        pairs.map { Self.encode($0.name) + "=" + Self.encode($0.value) }.joined(separator: "&")
    }

    /// Percent-encodes a query name or value: everything but unreserved characters, `/` (paths in `next=`) and the
    /// comma of `LAT,LON`.
    public static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    private static let allowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~,/")
}
