import Foundation
import GrubmapCore

/// What is happening at places now: line reports, and the aggregate counters popular times are drawn from.
///
/// Nothing here holds a person: a reporter is a ``ReporterKey`` (a digest), kept only while its report can still
/// count or hold back the next one; counters are per place, week, weekday and hour.
public protocol LiveStore: Sendable {
    /// Stores a line report of `level` at a place by `reporter` made at `date`, replacing the reporter's earlier one
    /// for the place when that is at least `policy`'s interval old, and adds 1 to the reports of the place's
    /// `bucket` (the report's local hour) in the same write. One statement in the common case.
    ///
    /// Returns ``LineReportResult/tooSoon(retryAfterSeconds:)`` (storing nothing) within the interval. Throws
    /// ``StoreError/unknownPlace(id:)`` for a place that does not exist or is archived (storing nothing).
    func reportLine(
        placeID: Place.ID, reporter: ReporterKey, level: LineLevel, at date: Date, bucket: PopularTimes.Bucket,
        policy: LineReportPolicy
    ) throws -> LineReportResult
    /// The place's line reports counting at `date` and its active check-ins.
    func busyness(atPlace id: Place.ID, at date: Date) throws -> LiveCounts
    /// The same for every place of an area with any report or check-in at `date`, in one statement; places left out
    /// have neither (``LiveCounts/none``).
    func busyness(inArea id: Area.ID, at date: Date) throws -> [Place.ID: LiveCounts]
    /// The place's counters of `weeks` (the last of them the current week), with whether any is sample data.
    func popularTimes(placeID: Place.ID, weeks: ClosedRange<Int64>) throws -> PopularTimes
    /// Adds counters to a place's (the demo's generated history when `sample`, which marks them so), in one
    /// transaction. Throws ``StoreError/unknownPlace(id:)`` for a place that does not exist (adding nothing).
    func addPopularCounts(_ counts: [PopularTimes.Count], placeID: Place.ID, sample: Bool) throws
    /// Deletes line reports expired at `now` and counters of weeks before `oldestWeek`. Idempotent; any server may
    /// run it at any time.
    @discardableResult
    func pruneLive(now: Date, oldestWeek: Int64) throws -> LivePruneSummary
}

/// What ``LiveStore/reportLine(placeID:reporter:level:at:bucket:policy:)`` did.
public enum LineReportResult: Hashable, Sendable {
    /// The report is stored (new, or replacing the reporter's earlier one).
    case stored
    /// The reporter reported this place less than the interval ago: nothing changed; try again after this many
    /// seconds (at least 1).
    case tooSoon(retryAfterSeconds: Int)
}

/// What ``LiveStore/pruneLive(now:oldestWeek:)`` deleted.
public struct LivePruneSummary: Hashable, Sendable {
    /// Expired line reports.
    public let reports: Int
    /// Counters of weeks too old to show.
    public let counters: Int

    public init(reports: Int, counters: Int) {
        self.reports = reports
        self.counters = counters
    }
}

/// Who made a report, as stored: the lowercase hexadecimal SHA-256 of `"s:"` + a session token or `"d:"` + a signed
/// device id, never the token or id itself. Made by the web layer, which holds the hash function
/// (``digestInput(for:)`` says what to hash).
public struct ReporterKey: Hashable, Sendable, CustomStringConvertible {
    /// Whom a report comes from.
    public enum Person: Sendable {
        /// A browser session, by its token.
        case session(token: String)
        /// A device that has no session, by its signed device id.
        case device(id: String)
    }

    /// 64 lowercase hexadecimal digits.
    public let hex: String

    /// The bytes to hash for `person`: `s:` or `d:`, then the token or id, so a session and a device never share
    /// a key.
    public static func digestInput(for person: Person) -> [UInt8] {
        switch person {
        case .session(let token): Array("s:\(token)".utf8)
        case .device(let id): Array("d:\(id)".utf8)
        }
    }

    /// The key of a SHA-256 digest; `nil` unless it has 32 bytes.
    public init?(sha256 digest: some Collection<UInt8>) {
        guard digest.count == 32 else { return nil }
        let digits = Array("0123456789abcdef".utf8)
        hex = String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }

    /// The key written as 64 lowercase hexadecimal digits; `nil` for anything else.
    public init?(hex: String) {
        let bytes = Array(hex.utf8)
        guard bytes.count == 64,
            bytes.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        self.hex = hex
    }

    public var description: String { hex }
}
