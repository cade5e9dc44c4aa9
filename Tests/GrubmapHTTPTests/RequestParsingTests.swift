import Testing

@testable import GrubmapHTTP

@Suite struct RequestParsingTests {
    @Test func pathSegmentsAreDecodedOneByOne() throws {
        let request = try Request(method: .get, target: "/places/caf%C3%A9/a%2Fb")
        #expect(request.pathSegments == ["places", "café", "a/b"])
        #expect(request.path == "/places/café/a/b")
    }

    @Test func trailingSlashIsIgnored() throws {
        #expect(try Request(method: .get, target: "/areas/").pathSegments == ["areas"])
        #expect(try Request(method: .get, target: "/").pathSegments == [])
    }

    @Test func queryDecodesPlusPercentAndRepeatedKeys() throws {
        let request = try Request(method: .get, target: "/x?q=fish+%26+chips&tag=a&tag=b&empty=&flag&&near=1%2C2")
        #expect(request.query["q"] == "fish & chips")
        #expect(request.query.values(for: "tag") == ["a", "b"])
        #expect(request.query["empty"] == "")
        #expect(request.query["flag"] == "")
        #expect(request.query["near"] == "1,2")
        #expect(request.query["missing"] == nil)
    }

    @Test(arguments: ["/x?q=%zz", "/x?q=%", "/x?q=%E2%82", "/%zz", "/a%2"])
    func malformedEscapesAreBadRequests(target: String) {
        #expect(throws: HTTPError.self) { try Request(method: .get, target: target) }
        do {
            _ = try Request(method: .get, target: target)
        } catch {
            #expect(error.status == .badRequest)
        }
    }

    @Test func targetMustBeAPath() {
        #expect(throws: HTTPError.self) { try Request(method: .get, target: "http://example.com/") }
    }

    @Test func aLenientRequestKeepsWhatItCannotDecodeAndNamesTheProblem() {
        let request = Request.lenient(method: .get, target: "/api/v1/places/caf%C3%A9/%zz?near=1%2C2&q=%E2%82")
        #expect(request.problem?.code == "bad_path")
        #expect(request.problem?.status == .badRequest)
        #expect(request.pathSegments == ["api", "v1", "places", "café", "%zz"])
        #expect(request.path.hasPrefix("/api/"), "the application can still tell an API call")
        #expect(request.query["near"] == "1,2")
        #expect(request.query["q"] == "%E2%82")
    }

    @Test func aLenientRequestWithAMalformedQueryOnly() {
        let request = Request.lenient(method: .get, target: "/areas/x?near=%zz")
        #expect(request.problem?.code == "bad_query")
        #expect(request.path == "/areas/x")
    }

    @Test func aWellFormedLenientRequestHasNoProblem() {
        let request = Request.lenient(method: .get, target: "/areas/x?near=1%2C2")
        #expect(request.problem == nil)
        #expect(request.query["near"] == "1,2")
    }

    @Test(arguments: [
        ("http://example.com/api/v1/areas?x=1", "/api/v1/areas"), ("*", "/"), ("example.com:443", "/"),
    ])
    func aTargetThatIsNotOriginFormKeepsItsPath(target: String, path: String) {
        let request = Request.lenient(method: .options, target: target)
        #expect(request.problem?.code == "bad_target")
        #expect(request.path == path)
    }

    @Test(arguments: ["/a b", "/a\u{1B}[31m", "/a\tb", "/a\u{7F}"])
    func aTargetWithASpaceOrAControlCharacterIsABadTarget(target: String) {
        #expect(Request.lenient(method: .get, target: target).problem?.code == "bad_target")
    }

    @Test func formBodyIsDecoded() throws {
        let request = try Request(
            method: .post, target: "/f", headers: ["Content-Type": "application/x-www-form-urlencoded; charset=UTF-8"],
            body: Array("name=Jos%C3%A9+Garc%C3%ADa&bio=a+%2B+b&bio=second".utf8))
        let form = try request.formFields()
        #expect(form["name"] == "José García")
        #expect(form.values(for: "bio") == ["a + b", "second"])
    }

    @Test func formOfAnotherTypeIsRefused() throws {
        let request = try Request(
            method: .post, target: "/f", headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
        #expect(throws: HTTPError.self) { try request.formFields() }
    }

    @Test func formWithInvalidUTF8IsRefused() throws {
        let request = try Request(
            method: .post, target: "/f", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: [0x61, 0x3D, 0xFF])
        #expect(throws: HTTPError.self) { try request.formFields() }
    }

    @Test func cookiesAreFoundByName() throws {
        let request = try Request(method: .get, target: "/", headers: ["Cookie": "a=1; grubmap_session=abc=; b=2"])
        #expect(request.cookie("grubmap_session") == "abc=")
        #expect(request.cookie("b") == "2")
        #expect(request.cookie("c") == nil)
    }

    @Test func cookieFieldsAreTrimmedAndEmptyOnesSkipped() throws {
        let request = try Request(
            method: .get, target: "/",
            headers: ["Cookie": ";;empty=; \tspaced = a b \t;=anonymous;noequals; 이름=값;a==b"])
        #expect(request.cookie("spaced") == "a b")
        #expect(request.cookie("empty") == nil)
        #expect(request.cookie("noequals") == nil)
        #expect(request.cookie("이름") == "값")
        #expect(request.cookie("a") == "=b")
        #expect(request.cookie("") == nil)
    }

    @Test func headersCompareNamesWithoutCase() {
        var headers: Headers = ["Content-Type": "text/html"]
        #expect(headers["content-type"] == "text/html")
        headers.add(name: "Set-Cookie", value: "a=1")
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        headers["Set-Cookie"] = nil
        #expect(headers.values(for: "Set-Cookie").isEmpty)
    }
}
