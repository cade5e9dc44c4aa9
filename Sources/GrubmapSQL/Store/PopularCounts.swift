import Foundation
import GrubmapCore

/// Check-ins and line reports to add to popular times' counters (`popular_counts`), summed per place and hour: what a
/// check-in or line report on PostgreSQL leaves to be added after its commit (``SQLStore/didCommit(_:adding:)``), and
/// what the ``PostgresNotifier`` adds for many writes together. On SQLite the count is a second statement of the
/// write's own group commit, in process and under the same `fsync`. On PostgreSQL an upsert in the write's statement
/// cost a third of the database's rate for check-ins (pgbench running the check-in's statement, 8 clients:
/// 5,752-6,680 a second with it, 8,544-9,040 without).
public struct PopularCounts: Sendable, Equatable {
    struct Key: Hashable, Sendable {
        let placeID: Place.ID
        let bucket: PopularTimes.Bucket
    }

    struct Tally: Equatable, Sendable {
        var checkIns = 0
        var reports = 0
    }

    private(set) var tallies: [Key: Tally] = [:]

    public init() {}

    /// One check-in at the place in the hour of `bucket`.
    static func checkIn(at placeID: Place.ID, bucket: PopularTimes.Bucket) -> PopularCounts {
        var counts = PopularCounts()
        counts.tallies[Key(placeID: placeID, bucket: bucket)] = Tally(checkIns: 1)
        return counts
    }

    /// One line report at the place in the hour of `bucket`.
    static func report(at placeID: Place.ID, bucket: PopularTimes.Bucket) -> PopularCounts {
        var counts = PopularCounts()
        counts.tallies[Key(placeID: placeID, bucket: bucket)] = Tally(reports: 1)
        return counts
    }

    var isEmpty: Bool { tallies.isEmpty }

    /// Adds `other`'s counts to these.
    mutating func add(_ other: PopularCounts) {
        for (key, tally) in other.tallies {
            tallies[key, default: Tally()].checkIns += tally.checkIns
            tallies[key, default: Tally()].reports += tally.reports
        }
    }

    /// One PostgreSQL statement adding every count, into the rows of this connection's shard
    /// (``SQLDialect/counterShard``), and sending `notification` (a channel and a payload) in the same transaction,
    /// after the counts, so a server woken by it reads them. The counts go as one JSON parameter, read by
    /// `json_to_recordset`; a place deleted since is skipped rather than failing the rest on its foreign key (a
    /// subquery, one index lookup a count: the prepared statement's generic plan guesses 100 counts, and as a join
    /// read every place of the database each time, 3.3 ms for 20,000 places against 0.2 ms). Rows are
    /// written in key order, so two servers adding to the same rows at once wait for each other instead of
    /// deadlocking. It commits without waiting for its flush (`synchronous_commit` off for this statement's
    /// transaction alone): the counts are statistics, and what a crash of the database loses of them is its last
    /// fraction of a second; a notification needs no durability either (the writes it tells of have their own).
    func postgresAddition(notifying notification: (channel: String, payload: String)? = nil) -> SQL {
        struct Row: Encodable {
            let placeID: String, week: Int64, weekday: Int, hour: Int, checkIns: Int, reports: Int
            enum CodingKeys: String, CodingKey {
                case placeID = "place_id", week, weekday, hour, checkIns = "check_ins", reports
            }
        }
        let rows = tallies.map { key, tally in
            Row(
                placeID: key.placeID.rawValue, week: key.bucket.week, weekday: key.bucket.weekday,
                hour: key.bucket.hour, checkIns: tally.checkIns, reports: tally.reports)
        }
        // JSONEncoder, not JSONSerialization: the latter's bridging cost 238,000 instructions a batch.
        let json = (try? JSONEncoder().encode(rows)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        let notify: SQL = notification.map { "pg_notify(\($0.channel), \($0.payload))" } ?? "NULL"
        // `set_config` in the outer select, which is always evaluated once: a CTE no row reaches may never be.
        return """
            WITH added AS (
                SELECT * FROM json_to_recordset(\(json)::json)
                    AS a(place_id text, week bigint, weekday integer, hour integer, check_ins bigint, reports bigint)
            ),
            counted AS (
                INSERT INTO popular_counts (place_id, week, weekday, hour, shard, check_ins, reports)
                SELECT added.place_id, added.week, added.weekday, added.hour, \(sql: SQLDialect.postgreSQL.counterShard),
                    added.check_ins, added.reports
                FROM added WHERE (SELECT places.id FROM places WHERE places.id = added.place_id) IS NOT NULL
                ORDER BY added.place_id, added.week, added.weekday, added.hour
                ON CONFLICT (place_id, week, weekday, hour, shard) DO UPDATE SET
                    check_ins = popular_counts.check_ins + excluded.check_ins,
                    reports = popular_counts.reports + excluded.reports
                RETURNING 1
            )
            SELECT set_config('synchronous_commit', 'off', true) AS settings, (SELECT count(*) FROM counted) AS counted,
                \(sql: notify) AS notified
            """
    }
}
