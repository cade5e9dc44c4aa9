/// One place on a menu board: the place, how far it is, whether the person bookmarked it, what it does that day, and
/// how its menu is shown.
public struct BoardPlace: Hashable, Sendable {
    /// What a place does on the board's day.
    public enum State: String, Sendable {
        case serving, closed
        /// No menu is known for the day yet (not the same as closed).
        case noMenu
        /// Serving, but the reader's dietary filter leaves none of its meals.
        case filteredOut
    }

    public let place: Place
    /// Metres on the WGS-84 ellipsoid from the person, when their position is known.
    public let distanceMeters: Double?
    public let isBookmarked: Bool
    /// The day, closed winning over a stored menu (``PlaceDay``).
    public let day: PlaceDay
    /// The day's categories as the card shows them (``Menu/arrangedCategories(at:)``); empty unless serving.
    public let categories: [ArrangedCategory]
    /// The meal the board's glance names for the place, when it names one.
    public let glance: MealGlance?
    /// Whether the reader's filter leaves none of the day's meals.
    public let isFilteredOut: Bool

    /// The menu served that day, or `nil`.
    public var menu: Menu? { day.menu }

    public var state: State {
        switch day {
        case .serving: isFilteredOut ? .filteredOut : .serving
        case .closed: .closed
        case .noMenu: .noMenu
        }
    }
}

/// The meal a board's glance names for a place: the one being served now, else the next the place serves that day,
/// else the next day's first; with its category. Only meals the reader's filter shows are named.
public struct MealGlance: Hashable, Sendable {
    /// When the meal is served.
    public enum Timing: Hashable, Sendable {
        /// Being served now.
        case now
        /// Later that day, from `at`.
        case later(at: TimeOfDay)
        /// The next day: the day's last period is over.
        case nextDay
        /// No time to tell: a category whose name says no period at a place whose hours are not known, or a day
        /// other than today.
        case anyTime
    }

    public let category: MenuCategory
    /// The first meal of the category the filter shows.
    public let meal: Meal
    public let timing: Timing
}

/// 뿌대식's main screen as data: every place of an area with its menu for one day, in the order people read it.
///
/// The places serving food come first, as cards; those whose every meal the reader's filter hides follow; those
/// closed that day (a closed day wins over a published menu, ``PlaceDay``) or without a menu yet come last, listed
/// compactly. Each group is ordered the same way: the person's bookmarks first in the order they made them (ids of
/// places not in the area are ignored), then the rest nearest first when the person's position is known, else by
/// name, as the area's list orders them (``Place/listing(_:from:order:language:bookmarks:)``).
public struct MenuBoard: Hashable, Sendable {
    /// Today and the time on the area's clock: what decides the meal being served.
    public struct Clock: Hashable, Sendable {
        public let today: CalendarDate
        public let time: TimeOfDay

        public init(today: CalendarDate, time: TimeOfDay) {
            self.today = today
            self.time = time
        }
    }

    public let date: CalendarDate
    /// The places serving that day, in board order.
    public let serving: [BoardPlace]
    /// The places serving that day whose every meal the reader's filter hides, in board order.
    public let filteredOut: [BoardPlace]
    /// The places closed that day or without a menu yet, in board order.
    public let resting: [BoardPlace]
    /// The note every menu of the day carries, when there are two or more and they agree (the demo's "these are
    /// sample menus"): shown once for the board rather than on every card; `nil` otherwise.
    public let sharedNote: String?
    /// Whether the board's day is today on `clock`.
    public let isToday: Bool

    /// Arranges `places` (an area's) with their stored `menus` on `date`, for a reader whose filter is `filter`.
    ///
    /// With `clock`, today's board arranges each card for the time (the period being served now, then the next, the
    /// periods over folded last; ``MealTimes``) and names each place's meal now or next, else the next day's first
    /// from `nextDayMenus` (the stored menus of the day after `date`); another day's board names the meal at the
    /// same time of day.
    ///
    /// With `rank` (the board sorted by rating), the serving places go by it, highest first, bookmarks or not; those
    /// without one follow in the usual order.
    public init(
        date: CalendarDate, places: [Place], menus: [Place.ID: Menu], from origin: Coordinate?, language: Language,
        bookmarks: [Place.ID], filter: DietaryFilter = DietaryFilter(), clock: Clock? = nil,
        nextDayMenus: [Place.ID: Menu] = [:], rank: [Place.ID: Double]? = nil
    ) {
        self.date = date
        let isToday = clock?.today == date
        self.isToday = isToday
        let listed = Place.listing(
            places, from: origin, order: origin == nil ? .name : .distance, language: language, bookmarks: bookmarks)
        let marked = Set(bookmarks)
        let all = listed.map { item in
            let place = item.place
            let day = PlaceDay(place: place, date: date, menu: menus[place.id])
            let shown = Self.shown(
                day: day, place: place, date: date, filter: filter, clock: clock, isToday: isToday,
                nextDay: isToday
                    ? PlaceDay(place: place, date: date.adding(days: 1), menu: nextDayMenus[place.id]) : nil)
            let showsNothing = day.menu.map { menu in
                !menu.categories.contains { $0.meals.contains(where: filter.shows) }
            }
            return BoardPlace(
                place: place, distanceMeters: item.distanceMeters, isBookmarked: marked.contains(place.id), day: day,
                categories: shown.categories, glance: shown.glance, isFilteredOut: showsNothing == true)
        }
        serving = Self.ranked(all.filter { $0.state == .serving }, by: rank)
        filteredOut = all.filter { $0.state == .filteredOut }
        resting = all.filter { $0.day.menu == nil }
        let notes = all.filter { $0.day.menu != nil || $0.day.closure?.reason == .menu }.map(\.day.note)
        sharedNote = notes.count >= 2 && Set(notes).count == 1 ? notes[0] : nil
    }

    /// `places` by `rank`, highest first, those without one after them; ties and the rest keep their order.
    private static func ranked(_ places: [BoardPlace], by rank: [Place.ID: Double]?) -> [BoardPlace] {
        guard let rank else { return places }
        return places.enumerated().sorted { first, second in
            switch (rank[first.element.place.id], rank[second.element.place.id]) {
            case (let one?, let other?) where one != other: one > other
            case (.some, nil): true
            case (nil, .some): false
            default: first.offset < second.offset
            }
        }.map(\.element)
    }

    /// Every place in board order: the serving ones, those the filter empties, then the rest.
    public var places: [BoardPlace] { serving + filteredOut + resting }

    /// A place's own note for the day (a closed day's reason, a menu's remark) unless it is the board's shared one.
    public func note(of entry: BoardPlace) -> String? {
        guard let note = entry.day.note, note != sharedNote else { return nil }
        return note
    }

    /// A serving day's categories as the card shows them, and the meal the glance names.
    private static func shown(
        day: PlaceDay, place: Place, date: CalendarDate, filter: DietaryFilter, clock: Clock?, isToday: Bool,
        nextDay: PlaceDay?
    ) -> (categories: [ArrangedCategory], glance: MealGlance?) {
        guard let menu = day.menu else { return ([], nil) }
        let periods = menu.periods
        let times = MealTimes(hours: place.openingHours, on: date)
        guard let clock else {
            return (menu.arrangedCategories(at: nil), glance(menu.arrangedCategories(at: nil), filter, moment: nil))
        }
        let moment = times.moment(at: clock.time, serving: periods)
        guard isToday else {
            // Another day: every category open in menu order; the glance names the meal at this time of day, or
            // that day's first when the time is past its last.
            let atThisTime = menu.arrangedCategories(at: moment)
            let named =
                glance(atThisTime, filter, moment: nil)
                ?? glance(menu.arrangedCategories(at: .beforeDay(times, serving: periods)), filter, moment: nil)
            return (menu.arrangedCategories(at: nil), named)
        }
        let arranged = menu.arrangedCategories(at: moment)
        if let named = glance(arranged, filter, moment: moment) { return (arranged, named) }
        guard let next = nextDay?.menu else { return (arranged, nil) }
        let nextTimes = MealTimes(hours: place.openingHours, on: date.adding(days: 1))
        let nextPeriods = next.periods
        let nextArranged = next.arrangedCategories(at: .beforeDay(nextTimes, serving: nextPeriods))
        return (
            arranged,
            glance(nextArranged, filter, moment: nil).map {
                MealGlance(category: $0.category, meal: $0.meal, timing: .nextDay)
            }
        )
    }

    /// The first category of `arranged` not over for the day with a meal `filter` shows, and when it is served at
    /// `moment` (`nil`: no time to tell).
    private static func glance(_ arranged: [ArrangedCategory], _ filter: DietaryFilter, moment: MealMoment?)
        -> MealGlance?
    {
        for item in arranged {
            let timing: MealGlance.Timing
            switch (item.standing, moment) {
            case (.past, _): continue
            case (_, nil): timing = .anyTime
            case (.now, _): timing = .now
            case (.later(let at), _): timing = .later(at: at)
            case (nil, let moment?):
                // A category without a period is served while the place is open.
                guard moment.isFromHours else {
                    timing = .anyTime
                    break
                }
                if moment.isOpen {
                    timing = .now
                } else if let opens = moment.opensAt {
                    timing = .later(at: opens)
                } else {
                    continue
                }
            }
            guard let meal = item.category.meals.first(where: filter.shows) else { continue }
            return MealGlance(category: item.category, meal: meal, timing: timing)
        }
        return nil
    }
}

/// Which of an area's places have a menu on which dates: what the board's week selector marks, and whether the
/// area is a campus that opens on its board.
public struct AreaMenuCalendar: Hashable, Sendable {
    /// Per place with any menu in the range, each date's kind.
    public let days: [Place.ID: [CalendarDate: MenuDayKind]]

    public init(_ days: [Place.ID: [CalendarDate: MenuDayKind]]) {
        self.days = days.filter { !$0.value.isEmpty }
    }

    /// The stored menu days after each place's hours had their say: a day its hours close is closed, whatever its
    /// menu (``PlaceDay``).
    public init(_ days: [Place.ID: [CalendarDate: MenuDayKind]], places: [Place]) {
        let hours = Dictionary(places.map { ($0.id, $0.openingHours) }, uniquingKeysWith: { first, _ in first })
        self.init(
            Dictionary(uniqueKeysWithValues: days.map { id, kinds in (id, hours[id]?.dayKinds(kinds) ?? kinds) }))
    }

    /// Per date with any menu: serving when any place serves, closed when every place with a menu is closed.
    public var dayKinds: [CalendarDate: MenuDayKind] {
        var kinds: [CalendarDate: MenuDayKind] = [:]
        for (date, kind) in days.values.joined() where kinds[date] != .serving {
            kinds[date] = kind
        }
        return kinds
    }

    /// Whether any place has a menu in the range.
    public var hasMenus: Bool { !days.isEmpty }

    /// Whether an area of `placeCount` places opens on its board rather than its map: when at least half of its
    /// places have menus (a campus's cafeterias), not when a few places among many do (a venue's restaurants).
    public func opensOnBoard(placeCount: Int) -> Bool {
        hasMenus && days.count * 2 >= placeCount
    }
}
