import Foundation

/// The checks RFC 9112 asks of a server before it reads a request's body, on the headers libmicrohttpd parsed.
///
/// libmicrohttpd 0.9.75 takes the first of two different `Content-Length`s, reads a chunked body even when a
/// `Content-Length` says otherwise and keeps the connection open after it (so a second request hidden in the
/// body is served), waits forever for the body of an unknown transfer coding, and passes on header names with
/// spaces in them (`Transfer-Encoding : chunked`), which a proxy in front may read differently. Such a request
/// is refused before its body is read, and its connection closed after the answer (see ``closesConnection``).
/// libmicrohttpd itself still answers, in its own words, a malformed request line or `Content-Length` value
/// (400), a malformed chunk (400), a target too long for its buffer (414), headers too large (431) and an HTTP
/// version other than 1.0 and 1.1 (505).
enum RequestFraming {
    /// The problem with a request's framing or headers, or `nil` when there is none. `version` is the request
    /// line's, like `HTTP/1.1`.
    static func problem(headers: Headers, version: String) -> HTTPError? {
        for (name, _) in headers where !isToken(name) {
            return HTTPError(
                .badRequest, code: "bad_header", message: "A header name has a space or a character not allowed in it.")
        }
        let hosts = headers.values(for: "Host")
        if hosts.count > 1 || (hosts.isEmpty && version == "HTTP/1.1") {
            return HTTPError(
                .badRequest, code: "bad_host", message: "An HTTP/1.1 request needs exactly one Host header.")
        }
        let lengths = headers.values(for: "Content-Length")
        let codingHeaders = headers.values(for: "Transfer-Encoding")
        guard codingHeaders.isEmpty else {
            return transferCodingProblem(codingHeaders, hasLength: !lengths.isEmpty, version: version)
        }
        let values = lengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingOptionalWhitespace() }
        guard values.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            return badFraming("The Content-Length header is not a number.")
        }
        if Set(values).count > 1 {
            return badFraming("The request has Content-Length headers that disagree.")
        }
        return nil
    }

    /// Whether a request with this problem must have its connection closed after the answer: the rest of what
    /// the client sent cannot be told apart from a next request (RFC 9112, sections 6.1 and 6.3).
    static func closesConnection(_ problem: HTTPError) -> Bool {
        ["bad_header", "bad_framing", "unsupported_transfer_coding"].contains(problem.code)
    }

    /// The problem with a request's `Transfer-Encoding`, or `nil` when it is `chunked` alone, the only coding
    /// libmicrohttpd decodes. A coding it does not know before a final `chunked` is 501 (RFC 9112 section 6.1);
    /// without a final `chunked` the body's end cannot be found, which is 400 whatever the codings (section 6.3).
    private static func transferCodingProblem(_ headers: [String], hasLength: Bool, version: String) -> HTTPError? {
        if version == "HTTP/1.0" {
            return badFraming("An HTTP/1.0 request cannot have a Transfer-Encoding.")
        }
        if hasLength {
            return badFraming("The request has both a Content-Length and a Transfer-Encoding.")
        }
        let codings = headers.flatMap { $0.split(separator: ",") }
            .map {
                $0.split(separator: ";", maxSplits: 1).first?.trimmingOptionalWhitespace().lowercased() ?? ""
            }
            .filter { !$0.isEmpty }
        // Only a final chunked coding says where the body ends; applied twice it is malformed.
        guard codings.last == "chunked", codings.count(where: { $0 == "chunked" }) == 1 else {
            return badFraming("The request's Transfer-Encoding does not end with chunked, once.")
        }
        let unknown = codings.dropLast()
        guard !unknown.isEmpty else { return nil }
        return HTTPError(
            .notImplemented, code: "unsupported_transfer_coding",
            message: "This server does not decode the transfer coding \"\(unknown.joined(separator: ", "))\".")
    }

    private static func badFraming(_ message: String) -> HTTPError {
        HTTPError(.badRequest, code: "bad_framing", message: message)
    }

    /// Whether `name` is an RFC 9110 token: one or more of `!#$%&'*+-.^_`|~`, digits and letters.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    true
                default:
                    "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }
}
