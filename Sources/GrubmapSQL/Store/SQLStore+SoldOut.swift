import Foundation
import GrubmapCore
import GrubmapStore

/// Sold-out marks and reports (migration 11): `sold_out_marks` holds at most one mark per place, date and meal id,
/// `sold_out_reports` one report per reporter and meal of a day.
extension SQLStore {
    public func soldOutMarks(placeID: Place.ID, on date: CalendarDate) throws -> [MealID: SoldOutMark] {
        try withConnection { connection in
            var marks: [MealID: SoldOutMark] = [:]
            for row in try connection.fetchAll(
                """
                SELECT meal_id, marked_at, marked_by FROM sold_out_marks
                WHERE place_id = \(placeID) AND date = \(date.description)
                """)
            {
                guard let mark = Self.mark(row, placeID: placeID, date: date) else { continue }
                marks[mark.mealID] = mark
            }
            return marks
        }
    }

    public func soldOutMarks(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: [MealID: SoldOutMark]] {
        try withConnection { connection in
            var marks: [Place.ID: [MealID: SoldOutMark]] = [:]
            for row in try connection.fetchAll(
                """
                SELECT m.place_id, m.meal_id, m.marked_at, m.marked_by FROM sold_out_marks m
                JOIN places p ON p.id = m.place_id
                WHERE m.date = \(date.description) AND p.area_id = \(id)
                """)
            {
                guard let placeID = try? row.value(named: "place_id", as: Place.ID.self),
                    let mark = Self.mark(row, placeID: placeID, date: date)
                else { continue }
                marks[placeID, default: [:]][mark.mealID] = mark
            }
            return marks
        }
    }

    public func reportSoldOut(
        placeID: Place.ID, date: CalendarDate, mealID: MealID, reporter: ReporterKey, at: Date, policy: SoldOutPolicy
    ) throws -> SoldOutReportResult {
        let (result, marked) = try write { connection -> (SoldOutReportResult, Bool) in
            // The place's row locked: two reports of one place count one after the other, so the third of three
            // concurrent reporters always sees the other two.
            let place = try connection.fetchOne(
                "SELECT id FROM places WHERE id = \(placeID)\(sql: dialect.lockingClause)")
            guard place != nil else { throw StoreError.unknownPlace(id: placeID.rawValue) }
            let day = date.description
            try connection.execute(
                """
                INSERT INTO sold_out_reports (place_id, date, meal_id, reporter, reported_at)
                VALUES (\(placeID), \(day), \(mealID), \(reporter.hex), \(at))
                ON CONFLICT (place_id, date, meal_id, reporter) DO NOTHING
                """)
            let isNew = connection.changes > 0
            let since = at.addingTimeInterval(-policy.window)
            let count =
                try connection.fetchOne(
                    """
                    SELECT count(*) AS reporters FROM sold_out_reports
                    WHERE place_id = \(placeID) AND date = \(day) AND meal_id = \(mealID)
                        AND reported_at >= \(since) AND reported_at <= \(at)
                    """)?
                .value(named: "reporters", as: Int.self) ?? 0
            var marked = false
            if isNew && count >= policy.reporters {
                try connection.execute(
                    """
                    INSERT INTO sold_out_marks (place_id, date, meal_id, marked_at, marked_by)
                    VALUES (\(placeID), \(day), \(mealID), \(at), 'reports')
                    ON CONFLICT (place_id, date, meal_id) DO NOTHING
                    """)
                marked = connection.changes > 0
            }
            let mark = try connection.fetchOne(
                """
                SELECT meal_id, marked_at, marked_by FROM sold_out_marks
                WHERE place_id = \(placeID) AND date = \(day) AND meal_id = \(mealID)
                """
            ).flatMap { Self.mark($0, placeID: placeID, date: date) }
            return (SoldOutReportResult(isNew: isNew, reports: count, mark: mark), marked)
        }
        // A report that leaves the marks as they were changes nothing the live pages show.
        if marked { didCommit([.soldOut(placeID)]) }
        return result
    }

    public func markSoldOut(_ mark: SoldOutMark, operatorID: String?, audit: AuditEntry) throws {
        try write { connection in
            try connection.execute(
                """
                INSERT INTO sold_out_marks (place_id, date, meal_id, marked_at, marked_by, operator_id)
                VALUES (\(mark.placeID), \(mark.date.description), \(mark.mealID), \(mark.at), \(mark.by.rawValue),
                    \(operatorID))
                ON CONFLICT (place_id, date, meal_id) DO UPDATE SET marked_at = excluded.marked_at,
                    marked_by = excluded.marked_by, operator_id = excluded.operator_id
                """)
            try Self.insert(audit, in: connection)
        }
        didCommit([.soldOut(mark.placeID)])
    }

    @discardableResult
    public func clearSoldOut(placeID: Place.ID, date: CalendarDate, mealID: MealID, audit: AuditEntry) throws -> Bool {
        let cleared = try write { connection -> Bool in
            let day = date.description
            let existing = try connection.fetchOne(
                """
                SELECT marked_by FROM sold_out_marks
                WHERE place_id = \(placeID) AND date = \(day) AND meal_id = \(mealID)
                """)
            guard let existing else { return false }
            try connection.execute(
                "DELETE FROM sold_out_marks WHERE place_id = \(placeID) AND date = \(day) AND meal_id = \(mealID)")
            if try existing.value(named: "marked_by", as: String.self) == SoldOutMark.Source.reports.rawValue {
                try connection.execute(
                    """
                    DELETE FROM sold_out_reports WHERE place_id = \(placeID) AND date = \(day) AND meal_id = \(mealID)
                    """)
            }
            try Self.insert(audit, in: connection)
            return true
        }
        if cleared { didCommit([.soldOut(placeID)]) }
        return cleared
    }

    @discardableResult
    public func pruneSoldOut(before date: CalendarDate) throws -> Int {
        try write { connection in
            try connection.execute("DELETE FROM sold_out_marks WHERE date < \(date.description)")
            let marks = connection.changes
            try connection.execute("DELETE FROM sold_out_reports WHERE date < \(date.description)")
            return marks + connection.changes
        }
    }

    /// A mark from a row of `meal_id, marked_at, marked_by`; `nil` for a row that is not one (a stray id).
    private static func mark(_ row: Row, placeID: Place.ID, date: CalendarDate) -> SoldOutMark? {
        guard let mealID = try? row.value(named: "meal_id", as: MealID.self),
            let at = try? row.value(named: "marked_at", as: Date.self),
            let text = try? row.value(named: "marked_by", as: String.self),
            let by = SoldOutMark.Source(rawValue: text)
        else { return nil }
        return SoldOutMark(placeID: placeID, date: date, mealID: mealID, at: at, by: by)
    }
}
