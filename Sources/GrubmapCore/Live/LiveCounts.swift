import Foundation

/// What the store knows of a place right now: its line reports still counting and its active check-ins. Counts
/// only, never who.
public struct LiveCounts: Hashable, Sendable {
    /// The line reports still counting.
    public var tally: LineTally
    /// People checked in.
    public var checkedIn: Int
    /// When the newest active check-in started, or `nil` without one.
    public var newestCheckIn: Date?

    public init(tally: LineTally = LineTally(), checkedIn: Int = 0, newestCheckIn: Date? = nil) {
        self.tally = tally
        self.checkedIn = checkedIn
        self.newestCheckIn = newestCheckIn
    }

    /// Nobody checked in and no reports.
    public static let none = LiveCounts()

    /// The busyness these counts make of a place with `seats` (``Busyness/init(tally:checkedIn:newestCheckIn:seats:)``).
    public func busyness(seats: Int?) -> Busyness {
        Busyness(tally: tally, checkedIn: checkedIn, newestCheckIn: newestCheckIn, seats: seats)
    }
}
