import FuzzSupport
import GrubmapHTTP

/// libFuzzer's entry: an HTTP request as the server's callbacks would build it, then every reader of it.
///
/// The input is the request as text: the first line is the method and target, then header lines up to an empty
/// line, then the body. Built with `-sanitize=fuzzer,address` by `scripts/fuzz`; a plain build replays files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
    let requestLine = lines.next().map(String.init) ?? ""
    let method = requestLine.split(separator: " ").first.map(String.init) ?? "GET"
    let target = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
    var headers = Headers()
    while let line = lines.next(), !line.isEmpty {
        let field = line.split(separator: ":", maxSplits: 1)
        headers.add(name: String(field.first ?? ""), value: field.count > 1 ? String(field[1]) : "")
    }
    let body = Array(lines.map(String.init).joined(separator: "\n").utf8)
    let request = Request.lenient(method: Method(rawValue: method), target: target, headers: headers, body: body)
    _ = request.query.pairs.count
    _ = request.query.encoded
    _ = request.cookie("grubmap_session")
    _ = request.cookie("grubmap_device")
    _ = try? request.formFields()
    _ = try? QueryFields(urlEncoded: text)
    return 0
}

@main enum Main {
    static func main() { fuzzMain(fuzzRequest) }
}
