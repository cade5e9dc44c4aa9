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
        let places = Place.listing(
            try environment.store.places(inArea: id), from: position, order: order, language: visitor.language)
        let page = AreaPage(
            strings: visitor.strings, area: area, areas: try environment.store.areas(), places: places,
            position: position, isPersonsPosition: position != nil && request.query["near"] == nil, order: order,
            units: visitor.preferences[PreferenceKeys.units],
            locatesOnLoad: request.query["locate"] == "1")
        return .html(page.render())
    }

    func placePage(_ id: Place.ID, request: Request, visitor: Visitor) throws -> Response {
        let place = try place(id)
        let area = try area(place.areaID)
        let rides = try rideEstimates(
            for: place, in: area, request: request, language: visitor.language,
            unit: visitor.preferences[PreferenceKeys.units])
        let page = PlacePage(
            strings: visitor.strings, place: place, area: area, areas: try environment.store.areas(), rides: rides)
        return .html(page.render())
    }
}
