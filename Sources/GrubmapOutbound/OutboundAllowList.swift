/// The internal addresses an operator lets the outbound client reach (`--allow-outbound URL-PREFIX`, repeatable):
/// a URL whose scheme, host and port are a prefix's, and whose path is the prefix's or under it, may connect to
/// whatever address its host has, loopback and private ones too. Every other URL reaches public addresses only.
///
/// Matching is by the URL's parts as libcurl reads them, never by text: `http://127.0.0.1:8081/feeds` allows
/// `http://127.0.0.1:8081/feeds/a.xml` but not `http://127.0.0.1:8081/feedsx`, `http://127.0.0.1:80810/feeds`,
/// `https://127.0.0.1:8081/feeds` or `http://localhost:8081/feeds`; a path with an escaped dot, slash or backslash
/// (`%2e`, `%2f`, `%5c`), which a server might read as another path, matches no prefix.
public struct OutboundAllowList: Sendable, Equatable {
    public private(set) var prefixes: [OutboundURL]

    /// Nothing allowed beyond public addresses.
    public init() {
        prefixes = []
    }

    /// Reads each prefix as `--allow-outbound` gives it; throws naming the first that is not an `http` or `https`
    /// URL without credentials, query or fragment.
    public init(_ texts: [String]) throws(Problem) {
        prefixes = []
        for text in texts {
            guard !text.contains("?"), !text.contains("#"), let prefix = try? OutboundURL(text) else {
                throw Problem(prefix: text)
            }
            prefixes.append(prefix)
        }
    }

    /// Whether `url` is under one of the prefixes.
    public func allows(_ url: OutboundURL) -> Bool {
        let lowered = url.path.lowercased()
        guard !["%2e", "%2f", "%5c"].contains(where: lowered.contains) else { return false }
        return prefixes.contains { prefix in
            guard prefix.scheme == url.scheme, prefix.host == url.host, prefix.port == url.port else { return false }
            if prefix.path.hasSuffix("/") { return url.path.hasPrefix(prefix.path) }
            return url.path == prefix.path || url.path.hasPrefix(prefix.path + "/")
        }
    }

    /// A prefix that is not one.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public let prefix: String

        public var description: String {
            "\"\(prefix.prefix(200))\" is not a URL prefix like http://127.0.0.1:8081/feeds/ (http or https, a host, "
                + "an optional port and path; no user name, password, query or fragment)"
        }
    }
}
