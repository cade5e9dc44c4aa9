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
