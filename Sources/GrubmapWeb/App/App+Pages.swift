import GrubmapCore
import GrubmapHTTP

extension App {
    /// `/`: the default area (the operator's choice, else the first area).
    func home() throws -> Response {
        if let id = environment.configuration.defaultAreaID, try environment.store.area(id: id) != nil {
            return .redirect(to: "/areas/\(id)", status: .found)
        }
        guard let first = try environment.store.areas().first else {
            throw HTTPError.notFound("Grubmap has no areas yet. Start it with --demo, or import places.")
        }
        return .redirect(to: "/areas/\(first.id)", status: .found)
    }

    func areaPage(_ id: Area.ID, request: Request, strings: Strings) throws -> Response {
        let origin = try nearParameter(request)
        let area = try area(id)
        let places = Place.listing(try environment.store.places(inArea: id), from: origin, language: strings.language)
        let page = AreaPage(
            strings: strings, area: area, areas: try environment.store.areas(), places: places, origin: origin)
        return .html(page.render())
    }

    func placePage(_ id: Place.ID, strings: Strings) throws -> Response {
        let place = try place(id)
        let page = PlacePage(
            strings: strings, place: place, area: try area(place.areaID), areas: try environment.store.areas())
        return .html(page.render())
    }
}
