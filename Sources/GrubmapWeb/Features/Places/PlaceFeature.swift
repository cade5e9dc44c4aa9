import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// `/places/{id}`: a place's details, the day's menu with its day selector, who is here with the person's own
/// check-in controls, and ride estimates from the person's position.
struct PlaceFeature: RouteCollection {
    let menus: any MenuStore
    let checkIns: any CheckInStore
    let profiles: any ProfileStore
    let cache: PlacePageCache

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.place, .page, .optional, placePage)
    }

    /// Rendered once per ``PlacePageCache/PageKey`` while its readings are kept.
    func placePage(_ context: VisitorContext, id: Place.ID) throws -> Response {
        let place = try context.place(id)
        let area = try context.area(place.areaID)
        let language = context.language
        let request = context.request
        let (today, time) = CalendarDate.local(context.now, in: area.clockTimeZone)
        let selected = try request.date() ?? today
        let reading = try cache.readings.value(
            for: PlacePageCache.ReadingKey(place: id, date: selected, catalogVersion: context.catalog.version),
            now: context.now,
            make: {
                let week = selected.week(startingOn: .sunday)
                return PlaceReading(
                    serial: cache.nextSerial(), menu: try menus.menu(placeID: id, on: selected),
                    days: try menus.menuDays(placeID: id, in: week.first!...week.last!),
                    people: try checkIns.presence(atPlace: id, at: context.now, newest: WhosHere.shown))
            })
        let person = try self.person(context)
        let preferences = context.preferences
        let isBookmarked = preferences[PreferenceKeys.bookmarks].contains(id)
        // An offline copy counts people but names no one: it stays on a device another person may use.
        let isOfflineCopy = request.asksForOfflineCopy
        let people = isOfflineCopy ? PlacePeople(newest: [], count: reading.people.count) : reading.people
        let render = { (csrfToken: String) in
            var page = PlacePage(
                strings: context.strings, place: place, area: area, areas: try context.headerAreas(),
                rides: try RideEstimates.make(for: place, in: area, context: context),
                whosHere: WhosHere(
                    strings: CheckInStrings.forLanguage(language), language: language, place: place,
                    people: people, me: person.me,
                    myCheckIn: person.checkIn.map { ($0, person.checkInPlace?.name.text(in: language) ?? "") },
                    csrfToken: csrfToken, timeZone: TimeZone(identifier: area.timeZone) ?? .gmt,
                    change: request.query["checked"].flatMap(CheckInChange.init(rawValue:)),
                    isOfflineCopy: isOfflineCopy))
            page.now = context.now
            page.menu = MenuSection(
                reading: MenuReading(
                    strings: MenuStrings.forLanguage(language), contentLanguage: area.localLanguage,
                    preferences: preferences), place: place,
                today: today, now: time, selected: selected,
                day: PlaceDay(place: place, date: selected, menu: reading.menu),
                days: place.openingHours.dayKinds(reading.days, adding: selected.week(startingOn: .sunday)),
                keptQuery: request.query.pairs.filter { $0.name != "date" && !BookmarkNotice.fields.contains($0.name) })
            page.bookmark = (
                BookmarkButton(
                    strings: MenuStrings.forLanguage(language), place: place, isBookmarked: isBookmarked, style: "pill"),
                BookmarkForm(
                    csrfToken: csrfToken, returnPath: request.returnPath(dropping: BookmarkNotice.fields),
                    notice: BookmarkNotice.text(
                        for: request, bookmarks: isBookmarked ? [id] : [], strings: MenuStrings.forLanguage(language),
                        name: { $0 == id ? place.name.text(in: language) : nil }))
            )
            return page.render()
        }
        let key = PlacePageCache.PageKey(
            reading: reading.serial, me: person, isBookmarked: isBookmarked,
            reader: MenuPageReader(context, position: try request.personPosition(), today: today, time: time))
        return try cache.pages.value(for: key, now: context.now) {
            PersonalizedPage(try render(PersonalizedPage.csrfPlaceholder))
        }.response(csrfToken: context.visitor.csrfToken)
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
