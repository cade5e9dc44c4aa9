import GrubmapHTTP
import Testing

@Suite("Response compression")
struct ResponseCompressionTests {
    let page = Array(String(repeating: "<li>Geumjeong Hall · 금정회관</li>\n", count: 200).utf8)

    func answer(_ body: [UInt8], type: String = "text/html; charset=utf-8", acceptEncoding: String? = "gzip")
        throws -> Response
    {
        var headers = Headers()
        if let acceptEncoding { headers["Accept-Encoding"] = acceptEncoding }
        let request = try Request(method: .get, target: "/", headers: headers)
        return ResponseCompression().respond(to: request) { _ in
            Response(status: .ok, headers: ["Content-Type": type, "ETag": "\"v1\""], body: body)
        }
    }

    @Test func aTextBodyTravelsGzippedAndExpandsToTheSameBytes() throws {
        let response = try answer(page)
        #expect(response.headers["Content-Encoding"] == "gzip")
        #expect(response.headers["Vary"] == "Accept-Encoding")
        #expect(response.headers["ETag"] == "W/\"v1\"")
        #expect(response.body.count < page.count / 10)
        #expect(try Gzip.decompress(response.body, limit: 1 << 20) == page)
    }

    @Test(arguments: [nil, "identity", "gzip;q=0", "br", "*;q=0", "deflate, gzip; q=0.000"])
    func aClientThatDoesNotAcceptGzipGetsThePlainBody(acceptEncoding: String?) throws {
        let response = try answer(page, acceptEncoding: acceptEncoding)
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.headers["Vary"] == "Accept-Encoding")
        #expect(response.headers["ETag"] == "\"v1\"")
        #expect(response.body == page)
    }

    @Test(arguments: ["gzip", "GZIP", "br, gzip", "gzip;q=0.5", "*", "x-gzip", "deflate, gzip;q=1.0, br;q=0.1"])
    func everyWayOfAcceptingGzipIsUnderstood(acceptEncoding: String) throws {
        #expect(try answer(page, acceptEncoding: acceptEncoding).headers["Content-Encoding"] == "gzip")
    }

    @Test func smallBodiesAndPicturesTravelAsTheyAre() throws {
        let small = Array("{\"status\":\"ok\"}".utf8)
        #expect(try answer(small, type: "application/json").body == small)
        let jpeg = try answer(page, type: "image/jpeg")
        #expect(jpeg.body == page)
        #expect(jpeg.headers["Vary"] == nil)
    }

    @Test func jsonSVGAndScriptsAreCompressed() throws {
        for type in ["application/json", "application/geo+json", "image/svg+xml", "text/css", "text/javascript"] {
            #expect(try answer(page, type: type).headers["Content-Encoding"] == "gzip", "\(type)")
        }
    }

    @Test func brokenOrHugeGzipIsRefused() throws {
        let gzipped = try #require(Gzip.compress(page, level: 9))
        #expect(throws: GzipError.tooLarge) { try Gzip.decompress(gzipped, limit: 100) }
        #expect(throws: GzipError.corrupt) { try Gzip.decompress(Array(gzipped.dropLast(9)), limit: 1 << 20) }
        #expect(throws: GzipError.corrupt) { try Gzip.decompress(page, limit: 1 << 20) }
        #expect(throws: GzipError.corrupt) { try Gzip.decompress(gzipped + [0], limit: 1 << 20) }
    }
}
