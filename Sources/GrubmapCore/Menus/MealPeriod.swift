/// A part of the day a category of meals is served in: breakfast (조식), lunch (중식) or dinner (석식).
public enum MealPeriod: String, CaseIterable, Sendable, Comparable {
    case breakfast, lunch, dinner

    /// The period a clock time falls in while a place is open: breakfast before 10:30, lunch from 10:30 until 15:00,
    /// dinner from 15:00 (``span``).
    public init(at time: TimeOfDay) {
        self = Self.allCases.first { $0.span.contains(time.minutes) } ?? .dinner
    }

    /// The part of the clock the period owns, in minutes since midnight: an opening is cut at these boundaries to
    /// tell which periods it serves (``MealTimes``).
    public var span: Range<Int> {
        switch self {
        case .breakfast: 0..<(10 * 60 + 30)
        case .lunch: (10 * 60 + 30)..<(15 * 60)
        case .dinner: (15 * 60)..<(24 * 60)
        }
    }

    /// When the period is usually served, in minutes since midnight, at a place whose opening hours are not known:
    /// breakfast 07:00–09:30, lunch 11:00–14:00, dinner 17:00–19:30 (a campus cafeteria's times).
    public var usualHours: Range<Int> {
        switch self {
        case .breakfast: (7 * 60)..<(9 * 60 + 30)
        case .lunch: (11 * 60)..<(14 * 60)
        case .dinner: (17 * 60)..<(19 * 60 + 30)
        }
    }

    /// The period a category's name says, in English or Korean ("Lunch", "중식 A", "점심 특식", "석식(정식)");
    /// `nil` for names that say none ("Mains", "Drinks").
    public init?(categoryName name: String) {
        let lowered = name.lowercased()
        let found = Self.allCases.filter { period in Self.keywords[period]!.contains(where: lowered.containsBytes) }
        // A name that mentions two periods ("lunch & dinner") says none of them.
        guard found.count == 1 else { return nil }
        self = found[0]
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    private static let keywords: [MealPeriod: [String]] = [
        .breakfast: ["breakfast", "조식", "아침"],
        .lunch: ["lunch", "중식", "점심"],
        .dinner: ["dinner", "supper", "석식", "저녁"],
    ]
}
