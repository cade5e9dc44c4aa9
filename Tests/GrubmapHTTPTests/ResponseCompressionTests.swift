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

@Suite("Conditional requests")
struct ConditionalRequestsTests {
    let body = Array("{\"places\":[]}".utf8)

    func answer(
        _ method: GrubmapHTTP.Method = .get, ifNoneMatch: String? = nil, status: Status = .ok,
        headers extra: Headers = Headers()
    ) throws -> Response {
        var headers = Headers()
        if let ifNoneMatch { headers["If-None-Match"] = ifNoneMatch }
        let request = try Request(method: method, target: "/api/v1/areas", headers: headers)
        return ConditionalRequests().respond(to: request) { _ in
            var response = Response(status: status, headers: ["Content-Type": "application/json"], body: body)
            for (name, value) in extra { response.headers[name] = value }
            return response
        }
    }

    @Test func theSameBytesGetTheSameValidatorAndA304() throws {
        let etag = try #require(try answer().headers["ETag"])
        #expect(etag == "\"\(Fingerprint.fnv1a64(body))\"")
        for held in [etag, "W/" + etag, "\"other\", " + etag, "*"] {
            let response = try answer(ifNoneMatch: held)
            #expect(response.status == .notModified, "\(held)")
            #expect(response.body.isEmpty)
        }
        #expect(try answer(ifNoneMatch: "\"other\"").status == .ok)
        #expect(try answer(.head, ifNoneMatch: etag).status == .notModified)
    }

    @Test func writesErrorsAndCookiesAreLeftAlone() throws {
        #expect(try answer(.post).headers["ETag"] == nil)
        #expect(try answer(status: .notFound).headers["ETag"] == nil)
        #expect(try answer(ifNoneMatch: "*", headers: ["Set-Cookie": "a=b"]).status == .ok)
        #expect(try answer(headers: ["ETag": "\"mine\""]).headers["ETag"] == "\"mine\"")
    }
}
