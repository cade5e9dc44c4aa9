import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// An area's audit log: every change operators made in it, newest first, filterable by kind of change, 50 at a
/// time. Entries are kept for 180 days (``AuditEntry/retention``; the server deletes older ones hourly).
struct AuditFeature: RouteCollection {
    let store: any ConsoleStore

    static let pageSize = 50
    /// The kinds of change the filter offers.
    static let actions = [
        "place.create", "place.update", "place.archive", "place.restore", "menu.week", "menu.replace", "menu.remove",
        "menu.copy-day", "menu.copy-week", "profile.hide", "profile.restore", "checkin.end", "checkin.end-many",
        "operator.add",
        "operator.reset", "feed.set", "feed.remove", "place.exception.add", "place.exception.remove", "dish.names",
        "dish.merge", "dish.split", NameSuggestionEdit.approveAction, NameSuggestionEdit.rejectAction, "comment.hide",
        "comment.keep", "photo.hide", "photo.keep", PushHourConsoleFeature.auditAction,
    ]

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.audit, .area, log)
    }

    /// `GET /admin/areas/{id}/audit[?action=…][&before=N]`.
    func log(_ context: AreaConsoleContext) throws -> Response {
        let query = context.request.query
        let action = query["action"].flatMap { Self.actions.contains($0) ? $0 : nil }
        let before = query["before"].flatMap { Int64($0) }
        let entries = try store.auditEntries(
            areas: [context.area.id], includingGlobal: false, action: action, before: before, limit: Self.pageSize + 1)
        let page = AuditPage(
            text: context.text, area: context.area, areas: try context.console.areas(),
            csrfToken: context.session.csrfToken, entries: Array(entries.prefix(Self.pageSize)), action: action,
            olderBefore: entries.count > Self.pageSize ? entries[Self.pageSize - 1].id : nil,
            dates: ConsoleDates(
                language: context.text.language,
                today: CalendarDate.local(context.now, in: context.area.clockTimeZone).date))
        return .html(page.render())
    }
}

/// `/admin/areas/{id}/audit`.
struct AuditPage {
    let text: ConsoleStrings
    let area: Area
    let areas: [Area]
    let csrfToken: String
    let entries: [AuditEntry]
    let action: String?
    /// The id to page on from, when there are older entries.
    let olderBefore: Int64?
    /// How the console shows dates, and the area's today.
    let dates: ConsoleDates

    func render() -> [UInt8] {
        let language = text.language
        let title = "\(text.auditLog) · \(area.name.text(in: language))"
        return ConsoleLayout(text: text, title: title, areas: areas, currentAreaID: area.id, csrfToken: csrfToken)
            .render {
                el(.h1) { title }
                el(
                    .form, .class("console-search"), Attribute("method", "get"),
                    Attribute("action", Paths.Console.audit(area.id))
                ) {
                    el(.label, Attribute("for", "action"), .class("visually-hidden")) { text.filter }
                    el(.select, .id("action"), .name("action")) {
                        el(.option, attributes: [.value("")] + (action == nil ? [Attribute("selected", nil)] : [])) {
                            text.allActions
                        }
                        for name in AuditFeature.actions {
                            el(
                                .option,
                                attributes: [.value(name)] + (action == name ? [Attribute("selected", nil)] : [])
                            ) {
                                name
                            }
                        }
                    }
                    el(.button, .type("submit"), .class("button secondary")) { text.filter }
                }
                if entries.isEmpty { el(.p) { text.noEntries } }
                el(.ol, .class("console-list audit")) {
                    for entry in entries {
                        el(.li, .class("card console-row audit-entry")) {
                            el(.div) {
                                el(.p) {
                                    el(.strong) { entry.action }
                                    " · " + dates.replacingStoredDates(in: entry.subject)
                                }
                                el(.p, .class("meta")) {
                                    el(.time, .datetime(entry.at.formatted(.iso8601))) {
                                        dates.text(entry.at, in: area.clockTimeZone)
                                    }
                                    " · " + entry.actorName
                                }
                                if entry.before != nil || entry.after != nil {
                                    // A feed address stored before passwords were refused shows without it.
                                    // Dates kept as YYYY-MM-DD show as the console shows dates.
                                    let shown = { (value: String) in
                                        dates.replacingStoredDates(
                                            in: entry.action.hasPrefix("feed.") ? MenuFeed.redacted(value) : value)
                                    }
                                    el(.p, .class("audit-change")) {
                                        (entry.before.map(shown) ?? "—") + " → " + (entry.after.map(shown) ?? "—")
                                    }
                                }
                            }
                        }
                    }
                }
                if let olderBefore {
                    el(.p) {
                        el(
                            .a,
                            .href(
                                Paths.Console.audit(
                                    area.id,
                                    query: (action.map { [("action", $0)] } ?? []) + [("before", String(olderBefore))]))
                        ) { text.olderEntries }
                    }
                }
            }
    }
}
