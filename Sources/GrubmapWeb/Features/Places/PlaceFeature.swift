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

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.place, .page, .optional, placePage)
    }

    func placePage(_ context: VisitorContext, id: Place.ID) throws -> Response {
        let place = try context.place(id)
        let area = try context.area(place.areaID)
        let language = context.language
        var page = PlacePage(
            strings: context.strings, place: place, area: area, areas: try context.headerAreas(),
            rides: try RideEstimates.make(for: place, in: area, context: context),
            whosHere: try whosHere(at: place, in: area, context: context))
        page.now = context.now
        page.menu = try MenuSection.make(for: place, in: area, context: context, menus: menus)
        page.bookmark = BookmarkButton(
            strings: MenuStrings.forLanguage(language), place: place,
            isBookmarked: context.preferences[PreferenceKeys.bookmarks].contains(place.id),
            csrfToken: context.visitor.csrfToken, returnPath: context.request.returnPath(), style: "pill")
        return .html(page.render())
    }

    private func whosHere(at place: Place, in area: Area, context: VisitorContext) throws -> WhosHere {
        let me = try context.visitor.session.flatMap { try profiles.profile(sessionToken: $0.token) }
        var mine: (checkIn: CheckIn, placeName: String)?
        if let me, let checkIn = try checkIns.checkIn(profileID: me.id, activeAt: context.now) {
            mine = (checkIn, try context.places.place(id: checkIn.placeID)?.name.text(in: context.language) ?? "")
        }
        return WhosHere(
            strings: CheckInStrings.forLanguage(context.language), language: context.language, place: place,
            people: try checkIns.presence(atPlace: place.id, at: context.now, newest: WhosHere.shown), me: me,
            myCheckIn: mine,
            csrfToken: context.visitor.csrfToken, timeZone: TimeZone(identifier: area.timeZone) ?? .gmt,
            change: context.request.query["checked"].flatMap(CheckInChange.init(rawValue:)))
    }
}
