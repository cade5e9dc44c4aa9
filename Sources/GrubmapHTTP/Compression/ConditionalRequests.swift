import Foundation

/// Gives every successful `GET` of text or JSON a strong `ETag` made from its bytes, and answers `304 Not
/// Modified` with no body when the client already holds them (`If-None-Match`, weak comparison as RFC 9110
/// §13.1.2 asks for `GET`). Pages and API answers are sent with `Cache-Control: no-cache`, so a returning phone
/// revalidates and, when nothing changed, receives a few hundred bytes instead of the page. An answer that names its
/// own `ETag` (one kept in a cache, whose bytes were hashed once) is not hashed again. Answers that set a cookie are
/// left alone: they are meant for this one response.
public struct ConditionalRequests: Middleware {
    public init() {}

    public func respond(to request: Request, next: Responder) -> Response {
        var response = next(request)
        guard request.method == .get || request.method == .head, response.status == .ok, response.eventStream == nil,
            response.headers["Set-Cookie"] == nil,
            let type = response.headers["Content-Type"], ResponseCompression.isCompressible(type)
        else { return response }
        let etag = response.headers["ETag"] ?? "\"\(Fingerprint.fnv1a64(response.body))\""
        response.headers["ETag"] = etag
        if let held = request.headers["If-None-Match"], Self.matches(held, etag) {
            response.status = .notModified
            response.body = []
        }
        return response
    }

    /// Whether an `If-None-Match` list names `etag`, weak or strong, or is `*`.
    public static func matches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").contains { item in
            var tag = item.trimmingOptionalWhitespace()
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag || tag == "*"
        }
    }
}

/// A fast hash of some bytes for telling versions apart in `ETag`s and asset links; not a security measure.
public enum Fingerprint {
    /// FNV-1a, 64 bits, as 16 hex digits.
    public static func fnv1a64(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
