import Foundation
import GrubmapCore
import GrubmapStore

/// Menus · Map · List at the top of an area that has menus: the board, and the area page with its map or its
/// list in front. Plain links; on the area page the script switches map and list without a reload.
struct AreaTabs {
    enum Tab: String {
        case menus, map, list
    }

    let strings: BoardStrings
    let area: Area.ID
    let current: Tab
    /// The page's query fields the tabs keep (such as `near` and `sort`), without `view`.
    var keptQuery: [(name: String, value: String)] = []

    var node: Node {
        let kept = keptQuery.filter { $0.name != "view" }.map { ($0.name, $0.value) }
        return el(.nav, .class("area-tabs"), .ariaLabel(strings.viewsLabel)) {
            // The board knows nothing of `sort`; it keeps the point distances are measured from.
            tab(.menus, Paths.menuBoard(area, query: kept.filter { $0.0 == "near" }), strings.menusTab)
            tab(.map, Paths.area(area, query: kept + [("view", "map")]), strings.mapTab)
            tab(.list, Paths.area(area, query: kept), strings.listTab)
        }
    }

    private func tab(_ tab: Tab, _ href: String, _ label: String) -> Node {
        var attributes: [Attribute] = [.href(href), .data("tab", tab.rawValue)]
        if tab == current { attributes.append(.ariaCurrent("page")) }
        return el(.a, attributes: attributes) { label }
    }
}

/// Where an area opens, and whether it has tabs: decided from which of its places have menus in the area's current
/// and next week (``AreaMenuCalendar``), one read of the menu days, kept for the caches' lifetime per area and day
/// (every area page and `/` ask, and the read goes through every area's menu days of the fortnight).
struct AreaFrontDoor: Sendable {
    let menus: any MenuStore
    private let calendars: RecentCache<CalendarKey, AreaMenuCalendar>

    private struct CalendarKey: Hashable, Sendable {
        let area: Area.ID
        let today: CalendarDate
    }

    init(menus: any MenuStore, caches: AppCaches) {
        self.menus = menus
        calendars = RecentCache(lifetime: caches.lifetime, capacity: 256, scope: .everyChange, writes: caches.writes)
    }

    /// The area's menu days this week and next, on its calendar.
    func calendar(of area: Area, context: VisitorContext) throws -> AreaMenuCalendar {
        try calendar(of: area, now: context.now)
    }

    /// The area's menu days this week and next, on its calendar at `now`.
    func calendar(of area: Area, now: Date) throws -> AreaMenuCalendar {
        let today = CalendarDate.local(now, in: area.clockTimeZone).date
        return try calendars.value(for: CalendarKey(area: area.id, today: today), now: now) {
            let weeks = today.week(startingOn: .sunday).first!...today.adding(days: 7).week(startingOn: .sunday).last!
            return AreaMenuCalendar(try menus.menuDays(inArea: area.id, in: weeks))
        }
    }

    /// The board of a campus (an area most of whose places have menus), else the area page; with `query`.
    func path(of area: Area, context: VisitorContext, query: [(String, String)] = []) throws -> String {
        try opensOnBoard(area, context: context)
            ? Paths.menuBoard(area.id, query: query) : Paths.area(area.id, query: query)
    }

    /// Whether `area` opens on its menu board (a campus, most of whose places publish menus) rather than on its map
    /// and list (a venue).
    func opensOnBoard(_ area: Area, context: VisitorContext) throws -> Bool {
        try calendar(of: area, context: context).opensOnBoard(placeCount: context.catalog.placeCount(inArea: area.id))
    }

    /// Where `/` takes this visitor: the area ``VisitorContext/frontArea()`` finds, else the areas to choose from;
    /// with `query`.
    func home(for context: VisitorContext, query: [(String, String)] = []) throws -> String {
        guard let area = try context.frontArea() else { return Paths.areas(query: query) }
        return try path(of: area, context: context, query: query)
    }
}
