import Foundation
import GrubmapCore
import GrubmapStore

/// Profiles and check-ins. A profile's one check-in is the `check_ins` row keyed by its `profile_id`: checking in is
/// a single `INSERT … SELECT … ON CONFLICT (profile_id) DO UPDATE`, so concurrent check-ins of one profile, on one server or
/// several sharing a PostgreSQL database, leave exactly one row (the primary key is the constraint; there is no
/// check-then-write race).
extension SQLStore {
    public func profile(sessionToken: String) throws -> Profile? {
        try withConnection { connection in
            try connection.fetchOne(
                "SELECT \(sql: StoreRows.profileColumns) FROM profiles WHERE session_token = \(TokenDigest(sessionToken))"
            ).map(StoreRows.profile(from:))
        }
    }

    public func profile(id: Profile.ID) throws -> Profile? {
        try withConnection { connection in
            try connection.fetchOne("SELECT \(sql: StoreRows.profileColumns) FROM profiles WHERE id = \(id)")
                .map(StoreRows.profile(from:))
        }
    }

    public func saveProfile(_ profile: Profile, sessionToken: String, avatar: AvatarChange) throws {
        try write { connection in
            try connection.execute(
                """
                INSERT INTO profiles (id, session_token, first_name, last_name, company, bio)
                VALUES (\(profile.id), \(TokenDigest(sessionToken)), \(profile.firstName), \(profile.lastName), \(profile.company),
                    \(profile.bio))
                ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
                    company = excluded.company, bio = excluded.bio
                """)
            switch avatar {
            case .keep:
                break
            case .remove:
                try connection.execute("UPDATE profiles SET avatar = NULL, avatar_type = NULL WHERE id = \(profile.id)")
            case .replace(let picture):
                try connection.execute(
                    """
                    UPDATE profiles SET avatar = \(picture.bytes), avatar_type = \(picture.type.rawValue)
                    WHERE id = \(profile.id)
                    """)
            }
        }
    }

    public func avatar(profileID: Profile.ID) throws -> Avatar? {
        try withConnection { connection in
            guard
                let row = try connection.fetchOne(
                    "SELECT avatar FROM profiles WHERE id = \(profileID) AND avatar IS NOT NULL AND hidden_at IS NULL"),
                let bytes = try row.value(named: "avatar", as: [UInt8]?.self)
            else { return nil }
            return try Avatar(bytes: bytes)
        }
    }

    /// One statement, the profile looked up by the session in the insert itself, written by the store
    /// (``SQLStore/commit(_:)``): on SQLite committed together with other threads' check-ins, the hour's counter a
    /// second statement of the same write; on PostgreSQL in one statement with other threads' check-ins, the hour
    /// counted after the commit (``PopularCounts``).
    public func checkIn(
        sessionToken: String, at placeID: Place.ID, from startedAt: Date, until expiresAt: Date,
        bucket: PopularTimes.Bucket
    ) throws -> CheckIn? {
        let write = CheckInWrite(
            session: TokenDigest(sessionToken), placeID: placeID, startedAt: startedAt, expiresAt: expiresAt,
            bucket: bucket)
        let written = try counting { try commit(write) }
        guard let profileID = written.profileID else { return nil }
        didCommit(Set([.presence(placeID)] + (written.left.map { [.presence($0)] } ?? [])), adding: written.counts)
        return CheckIn(profileID: profileID, placeID: placeID, startedAt: startedAt, expiresAt: expiresAt)
    }

    @discardableResult
    public func checkOut(sessionToken: String) throws -> Bool {
        let delete: SQL = """
            DELETE FROM check_ins
            WHERE profile_id = (SELECT id FROM profiles WHERE session_token = \(TokenDigest(sessionToken)))
            RETURNING place_id
            """
        let left = try writeTogether { connection in
            try connection.fetchOne(delete)?.value(named: "place_id", as: Place.ID.self)
        }
        guard let left else { return false }
        didCommit([.presence(left)])
        return true
    }

    public func checkIn(profileID: Profile.ID, activeAt date: Date) throws -> CheckIn? {
        try withConnection { connection in
            try connection.fetchOne(
                """
                SELECT profile_id, place_id, started_at, expires_at FROM check_ins
                WHERE profile_id = \(profileID) AND started_at <= \(date) AND expires_at > \(date)
                """
            ).map(StoreRows.checkIn(from:))
        }
    }

    /// One statement: the window count is taken before `LIMIT` cuts the rows (or, with no rows to carry it, is 0).
    public func presence(atPlace id: Place.ID, at date: Date, newest: Int) throws -> PlacePeople {
        let limit = Int64(max(0, newest))
        let rows = try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT p.id, p.first_name, p.last_name, p.company, p.bio, p.avatar_type, p.hidden_reason,
                    c.profile_id, c.place_id, c.started_at, c.expires_at, count(*) OVER () AS total
                FROM check_ins c JOIN profiles p ON p.id = c.profile_id
                WHERE c.place_id = \(id) AND c.started_at <= \(date) AND c.expires_at > \(date)
                ORDER BY c.started_at DESC, p.id
                LIMIT \(max(limit, 1))
                """)
        }
        let total = try rows.first?.value(named: "total", as: Int64.self) ?? 0
        let people = try rows.prefix(Int(limit)).map { row in
            (try StoreRows.profile(from: row), try StoreRows.checkIn(from: row))
        }
        return PlacePeople(newest: people, count: Int(total))
    }

    /// Found from the check-ins (one per profile at most), not from the area's places, which may be a city's
    /// million: `pl.area_id || ''` keeps SQLite's planner from starting at the places by their `area_id` index.
    public func presence(inArea id: Area.ID, at date: Date, sample: Int) throws -> [Place.ID: PlacePresence] {
        let rows = try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT c.place_id, p.id, p.first_name, p.last_name, p.company, p.bio, p.avatar_type, p.hidden_reason
                FROM check_ins c JOIN profiles p ON p.id = c.profile_id JOIN places pl ON pl.id = c.place_id
                WHERE pl.area_id || '' = \(id) AND c.started_at <= \(date) AND c.expires_at > \(date)
                ORDER BY c.place_id, c.started_at DESC, p.id
                """)
        }
        var counts: [Place.ID: Int] = [:]
        var newest: [Place.ID: [Profile]] = [:]
        for row in rows {
            let place = try Place.ID(try row.value(named: "place_id", as: String.self))
            counts[place, default: 0] += 1
            if newest[place, default: []].count < sample {
                newest[place, default: []].append(try StoreRows.profile(from: row))
            }
        }
        return counts.reduce(into: [:]) { result, entry in
            result[entry.key] = PlacePresence(count: entry.value, newest: newest[entry.key] ?? [])
        }
    }
}

extension StoreRows {
    static let profileColumns: SQL = "id, first_name, last_name, company, bio, avatar_type, hidden_reason"

    static func profile(from row: Row) throws -> Profile {
        Profile(
            id: try Profile.ID(try row.value(named: "id", as: String.self)),
            firstName: try row.value(named: "first_name"), lastName: try row.value(named: "last_name"),
            company: try row.value(named: "company"), bio: try row.value(named: "bio"),
            avatarType: try row.value(named: "avatar_type", as: String?.self).flatMap(Avatar.MediaType.init(rawValue:)),
            hiddenReason: try row.value(named: "hidden_reason"))
    }

    static func checkIn(from row: Row) throws -> CheckIn {
        CheckIn(
            profileID: try Profile.ID(try row.value(named: "profile_id", as: String.self)),
            placeID: try Place.ID(try row.value(named: "place_id", as: String.self)),
            startedAt: try row.value(named: "started_at"), expiresAt: try row.value(named: "expires_at"))
    }
}

/// A check-in to write: the session whose profile checks in, where, and when.
public struct CheckInWrite: Sendable {
    let session: TokenDigest
    let placeID: Place.ID
    let startedAt: Date
    let expiresAt: Date
    /// The popular-times hour it counts in.
    let bucket: PopularTimes.Bucket

    /// The session's profile checked in here, its row replaced when it was checked in elsewhere.
    private var insert: SQL {
        """
        INSERT INTO check_ins (profile_id, place_id, started_at, expires_at)
        SELECT id, \(placeID), \(startedAt), \(expiresAt) FROM profiles WHERE session_token = \(session)
        ON CONFLICT (profile_id) DO UPDATE SET place_id = excluded.place_id,
            started_at = excluded.started_at, expires_at = excluded.expires_at
        RETURNING profile_id, place_id
        """
    }

    /// The place the session's profile is checked in at, before the write.
    private var previous: SQL {
        """
        SELECT c.place_id FROM check_ins c JOIN profiles p ON p.id = c.profile_id
        WHERE p.session_token = \(session)
        """
    }

    /// On SQLite, in a transaction shared with other threads' check-ins (``GroupCommit``): which place the move
    /// leaves (asked first: in process, cheap), the write, and the hour's count.
    func write(on database: Database) throws -> CheckInWritten {
        let left = try database.fetchOne(previous)?.value(named: "place_id", as: Place.ID.self)
        guard let id = try database.fetchOne(insert)?.value(named: "profile_id", as: Profile.ID.self) else {
            return CheckInWritten(profileID: nil, left: nil, counts: PopularCounts())
        }
        let count = SQLiteStore.countOne("check_ins", placeID: placeID, bucket: bucket, dialect: .sqlite)
        try database.execute(count(SQLiteStore.onePlaceRow(placeID)))
        return CheckInWritten(profileID: id, left: left, counts: PopularCounts())
    }

    /// On PostgreSQL, alone: one statement, which tells the place left too (every part of a `WITH` sees the snapshot
    /// from before the insert). The hour is counted after the commit.
    func write(on connection: PostgresConnection) throws -> CheckInWritten {
        let row = try connection.fetchOne(
            """
            WITH previous AS (\(sql: previous)), checked AS (\(sql: insert))
            SELECT profile_id, (SELECT place_id FROM previous) AS left_place FROM checked
            """)
        guard let row else { return CheckInWritten(profileID: nil, left: nil, counts: PopularCounts()) }
        return CheckInWritten(
            profileID: try row.value(named: "profile_id", as: Profile.ID.self),
            left: try row.value(named: "left_place", as: Place.ID?.self), counts: .checkIn(at: placeID, bucket: bucket))
    }

    /// On PostgreSQL, many in one statement: the check-ins go as one JSON parameter (`json_to_recordset`), each
    /// numbered, and come back by number; one without a profile comes back as none. Each session's profile and the
    /// place it leaves are looked up by subqueries, one index lookup a check-in, whatever the tables hold: the
    /// prepared statement's generic plan guesses 100 input rows, and as joins it read every profile (a hash join)
    /// while there were a few thousand (1,008 profiles, a batch of 4: 0.25-0.33 ms against 0.14). Rows are written in the order of
    /// their profiles, so two such statements writing the same rows (two servers') wait for each other instead of
    /// deadlocking. One may still deadlock with a statement that locks check-ins in another order (the console's end
    /// of a day's check-ins, a place's deletion): PostgreSQL cancels one of the two after `deadlock_timeout`, and a
    /// batch so cancelled is written again one by one. No two may be of one session (``WriteBatches``' conflict): a
    /// statement may not change a row twice.
    static func write(_ writes: [CheckInWrite], on connection: PostgresConnection) throws -> [CheckInWritten] {
        struct Row: Encodable {
            let n: Int, session: String, placeID: String, startedAt: Int64, expiresAt: Int64
            enum CodingKeys: String, CodingKey {
                case n, session, placeID = "place_id", startedAt = "started_at", expiresAt = "expires_at"
            }
        }
        let rows = writes.enumerated().map { n, write in
            Row(
                n: n, session: write.session.hex, placeID: write.placeID.rawValue,
                startedAt: write.startedAt.storedSeconds, expiresAt: write.expiresAt.storedSeconds)
        }
        let json = String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
        let found = try connection.fetchAll(
            """
            WITH input AS (
                SELECT * FROM json_to_recordset(\(json)::json)
                    AS i(n integer, session text, place_id text, started_at bigint, expires_at bigint)
            ),
            found AS MATERIALIZED (
                SELECT input.*,
                    (SELECT profiles.id FROM profiles WHERE profiles.session_token = input.session) AS profile_id
                FROM input
            ),
            mine AS (
                SELECT n, profile_id, place_id, started_at, expires_at,
                    (SELECT check_ins.place_id FROM check_ins WHERE check_ins.profile_id = found.profile_id)
                        AS left_place
                FROM found WHERE profile_id IS NOT NULL
            ),
            checked AS (
                INSERT INTO check_ins (profile_id, place_id, started_at, expires_at)
                SELECT profile_id, place_id, started_at, expires_at FROM mine ORDER BY profile_id
                ON CONFLICT (profile_id) DO UPDATE SET place_id = excluded.place_id,
                    started_at = excluded.started_at, expires_at = excluded.expires_at
                RETURNING profile_id
            )
            SELECT mine.n, checked.profile_id, mine.left_place
            FROM checked JOIN mine ON mine.profile_id = checked.profile_id
            """)
        var written = writes.map { _ in CheckInWritten(profileID: nil, left: nil, counts: PopularCounts()) }
        for row in found {
            let n = try row.value(named: "n", as: Int64.self)
            guard let index = Int(exactly: n), written.indices.contains(index) else { continue }
            written[index] = CheckInWritten(
                profileID: try row.value(named: "profile_id", as: Profile.ID.self),
                left: try row.value(named: "left_place", as: Place.ID?.self),
                counts: .checkIn(at: writes[index].placeID, bucket: writes[index].bucket))
        }
        return written
    }

    /// PostgreSQL's batches of check-ins on `pool`: up to 64 a statement, none two of one session; a batch whose
    /// statement the server refused (but not for being out of reach, ``PostgresError/isConnectionFailure``) is
    /// written again one by one.
    static func postgresBatches(pool: PostgresConnectionPool) -> WriteBatches<CheckInWrite, CheckInWritten> {
        WriteBatches(
            maximumBatch: 64, conflict: { $0.session == $1.session },
            isStatementFailure: { error in
                guard let error = error as? PostgresError else { return false }
                return error.kind == .server && !error.isConnectionFailure
            },
            together: { writes in try pool.withConnection { try write(writes, on: $0) } },
            alone: { write in try pool.withConnection { try write.write(on: $0) } })
    }
}

/// What writing a check-in found: the session's profile (`nil` when it has none, and nothing was written), the place
/// the profile left, and the popular-times counts left for after the commit (none on SQLite).
public struct CheckInWritten: Sendable {
    let profileID: Profile.ID?
    let left: Place.ID?
    let counts: PopularCounts
}
