import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

/// Errors the server finds before the app (a malformed path or query, a body over the limit, a wrong method) look
/// like every other error: JSON for the API, a page in the visitor's language for people, with the same headers.
@Suite struct EarlyErrorTests {
    func answer(_ test: TestApp, _ method: GrubmapHTTP.Method, _ target: String, headers: Headers = Headers())
        -> Response
    {
        test.app.responder(Request.lenient(method: method, target: target, headers: headers))
    }

    @Test func malformedAddressesAreTheAPIsJSONOrAPage() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let api = answer(test, .get, "/api/v1/areas/%zz/places")
        #expect(api.status == .badRequest)
        #expect(api.headers["Content-Type"] == "application/json")
        let body = try JSONSerialization.jsonObject(with: Data(api.body)) as? [String: [String: String]]
        #expect(body?["error"]?["code"] == "bad_path")
        #expect(api.headers["X-Content-Type-Options"] == "nosniff")

        let page = answer(test, .get, "/places/%E0%A4%A?near=1", headers: ["Accept-Language": "ko"])
        #expect(page.status == .badRequest)
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("<html lang=\"ko\">"))
        #expect(html.contains("주소의 경로에 잘못된 %-인코딩이 있어요"))
        #expect(page.headers["Content-Security-Policy"]?.contains("default-src 'self'") == true)
        let query = answer(test, .get, "/areas/test-campus?near=%zz")
        #expect(query.status == .badRequest)
        #expect(String(decoding: query.body, as: UTF8.self).contains("<!doctype html>"))
    }

    @Test func aBodyOverTheLimitIs413InTheVisitorsLanguage() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        var request = Request.lenient(method: .post, target: "/profile", headers: ["Accept-Language": "ko"])
        request.problem = HTTPError(
            .contentTooLarge, code: "too_large",
            message: "What you sent is larger than 1 MiB, the most this address takes.")
        let response = test.app.responder(request)
        #expect(response.status == .contentTooLarge)
        #expect(String(decoding: response.body, as: UTF8.self).contains("이 주소가 받을 수 있는 크기보다 커요"))
    }

    @Test func aWrongMethodIs405WithAllowEverywhere() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let page = answer(test, .delete, "/settings")
        #expect(page.status == .methodNotAllowed)
        #expect(page.headers["Allow"] == "GET, POST, HEAD")
        #expect(String(decoding: page.body, as: UTF8.self).contains("<!doctype html>"))
        let api = answer(test, .post, "/api/v1/areas")
        #expect(api.status == .methodNotAllowed)
        #expect(api.headers["Content-Type"] == "application/json")
    }
}
