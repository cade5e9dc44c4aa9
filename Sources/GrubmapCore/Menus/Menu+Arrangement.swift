/// A category as a menu page shows it: where it goes, whether it starts open, and where its period stands.
public struct ArrangedCategory: Hashable, Sendable {
    /// Where a category's period stands at the moment the arrangement was made for.
    public enum Standing: Hashable, Sendable {
        /// Being served now.
        case now
        /// Served later that day, from `at`; the first of these is next.
        case later(at: TimeOfDay)
        /// Over for the day, or not served that day by the place's hours.
        case past
    }

    public let category: MenuCategory
    /// Whether it is shown expanded.
    public let isOpen: Bool
    /// Where its period stands; `nil` for a category whose name says no period, and on a day other than today.
    public let standing: Standing?
    /// The ids of the category's meals (``MealID``), parallel to `category.meals`.
    public let mealIDs: [MealID]

    public init(category: MenuCategory, isOpen: Bool, standing: Standing?, mealIDs: [MealID]) {
        self.category = category
        self.isOpen = isOpen
        self.standing = standing
        self.mealIDs = mealIDs
    }

    /// Whether it is the part of the day being served now.
    public var isServingNow: Bool { standing == .now }
}

extension Menu {
    /// The categories in the order a page shows them.
    ///
    /// `moment` is where the day stands on the place's clock when the menu is for today (``MealTimes``), `nil` for
    /// any other day. For today: the period being served now first, open and marked; then the next period the place
    /// serves, open; then the rest in menu order, categories whose names say no period open and later periods
    /// folded; the periods over for the day last, folded. For another day, every category is open in menu order.
    public func arrangedCategories(at moment: MealMoment?) -> [ArrangedCategory] {
        let categories = self.categories
        let ids = mealIDs
        guard let moment else {
            return zip(categories, ids).map { ArrangedCategory(category: $0, isOpen: true, standing: nil, mealIDs: $1) }
        }
        let next = moment.next?.period
        func standing(_ period: MealPeriod?) -> ArrangedCategory.Standing? {
            guard let period else { return nil }
            if period == moment.now { return .now }
            guard let upcoming = moment.upcoming.first(where: { $0.period == period }) else { return .past }
            return .later(at: upcoming.at)
        }
        func rank(_ period: MealPeriod?) -> Int {
            guard let period else { return 2 }
            if period == moment.now { return 0 }
            if period == next { return 1 }
            return moment.past.contains(period) ? 3 : 2
        }
        // Sorted by rank, then menu order within each group.
        let ranked = categories.enumerated().map { (rank: rank($0.element.period), index: $0.offset, $0.element) }
        return ranked.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map { rank, index, category in
            ArrangedCategory(
                category: category, isOpen: rank < 2 || category.period == nil, standing: standing(category.period),
                mealIDs: ids[index])
        }
    }
}
