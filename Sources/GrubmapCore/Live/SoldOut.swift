import Foundation

/// A meal of one place's menu of one date marked sold out: by an operator, or by enough people's reports
/// (``SoldOutPolicy``). Marks are kept by date, so a mark clears with the day: readers ask for the area's today.
public struct SoldOutMark: Hashable, Sendable {
    /// Who marked the meal sold out.
    public enum Source: String, Hashable, Sendable, Codable {
        /// An operator, in the console or through the admin API.
        case `operator`
        /// Reports by enough different people within the policy's window.
        case reports
    }

    public let placeID: Place.ID
    public let date: CalendarDate
    public let mealID: MealID
    /// When it was marked: the operator's tap, or the report that completed the count.
    public let at: Date
    public let by: Source

    public init(placeID: Place.ID, date: CalendarDate, mealID: MealID, at: Date, by: Source) {
        self.placeID = placeID
        self.date = date
        self.mealID = mealID
        self.at = at
        self.by = by
    }
}

/// When people's reports mark a meal sold out: `reporters` different people within `window`.
public struct SoldOutPolicy: Hashable, Sendable {
    public let reporters: Int
    public let window: TimeInterval

    public init(reporters: Int, window: TimeInterval) {
        self.reporters = reporters
        self.window = window
    }

    /// Three people within 30 minutes.
    public static let standard = SoldOutPolicy(reporters: 3, window: 30 * 60)
}

/// What a sold-out report did.
public struct SoldOutReportResult: Hashable, Sendable {
    /// Whether the report was stored: `false` when the same person had reported the meal that day already.
    public let isNew: Bool
    /// How many different people reported the meal within the policy's window up to the report's time, this one included.
    public let reports: Int
    /// The meal's mark after the report, if it has one (made by this report, or earlier).
    public let mark: SoldOutMark?

    public init(isNew: Bool, reports: Int, mark: SoldOutMark?) {
        self.isNew = isNew
        self.reports = reports
        self.mark = mark
    }
}
