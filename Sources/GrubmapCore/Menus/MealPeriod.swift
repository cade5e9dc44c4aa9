/// A part of the day a category of meals is served in: breakfast (조식), lunch (중식) or dinner (석식).
public enum MealPeriod: String, CaseIterable, Sendable, Comparable {
    case breakfast, lunch, dinner

    /// The period a clock time falls in: breakfast before 9:00, lunch from 9:00 until 14:00, dinner from 14:00.
    public init(at time: TimeOfDay) {
        switch time.minutes {
        case ..<(9 * 60): self = .breakfast
        case ..<(14 * 60): self = .lunch
        default: self = .dinner
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

/// A category as a menu page shows it: where it goes and whether it starts open.
public struct ArrangedCategory: Hashable, Sendable {
    public let category: MenuCategory
    /// Whether it is shown expanded.
    public let isOpen: Bool
    /// Whether it is the part of the day being served at the time the arrangement was made for.
    public let isServingNow: Bool
}

extension Menu {
    /// The categories in the order a page shows them, with the one being served now first.
    ///
    /// `time` is the clock time in the place's area when the menu is for today, `nil` for any other day. For
    /// today, the categories of the current ``MealPeriod`` come first, open and marked as serving now; when the
    /// menu has none for the current period, those of the next period that has some come first and open
    /// instead (breakfast is over, lunch is next). Categories whose names say no period stay open where they
    /// were; the rest keep menu order, closed. For another day, or a menu without periods, every category is
    /// open in menu order.
    public func arrangedCategories(at time: TimeOfDay?) -> [ArrangedCategory] {
        let categories = self.categories
        let everyOpen = categories.map { ArrangedCategory(category: $0, isOpen: true, isServingNow: false) }
        guard let time else { return everyOpen }
        let now = MealPeriod(at: time)
        let periods = Set(categories.compactMap(\.period))
        guard let chosen = periods.filter({ $0 >= now }).min() else { return everyOpen }
        let isServingNow = chosen == now
        let first = categories.filter { $0.period == chosen }
        let rest = categories.filter { $0.period != chosen }
        return first.map { ArrangedCategory(category: $0, isOpen: true, isServingNow: isServingNow) }
            + rest.map { ArrangedCategory(category: $0, isOpen: $0.period == nil, isServingNow: false) }
    }
}
