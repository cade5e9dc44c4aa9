import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// What answering a returning visitor costs the database, per kind of request.
@Suite struct StoreCallsTests {
    @Test func storeCallsPerRequest() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let counting = CountingStore(test.store)
        var environment = test.app.environment
        environment.store = counting
        let app = App(environment: environment)
        let person = try Person(test)
        try person.finishOnboarding()
        _ = try person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        var headers = person.headers
        for target in ["/areas/test-campus", "/places/alpha", "/assets/app.js", "/api/v1/areas/test-campus/places"] {
            counting.reset()
            let response = app.responder(try Request(method: .get, target: target, headers: headers))
            print(
                "STORECALLS \(target) \(response.status.code) total=\(counting.total) \(counting.calls.sorted { $0.key < $1.key })"
            )
        }
        headers["Cookie"] = nil
    }
}
