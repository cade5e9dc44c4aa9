import Foundation
import GrubmapCore
import GrubmapStore

/// Line reports and popular-times counters (``LiveStore``).
///
/// A report is one `INSERT … ON CONFLICT (place_id, reporter) DO UPDATE … WHERE` the old report is old enough:
/// the primary key decides, inside the database, so two servers taking one person's reports at once store at most
/// one. The row is inserted from `places`, so a report for a place that does not exist inserts nothing rather than
/// failing on the foreign key. The report's local hour is counted as a check-in's is: on SQLite a second statement in
/// the same group commit; on PostgreSQL after the commit (``PopularCounts``).
extension SQLStore {
    public func reportLine(
        placeID: Place.ID, reporter: ReporterKey, level: LineLevel, at date: Date, bucket: PopularTimes.Bucket,
        policy: LineReportPolicy
    ) throws -> LineReportResult {
        let expires = policy.expiry(of: date)
        let replaceable = date.addingTimeInterval(-TimeInterval(policy.intervalSeconds))
        let insert: SQL = """
            INSERT INTO line_reports (place_id, reporter, level, reported_at, expires_at)
            SELECT id, \(reporter.hex), \(level.rawValue), \(date), \(expires) FROM places
            WHERE id = \(placeID) AND archived_at IS NULL
            ON CONFLICT (place_id, reporter) DO UPDATE SET level = excluded.level,
                reported_at = excluded.reported_at, expires_at = excluded.expires_at
            WHERE line_reports.reported_at <= \(replaceable)
            RETURNING place_id
            """
        let count = Self.countOne("reports", placeID: placeID, bucket: bucket, dialect: dialect)
        let dialect = dialect
        // `nil` when nothing was stored, else the counts the write leaves for after its commit.
        let stored = try writeTogether { connection -> PopularCounts? in
            guard try connection.fetchOne(insert) != nil else { return nil }
            switch dialect {
            case .sqlite:
                try connection.execute(count(Self.onePlaceRow(placeID)))
                return PopularCounts()
            case .postgreSQL:
                return .report(at: placeID, bucket: bucket)
            }
        }
        if let counts = stored {
            didCommit([.lineReports(placeID)], adding: counts)
            return .stored
        }
        // Nothing inserted: the reporter's report is too recent, or there is no such place.
        let last = try withConnection { connection in
            try connection.fetchOne(
                "SELECT reported_at FROM line_reports WHERE place_id = \(placeID) AND reporter = \(reporter.hex)"
            )?.value(named: "reported_at", as: Date.self)
        }
        guard let last else { throw StoreError.unknownPlace(id: placeID.rawValue) }
        return .tooSoon(retryAfterSeconds: max(1, policy.retryAfterSeconds(lastReportedAt: last, now: date)))
    }

    public func busyness(atPlace id: Place.ID, at date: Date) throws -> LiveCounts {
        let rows = try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT place_id, -1 AS level, count(*) AS n, max(started_at) AS newest FROM check_ins
                WHERE place_id = \(id) AND started_at <= \(date) AND expires_at > \(date)
                GROUP BY place_id
                UNION ALL
                SELECT place_id, level, count(*) AS n, max(reported_at) AS newest FROM line_reports
                WHERE place_id = \(id) AND reported_at <= \(date) AND expires_at > \(date)
                GROUP BY place_id, level
                """)
        }
        return try Self.liveCounts(from: rows)[id] ?? .none
    }

    /// Found from the check-ins and reports (a few), not from the area's places (maybe a city's million), as
    /// ``presence(inArea:at:sample:)`` does.
    public func busyness(inArea id: Area.ID, at date: Date) throws -> [Place.ID: LiveCounts] {
        let rows = try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT c.place_id, -1 AS level, count(*) AS n, max(c.started_at) AS newest
                FROM check_ins c JOIN places pl ON pl.id = c.place_id
                WHERE pl.area_id || '' = \(id) AND c.started_at <= \(date) AND c.expires_at > \(date)
                GROUP BY c.place_id
                UNION ALL
                SELECT r.place_id, r.level, count(*) AS n, max(r.reported_at) AS newest
                FROM line_reports r JOIN places pl ON pl.id = r.place_id
                WHERE pl.area_id || '' = \(id) AND r.reported_at <= \(date) AND r.expires_at > \(date)
                GROUP BY r.place_id, r.level
                """)
        }
        return try Self.liveCounts(from: rows)
    }

    public func popularTimes(placeID: Place.ID, weeks: ClosedRange<Int64>) throws -> PopularTimes {
        let rows = try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT week, weekday, hour, CAST(sum(check_ins) AS BIGINT) AS check_ins,
                    CAST(sum(reports) AS BIGINT) AS reports, max(sample) AS sample
                FROM popular_counts
                WHERE place_id = \(placeID) AND week >= \(weeks.lowerBound) AND week <= \(weeks.upperBound)
                GROUP BY week, weekday, hour
                """)
        }
        var counts: [PopularTimes.Count] = []
        var isSample = false
        for row in rows {
            let week = try row.value(named: "week", as: Int64.self)
            let weekday = try row.value(named: "weekday", as: Int.self)
            let hour = try row.value(named: "hour", as: Int.self)
            guard let bucket = PopularTimes.Bucket(week: week, weekday: weekday, hour: hour) else {
                throw StoreError.unreadableRow(
                    table: "popular_counts", id: placeID.rawValue, column: "weekday, hour",
                    reason: "weekday \(weekday), hour \(hour)")
            }
            counts.append(
                PopularTimes.Count(
                    bucket: bucket, checkIns: try row.value(named: "check_ins", as: Int.self),
                    reports: try row.value(named: "reports", as: Int.self)))
            if try row.value(named: "sample", as: Int.self) != 0 { isSample = true }
        }
        return PopularTimes(counts: counts, currentWeek: weeks.upperBound, isSample: isSample)
    }

    public func addPopularCounts(_ counts: [PopularTimes.Count], placeID: Place.ID, sample: Bool) throws {
        try write { connection in
            guard try connection.fetchOne("SELECT id FROM places WHERE id = \(placeID)") != nil else {
                throw StoreError.unknownPlace(id: placeID.rawValue)
            }
            for count in counts {
                let bucket = count.bucket
                try connection.execute(
                    """
                    INSERT INTO popular_counts (place_id, week, weekday, hour, check_ins, reports, sample)
                    VALUES (\(placeID), \(bucket.week), \(bucket.weekday), \(bucket.hour), \(max(0, count.checkIns)),
                        \(max(0, count.reports)), \(sample ? 1 : 0))
                    ON CONFLICT (place_id, week, weekday, hour, shard) DO UPDATE SET
                        check_ins = popular_counts.check_ins + excluded.check_ins,
                        reports = popular_counts.reports + excluded.reports,
                        sample = CASE WHEN popular_counts.sample > excluded.sample THEN popular_counts.sample
                            ELSE excluded.sample END
                    """)
            }
        }
    }

    @discardableResult
    public func pruneLive(now: Date, oldestWeek: Int64) throws -> LivePruneSummary {
        try write { connection in
            try connection.execute("DELETE FROM line_reports WHERE expires_at <= \(now)")
            let reports = connection.changes
            try connection.execute("DELETE FROM popular_counts WHERE week < \(oldestWeek)")
            return LivePruneSummary(reports: reports, counters: connection.changes)
        }
    }

    /// An `INSERT` adding 1 to `column` (`check_ins` or `reports`) of the place's bucket, for each row of the table
    /// or subquery given to the function returned (one with a `place_id` column), into the row of the bucket's
    /// ``SQLDialect/counterShard``: the count a write makes in its own transaction on SQLite (PostgreSQL's writes leave
    /// theirs for after the commit, ``PopularCounts``).
    static func countOne(
        _ column: String, placeID: Place.ID, bucket: PopularTimes.Bucket, dialect: SQLDialect
    ) -> @Sendable (SQL) -> SQL {
        let shard = dialect.counterShard
        return { source in
            """
            INSERT INTO popular_counts (place_id, week, weekday, hour, shard, \(sql: SQL(stringLiteral: column)))
            SELECT place_id, \(bucket.week), \(bucket.weekday), \(bucket.hour), \(sql: shard), 1
            FROM \(sql: source) WHERE true
            ON CONFLICT (place_id, week, weekday, hour, shard) DO UPDATE SET
                \(sql: SQL(stringLiteral: column)) = popular_counts.\(sql: SQL(stringLiteral: column)) + 1
            """
        }
    }

    /// A one-row subquery of the place's id as `place_id`, for ``countOne(_:placeID:bucket:)`` on SQLite, where the
    /// row written before is not a table the next statement can read.
    static func onePlaceRow(_ placeID: Place.ID) -> SQL {
        "(SELECT \(placeID) AS place_id)"
    }

    /// Folds rows of `place_id, level, n, newest` (level -1: the check-ins) into counts per place.
    private static func liveCounts(from rows: [Row]) throws -> [Place.ID: LiveCounts] {
        var result: [Place.ID: LiveCounts] = [:]
        for row in rows {
            let place = try row.value(named: "place_id", as: Place.ID.self)
            let level = try row.value(named: "level", as: Int.self)
            let count = try row.value(named: "n", as: Int.self)
            let newest = try row.value(named: "newest", as: Date?.self)
            var counts = result[place] ?? .none
            if level < 0 {
                counts.checkedIn += count
                counts.newestCheckIn = newest
            } else if let level = LineLevel(rawValue: level) {
                counts.tally.add(level, count: count, at: newest)
            }
            result[place] = counts
        }
        return result
    }
}
