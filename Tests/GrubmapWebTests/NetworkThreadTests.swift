import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// A returning visitor's kept pages as the server's network thread answers them (``NetworkThreadAttempt``): the
/// same bytes a worker gives once everything the page reads is kept, and a decline (the request goes to a worker)
/// whenever something is not: the visitor's session, the page after anyone's change, a catalog read too long ago.
@Suite struct NetworkThreadTests {
    /// A returning visitor of a fresh app, and the request their browser sends for `target`.
    struct Visit {
        let test: TestApp
        let person: Person

        init() throws {
            test = try TestApp.make()
            person = try Person(test)
            try person.finishOnboarding()
        }

        func request(_ target: String) throws -> Request {
            try Request(method: .get, target: target, headers: person.headers)
        }

        /// The answer on the network thread, or `nil` when it declined.
        func onNetworkThread(_ target: String) throws -> Response? {
            test.app.inlineResponder(try request(target))
        }

        func byWorker(_ target: String) throws -> Response {
            test.app.responder(try request(target))
        }
    }

    static let keptPages = [
        "/areas/test-campus", "/areas/test-campus/menus", "/places/alpha", "/api/v1/areas/test-campus/places",
    ]

    @Test(arguments: keptPages) func aKeptPageIsAnsweredOnTheNetworkThreadAsAWorkerAnswersIt(_ target: String) throws {
        let visit = try Visit()
        defer { visit.test.cleanUp() }
        // Onboarding stored a change: the session and the page are read again, by a worker.
        #expect(try visit.onNetworkThread(target) == nil)
        let byWorker = try visit.byWorker(target)
        #expect(byWorker.status == .ok)
        let inline = try #require(try visit.onNetworkThread(target))
        #expect(inline.status == .ok)
        #expect(inline.body == byWorker.body)
        #expect(inline.headers["ETag"] == byWorker.headers["ETag"])
        #expect(inline.route == byWorker.route)
    }

    @Test func someoneElsesCheckInSendsThePageToAWorkerAndTheNextOneShowsIt() throws {
        let visit = try Visit()
        defer { visit.test.cleanUp() }
        let page = "/places/alpha"
        _ = try visit.byWorker(page)
        #expect(try visit.onNetworkThread(page) != nil)
        let other = try Person(visit.test)
        #expect(try other.post("/profile", [("firstName", "Grace"), ("lastName", "Hopper")]).status == .seeOther)
        #expect(try other.post("/places/alpha/checkin", []).status == .seeOther)
        #expect(try visit.onNetworkThread(page) == nil)
        let byWorker = try visit.byWorker(page)
        #expect(String(decoding: byWorker.body, as: UTF8.self).contains("Grace"))
        let inline = try #require(try visit.onNetworkThread(page))
        #expect(inline.body == byWorker.body)
    }

    @Test func aSessionReadOverASecondAgoOrACatalogOverATenthSendsThePageToAWorker() throws {
        let visit = try Visit()
        defer { visit.test.cleanUp() }
        let page = "/areas/test-campus"
        _ = try visit.byWorker(page)
        visit.test.clock.advance(by: 0.2)
        // The session (kept a second) still is, the catalog (trusted a tenth of a second) is not.
        #expect(try visit.onNetworkThread(page) == nil)
        _ = try visit.test.send(.get, "/healthz")
        _ = try visit.byWorker(page)
        #expect(try visit.onNetworkThread(page) != nil)
        visit.test.clock.advance(by: 1.5)
        #expect(try visit.onNetworkThread(page) == nil)
        _ = try visit.byWorker(page)
        #expect(try visit.onNetworkThread(page) != nil)
    }
}
