import Foundation

/// How busy a place is now: a level from the line reports still counting or, without reports, from the check-ins
/// against the place's seats; and the counts behind it.
public struct Busyness: Hashable, Sendable {
    /// What decided ``level``.
    public enum Basis: String, Hashable, Sendable {
        /// The median of the line reports still counting.
        case reports
        /// The people checked in against the place's seats.
        case seats
        /// Nothing to judge by but the check-in count (a place without seats): no level.
        case count
    }

    /// The level shown, or `nil` when there are no reports and the place has no seats to judge check-ins by.
    public let level: LineLevel?
    /// People checked in now.
    public let checkedIn: Int
    /// Line reports still counting.
    public let reports: Int
    /// The newest report or check-in behind the figures, or `nil` when there is neither.
    public let updatedAt: Date?
    /// What decided ``level``.
    public let basis: Basis

    /// Reports decide when there are any (their ``LineTally/median``); else, with seats, the share of seats taken:
    /// under half no line, under 80 % short, under full long, full or over very long; else there is no level.
    public init(tally: LineTally, checkedIn: Int, newestCheckIn: Date?, seats: Int?) {
        self.checkedIn = max(0, checkedIn)
        reports = tally.total
        updatedAt = [tally.newest, checkedIn > 0 ? newestCheckIn : nil].compactMap { $0 }.max()
        if let median = tally.median {
            level = median
            basis = .reports
        } else if let seats, seats > 0 {
            level = Self.level(checkedIn: self.checkedIn, seats: seats)
            basis = .seats
        } else {
            level = nil
            basis = .count
        }
    }

    /// The level `checkedIn` people make of `seats` seats (compared in whole numbers: 20 of 40 is not under half).
    public static func level(checkedIn: Int, seats: Int) -> LineLevel {
        if 2 * checkedIn < seats { return .noLine }
        if 5 * checkedIn < 4 * seats { return .short }
        if checkedIn < seats { return .long }
        return .veryLong
    }
}
