import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// Web Push on both databases: one key for all servers, subscriptions of sessions (replaced by endpoint, gone with
/// the session), recipients with their followed dishes and language, and one claim of a day per subscription.
@Suite("Store: Web Push")
struct PushStoreTests {
    static let monday = try! CalendarDate(parsing: "2026-12-07")
    static let tuesday = try! CalendarDate(parsing: "2026-12-08")
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func token(_ index: Int) -> String { "session-\(index)-" + String(repeating: "x", count: 32) }

    static func subscription(_ name: String, key: UInt8 = 4) -> PushSubscription {
        PushSubscription(
            endpoint: "https://push.example.net/\(name)", p256dh: [UInt8](repeating: key, count: 65),
            auth: [UInt8](repeating: 1, count: 16))
    }

    static func store(people: Int, on kind: StoreKind, _ body: (any Store) throws -> Void) throws {
        try kind.withStore { store throws in
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall])
            for index in 0..<people {
                try store.createSession(
                    Session(
                        token: token(index), csrfToken: "c", createdAt: Date(timeIntervalSince1970: 0),
                        expiresAt: Date(timeIntervalSince1970: 4_000_000_000)))
            }
            try body(store)
        }
    }

    @Test(arguments: StoreKind.tested)
    func theKeyIsMadeOnceAndKept(kind: StoreKind) throws {
        try Self.store(people: 0, on: kind) { store throws in
            let first = try store.pushKey(orCreate: { [UInt8](repeating: 7, count: 32) })
            #expect(first == [UInt8](repeating: 7, count: 32))
            #expect(try store.pushKey(orCreate: { [UInt8](repeating: 8, count: 32) }) == first)
        }
    }

    @Test(arguments: StoreKind.tested)
    func subscriptionsBelongToASessionAndAreReplacedByEndpoint(kind: StoreKind) throws {
        try Self.store(people: 2, on: kind) { store throws in
            #expect(try store.subscribe(Self.subscription("a"), sessionToken: Self.token(0), at: Self.now))
            #expect(try store.subscribe(Self.subscription("b"), sessionToken: Self.token(0), at: Self.now))
            #expect(try !store.subscribe(Self.subscription("c"), sessionToken: "no-such-session", at: Self.now))
            #expect(try store.pushSubscriptions(sessionToken: Self.token(0)).map(\.endpoint).count == 2)
            // The same browser subscribing again, under another session, with new keys: one row, moved.
            let again = Self.subscription("a", key: 9)
            #expect(try store.subscribe(again, sessionToken: Self.token(1), at: Self.now))
            #expect(try store.pushSubscriptions(sessionToken: Self.token(1)) == [again])
            #expect(try store.pushSubscriptions(sessionToken: Self.token(0)) == [Self.subscription("b")])
            // Only its own session unsubscribes it.
            #expect(try !store.unsubscribe(endpoint: again.endpoint, sessionToken: Self.token(0)))
            #expect(try store.unsubscribe(endpoint: again.endpoint, sessionToken: Self.token(1)))
            #expect(try store.pushSubscriptions(sessionToken: Self.token(1)).isEmpty)
            // Gone with its session.
            #expect(try store.deleteSessions(expiredBefore: Date(timeIntervalSince1970: 5_000_000_000)) == 2)
            #expect(try store.pushRecipients(notSentOn: Self.monday).isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func recipientsCarryTheirPreferencesAndEachDayIsClaimedOnce(kind: StoreKind) throws {
        try Self.store(people: 2, on: kind) { store throws in
            try store.updatePreferences(sessionToken: Self.token(0)) { preferences in
                try preferences.set([Dish.ID(3)!, Dish.ID(1)!], for: PreferenceKeys.followedDishes)
                try preferences.set(.korean, for: PreferenceKeys.language)
                try preferences.set(.miles, for: PreferenceKeys.units)
            }
            #expect(try store.subscribe(Self.subscription("a"), sessionToken: Self.token(0), at: Self.now))
            #expect(try store.subscribe(Self.subscription("b"), sessionToken: Self.token(1), at: Self.now))
            let recipients = try store.pushRecipients(notSentOn: Self.monday)
            try #require(recipients.count == 2)
            #expect(recipients[0].subscription == Self.subscription("a"))
            #expect(recipients[0].preferences[PreferenceKeys.followedDishes] == [Dish.ID(3)!, Dish.ID(1)!])
            #expect(recipients[0].preferences[PreferenceKeys.language] == .korean)
            #expect(recipients[1].preferences[PreferenceKeys.followedDishes].isEmpty)

            let id = recipients[0].id
            #expect(try store.claimPushDay(subscriptionID: id, day: Self.monday))
            #expect(try !store.claimPushDay(subscriptionID: id, day: Self.monday))
            #expect(try store.pushRecipients(notSentOn: Self.monday).map(\.id) == [recipients[1].id])
            #expect(try store.pushRecipients(notSentOn: Self.tuesday).count == 2)
            // A message that did not go out is tried again.
            try store.releasePushDay(subscriptionID: id, day: Self.monday)
            #expect(try store.claimPushDay(subscriptionID: id, day: Self.monday))

            try store.deletePushSubscription(id: id)
            #expect(try !store.claimPushDay(subscriptionID: id, day: Self.tuesday))
            #expect(try store.pushRecipients(notSentOn: Self.tuesday).map(\.id) == [recipients[1].id])
        }
    }

    static func audit(after hour: Int) -> AuditEntry {
        AuditEntry(
            at: now, actor: "op-1", actorName: "Op", areaID: Fixtures.busan.id, action: "area.push-hour",
            subject: Fixtures.busan.id.rawValue, before: nil, after: String(hour))
    }

    @Test(arguments: StoreKind.tested)
    func areasKeepTheirHourAudited(kind: StoreKind) throws {
        try Self.store(people: 0, on: kind) { store throws in
            #expect(try store.pushHours().isEmpty)
            try store.setPushHour(8, areaID: Fixtures.busan.id, audit: Self.audit(after: 8))
            try store.setPushHour(9, areaID: Fixtures.busan.id, audit: Self.audit(after: 9))
            #expect(try store.pushHours() == [Fixtures.busan.id: 9])
            #expect(throws: StoreError.unknownArea(id: "nowhere")) {
                try store.setPushHour(9, areaID: Area.ID("nowhere"), audit: Self.audit(after: 9))
            }
            let entries = try store.auditEntries(
                areas: [Fixtures.busan.id], includingGlobal: false, action: "area.push-hour", before: nil, limit: 10)
            #expect(entries.map(\.after) == ["9", "8"])
        }
    }
}
