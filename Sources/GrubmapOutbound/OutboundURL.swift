import CCurl

/// An `http` or `https` URL as libcurl reads it, so the parts Grubmap checks are the parts libcurl uses: the scheme,
/// host, port (the scheme's default when none is written) and path (with `.` and `..` segments removed, as curl
/// sends it). Never holds a user name or password.
public struct OutboundURL: Hashable, Sendable, CustomStringConvertible {
    /// The longest URL accepted, in bytes.
    public static let maximumLength = 8192

    /// The whole URL as libcurl writes it back (a path of at least `/`).
    public let text: String
    /// `http` or `https`.
    public let scheme: String
    /// Lowercased; an IPv6 address in brackets (`[::1]`).
    public let host: String
    public let port: Int
    /// Starts with `/`; percent-escapes are left as written.
    public let path: String

    public var description: String { text }

    /// Reads `text`; ``OutboundError/unsupportedURL`` unless it is an absolute `http` or `https` URL with a host,
    /// ``OutboundError/credentialsInURL`` when it holds a user name or password (`http://user:pass@host/`).
    public init(_ text: String) throws(OutboundError) {
        try self.init(text, relativeTo: nil)
    }

    /// `location` (a redirect's, perhaps relative) read against this URL.
    public func resolving(_ location: String) throws(OutboundError) -> OutboundURL {
        try OutboundURL(location, relativeTo: self)
    }

    private init(_ text: String, relativeTo base: OutboundURL?) throws(OutboundError) {
        guard !text.isEmpty, text.utf8.count <= Self.maximumLength, !text.utf8.contains(0),
            let handle = curl_url()
        else { throw .unsupportedURL }
        defer { curl_url_cleanup(handle) }
        if let base, curl_url_set(handle, CURLUPART_URL, base.text, 0) != CURLUE_OK { throw .unsupportedURL }
        guard curl_url_set(handle, CURLUPART_URL, text, 0) == CURLUE_OK else { throw .unsupportedURL }
        for part in [CURLUPART_USER, CURLUPART_PASSWORD, CURLUPART_OPTIONS] where Self.part(handle, part) != nil {
            throw .credentialsInURL
        }
        guard let scheme = Self.part(handle, CURLUPART_SCHEME)?.lowercased(), ["http", "https"].contains(scheme),
            let host = Self.part(handle, CURLUPART_HOST)?.lowercased(), !host.isEmpty,
            let port = Self.part(handle, CURLUPART_PORT, flags: UInt32(CURLU_DEFAULT_PORT)).flatMap({ Int($0) }),
            let whole = Self.part(handle, CURLUPART_URL)
        else { throw .unsupportedURL }
        self.text = whole
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = Self.part(handle, CURLUPART_PATH) ?? "/"
    }

    /// One part of a parsed URL, or `nil` when it has none (`curl_url_get` in libcurl's manual).
    private static func part(_ handle: OpaquePointer, _ part: CURLUPart, flags: UInt32 = 0) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, part, &value, flags) == CURLUE_OK, let value else { return nil }
        defer { curl_free(value) }
        return String(cString: value)
    }
}
