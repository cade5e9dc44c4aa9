import Foundation
import GrubmapHTTP

/// A page rendered once for everyone it looks the same to, with a placeholder where each visitor's CSRF token goes:
/// every request only copies the bytes and fills in its own token.
///
/// The placeholder is random per process and made only of letters and digits, so text from data can never hold it
/// and escaping never changes it.
struct PersonalizedPage: Sendable {
    /// What a page is rendered with in place of the CSRF token.
    static let csrfPlaceholder: String = {
        var generator = SystemRandomNumberGenerator()
        return "Qcsrf" + (0..<4).map { _ in String(generator.next() as UInt64, radix: 36) }.joined()
    }()

    /// The page's bytes between the placeholders.
    private let pieces: [[UInt8]]
    /// A hash of the page with its placeholders, from which each visitor's `ETag` is made without hashing the page.
    private let fingerprint: String

    /// `bytes`, a page rendered with ``csrfPlaceholder`` as its CSRF token.
    init(_ bytes: [UInt8]) {
        let placeholder = Array(Self.csrfPlaceholder.utf8)
        // The bytes are copied a piece at a time, between the placeholders found (`memchr` finds each place the
        // placeholder's first byte is, `memcmp` the rest): a capital Q, which markup hardly has, where a "c" would
        // stop it at every `class`.
        var pieces: [[UInt8]] = []
        bytes.withUnsafeBytes { page in
            placeholder.withUnsafeBytes { needle in
                let base = page.baseAddress!
                var start = 0
                var from = 0
                while from + needle.count <= page.count,
                    let found = memchr(base + from, Int32(needle[0]), page.count - from - needle.count + 1)
                {
                    let offset = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(found, needle.baseAddress!, needle.count) == 0 {
                        pieces.append(Array(page[start..<offset]))
                        start = offset + needle.count
                        from = start
                    } else {
                        from = offset + 1
                    }
                }
                pieces.append(Array(page[start...]))
            }
        }
        self.pieces = pieces
        fingerprint = Fingerprint.fnv1a64(bytes)
    }

    /// The page with `csrfToken` filled in, and its `ETag` made from the page's fingerprint and the token (for
    /// ``ConditionalRequests``, which then hashes nothing).
    func response(csrfToken: String) -> Response {
        var token: [UInt8] = []
        Node.text(csrfToken).render(into: &token)
        let etag = "\"\(Fingerprint.fnv1a64(Array(fingerprint.utf8) + token))\""
        var body: [UInt8] = []
        body.reserveCapacity(pieces.reduce(0) { $0 + $1.count } + (pieces.count - 1) * token.count)
        for (index, piece) in pieces.enumerated() {
            if index > 0 { body += token }
            body += piece
        }
        return Response(status: .ok, headers: ["Content-Type": "text/html; charset=utf-8", "ETag": etag], body: body)
    }
}
