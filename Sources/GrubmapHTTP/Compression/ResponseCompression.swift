import Foundation

/// Compresses text bodies of at least ``minimumBytes`` with gzip for clients that accept it, as nginx's `gzip on`
/// does: what travels over a venue's Wi-Fi is a fraction of the page. Every compressible answer says
/// `Vary: Accept-Encoding`, so a cache keeps the two forms apart. An answer its handler encoded already (the
/// assets, compressed once at start-up) passes through.
public struct ResponseCompression: Middleware {
    /// Below this, gzip's header and a round trip's worth of CPU buy nothing.
    public let minimumBytes: Int
    /// zlib's level for answers made per request: 4 gives most of level 9's saving on HTML and JSON for a
    /// fraction of its time.
    public let level: Int32

    public init(minimumBytes: Int = 1024, level: Int32 = 4) {
        self.minimumBytes = minimumBytes
        self.level = level
    }

    public func respond(to request: Request, next: Responder) -> Response {
        var response = next(request)
        guard response.eventStream == nil, let type = response.headers["Content-Type"], Self.isCompressible(type)
        else { return response }
        response.headers.addVary("Accept-Encoding")
        guard response.headers["Content-Encoding"] == nil, response.body.count >= minimumBytes, request.acceptsGzip,
            let compressed = Gzip.compress(response.body, level: level)
        else { return response }
        response.body = compressed
        response.headers["Content-Encoding"] = "gzip"
        if let etag = response.headers["ETag"], !etag.hasPrefix("W/") {
            // The bytes differ from the uncompressed form's, so its strong validator no longer names them.
            response.headers["ETag"] = "W/" + etag
        }
        return response
    }

    /// Text, JSON, SVG and scripts; not pictures, which are compressed already.
    public static func isCompressible(_ contentType: String) -> Bool {
        let type = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
            .drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            .reversed().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.reversed()
            .map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        return Self.isCompressible(mediaType: String(decoding: type, as: UTF8.self))
    }

    private static func isCompressible(mediaType type: String) -> Bool {
        return type.hasPrefix("text/") || type.hasSuffix("+json") || type.hasSuffix("+xml")
            || type == "application/json" || type == "application/javascript"
    }
}

extension Request {
    /// Whether `Accept-Encoding` allows gzip (``ResponseCompression/acceptsGzip(_:)``).
    public var acceptsGzip: Bool { ResponseCompression.acceptsGzip(headers["Accept-Encoding"]) }
}

extension ResponseCompression {
    /// Whether an `Accept-Encoding` value allows gzip (RFC 9110 §12.5.3): named, or `*`, with a weight above zero;
    /// `false` without the header.
    public static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var wildcard = false
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";")
            guard let coding = parts.first?.trimmingOptionalWhitespace().lowercased() else { continue }
            let refused = parts.dropFirst().contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingOptionalWhitespace().lowercased()
                }
                return pair.count == 2 && pair[0] == "q" && (Double(pair[1]) ?? 1) <= 0
            }
            if coding == "gzip" || coding == "x-gzip" { return !refused }
            if coding == "*" { wildcard = !refused }
        }
        return wildcard
    }
}

extension Headers {
    /// Adds `field` to `Vary` unless it is named there already.
    public mutating func addVary(_ field: String) {
        guard let vary = self["Vary"] else {
            self["Vary"] = field
            return
        }
        let named = vary.split(separator: ",").contains {
            $0.trimmingOptionalWhitespace().lowercased() == field.lowercased()
        }
        if !named { self["Vary"] = vary + ", " + field }
    }
}
