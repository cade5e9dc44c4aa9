import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// Session tokens are kept only as their SHA-256 (``TokenDigest``), and migration 7 hashed the ones stored before,
/// on every database.
@Suite("Store: session tokens stored as digests")
struct SessionTokenDigestTests {
    static let token = String(repeating: "T", count: 40) + "abc"
    static let otherToken = String(repeating: "U", count: 40) + "xyz"

    /// Every text in the tables that hold session tokens.
    private func storedTexts(_ database: TestDatabase) throws -> [String] {
        let connection = try database.connect()
        return try [
            "SELECT token AS t FROM sessions", "SELECT session_token AS t FROM preferences",
            "SELECT session_token AS t FROM profiles",
        ].flatMap { query in try connection.fetchAll(SQL(stringLiteral: query)).map { try $0.value(named: "t") } }
    }

    @Test(arguments: StoreKind.tested)
    func aNewSessionIsStoredAsItsDigest(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            let session = Session(
                token: Self.token, csrfToken: "csrf", createdAt: Date(timeIntervalSince1970: 1_700_000_000),
                expiresAt: Date(timeIntervalSince1970: 2_000_000_000))
            try store.createSession(session)
            try store.updatePreferences(sessionToken: Self.token) { try $0.set(.miles, for: PreferenceKeys.units) }
            try store.saveProfile(
                Profile(id: try Profile.ID("p1"), firstName: "Ada", lastName: "Kim"), sessionToken: Self.token,
                avatar: .keep)
            let texts = try storedTexts(database)
            #expect(!texts.isEmpty)
            #expect(texts.allSatisfy { $0 == TokenDigest(Self.token).hex })
            #expect(try store.session(token: Self.token) == session)
            #expect(try store.preferences(sessionToken: Self.token)[PreferenceKeys.units] == .miles)
            #expect(try store.profile(sessionToken: Self.token)?.firstName == "Ada")
            // The digest itself is not a token: presenting it finds nothing.
            #expect(try store.session(token: TokenDigest(Self.token).hex) == nil)
        }
    }

    /// A database of version 6 with two sessions (one with preferences and a profile) keeps working after migrating:
    /// the same tokens find the same sessions, preferences and profile, and no token is left in the database.
    @Test(arguments: StoreKind.tested)
    func migrationSevenKeepsExistingSessionsWorking(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let connection = try database.connect()
            try Migrator(migrations: Schema.migrations.filter { $0.version <= 6 }).migrate(connection)
            try connection.executeScript(
                """
                INSERT INTO sessions (token, csrf_token, created_at, expires_at)
                    VALUES ('\(Self.token)', 'csrf-1', 1700000000, 2000000000);
                INSERT INTO sessions (token, csrf_token, created_at, expires_at)
                    VALUES ('\(Self.otherToken)', 'csrf-2', 1700000000, 2000000000);
                INSERT INTO preferences (session_token, name, value) VALUES ('\(Self.token)', 'units', '"mi"');
                INSERT INTO profiles (id, session_token, first_name, last_name, company, bio)
                    VALUES ('p1', '\(Self.token)', 'Ada', 'Kim', 'PNU', 'Lunch at noon');
                """)
            let store = try database.openStore()
            let session = try #require(try store.session(token: Self.token))
            #expect(session.csrfToken == "csrf-1")
            #expect(session.expiresAt == Date(timeIntervalSince1970: 2_000_000_000))
            #expect(try store.session(token: Self.otherToken)?.csrfToken == "csrf-2")
            #expect(try store.preferences(sessionToken: Self.token)[PreferenceKeys.units] == .miles)
            #expect(try store.profile(sessionToken: Self.token)?.bio == "Lunch at noon")
            let texts = try storedTexts(database)
            #expect(texts.count == 4)
            #expect(!texts.contains(Self.token) && !texts.contains(Self.otherToken))
            #expect(Set(texts) == [TokenDigest(Self.token).hex, TokenDigest(Self.otherToken).hex])
        }
    }

    /// The digest is SHA-256 in hex, computed the same way by Swift, by SQLite's `grubmap_sha256_hex` and by
    /// PostgreSQL's `sha256`.
    @Test func digestIsHexSHA256() {
        #expect(TokenDigest("abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
