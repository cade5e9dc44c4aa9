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

    /// One statement, the profile looked up by the session in the insert itself: one round trip on PostgreSQL, whose
    /// hour is counted after the commit (``PopularCounts``). On SQLite it is committed together with
    /// other threads' check-ins (``SQLStore/commitTogether(_:)``), the counter a second statement of the same write.
    public func checkIn(
        sessionToken: String, at placeID: Place.ID, from startedAt: Date, until expiresAt: Date,
        bucket: PopularTimes.Bucket
    ) throws -> CheckIn? {
        let insert: SQL = """
            INSERT INTO check_ins (profile_id, place_id, started_at, expires_at)
            SELECT id, \(placeID), \(startedAt), \(expiresAt) FROM profiles
            WHERE session_token = \(TokenDigest(sessionToken))
            ON CONFLICT (profile_id) DO UPDATE SET place_id = excluded.place_id,
                started_at = excluded.started_at, expires_at = excluded.expires_at
            RETURNING profile_id, place_id
            """
        let count = Self.countOne("check_ins", placeID: placeID, bucket: bucket, dialect: dialect)
        let dialect = dialect
        // Both stores tell which place a move leaves: SQLite asks first (in process, cheap); PostgreSQL in the same
        // statement, which keeps its one round trip (every part of a WITH sees the snapshot from before the insert).
        let previous: SQL = """
            SELECT c.place_id FROM check_ins c JOIN profiles p ON p.id = c.profile_id
            WHERE p.session_token = \(TokenDigest(sessionToken))
            """
        // The write returns the counts it leaves for after its commit: none on SQLite, which counts in it.
        let (profileID, left, counts) = try writeTogether {
            connection -> (Profile.ID?, Place.ID?, PopularCounts) in
            switch dialect {
            case .sqlite:
                let left = try connection.fetchOne(previous)?.value(named: "place_id", as: Place.ID.self)
                guard let id = try connection.fetchOne(insert)?.value(named: "profile_id", as: Profile.ID.self) else {
                    return (nil, nil, PopularCounts())
                }
                try connection.execute(count(Self.onePlaceRow(placeID)))
                return (id, left, PopularCounts())
            case .postgreSQL:
                let row = try connection.fetchOne(
                    """
                    WITH previous AS (\(sql: previous)), checked AS (\(sql: insert))
                    SELECT profile_id, (SELECT place_id FROM previous) AS left_place FROM checked
                    """)
                guard let row else { return (nil, nil, PopularCounts()) }
                return (
                    try row.value(named: "profile_id", as: Profile.ID.self),
                    try row.value(named: "left_place", as: Place.ID?.self),
                    .checkIn(at: placeID, bucket: bucket)
                )
            }
        }
        if profileID != nil {
            didCommit(Set([.presence(placeID)] + (left.map { [.presence($0)] } ?? [])), adding: counts)
        }
        return profileID.map { id in
            CheckIn(profileID: id, placeID: placeID, startedAt: startedAt, expiresAt: expiresAt)
        }
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
