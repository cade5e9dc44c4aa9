import Foundation
import GrubmapCore
import GrubmapStore

/// Profiles and check-ins. A profile's one check-in is the `check_ins` row keyed by its `profile_id`: checking in is
/// a single `INSERT … ON CONFLICT (profile_id) DO UPDATE`, so concurrent check-ins of one profile, on one server or
/// several sharing a PostgreSQL database, leave exactly one row (the primary key is the constraint; there is no
/// check-then-write race).
extension SQLStore {
    public func profile(sessionToken: String) throws -> Profile? {
        try withConnection { connection in
            try connection.fetchOne(
                "SELECT \(StoreRows.profileColumns) FROM profiles WHERE session_token = ?", arguments: [sessionToken]
            ).map(StoreRows.profile(from:))
        }
    }

    public func profile(id: Profile.ID) throws -> Profile? {
        try withConnection { connection in
            try connection.fetchOne(
                "SELECT \(StoreRows.profileColumns) FROM profiles WHERE id = ?", arguments: [id.rawValue]
            ).map(StoreRows.profile(from:))
        }
    }

    public func saveProfile(_ profile: Profile, sessionToken: String, avatar: AvatarChange) throws {
        try write { connection in
            try connection.execute(
                """
                INSERT INTO profiles (id, session_token, first_name, last_name, company, bio)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
                    company = excluded.company, bio = excluded.bio
                """,
                arguments: [
                    profile.id.rawValue, sessionToken, profile.firstName, profile.lastName, profile.company,
                    profile.bio,
                ])
            switch avatar {
            case .keep:
                break
            case .remove:
                try connection.execute(
                    "UPDATE profiles SET avatar = NULL, avatar_type = NULL WHERE id = ?",
                    arguments: [profile.id.rawValue])
            case .replace(let picture):
                try connection.execute(
                    "UPDATE profiles SET avatar = ?, avatar_type = ? WHERE id = ?",
                    arguments: [picture.bytes, picture.type.rawValue, profile.id.rawValue])
            }
        }
    }

    public func avatar(profileID: Profile.ID) throws -> Avatar? {
        try withConnection { connection in
            guard
                let row = try connection.fetchOne(
                    "SELECT avatar FROM profiles WHERE id = ? AND avatar IS NOT NULL", arguments: [profileID.rawValue]),
                let bytes = try row.value(named: "avatar", as: [UInt8]?.self)
            else { return nil }
            return try Avatar(bytes: bytes)
        }
    }

    public func checkIn(_ checkIn: CheckIn) throws {
        try withConnection { connection in
            try connection.execute(
                """
                INSERT INTO check_ins (profile_id, place_id, started_at, expires_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (profile_id) DO UPDATE SET place_id = excluded.place_id,
                    started_at = excluded.started_at, expires_at = excluded.expires_at
                """,
                arguments: [
                    checkIn.profileID.rawValue, checkIn.placeID.rawValue, StoreRows.seconds(checkIn.startedAt),
                    StoreRows.seconds(checkIn.expiresAt),
                ])
        }
    }

    @discardableResult
    public func checkOut(profileID: Profile.ID) throws -> Bool {
        try withConnection { connection in
            try connection.execute("DELETE FROM check_ins WHERE profile_id = ?", arguments: [profileID.rawValue])
            return connection.changes > 0
        }
    }

    public func checkIn(profileID: Profile.ID, activeAt date: Date) throws -> CheckIn? {
        try withConnection { connection in
            try connection.fetchOne(
                """
                SELECT profile_id, place_id, started_at, expires_at FROM check_ins
                WHERE profile_id = ? AND started_at <= ? AND expires_at > ?
                """,
                arguments: [profileID.rawValue, StoreRows.seconds(date), StoreRows.seconds(date)]
            ).map(StoreRows.checkIn(from:))
        }
    }

    public func presence(atPlace id: Place.ID, at date: Date) throws -> [(profile: Profile, checkIn: CheckIn)] {
        try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT p.id, p.first_name, p.last_name, p.company, p.bio, p.avatar_type,
                    c.profile_id, c.place_id, c.started_at, c.expires_at
                FROM check_ins c JOIN profiles p ON p.id = c.profile_id
                WHERE c.place_id = ? AND c.started_at <= ? AND c.expires_at > ?
                ORDER BY c.started_at DESC, p.id
                """,
                arguments: [id.rawValue, StoreRows.seconds(date), StoreRows.seconds(date)]
            ).map { row in (try StoreRows.profile(from: row), try StoreRows.checkIn(from: row)) }
        }
    }

    public func presence(inArea id: Area.ID, at date: Date, sample: Int) throws -> [Place.ID: PlacePresence] {
        let rows = try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT c.place_id, p.id, p.first_name, p.last_name, p.company, p.bio, p.avatar_type
                FROM check_ins c JOIN profiles p ON p.id = c.profile_id JOIN places pl ON pl.id = c.place_id
                WHERE pl.area_id = ? AND c.started_at <= ? AND c.expires_at > ?
                ORDER BY c.place_id, c.started_at DESC, p.id
                """,
                arguments: [id.rawValue, StoreRows.seconds(date), StoreRows.seconds(date)])
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
    static let profileColumns = "id, first_name, last_name, company, bio, avatar_type"

    static func profile(from row: Row) throws -> Profile {
        Profile(
            id: try Profile.ID(try row.value(named: "id", as: String.self)),
            firstName: try row.value(named: "first_name"), lastName: try row.value(named: "last_name"),
            company: try row.value(named: "company"), bio: try row.value(named: "bio"),
            avatarType: try row.value(named: "avatar_type", as: String?.self).flatMap(Avatar.MediaType.init(rawValue:)))
    }

    static func checkIn(from row: Row) throws -> CheckIn {
        CheckIn(
            profileID: try Profile.ID(try row.value(named: "profile_id", as: String.self)),
            placeID: try Place.ID(try row.value(named: "place_id", as: String.self)),
            startedAt: try date(row, "started_at"), expiresAt: try date(row, "expires_at"))
    }
}
