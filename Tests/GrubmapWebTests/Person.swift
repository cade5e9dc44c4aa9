import Foundation
import GrubmapHTTP

/// A browser as far as the server can tell: it keeps the cookies it was given (the signed device cookie, and the
/// session cookie once a stored change made one) and sends them back.
final class Person {
    let test: TestApp
    /// Every cookie by name.
    var cookies: [String: String] = [:]
    let language: String
    /// The address the person's requests come from, as the server's socket sees it.
    var address = ""

    /// The session token, once the person has a stored session.
    var cookie: String? {
        get { cookies["grubmap_session"] }
        set { cookies["grubmap_session"] = newValue }
    }

    init(_ test: TestApp, language: String = "en") throws {
        self.test = test
        self.language = language
    }

    /// The same browser (its cookies) talking to another app, such as a second server on the same database.
    init(sharing other: Person, with test: TestApp) {
        self.test = test
        language = other.language
        cookies = other.cookies
    }

    var headers: Headers {
        var headers: Headers = ["Accept-Language": language]
        if !cookies.isEmpty {
            headers["Cookie"] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                separator: "; ")
        }
        return headers
    }

    func get(_ target: String) throws -> Response {
        remember(try test.get(target, headers: headers, from: address))
    }

    func html(_ target: String) throws -> String {
        String(decoding: try get(target).body, as: UTF8.self)
    }

    /// Sends a request with the person's cookies and keeps what comes back, as a script's `fetch` does.
    func send(_ method: GrubmapHTTP.Method, _ target: String, headers extra: Headers, body: String = "") throws
        -> Response
    {
        var headers = headers
        for (name, value) in extra { headers[name] = value }
        return remember(try test.send(method, target, headers: headers, body: body, from: address))
    }

    /// Posts a form, adding the CSRF token from the session unless `csrf` says otherwise.
    func post(_ target: String, _ fields: [(String, String)], csrf: String? = nil) throws -> Response {
        let token = try csrf ?? csrfToken()
        var headers = headers
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        let body = ([("csrf", token)] + fields).map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        }.joined(separator: "&")
        return remember(try test.send(.post, target, headers: headers, body: body, from: address))
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
        for header in response.headers.values(for: "Set-Cookie") {
            let pair = header.prefix { $0 != ";" }.split(
                separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            // An empty value or `Max-Age=0` removes the cookie, as a browser does.
            if pair[1].isEmpty || header.contains("Max-Age=0") {
                cookies[String(pair[0])] = nil
            } else {
                cookies[String(pair[0])] = String(pair[1])
            }
        }
        return response
    }
}
