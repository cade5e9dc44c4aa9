import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// The hour of an area's daily push message, set by its operators under the area's list of places (audited).
struct PushHourConsoleFeature: RouteCollection {
    let push: any PushStore

    /// The audit log's name of the change.
    static let auditAction = "area.push-hour"
    /// The places list's `done` after a change, which thanks the operator.
    static let doneValue = "push-hour"

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.post, Paths.Console.pushHour, .area, setHour)
    }

    /// `POST /admin/areas/{id}/push-hour` with `hour` (0–23): saved, back to the area's places; 400 naming `hour`
    /// for anything else, nothing saved.
    func setHour(_ context: AreaConsoleContext) throws -> Response {
        guard let text = try context.request.formFields()["hour"], let hour = Int(text), (0...23).contains(hour) else {
            throw HTTPError.badRequest("hour: choose an hour from 0 to 23.", code: "bad_form", field: "hour")
        }
        let area = context.area.id
        let before = try push.pushHours()[area] ?? PushSchedule.defaultHour
        try push.setPushHour(
            hour, areaID: area,
            audit: context.console.audit(
                Self.auditAction, subject: area.rawValue, area: area, before: String(before), after: String(hour)))
        return .redirect(to: Paths.Console.places(area, query: [("done", Self.doneValue)]))
    }

    /// The form under the area's places: the 24 hours, the area's chosen.
    static func form(text: ConsoleStrings, area: Area.ID, hour: Int, csrfToken: String) -> Node {
        el(
            .form, .class("card panel console-push-hour"), Attribute("method", "post"),
            Attribute("action", Paths.Console.pushHour(area))
        ) {
            csrfField(csrfToken)
            el(.label, Attribute("for", "push-hour")) { text.pushHour }
            el(.p, .class("meta"), .id("push-hour-hint")) { text.pushHourHint }
            el(.select, .id("push-hour"), .name("hour"), Attribute("aria-describedby", "push-hour-hint")) {
                for option in 0..<24 {
                    el(
                        .option,
                        attributes: [.value(String(option))] + (option == hour ? [Attribute("selected", nil)] : [])
                    ) { String(format: "%02d:00", option) }
                }
            }
            el(.button, .type("submit"), .class("button secondary")) { text.saveChanges }
        }
    }
}
