import Foundation
import GrubmapCore
import GrubmapHTTP

extension App {
    /// `/`: onboarding when the person has not seen the current version (decided here, so the main page never
    /// shows first), else their default area.
    func home(visitor: Visitor) throws -> Response {
        if needsOnboarding(visitor) {
            return try onboardingResponse(page: 0, visitor: visitor)
        }
        return .redirect(to: "/areas/\(try defaultArea(for: visitor).id)", status: .found)
    }

    /// The area `/` opens: the person's choice, else the operator's, else the first area by id.
    func defaultArea(for visitor: Visitor) throws -> Area {
        for id in [visitor.preferences[PreferenceKeys.defaultArea], environment.configuration.defaultAreaID] {
            if let id, let area = try environment.store.area(id: id) { return area }
        }
        guard let first = try environment.store.areas().first else {
            throw HTTPError.notFound("Grubmap has no areas yet. Start it with --demo, or import places.")
        }
        return first
    }

    func areaPage(_ id: Area.ID, request: Request, visitor: Visitor) throws -> Response {
        let area = try area(id)
        let position = try personPosition(request)
        let order: PlaceOrder = request.query["sort"] == "name" || position == nil ? .name : .distance
        let all = try environment.store.places(inArea: id)
        let places = Place.listing(
            all, from: position, order: order, language: visitor.language,
            bookmarks: visitor.preferences[PreferenceKeys.bookmarks])
        var page = AreaPage(
            strings: visitor.strings, area: area, areas: try environment.store.areas(), places: places,
            position: position, isPersonsPosition: position != nil && request.query["near"] == nil, order: order,
            units: visitor.preferences[PreferenceKeys.units],
            locatesOnLoad: request.query["locate"] == "1",
            presence: try environment.store.presence(inArea: id, at: environment.now(), sample: 4),
            tileURL: environment.configuration.tileURL)
        page.bookmarks = try bookmarkContext(
            for: visitor, listing: all, from: position, order: order,
            returnPath: returnPath(request, dropping: ["locate"]))
        page.defaultAreaPicker = DefaultAreaPicker(
            strings: MenuStrings.forLanguage(visitor.language), area: area,
            isDefault: try defaultArea(for: visitor).id == area.id, csrfToken: visitor.session?.csrfToken ?? "")
        return .html(page.render())
    }

    func placePage(_ id: Place.ID, request: Request, visitor: Visitor) throws -> Response {
        let place = try place(id)
        let area = try area(place.areaID)
        let rides = try rideEstimates(
            for: place, in: area, request: request, language: visitor.language,
            unit: visitor.preferences[PreferenceKeys.units])
        var page = PlacePage(
            strings: visitor.strings, place: place, area: area, areas: try environment.store.areas(), rides: rides,
            whosHere: try whosHere(at: place, in: area, visitor: visitor))
        page.menu = try menuSection(for: place, in: area, request: request, language: visitor.language)
        page.bookmark = BookmarkButton(
            strings: MenuStrings.forLanguage(visitor.language), place: place,
            isBookmarked: visitor.preferences[PreferenceKeys.bookmarks].contains(place.id),
            csrfToken: visitor.session?.csrfToken ?? "",
            returnPath: returnPath(request, dropping: []), style: "pill")
        return .html(page.render())
    }

    private func whosHere(at place: Place, in area: Area, visitor: Visitor) throws -> WhosHere {
        let now = environment.now()
        let me = try visitor.session.flatMap { try environment.store.profile(sessionToken: $0.token) }
        var mine: (checkIn: CheckIn, placeName: String)?
        if let me, let checkIn = try environment.store.checkIn(profileID: me.id, activeAt: now) {
            let name = try environment.store.place(id: checkIn.placeID)?.name.text(in: visitor.language) ?? ""
            mine = (checkIn, name)
        }
        return WhosHere(
            strings: CheckInStrings.forLanguage(visitor.language), language: visitor.language, place: place,
            people: try environment.store.presence(atPlace: place.id, at: now), me: me, myCheckIn: mine,
            csrfToken: visitor.session?.csrfToken ?? "", timeZone: TimeZone(identifier: area.timeZone) ?? .gmt)
    }
}
