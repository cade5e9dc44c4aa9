import Foundation
import GrubmapHTTP

/// A browser as far as the server can tell: it keeps the session cookie it was given and sends it back.
final class Person {
    let test: TestApp
    var cookie: String?
    let language: String

    init(_ test: TestApp, language: String = "en") throws {
        self.test = test
        self.language = language
    }

    var headers: Headers {
        var headers: Headers = ["Accept-Language": language]
        if let cookie { headers["Cookie"] = "grubmap_session=\(cookie)" }
        return headers
    }

    func get(_ target: String) throws -> Response {
        remember(try test.get(target, headers: headers))
    }

    func html(_ target: String) throws -> String {
        String(decoding: try get(target).body, as: UTF8.self)
    }

    /// Posts a form, adding the CSRF token from the session unless `csrf` says otherwise.
    func post(_ target: String, _ fields: [(String, String)], csrf: String? = nil) throws -> Response {
        let token = try csrf ?? csrfToken()
        var headers = headers
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        let body = ([("csrf", token)] + fields).map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        }.joined(separator: "&")
        return remember(try test.send(.post, target, headers: headers, body: body))
    }

    /// The CSRF token the person's pages carry.
    func csrfToken() throws -> String {
        let page = try html("/settings")
        guard let range = page.range(of: "name=\"csrf\" value=\"") else { return "" }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }

    func finishOnboarding(_ outcome: String = "started") throws {
        _ = try get("/")
        let response = try post("/onboarding", [("outcome", outcome)])
        precondition(response.status == .seeOther, "onboarding did not finish: \(response.status)")
    }

    private func remember(_ response: Response) -> Response {
        for header in response.headers.values(for: "Set-Cookie") where header.hasPrefix("grubmap_session=") {
            cookie = String(header.dropFirst("grubmap_session=".count).prefix { $0 != ";" })
        }
        return response
    }
}
