/// A body made once and sent many times (an answer kept in a cache): its `ETag` and its gzip form are made once
/// with it, not per request, and each request gets the form it accepts, or a `304` when it holds it already. The
/// headers are those ``ResponseCompression`` and ``ConditionalRequests`` would give the same bytes.
public struct PreparedBody: Sendable {
    public let contentType: String
    public let bytes: [UInt8]
    /// The bytes gzipped, when they are long enough to be worth it.
    public let gzipped: [UInt8]?
    /// The strong validator of ``bytes``.
    public let etag: String

    public init(_ bytes: [UInt8], contentType: String, compression: ResponseCompression = ResponseCompression()) {
        self.contentType = contentType
        self.bytes = bytes
        gzipped =
            bytes.count >= compression.minimumBytes && ResponseCompression.isCompressible(contentType)
            ? Gzip.compress(bytes, level: compression.level) : nil
        etag = "\"\(Fingerprint.fnv1a64(bytes))\""
    }

    /// The answer to `request`: the gzip form when it accepts it, a `304` without a body when its `If-None-Match`
    /// names the form's `ETag`.
    public func response(to request: Request) -> Response {
        let compressed = request.acceptsGzip ? gzipped : nil
        // The gzip form's bytes differ, so it carries the weak form of the validator.
        let tag = compressed == nil ? etag : "W/" + etag
        var response = Response(status: .ok, headers: ["Content-Type": contentType], body: compressed ?? bytes)
        if compressed != nil { response.headers["Content-Encoding"] = "gzip" }
        response.headers["ETag"] = tag
        if let held = request.headers["If-None-Match"], ConditionalRequests.matches(held, etag) {
            response.status = .notModified
            response.body = []
            response.headers["Content-Encoding"] = nil
        }
        return response
    }
}
