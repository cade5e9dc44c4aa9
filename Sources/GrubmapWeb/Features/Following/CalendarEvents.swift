import Foundation
import GrubmapCore
import GrubmapStore

/// What a person's calendar feed holds, read from the store: each upcoming serving of a followed dish ("돈까스 at
/// Geumjeong Hall, lunch" at the place's lunch hours that day), and each upcoming menu of their bookmarked places
/// when they chose so ("Lunch at Geumjeong Hall", its meals in the description); from today through
/// ``FollowingFeature/calendarDays`` ahead, in each area's time zone.
struct CalendarEvents {
    let dishes: any DishStore
    let menus: any MenuStore
    let places: any PlaceStore
    let catalog: Catalog
    let language: Language
    let baseURL: String
    let now: Date

    private var strings: FollowStrings { FollowStrings.forLanguage(language) }
    private var menuStrings: MenuStrings { MenuStrings.forLanguage(language) }

    func events(following followed: [Dish], bookmarks: [Place.ID]) throws -> [CalendarFeed.Event] {
        var events: [CalendarFeed.Event] = []
        var placeCache: [Place.ID: Place] = [:]
        var menuCache: [String: Menu?] = [:]
        func place(_ id: Place.ID) throws -> Place? {
            if let known = placeCache[id] { return known }
            let found = try places.place(id: id)
            placeCache[id] = found
            return found
        }
        func menu(_ place: Place.ID, _ date: CalendarDate) throws -> Menu? {
            let key = place.rawValue + " " + date.description
            if let known = menuCache[key] { return known }
            let found = try menus.menu(placeID: place, on: date)
            menuCache[key] = found
            return found
        }

        // Servings of followed dishes, area by area (each has its own today).
        for (areaID, areaDishes) in Dictionary(grouping: followed, by: \.areaID).sorted(by: {
            $0.key.rawValue < $1.key.rawValue
        }) {
            guard let area = try catalog.area(areaID) else { continue }
            let today = CalendarDate.local(now, in: area.clockTimeZone).date
            let byID = Dictionary(areaDishes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for (dishID, serving) in try dishes.servings(
                ofDishes: Set(byID.keys), from: today, through: today.adding(days: FollowingFeature.calendarDays),
                limit: FollowingFeature.calendarEventLimit)
            {
                guard let dish = byID[dishID], let place = try place(serving.placeID),
                    let menu = try menu(serving.placeID, serving.date)
                else { continue }
                let keys = Set(dish.keys)
                for (position, category) in menu.categories.enumerated() {
                    guard let meal = category.meals.first(where: { keys.contains(DishKey(mealName: $0.name)) }) else {
                        continue
                    }
                    let name = dish.shown(mealName: meal.name, in: language).name
                    events.append(
                        event(
                            uid: "dish-\(dish.id)-\(place.id.rawValue)-\(serving.date)-\(position)", place: place,
                            area: area, date: serving.date, period: category.period,
                            summary: strings.serving(
                                name, place: place.name.text(in: language),
                                period: category.period.map(menuStrings.periodName)),
                            description: nil, link: Paths.dish(dish.id)))
                }
            }
        }

        // The menus of bookmarked places, when the person chose them.
        for id in bookmarks {
            guard events.count < FollowingFeature.calendarEventLimit, let place = try place(id),
                let area = try catalog.area(place.areaID)
            else { continue }
            let today = CalendarDate.local(now, in: area.clockTimeZone).date
            let days = try menus.menuDays(
                placeID: id, in: today...today.adding(days: FollowingFeature.calendarDays))
            for date in days.filter({ $0.value == .serving }).keys.sorted() {
                guard let menu = try menu(id, date) else { continue }
                for (position, category) in menu.categories.enumerated() {
                    let placeName = place.name.text(in: language)
                    events.append(
                        event(
                            uid: "menu-\(place.id.rawValue)-\(date)-\(position)", place: place, area: area, date: date,
                            period: category.period,
                            summary: strings.serving(category.name, place: placeName, period: nil),
                            description: category.meals.map(\.name).joined(separator: "\n"),
                            link: Paths.place(place.id, query: [("date", date.description)])))
                }
            }
        }
        return Array(events.prefix(FollowingFeature.calendarEventLimit))
    }

    /// An event at the place's hours for `period` that day (the usual times when its hours are not known), or the
    /// whole day for a meal of no period.
    private func event(
        uid: String, place: Place, area: Area, date: CalendarDate, period: MealPeriod?, summary: String,
        description: String?, link: String
    ) -> CalendarFeed.Event {
        var when = CalendarFeed.When.day(date)
        if let period, let window = MealTimes(hours: place.openingHours, on: date).windows[period]?.first {
            when = .time(
                start: CalendarFeed.instant(date, minutes: window.start, in: area.clockTimeZone),
                end: CalendarFeed.instant(date, minutes: window.end, in: area.clockTimeZone))
        }
        let host = baseURL.split(separator: "/").last.map(String.init) ?? "grubmap"
        return CalendarFeed.Event(
            uid: uid + "@" + host, when: when, summary: summary,
            location: place.address.map { place.name.text(in: language) + ", " + $0 } ?? place.name.text(in: language),
            description: description, url: baseURL + link)
    }
}
