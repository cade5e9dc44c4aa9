import GrubmapCore
import GrubmapStore

/// The ratings a page shows beside one place's meals of a day, read once for it: each meal's of that day (by the key
/// of its name) and each dish's over all days; and, where the day can still be rated, the place and day a "Rate"
/// link names.
struct MealRatings: Hashable, Sendable {
    let ofDay: [DishKey: RatingSummary]
    let overall: [Dish.ID: RatingSummary]
    /// The place and day the meals are of, when people may rate them (``RatingDraft/isRateable(_:today:)``) and the
    /// page offers it; `nil` shows the stars without the link.
    var rateable: DishServing? = nil

    /// No ratings and no link.
    static let none = MealRatings(ofDay: [:], overall: [:])

    /// The ratings of a place's meals of `date`, with the dishes' over all days.
    init(_ store: any RatingStore, placeID: Place.ID, date: CalendarDate, dishes: MealDishes) throws {
        let ofDay = try store.mealRatings(placeID: placeID, on: date)
        self.init(ofDay: ofDay, overall: try store.dishRatings(ids: dishes.ids))
    }

    init(ofDay: [DishKey: RatingSummary], overall: [Dish.ID: RatingSummary], rateable: DishServing? = nil) {
        self.ofDay = ofDay
        self.overall = overall
        self.rateable = rateable
    }

    /// The same ratings with a "Rate" link for the meals of `place` on `date`.
    func offeringRating(at place: Place.ID, on date: CalendarDate) -> MealRatings {
        MealRatings(ofDay: ofDay, overall: overall, rateable: DishServing(placeID: place, date: date))
    }

    /// The ratings of the meal named `name` that day.
    func ofDay(mealName name: String) -> RatingSummary? {
        ofDay.isEmpty ? nil : ofDay[DishKey(mealName: name)]
    }
}

/// The line under a meal: "★ 4.3 (37) · all days ★ 4.1 (210) · Rate". The day's stars alone when every rating of the
/// dish is that day's; the dish's alone when nobody rated the meal that day; nothing, not even the link, where
/// there is neither and the day cannot be rated.
struct RatingLine {
    let strings: RatingStrings
    let ratings: MealRatings
    /// The meal's name as the menu wrote it, which finds its ratings of the day.
    let mealName: String
    /// The name the page shows, which the link's label says.
    let shownName: String
    let dish: Dish

    var node: Node? {
        let day = ratings.ofDay(mealName: mealName)
        let overall = ratings.overall[dish.id].flatMap { $0.count == day?.count ? nil : $0 }
        guard day != nil || overall != nil || ratings.rateable != nil else { return nil }
        var parts: [Node] = []
        if let day {
            parts.append(
                el(.span, .class("rating-day"), Attribute("role", "img"), .ariaLabel(strings.dayLabel(day))) {
                    RatingStrings.stars(day)
                })
        }
        if let overall {
            parts.append(
                el(.span, .class("rating-all"), Attribute("role", "img"), .ariaLabel(strings.allDaysLabel(overall))) {
                    strings.allDays + " " + RatingStrings.stars(overall)
                })
        }
        if let at = ratings.rateable {
            parts.append(
                el(
                    .a, .class("rate-link"), .href(RatingsFeature.pagePath(dish: dish.id, at: at)),
                    .ariaLabel(strings.rateLabel(shownName))
                ) { strings.rate })
        }
        return el(.p, .class("meal-rating")) {
            for (index, part) in parts.enumerated() {
                if index > 0 { el(.span, .class("rating-sep"), .ariaHidden()) { " · " } }
                part
            }
        }
    }
}

/// The ratings of every place's meals of a day in an area, and their dishes' over all days: the board's, read in two
/// statements.
struct AreaMealRatings: Hashable, Sendable {
    private let ofDay: [Place.ID: [DishKey: RatingSummary]]
    private let overall: [Dish.ID: RatingSummary]

    static let none = AreaMealRatings(ofDay: [:], overall: [:])

    private init(ofDay: [Place.ID: [DishKey: RatingSummary]], overall: [Dish.ID: RatingSummary]) {
        self.ofDay = ofDay
        self.overall = overall
    }

    /// The ratings of the area's meals of `date`, with those of `dishes` over all days.
    init(_ store: any RatingStore, area: Area.ID, date: CalendarDate, dishes: MealDishes) throws {
        self.init(
            ofDay: try store.mealRatings(inArea: area, on: date), overall: try store.dishRatings(ids: dishes.ids))
    }

    /// One place's.
    subscript(place: Place.ID) -> MealRatings {
        MealRatings(ofDay: ofDay[place] ?? [:], overall: overall)
    }

    /// What sorts a board by rating: each place's best-rated meal of its menu, a meal counting with its stars that day
    /// where people rated it, else its dish's over all days; places none of whose meals anyone rated are left out.
    func bestMeals(of menus: [Place.ID: Menu], dishes: MealDishes) -> [Place.ID: Double] {
        var best: [Place.ID: Double] = [:]
        for (place, menu) in menus {
            let ratings = self[place]
            for category in menu.categories {
                for meal in category.meals {
                    guard
                        let stars = ratings.ofDay(mealName: meal.name)?.average
                            ?? dishes[mealName: meal.name].flatMap({ overall[$0.id] })?.average
                    else { continue }
                    best[place] = max(best[place] ?? 0, stars)
                }
            }
        }
        return best
    }
}
