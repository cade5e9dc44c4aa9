import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// Sessions and preferences, on every database (see ``StoreKind``).
@Suite("Store: sessions and preferences")
struct SessionStoreTests {
    static func session(_ seed: UInt8, expiresAt seconds: Double = 2_000_000_000) -> Session {
        Session(
            token: String(repeating: Character(UnicodeScalar(UInt8(ascii: "a") + seed)), count: 43),
            csrfToken: "csrf-\(seed)", createdAt: Date(timeIntervalSince1970: 1_700_000_000),
            expiresAt: Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: StoreKind.tested)
    func sessionsRoundTripAndExtend(kind: StoreKind) throws {
        try kind.withStore { store throws in
            let session = Self.session(1)
            try store.createSession(session)
            #expect(try store.session(token: session.token) == session)
            #expect(try store.session(token: Self.session(2).token) == nil)
            try store.extendSession(token: session.token, until: Date(timeIntervalSince1970: 2_100_000_000))
            #expect(try store.session(token: session.token)?.expiresAt == Date(timeIntervalSince1970: 2_100_000_000))
        }
    }

    @Test(arguments: StoreKind.tested)
    func theServerSecretIsMadeOnceAndKept(kind: StoreKind) throws {
        try kind.withStore { store throws in
            let first = try store.serverSecret(orCreate: { [UInt8](repeating: 7, count: 32) })
            #expect(first == [UInt8](repeating: 7, count: 32))
            var madeAgain = false
            let second = try store.serverSecret(orCreate: {
                madeAgain = true
                return [UInt8](repeating: 9, count: 32)
            })
            #expect(second == first)
            #expect(!madeAgain)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aSecondSessionWithTheSameTokenIsRefused(kind: StoreKind) throws {
        try kind.withStore { store throws in
            try store.createSession(Self.session(1))
            let error = #expect(throws: (any Error).self) { try store.createSession(Self.session(1)) }
            #expect(kind.isConstraintViolation(error))
        }
    }

    @Test(arguments: StoreKind.tested)
    func preferencesAreKeptPerSessionAndReadWithIt(kind: StoreKind) throws {
        try kind.withStore { store throws in
            let (first, second, both, plain) = (Self.session(1), Self.session(2), Self.session(3), Self.session(4))
            for session in [first, second, both, plain] { try store.createSession(session) }
            try store.updatePreferences(sessionToken: first.token) { try $0.set(.miles, for: PreferenceKeys.units) }
            try store.updatePreferences(sessionToken: second.token) {
                try $0.set(.korean, for: PreferenceKeys.language)
            }
            try store.updatePreferences(sessionToken: both.token) { preferences in
                try preferences.set(.korean, for: PreferenceKeys.language)
                try preferences.set(.miles, for: PreferenceKeys.units)
            }
            #expect(try store.preferences(sessionToken: first.token)[PreferenceKeys.units] == .miles)
            #expect(try store.preferences(sessionToken: first.token)[PreferenceKeys.language] == nil)
            #expect(try store.preferences(sessionToken: second.token)[PreferenceKeys.units] == nil)
            #expect(try store.preferences(sessionToken: second.token)[PreferenceKeys.language] == .korean)

            // The session and its preferences in one read: one row a preference, or one with none.
            #expect(try store.sessionAndPreferences(token: Self.session(5).token) == nil)
            let read = try #require(try store.sessionAndPreferences(token: plain.token))
            #expect(read.session == plain)
            #expect(read.preferences == Preferences())
            let two = try #require(try store.sessionAndPreferences(token: both.token))
            #expect(two.session == both)
            #expect(two.preferences[PreferenceKeys.language] == .korean)
            #expect(two.preferences[PreferenceKeys.units] == .miles)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aChangeThatThrowsStoresNothing(kind: StoreKind) throws {
        try kind.withStore { store throws in
            let session = Self.session(1)
            try store.createSession(session)
            try store.updatePreferences(sessionToken: session.token) { try $0.set(.miles, for: PreferenceKeys.units) }
            #expect(throws: PreferenceError.self) {
                try store.updatePreferences(sessionToken: session.token) {
                    try $0.set(.progress, for: PreferenceKeys.onboardingStyle)
                    try $0.set(-1, for: PreferenceKeys.seenOnboardingVersion)
                }
            }
            let stored = try store.preferences(sessionToken: session.token)
            #expect(stored[PreferenceKeys.units] == .miles)
            #expect(stored[PreferenceKeys.onboardingStyle] == .basic)
        }
    }

    @Test(arguments: StoreKind.tested)
    func preferencesOfAnUnknownSessionCannotBeStored(kind: StoreKind) throws {
        try kind.withStore { store throws in
            #expect(try store.preferences(sessionToken: "nobody").storage.isEmpty)
            let error = #expect(throws: (any Error).self) {
                try store.updatePreferences(sessionToken: "nobody") { try $0.set(.miles, for: PreferenceKeys.units) }
            }
            #expect(kind.isConstraintViolation(error))
        }
    }

    @Test(arguments: StoreKind.tested)
    func expiredSessionsAreDeletedWithTheirPreferences(kind: StoreKind) throws {
        try kind.withStore { store throws in
            let old = Self.session(1, expiresAt: 1_800_000_000)
            let current = Self.session(2, expiresAt: 2_000_000_000)
            try store.createSession(old)
            try store.createSession(current)
            try store.updatePreferences(sessionToken: old.token) { try $0.set(.miles, for: PreferenceKeys.units) }
            #expect(try store.deleteSessions(expiredBefore: Date(timeIntervalSince1970: 1_900_000_000)) == 1)
            #expect(try store.session(token: old.token) == nil)
            #expect(try store.session(token: current.token) != nil)
            #expect(try store.preferences(sessionToken: old.token).storage.isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func concurrentChangesOfOneSessionThroughTwoServersAreAllKept(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let stores = [try database.openStore(), try database.openStore()]
            let session = Self.session(1)
            try stores[0].createSession(session)
            // Each change reads the counter and writes it plus one: a change working from a stale read would lose one.
            let failures = Failures()
            onThreads(8) { thread in
                do {
                    for _ in 0..<5 {
                        try stores[thread % 2].updatePreferences(sessionToken: session.token) { preferences in
                            let seen = preferences[PreferenceKeys.seenOnboardingVersion] ?? 0
                            try preferences.set(seen + 1, for: PreferenceKeys.seenOnboardingVersion)
                        }
                    }
                } catch {
                    failures.add("\(error)")
                }
            }
            #expect(failures.all.isEmpty)
            #expect(try stores[1].preferences(sessionToken: session.token)[PreferenceKeys.seenOnboardingVersion] == 40)
        }
    }
}
