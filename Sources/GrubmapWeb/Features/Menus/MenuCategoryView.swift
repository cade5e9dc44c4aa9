import Foundation
import GrubmapCore

/// How a person reads menus: whose price is shown large and which meals they want to see.
struct MenuReading {
    let strings: MenuStrings
    /// The language menu text is written in (the area's), for `lang`.
    let contentLanguage: String
    let priceRole: PriceRole
    let filter: DietaryFilter
    /// Whether prices say whose they are: not where every price is for one role (a venue's prices are for
    /// everyone), which also shows no role chooser.
    var namesRoles = true
    /// The sold-out marks of the menu shown, and whether its meals offer "Sold out?".
    var marks = MealMarks.none
    /// The dishes of the meals shown: each meal's name in the reader's language and its link.
    var dishes = MealDishes.none
    /// People's ratings of the meals shown and of their dishes, with the "Rate" link where the day can be rated.
    var ratings = MealRatings.none
    /// The newest photo of each meal shown, by the key of its name (the board's; other pages show none).
    var photos: [DishKey: MealPhoto] = [:]
    /// Which of the meals' dishes the reader follows, and whether meals offer the bell.
    var follows = MealFollows.none

    init(strings: MenuStrings, contentLanguage: String, priceRole: PriceRole, filter: DietaryFilter) {
        self.strings = strings
        self.contentLanguage = contentLanguage
        self.priceRole = priceRole
        self.filter = filter
    }

    /// The same reading for menus whose prices are for `roles`: roles named only when there are two or more.
    func pricing(_ roles: Set<PriceRole>) -> MenuReading {
        var reading = self
        reading.namesRoles = roles.count > 1
        return reading
    }

    /// The same reading for a menu with `marks`.
    func marking(_ marks: MealMarks) -> MenuReading {
        var reading = self
        reading.marks = marks
        return reading
    }

    /// The same reading for meals of `dishes`.
    func dishing(_ dishes: MealDishes) -> MenuReading {
        var reading = self
        reading.dishes = dishes
        return reading
    }

    /// The same reading for meals rated as `ratings` say.
    func rating(_ ratings: MealRatings) -> MenuReading {
        var reading = self
        reading.ratings = ratings
        return reading
    }

    /// The same reading with the meals' newest photos.
    func photographing(_ photos: [DishKey: MealPhoto]) -> MenuReading {
        var reading = self
        reading.photos = photos
        return reading
    }

    /// The same reading with the reader's followed dishes.
    func following(_ follows: MealFollows) -> MenuReading {
        var reading = self
        reading.follows = follows
        return reading
    }

    /// The price the reader pays for `meal`, shown large: their role's; where prices are for one role only (a
    /// venue's, for everyone), that one; with whether it is another role's.
    func price(of meal: Meal) -> (price: MealPrice, isOtherRole: Bool)? {
        if let mine = meal.prices.first(where: { $0.role == priceRole }) { return (mine, false) }
        guard !namesRoles, let only = meal.prices.first else { return nil }
        return (only, true)
    }
}

/// What a page shows about sold-out meals of one place's menu: the marks (today's only), the area's clock to say when,
/// and on today's place page the address of the "Sold out?" button and the meal the person just reported.
struct MealMarks {
    let marks: [MealID: SoldOutMark]
    let timeZone: TimeZone
    /// Where "Sold out?" posts; `nil` where meals offer no button (the board, other days).
    var reportPath: String? = nil
    /// The meal the person just reported, which the page thanks them for.
    var reported: MealID? = nil

    static let none = MealMarks(marks: [:], timeZone: .gmt)

    /// The meal's mark, if any.
    subscript(id: MealID) -> SoldOutMark? { marks[id] }
}

/// A category of a day's menu as a disclosure: its name (and "Now" while it is served), then its meals. Open or
/// folded as ``Menu/arrangedCategories(at:)`` decided; meals the person's filter hides are counted, not shown.
struct MenuCategoryView {
    let reading: MenuReading
    let item: ArrangedCategory
    let currency: Currency

    var node: Node {
        let strings = reading.strings
        let category = item.category
        let listed = zip(category.meals, item.mealIDs).filter { reading.filter.shows($0.0) }
        // Sold-out meals go last, each group in menu order.
        let shown = listed.filter { reading.marks[$0.1] == nil } + listed.filter { reading.marks[$0.1] != nil }
        let hidden = category.meals.count - shown.count
        var attributes: [Attribute] = [.class(item.isServingNow ? "menu-category now" : "menu-category")]
        // A category the filter empties stays folded: its line says how many dishes it hid.
        if item.isOpen && !shown.isEmpty { attributes.append(Attribute("open", nil)) }
        if let period = category.period { attributes.append(.data("period", period.rawValue)) }
        // `details` and `summary` may not be in `Tag`; the public `element` takes any name.
        return element("details", attributes) {
            element("summary") {
                el(.span, .class("category-title")) {
                    el(.span, .class("category-name"), .lang(reading.contentLanguage)) { category.name }
                    if item.isServingNow {
                        el(.span, .class("now-badge")) { strings.servingNow }
                    }
                }
                el(.span, .class("category-meta")) {
                    if let period = category.period, !mentions(category.name, period) {
                        strings.periodName(period) + " · "
                    }
                    strings.mealCount(shown.count)
                }
            }
            el(.ul, .class("meals")) {
                for (meal, id) in shown {
                    MealView(
                        reading: reading, meal: meal, id: id, currency: currency, isOver: item.standing == .past
                    ).node
                }
                if hidden > 0 {
                    el(.li, .class("meal-hidden")) { strings.hiddenByFilter(hidden) }
                }
            }
        }
    }

    /// Whether a category's name already says its period in the reader's language ("Lunch", "중식").
    private func mentions(_ name: String, _ period: MealPeriod) -> Bool {
        name.lowercased().contains(reading.strings.periodName(period).lowercased())
    }
}

/// One meal: its name, its notes (allergens and diets named in the reader's language, any other note as the menu
/// wrote it), and its prices with the reader's own first and large.
struct MealView {
    let reading: MenuReading
    let meal: Meal
    /// The meal's id, as `data-meal` for scripts that find a meal to update.
    let id: MealID
    let currency: Currency
    /// Whether the meal's period is over for today (by the place's hours, on the area's clock): no "Sold out?" then,
    /// since nobody can still be in its line. Operators keep their toggles in the console.
    var isOver = false

    var node: Node {
        let strings = reading.strings
        let mine = reading.price(of: meal)?.price
        let others = meal.prices.filter { $0.role != mine?.role }
        let mark = reading.marks[id]
        var attributes: [Attribute] = [.class(mark == nil ? "meal" : "meal sold-out"), .data("meal", id.rawValue)]
        if let mark { attributes.append(.data("sold-out", mark.by.rawValue)) }
        let dish = reading.dishes[mealName: meal.name]
        let shown = dish?.shown(mealName: meal.name, in: strings.language) ?? (name: meal.name, original: nil)
        return element("li", attributes) {
            // First, floated to the name's line end, so the name and the menu's own words stay together.
            if let dish, reading.follows.offersBell {
                FollowBell(
                    strings: FollowStrings.forLanguage(strings.language), dish: dish.id, name: shown.name,
                    isFollowed: reading.follows.followed.contains(dish.id)
                ).node
            }
            el(
                .p, .class("meal-name"),
                .lang(shown.original == nil ? reading.contentLanguage : strings.language.rawValue)
            ) {
                if let dish {
                    el(.a, .class("dish-link"), .href(Paths.dish(dish.id))) {
                        if mark != nil { element("s") { shown.name } } else { shown.name }
                    }
                } else if mark != nil {
                    element("s") { shown.name }
                } else {
                    shown.name
                }
            }
            if let original = shown.original {
                el(.p, .class("meal-original"), .lang(reading.contentLanguage)) { original }
            }
            if let dish,
                let line = RatingLine(
                    strings: RatingStrings.forLanguage(strings.language), ratings: reading.ratings,
                    mealName: meal.name, shownName: shown.name, dish: dish
                ).node
            {
                line
            }
            if let photo = reading.photos[DishKey(mealName: meal.name)],
                let picture = PhotoPicture(photo, alt: PhotoStrings.forLanguage(strings.language).photoOf(shown.name))
            {
                picture.node
            }
            if let mark {
                let time = CalendarDate.local(mark.at, in: reading.marks.timeZone).time.description
                el(.p, .class("sold-out-note")) {
                    mark.by == .operator ? strings.soldOutAt(time) : strings.reportedSoldOutAt(time)
                }
            }
            if !meal.notes.isEmpty {
                el(.ul, .class("meal-notes"), .ariaLabel(strings.notesLabel)) {
                    for note in meal.notes { self.note(NoteReading(note)) }
                }
            }
            if !meal.prices.isEmpty {
                el(.div, .class("meal-prices"), Attribute("role", "group"), .ariaLabel(strings.pricesLabel)) {
                    if let mine {
                        el(.p, .class("my-price")) {
                            if reading.namesRoles {
                                el(.span, .class("price-role")) { strings.roleName(mine.role) }
                            }
                            el(.strong, .class("price-amount")) { format(mine.amount) }
                        }
                    }
                    if !others.isEmpty {
                        // One line of text ("Staff ₩6,000 · Guests ₩6,500"): a board has dozens of meals, and
                        // every element more is paid for on each of them.
                        el(.p, .class("other-prices")) {
                            others.map { strings.roleName($0.role) + " " + format($0.amount) }.joined(separator: " · ")
                        }
                    }
                }
            }
            if mark == nil, !isOver, let path = reading.marks.reportPath {
                if reading.marks.reported == id {
                    el(.p, .class("sold-out-thanks"), Attribute("role", "status")) { strings.soldOutThanks }
                } else {
                    el(
                        .button, .type("submit"), .class("sold-out-report"), Attribute("form", BookmarkForm.id),
                        Attribute("formaction", path), .name("mealId"), .value(id.rawValue),
                        .ariaLabel(strings.soldOutQuestion + " " + meal.name)
                    ) { strings.soldOutQuestion }
                }
            }
        }
    }

    private func format(_ amount: Decimal) -> String {
        currency.format(amount, language: reading.strings.language)
    }

    /// A note Grubmap understood becomes chips in the reader's language; any other note is shown as written.
    private func note(_ reading: NoteReading) -> Node {
        let strings = self.reading.strings
        guard reading.isUnderstood else {
            return el(.li, .class("note-other"), .lang(self.reading.contentLanguage)) { reading.text }
        }
        return fragment {
            if let diet = reading.diet {
                el(.li, .class("note-diet"), .data("diet", diet.rawValue)) { strings.dietMarkName(diet) }
            }
            for allergen in reading.allergens.sorted() {
                el(.li, .class("note-allergen"), .data("allergen", allergen.rawValue)) {
                    strings.allergenName(allergen)
                }
            }
        }
    }
}
