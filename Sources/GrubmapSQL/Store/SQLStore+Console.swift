import Foundation
import GrubmapCore
import GrubmapStore

/// What the operator console changes: places (archived or not), menus, moderation and the audit log. Each change
/// writes its audit entry in its own transaction, so the log and the data never disagree.
extension SQLStore {
    public func consolePlaces(inArea id: Area.ID) throws -> [ConsolePlace] {
        try withConnection { connection in
            try connection.fetchAll(
                "SELECT \(sql: StoreRows.placeColumns), archived_at FROM places WHERE area_id = \(id) ORDER BY id"
            ).map(Self.consolePlace(from:))
        }
    }

    public func consolePlace(id: Place.ID) throws -> ConsolePlace? {
        try withConnection { connection in
            try connection.fetchOne("SELECT \(sql: StoreRows.placeColumns), archived_at FROM places WHERE id = \(id)")
                .map(Self.consolePlace(from:))
        }
    }

    public func savePlace(_ place: Place, audit: AuditEntry) throws {
        let statement = StoreRows.upsert(place)
        try write { connection in
            guard try connection.fetchOne("SELECT id FROM areas WHERE id = \(place.areaID)") != nil else {
                throw StoreError.unknownArea(id: place.areaID.rawValue)
            }
            try connection.execute(statement)
            try Self.insert(audit, in: connection)
        }
        didCommit([.place(place.id)])
    }

    public func createPlace(_ place: Place, audit: AuditEntry) throws {
        let values = StoreRows.values(of: place)
        try write { connection in
            guard try connection.fetchOne("SELECT id FROM areas WHERE id = \(place.areaID)") != nil else {
                throw StoreError.unknownArea(id: place.areaID.rawValue)
            }
            // The id's unique key decides, inside the database: no check that another writer could pass too.
            try connection.execute(
                """
                INSERT INTO places (\(sql: StoreRows.placeColumns)) VALUES \(sql: values) ON CONFLICT (id) DO NOTHING
                """)
            guard connection.changes == 1 else { throw StoreError.placeIDTaken(id: place.id.rawValue) }
            try Self.insert(audit, in: connection)
        }
        didCommit([.place(place.id)])
    }

    @discardableResult
    public func archivePlace(id: Place.ID, at date: Date, audit: AuditEntry) throws -> Int {
        let ended = try write { connection in
            try connection.execute("UPDATE places SET archived_at = \(date) WHERE id = \(id) AND archived_at IS NULL")
            guard connection.changes == 1 else { throw StoreError.unknownPlace(id: id.rawValue) }
            try connection.execute("DELETE FROM check_ins WHERE place_id = \(id)")
            let ended = connection.changes
            try Self.insert(audit, in: connection)
            return ended
        }
        didCommit([.presence(id), .place(id)])
        return ended
    }

    public func restorePlace(id: Place.ID, audit: AuditEntry) throws {
        try write { connection in
            try connection.execute("UPDATE places SET archived_at = NULL WHERE id = \(id) AND archived_at IS NOT NULL")
            guard connection.changes == 1 else { throw StoreError.unknownPlace(id: id.rawValue) }
            try Self.insert(audit, in: connection)
        }
        didCommit([.place(id)])
    }

    public func replaceMenus(_ menus: [Menu], removing: [CalendarDate], placeID: Place.ID, audit: AuditEntry) throws {
        try replaceMenus(menus, removing: removing, placeID: placeID) { connection in
            try Self.insert(audit, in: connection)
        }
    }

    public func activeCheckIns(inArea id: Area.ID, at date: Date) throws -> [(profile: Profile, checkIn: CheckIn)] {
        try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT p.id, p.first_name, p.last_name, p.company, p.bio, p.avatar_type, p.hidden_reason,
                    c.profile_id, c.place_id, c.started_at, c.expires_at
                FROM check_ins c JOIN profiles p ON p.id = c.profile_id JOIN places pl ON pl.id = c.place_id
                WHERE pl.area_id = \(id) AND c.started_at <= \(date) AND c.expires_at > \(date)
                ORDER BY c.started_at DESC, p.id
                """
            ).map { row in (try StoreRows.profile(from: row), try StoreRows.checkIn(from: row)) }
        }
    }

    public func hideProfile(id: Profile.ID, reason: String, at date: Date, audit: AuditEntry) throws {
        try write { connection in
            try connection.execute(
                "UPDATE profiles SET hidden_at = \(date), hidden_reason = \(reason) WHERE id = \(id)")
            guard connection.changes == 1 else { throw StoreError.unknownProfile(id: id.rawValue) }
            try Self.insert(audit, in: connection)
        }
    }

    public func restoreProfile(id: Profile.ID, audit: AuditEntry) throws {
        try write { connection in
            try connection.execute("UPDATE profiles SET hidden_at = NULL, hidden_reason = NULL WHERE id = \(id)")
            guard connection.changes == 1 else { throw StoreError.unknownProfile(id: id.rawValue) }
            try Self.insert(audit, in: connection)
        }
    }

    @discardableResult
    public func endCheckIn(profileID: Profile.ID, audit: AuditEntry) throws -> Bool {
        let left = try write { connection -> Place.ID? in
            let delete: SQL = "DELETE FROM check_ins WHERE profile_id = \(profileID) RETURNING place_id"
            guard let left = try connection.fetchOne(delete)?.value(named: "place_id", as: Place.ID.self) else {
                return nil
            }
            try Self.insert(audit, in: connection)
            return left
        }
        guard let left else { return false }
        didCommit([.presence(left)])
        return true
    }

    @discardableResult
    public func endCheckIns(
        inArea id: Area.ID, _ selection: CheckInSelection, at date: Date, audit: (Int) -> AuditEntry
    ) throws -> Int {
        let picked: SQL =
            switch selection {
            case .place(let place): "place_id = \(place)"
            case .sessionsMadeSince(let since):
                """
                profile_id IN (SELECT p.id FROM profiles p JOIN sessions s ON s.token = p.session_token
                    WHERE s.created_at >= \(since))
                """
            }
        let left = try write { connection in
            let left = try connection.fetchAll(
                """
                DELETE FROM check_ins
                WHERE place_id IN (SELECT id FROM places WHERE area_id = \(id)) AND \(sql: picked)
                    AND started_at <= \(date) AND expires_at > \(date)
                RETURNING place_id
                """
            ).map { try $0.value(named: "place_id", as: Place.ID.self) }
            if !left.isEmpty { try Self.insert(audit(left.count), in: connection) }
            return left
        }
        didCommit(Set(left.map(LiveChange.presence)))
        return left.count
    }

    public func appendAudit(_ entry: AuditEntry) throws {
        try withConnection { connection in try Self.insert(entry, in: connection) }
    }

    public func auditEntries(areas: [Area.ID], includingGlobal: Bool, action: String?, before: Int64?, limit: Int)
        throws -> [AuditEntry]
    {
        // A few areas per operator: one bound value each, so the statement stays prepared per count.
        var inAreas: SQL = "1 = 0"
        for area in areas { inAreas = "\(sql: inAreas) OR area_id = \(area)" }
        let global: SQL = includingGlobal ? " OR area_id IS NULL" : ""
        let actionFilter: SQL = action.map { " AND action = \($0)" } ?? ""
        let cursor: SQL = before.map { " AND id < \($0)" } ?? ""
        return try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT id, at, actor, actor_name, area_id, action, subject, before_value, after_value FROM audit_log
                WHERE (\(sql: inAreas)\(sql: global))\(sql: actionFilter)\(sql: cursor)
                ORDER BY id DESC LIMIT \(max(1, min(limit, 500)))
                """
            ).map { row in
                AuditEntry(
                    id: try row.value(named: "id"), at: try row.value(named: "at"),
                    actor: try row.value(named: "actor"),
                    actorName: try row.value(named: "actor_name"),
                    areaID: try row.value(named: "area_id", as: String?.self).map { try Area.ID($0) },
                    action: try row.value(named: "action"), subject: try row.value(named: "subject"),
                    before: try row.value(named: "before_value"), after: try row.value(named: "after_value"))
            }
        }
    }

    @discardableResult
    public func deleteAuditEntries(before date: Date) throws -> Int {
        try withConnection { connection in
            try connection.execute("DELETE FROM audit_log WHERE at < \(date)")
            return connection.changes
        }
    }

    private static func consolePlace(from row: Row) throws -> ConsolePlace {
        ConsolePlace(place: try StoreRows.place(from: row), archivedAt: try row.value(named: "archived_at"))
    }
}
