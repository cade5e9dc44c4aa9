import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapOutbound
import GrubmapStore
import Synchronization
import Testing

@testable import GrubmapWeb

/// Web Push through the API (the key, subscribing with checks that name the field, unsubscribing) and the sender
/// with an injected clock and a push service that answers as told: the area's hour, one message a day per
/// subscription, 404 and 410 deleting a subscription, a failure tried again.
@Suite struct PushTests {
    typealias F = MenuFixtures

    static let allowed = "http://127.0.0.1:9/push/"

    /// Alpha serves 돈까스 and 김치찌개 on Monday 2026-11-09 (Seoul); the clock is 09:00 there.
    static func app() throws -> TestApp {
        let test = try TestApp.make { configuration in
            configuration.outboundAllowList = try! OutboundAllowList([allowed])
        }
        let meals = [try MenuCategory(name: "중식", meals: [F.meal("돈까스"), F.meal("김치찌개")])]
        try test.store.replaceMenus(
            [try Menu(date: F.date("2026-11-09"), status: .serving(meals), currency: F.won)], placeID: F.alpha)
        F.setClock(test, to: "2026-11-09T00:00:00Z")
        return test
    }

    static func session(_ test: TestApp) throws -> String {
        let made = try test.send(.post, "/api/v1/sessions")
        let body = try JSONSerialization.jsonObject(with: Data(made.body)) as? [String: Any]
        return try #require(body?["token"] as? String)
    }

    static func subscribe(_ test: TestApp, token: String, _ body: String) throws -> Response {
        try test.send(
            .post, "/api/v1/me/push-subscriptions",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: body)
    }

    static func subscription(
        endpoint: String, p256dh: [UInt8] = P256PrivateKey().publicKey, auth: [UInt8] = Array(repeating: 7, count: 16)
    ) -> String {
        #"{"endpoint":"\#(endpoint)","keys":{"p256dh":"\#(Base64URL.encode(p256dh))","auth":"\#(Base64URL.encode(auth))"}}"#
    }

    @Test func theKeyIsMadeOnceAndServedToAnyone() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let first = try test.json("/api/v1/push/key")["publicKey"] as? String
        let key = try #require(first.flatMap(Base64URL.decode))
        #expect(P256.isPublicKey(key))
        #expect(try test.json("/api/v1/push/key")["publicKey"] as? String == first)
        #expect(try test.store.pushKey(orCreate: { [] }).count == 32)
    }

    @Test func badSubscriptionsAreRefusedNamingTheFieldAndNothingIsStored() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let token = try Self.session(test)
        let cases: [(String, String)] = [
            (Self.subscription(endpoint: "http://push.example.net/a"), "endpoint"),
            (Self.subscription(endpoint: "https://10.0.0.7/a"), "endpoint"),
            (Self.subscription(endpoint: "https://127.0.0.1:9/push/a"), "endpoint"),
            (Self.subscription(endpoint: "http://127.0.0.1:10/push/a"), "endpoint"),
            (Self.subscription(endpoint: "ftp://push.example.net/a"), "endpoint"),
            (
                Self.subscription(
                    endpoint: "https://push.example.net/a", p256dh: [4] + [UInt8](repeating: 1, count: 64)),
                "keys.p256dh"
            ),
            (Self.subscription(endpoint: "https://push.example.net/a", p256dh: [4, 1, 2]), "keys.p256dh"),
            (Self.subscription(endpoint: "https://push.example.net/a", auth: [1, 2, 3]), "keys.auth"),
            (#"{"endpoint":"https://push.example.net/a","keys":{"p256dh":"!!","auth":"AAAA"}}"#, "keys.p256dh"),
        ]
        for (body, field) in cases {
            let answer = try Self.subscribe(test, token: token, body)
            #expect(answer.status == .badRequest, "\(body)")
            let error = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: [String: String]]
            #expect(error?["error"]?["code"] == "invalid_subscription", "\(body)")
            #expect(error?["error"]?["message"]?.hasPrefix(field) == true, "\(body): \(String(describing: error))")
        }
        for body in [#"{"endpoint":"https://push.example.net/a"}"#, "[1]", "{"] {
            #expect(try Self.subscribe(test, token: token, body).status == .badRequest, "\(body)")
        }
        #expect(try test.store.pushSubscriptions(sessionToken: token).isEmpty)

        let endpoint = "https://push.example.net/a"
        #expect(try Self.subscribe(test, token: token, Self.subscription(endpoint: endpoint)).status == .created)
        // An internal address the operator allowed, over http, as a test's push service is.
        let local = Self.allowed + "b"
        #expect(try Self.subscribe(test, token: token, Self.subscription(endpoint: local)).status == .created)
        #expect(try test.store.pushSubscriptions(sessionToken: token).map(\.endpoint) == [endpoint, local])
        let listed = try test.send(
            .get, "/api/v1/me/push-subscriptions", headers: ["Authorization": "Bearer \(token)"])
        #expect(String(decoding: listed.body, as: UTF8.self).contains(#""endpoints":["https://push.example.net/a""#))
        let removed = try test.send(
            .delete, "/api/v1/me/push-subscriptions?endpoint=\(endpoint)", headers: ["Authorization": "Bearer \(token)"]
        )
        #expect(removed.status == .ok)
        #expect(try test.store.pushSubscriptions(sessionToken: token).map(\.endpoint) == [local])
    }

    @Test func theSenderSendsOncePerDayAfterTheHourAndDropsGoneSubscriptions() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try #require(
            try test.store.dishes(forKeys: [DishKey(mealName: "돈까스")], inArea: TestApp.sampleArea.id).values.first)
        var tokens: [String] = []
        for (index, path) in ["kept", "gone", "lost", "flaky", "stranger"].enumerated() {
            let token = try Self.session(test)
            tokens.append(token)
            if path != "stranger" {
                try test.store.updatePreferences(sessionToken: token) { preferences in
                    try preferences.set([cutlet.id], for: PreferenceKeys.followedDishes)
                    if index == 0 { try preferences.set(.korean, for: PreferenceKeys.language) }
                }
            }
            #expect(
                try Self.subscribe(test, token: token, Self.subscription(endpoint: Self.allowed + path)).status
                    == .created)
        }
        let service = PushService(answers: ["gone": 410, "lost": 404, "flaky": 503])
        let metrics = PushMetrics()
        let sender = PushSender(
            store: test.store, client: service, keys: PushKeys(store: test.store, contact: "mailto:food@example.edu"),
            metrics: metrics, now: { test.clock.now }, log: { _ in })

        // The test campus's runs (the other area has no menus).
        func tick() throws -> [PushSender.Run] { try sender.tick().filter { $0.areaID == TestApp.sampleArea.id } }

        // 09:00 in Seoul: before the area's hour.
        #expect(try tick().isEmpty)
        #expect(service.requests.isEmpty)

        F.setClock(test, to: "2026-11-09T01:30:00Z")
        let runs = try tick()
        let day = F.date("2026-11-09")
        #expect(runs == [PushSender.Run(areaID: TestApp.sampleArea.id, day: day, sent: 1, gone: 2, failed: 1)])
        #expect(Set(service.requests.map(\.path)) == ["/push/kept", "/push/gone", "/push/lost", "/push/flaky"])
        let kept = try #require(service.requests.first { $0.path == "/push/kept" })
        #expect(kept.headers["Authorization"]?.hasPrefix("vapid t=") == true)
        #expect(kept.headers["Content-Encoding"] == "aes128gcm" && kept.headers["TTL"] == "21600")
        // The salt, the record size 4096, the server's 65-byte key, then one record: the message, 0x02, the tag.
        #expect(Array(kept.body[16..<21]) == [0, 0, 0x10, 0, 65])
        #expect(kept.body.count == 86 + PushMessage.koreanCutlet.payload.count + 1 + 16)
        // Gone and lost are deleted; the flaky one is tried at the next run, the others are not sent again.
        #expect(try test.store.pushSubscriptions(sessionToken: tokens[1]).isEmpty)
        #expect(try test.store.pushSubscriptions(sessionToken: tokens[2]).isEmpty)
        service.answer(503, with: 201)
        #expect(try tick().map(\.sent) == [1])
        #expect(service.requests.filter { $0.path == "/push/flaky" }.count == 2)
        #expect(service.requests.count == 5)
        #expect(try tick().map(\.sent) == [0])
        #expect((metrics.sent.count, metrics.gone.count, metrics.failed.count) == (2, 2, 1))

        // The next day, without the dish on a menu: nothing.
        F.setClock(test, to: "2026-11-10T01:30:00Z")
        #expect(try tick().map(\.sent) == [0])
        #expect(service.requests.count == 5)
    }

    /// An operator moves the area's hour under its places: audited, and the sender waits for it; a bad hour is 400.
    @Test func operatorsSetTheAreasHour() throws {
        let test = try TestApp.make { $0.passwordHasher = PasswordHasher(cost: .minimum) }
        defer { test.cleanUp() }
        let operator_ = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(operator_)
        let places = try operator_.html("/admin/areas/test-campus/places")
        #expect(places.contains(#"<option value="10" selected>10:00</option>"#))
        for bad in ["24", "-1", "ten", ""] {
            let refused = try operator_.post("/admin/areas/test-campus/push-hour", [("hour", bad)], csrf: csrf)
            #expect(refused.status == .badRequest, "\(bad)")
        }
        #expect(try test.store.pushHours().isEmpty)
        let saved = try operator_.post("/admin/areas/test-campus/push-hour", [("hour", "7")], csrf: csrf)
        #expect(saved.status == .seeOther)
        #expect(saved.headers["Location"] == "/admin/areas/test-campus/places?done=push-hour")
        #expect(try test.store.pushHours() == [TestApp.sampleArea.id: 7])
        #expect(
            try operator_.html("/admin/areas/test-campus/places").contains(
                #"<option value="7" selected>07:00</option>"#))
        let audit = try test.store.auditEntries(
            areas: [TestApp.sampleArea.id], includingGlobal: false, action: "area.push-hour", before: nil, limit: 5)
        #expect(audit.map { "\($0.before ?? "") → \($0.after ?? "")" } == ["10 → 7"])
    }

    /// The message says, a line each, what the board's strip says: 돈까스 at Alpha Hall, lunch.
    @Test func aMessageListsEachServingAsTheBoardsStripDoes() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let menu = try DayMenu(test.store, area: TestApp.sampleArea, day: F.date("2026-11-09"))
        let lines = menu.servings.values.flatMap { $0 }.map { $0.line(in: .english) }.sorted()
        #expect(lines == ["김치찌개 at Alpha Hall, lunch", "돈까스 at Alpha Hall, lunch"])
        let message = PushMessage(lines: lines, area: TestApp.sampleArea, day: F.date("2026-11-09"), language: .english)
        #expect(message.title == "2 dishes you follow are on today's menus")
        #expect(message.body == "김치찌개 at Alpha Hall, lunch\n돈까스 at Alpha Hall, lunch")
        #expect(message.url == "/areas/test-campus/menus?date=2026-11-09")
        #expect(menu.servings.values.flatMap { $0 }.map { $0.line(in: .korean) }.contains("돈까스 · 알파관 중식"))
        #expect(PushMessage.koreanCutlet.title == "팔로우한 메뉴가 오늘 나와요")
    }
}

extension PushMessage {
    /// What the Korean reader following 돈까스 is sent on Monday.
    static let koreanCutlet = PushMessage(
        lines: ["돈까스 · 알파관 중식"], area: TestApp.sampleArea, day: try! CalendarDate(parsing: "2026-11-09"),
        language: .korean)
}

/// A push service answering each endpoint's last path segment with its status (201 when none is set), and keeping
/// every request.
final class PushService: OutboundHTTPClient {
    struct Received: Sendable {
        let path: String
        let headers: [String: String]
        let body: [UInt8]
    }

    private let state: Mutex<(answers: [String: Int], requests: [Received])>

    init(answers: [String: Int]) {
        state = Mutex((answers, []))
    }

    var requests: [Received] { state.withLock { $0.requests } }

    /// Answers `status` where it answered `old`.
    func answer(_ old: Int, with status: Int) {
        state.withLock { state in
            state.answers = state.answers.mapValues { $0 == old ? status : $0 }
        }
    }

    func get(_ request: OutboundRequest) throws(OutboundError) -> OutboundResponse {
        throw .couldNotConnect
    }

    func post(_ request: OutboundRequest, body: [UInt8]) throws(OutboundError) -> OutboundResponse {
        let url = try OutboundURL(request.url)
        let name = String(url.path.split(separator: "/").last ?? "")
        let headers = Dictionary(request.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        let status = state.withLock { state in
            state.requests.append(Received(path: url.path, headers: headers, body: body))
            return state.answers[name] ?? 201
        }
        return OutboundResponse(status: status, headers: [:], body: [], url: url, redirects: 0)
    }
}
