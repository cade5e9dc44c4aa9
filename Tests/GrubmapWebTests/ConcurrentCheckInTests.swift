import Foundation
import GrubmapHTTP
import GrubmapTestTiers
import Testing

@testable import GrubmapWeb

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Check-ins over real HTTP on 127.0.0.1, many at once.
@Suite(.tags(.slow), .leftOutOfMakeCheck) struct ConcurrentCheckInTests {
    @Test func fiftyPeopleCheckingInAtOnceLeaveExactCounts() async throws {
        let test = try TestApp.make { $0.writesPerMinute = 1000 }
        defer { test.cleanUp() }
        let server = HTTPServer(configuration: ServerConfiguration(port: 0), responder: test.app.responder)
        try server.start()
        defer { server.shutdown() }
        let base = "http://127.0.0.1:\(server.port)"
        let places = ["alpha", "bravo", "charlie"]

        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    let created = try await Self.send("POST", "\(base)/api/v1/sessions", token: nil, body: nil)
                    let token = try #require(created["token"] as? String)
                    _ = try await Self.send(
                        "PUT", "\(base)/api/v1/me/profile", token: token,
                        body: ["firstName": "P\(index)", "lastName": "Q"])
                    // Everyone checks in twice, the second time where they stay: moves must not leave doubles.
                    _ = try await Self.send(
                        "POST", "\(base)/api/v1/me/checkin", token: token, body: ["placeId": places[(index + 1) % 3]])
                    _ = try await Self.send(
                        "POST", "\(base)/api/v1/me/checkin", token: token, body: ["placeId": places[index % 3]])
                }
            }
            try await group.waitForAll()
        }
        let list = try await Self.send("GET", "\(base)/api/v1/areas/test-campus/places", token: nil, body: nil)
        let counts = Dictionary(
            uniqueKeysWithValues: (list["places"] as? [[String: Any]] ?? []).map {
                ($0["id"] as? String ?? "", $0["checkedInCount"] as? Int ?? -1)
            })
        #expect(counts == ["alpha": 17, "bravo": 17, "charlie": 16])
    }

    static func send(_ method: String, _ url: String, token: String?, body: [String: String]?) async throws -> [String:
        Any]
    {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "\(method) \(url) → \(status)"])
        }
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }
}
