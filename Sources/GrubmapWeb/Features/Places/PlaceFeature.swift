import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// `/places/{id}`: a place's details, the day's menu with its day selector, who is here with the person's own
/// check-in controls, and ride estimates from the person's position.
struct PlaceFeature: RouteCollection {
    let menus: any MenuStore
    let soldOut: any SoldOutStore
    let dishes: any DishStore
    let ratings: any RatingStore
    let checkIns: any CheckInStore
    let profiles: any ProfileStore
    let live: any LiveStore
    /// Where the area's walking graph is read, for minutes on foot from the person's position.
    let basemaps: any BasemapStore
    let cache: PlacePageCache
    let followedDishes: RecentCache<[Dish.ID], [Dish]>

    func addRoutes(to routes: inout RouteTable) {
        routes.addKept(Paths.place, .page, placePage)
    }

    /// Rendered once per ``PlacePageInput`` while its readings are kept.
    func placePage(_ context: VisitorContext, id: Place.ID) throws -> Response {
        let place = try context.place(id)
        let area = try context.area(place.areaID)
        let (today, time) = CalendarDate.local(context.now, in: area.clockTimeZone)
        let selected = try context.request.date() ?? today
        _ = try PopularTimesChart.day(in: context.request.query)
        let reading = try cache.readings.value(
            for: PlacePageCache.ReadingKey(place: id, date: selected, catalogVersion: context.catalog.version),
            now: context.now,
            make: {
                let week = selected.week(startingOn: .sunday)
                let menu = try menus.menu(placeID: id, on: selected)
                let dishes = try MealDishes(dishes, menus: [menu].compactMap { $0 }, area: area.id)
                return PlaceReading(
                    serial: cache.nextSerial(), place: place, area: area, date: selected,
                    menu: menu,
                    days: try menus.menuDays(placeID: id, in: week.first!...week.last!),
                    people: try checkIns.presence(atPlace: id, at: context.now, newest: WhosHere.shown),
                    soldOut: selected == today ? try soldOut.soldOutMarks(placeID: id, on: selected) : [:],
                    dishes: dishes,
                    ratings: try MealRatings(ratings, placeID: id, date: selected, dishes: dishes),
                    popularTimes: try live.popularTimes(placeID: id, at: context.now, in: area.clockTimeZone),
                    live: selected == today ? try live.busyness(atPlace: id, at: context.now) : nil)
            })
        let position = try context.request.personPosition()
        var input = PlacePageInput(
            reading: reading, me: try person(context),
            isBookmarked: context.preferences[PreferenceKeys.bookmarks].contains(id),
            followed: try FollowedDishes(
                context.preferences, dishes: dishes, cache: followedDishes, now: context.now
            ).ids.intersection(reading.dishes.ids),
            reader: MenuPageReader(context, position: position, today: today, time: time))
        if let position, area.fareSchedule != nil,
            let graph = try basemaps.routingGraph(areaID: area.id, mode: .drive)
        {
            input.routedMeters = graph.doorToDoorMeters(from: position, to: place.coordinate)
        }
        input.walk = try position.flatMap {
            try WalkSummary(from: $0, to: place.coordinate, area: area.id, basemaps: basemaps)
        }
        return try cache.pages.response(
            for: input, csrfToken: context.visitor.csrfToken, now: context.now, sources: PageSources(context))
    }

    /// The person's profile and check-in, kept per session.
    private func person(_ context: VisitorContext) throws -> PersonReading {
        guard let session = context.visitor.session else { return .nobody }
        return try cache.people.value(for: session.token, now: context.now) {
            guard let me = try profiles.profile(sessionToken: session.token) else { return .nobody }
            let checkIn = try checkIns.checkIn(profileID: me.id, activeAt: context.now)
            return PersonReading(
                me: me, checkIn: checkIn, checkInPlace: try checkIn.flatMap { try context.places.place(id: $0.placeID) }
            )
        }
    }
}
