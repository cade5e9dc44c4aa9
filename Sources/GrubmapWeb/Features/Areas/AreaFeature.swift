import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// `/areas/{id}`: the map and the list of an area's places, bookmarks first, then nearest first once the person's
/// position is known (or by name), each with who is checked in. An area with menus gets the tabs Menus · Map · List,
/// and `?view=map` puts the map in front on a phone.
struct AreaFeature: RouteCollection {
    let checkIns: any CheckInStore
    let frontDoor: AreaFrontDoor
    let configuration: AppConfiguration

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.area, .page, .optional, areaPage)
    }

    func areaPage(_ context: VisitorContext, id: Area.ID) throws -> Response {
        let area = try context.area(id)
        let request = context.request
        let position = try request.personPosition()
        let order: PlaceOrder = request.query["sort"] == "name" || position == nil ? .name : .distance
        let all = try context.catalog.places(inArea: id)
        let bookmarks = context.preferences[PreferenceKeys.bookmarks]
        let places = Place.listing(
            all, from: position, order: order, language: context.language, bookmarks: bookmarks)
        var page = AreaPage(
            strings: context.strings, area: area, areas: try context.headerAreas(), places: places,
            position: position, isPersonsPosition: position != nil && request.query["near"] == nil, order: order,
            units: context.preferences[PreferenceKeys.units], locatesOnLoad: request.query["locate"] == "1",
            presence: try checkIns.presence(inArea: id, at: context.now, sample: 4), tileURL: configuration.tileURL)
        let plain = Place.listing(all, from: position, order: order, language: context.language)
        page.bookmarks = BookmarkContext(
            strings: MenuStrings.forLanguage(context.language), csrfToken: context.visitor.csrfToken,
            bookmarks: bookmarks,
            rankWithoutBookmarks: Dictionary(
                uniqueKeysWithValues: plain.enumerated().map { ($0.element.place.id, $0.offset) }),
            returnPath: request.returnPath(dropping: ["locate"]))
        page.showsMap = request.query["view"] == "map"
        if try frontDoor.calendar(of: area, context: context).hasMenus {
            page.tabs = AreaTabs(
                strings: BoardStrings.forLanguage(context.language), area: id, current: page.showsMap ? .map : .list,
                keptQuery: request.query.pairs.filter { $0.name != "locate" })
        }
        page.defaultAreaPicker = DefaultAreaPicker(
            strings: MenuStrings.forLanguage(context.language), area: area,
            isDefault: try context.defaultArea().id == area.id, csrfToken: context.visitor.csrfToken)
        return .html(page.render())
    }
}
