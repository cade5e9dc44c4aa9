import Testing

@testable import GrubmapHTTP

@Suite struct RouterTests {
    enum Route: Equatable, Sendable {
        case home, area(String), place(String), createSession
    }

    let router: Router<Route> = {
        var router = Router<Route>()
        router.add(.get, "/", .home)
        router.add(.get, "/areas/{id}") { .area($0["id"]!) }
        router.add(.get, "/places/{id}") { .place($0["id"]!) }
        router.add(.post, "/api/v1/sessions", .createSession)
        return router
    }()

    func route(_ method: Method, _ target: String) throws(HTTPError) -> Route {
        try router.route(Request(method: method, target: target))
    }

    @Test func matchesLiteralAndParameterSegments() throws {
        #expect(try route(.get, "/") == .home)
        #expect(try route(.get, "/areas/pnu-busan") == .area("pnu-busan"))
        #expect(try route(.get, "/places/caf%C3%A9?x=1") == .place("café"))
        #expect(try route(.post, "/api/v1/sessions") == .createSession)
    }

    @Test func headIsAnsweredLikeGet() throws {
        #expect(try route(.head, "/areas/x") == .area("x"))
    }

    @Test func unknownPathIsNotFound() {
        #expect(throws: HTTPError.notFound()) { try route(.get, "/nowhere") }
        #expect(throws: HTTPError.notFound()) { try route(.get, "/areas/x/extra") }
        #expect(throws: HTTPError.notFound()) { try route(.get, "/areas") }
    }

    @Test func wrongMethodIsNotAllowedWithAllowHeader() {
        do {
            _ = try route(.delete, "/areas/x")
            Issue.record("expected 405")
        } catch {
            #expect(error.status == .methodNotAllowed)
            #expect(error.headers["Allow"] == "GET, HEAD")
        }
        do {
            _ = try route(.get, "/api/v1/sessions")
            Issue.record("expected 405")
        } catch {
            #expect(error.headers["Allow"] == "POST")
        }
    }

    @Test func theFirstPatternAddedWinsWhetherLiteralOrParameter() throws {
        var parameterFirst = Router<Route>()
        parameterFirst.add(.get, "/areas/{id}") { .area($0["id"]!) }
        parameterFirst.add(.get, "/areas/new", .home)
        parameterFirst.add(.post, "/areas/new", .createSession)
        #expect(try parameterFirst.route(Request(method: .get, target: "/areas/new")) == .area("new"))
        #expect(try parameterFirst.route(Request(method: .post, target: "/areas/new")) == .createSession)
        var literalFirst = Router<Route>()
        literalFirst.add(.get, "/areas/new", .home)
        literalFirst.add(.get, "/areas/{id}") { .area($0["id"]!) }
        literalFirst.add(.get, "/{kind}/{id}") { .place($0["kind"]! + "/" + $0["id"]!) }
        #expect(try literalFirst.route(Request(method: .get, target: "/areas/new")) == .home)
        #expect(try literalFirst.route(Request(method: .get, target: "/areas/old")) == .area("old"))
        #expect(try literalFirst.route(Request(method: .get, target: "/places/x")) == .place("places/x"))
        // Every pattern that matches the path lends its method to Allow, once, in the order added.
        do {
            _ = try literalFirst.route(Request(method: .delete, target: "/areas/new"))
            Issue.record("expected 405")
        } catch {
            #expect(error.headers["Allow"] == "GET, HEAD")
        }
    }

    @Test func parameterFactoryMayRefuse() {
        var router = Router<Route>()
        router.add(.get, "/areas/{id}") { parameters throws(HTTPError) in
            guard parameters["id"] == "ok" else { throw .notFound("No such area.") }
            return .area("ok")
        }
        #expect(throws: HTTPError.notFound("No such area.")) {
            try router.route(Request(method: .get, target: "/areas/bad"))
        }
    }
}
