import GrubmapCore
import GrubmapStore

/// What visitors flag and operators moderate the same way (rating comments, meal photos): a table whose rows carry
/// `flags` and `hidden_reason`, and a table of flags holding one row per row and reporter, so each person counts once.
struct ModeratedRows: Sendable {
    /// The moderated table.
    let table: SQL
    /// The table of flags, keyed by (`flagKey`, `reporter`).
    let flags: SQL
    /// Its column naming the moderated row.
    let flagKey: SQL
    /// What else a row must be to be moderated at all (a rating with a comment).
    let condition: SQL

    static let comments = ModeratedRows(
        table: "meal_ratings", flags: "meal_rating_flags", flagKey: "rating_id", condition: "comment <> ''")
    static let photos = ModeratedRows(
        table: "meal_photos", flags: "meal_photo_flags", flagKey: "photo_id", condition: "TRUE")
}

extension SQLStore {
    /// Counts `reporter`'s flag on the shown row `id` once; `false` when it was counted before, is hidden or is not.
    func flag(_ rows: ModeratedRows, id: Int64, reporter: ReporterKey) throws -> Bool {
        try write { connection in
            let shown = try connection.fetchOne(
                """
                SELECT id FROM \(sql: rows.table)
                WHERE id = \(id) AND \(sql: rows.condition) AND hidden_reason IS NULL
                """)
            guard shown != nil else { return false }
            try connection.execute(
                """
                INSERT INTO \(sql: rows.flags) (\(sql: rows.flagKey), reporter) VALUES (\(id), \(reporter.hex))
                ON CONFLICT (\(sql: rows.flagKey), reporter) DO NOTHING
                """)
            guard connection.changes > 0 else { return false }
            try connection.execute("UPDATE \(sql: rows.table) SET flags = flags + 1 WHERE id = \(id)")
            return true
        }
    }

    /// Hides the row `id` with `hiddenReason`, or keeps it (`nil`), with its flags cleared and `audit` written in the
    /// same transaction; the row's place, or `nil` when there is no such row.
    func moderate(_ rows: ModeratedRows, id: Int64, hiddenReason: String?, audit: AuditEntry) throws -> Place.ID? {
        try write { connection -> Place.ID? in
            let row = try connection.fetchOne(
                """
                UPDATE \(sql: rows.table) SET hidden_reason = \(hiddenReason), flags = 0
                WHERE id = \(id) AND \(sql: rows.condition) RETURNING place_id
                """)
            guard let row else { return nil }
            // Kept: whoever flagged it may flag it again; hidden: it takes no more.
            try connection.execute("DELETE FROM \(sql: rows.flags) WHERE \(sql: rows.flagKey) = \(id)")
            try Self.insert(audit, in: connection)
            return try row.value(named: "place_id", as: Place.ID.self)
        }
    }
}
