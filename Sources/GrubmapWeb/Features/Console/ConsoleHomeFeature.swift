import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// `/admin`: the operator's areas, each with its places and the name suggestions waiting, and their account's way
/// out.
struct ConsoleHomeFeature: RouteCollection {
    let store: any ConsoleStore
    let suggestions: any NameSuggestionStore

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.home, .signedIn, home)
    }

    func home(_ context: ConsoleContext) throws -> Response {
        let text = context.text
        let language = text.language
        let areas = try context.areas()
        let counts = try areas.map { try store.consolePlaces(inArea: $0.id).count }
        let waiting = try areas.map { try suggestions.pendingNameSuggestionCount(inArea: $0.id) }
        let page = ConsoleLayout(text: text, title: text.areasTitle, areas: areas, csrfToken: context.session.csrfToken)
            .render {
                el(.h1) { text.areasTitle }
                el(.p, .class("meta")) { context.account.email + " · " + text.yourRole(context.account.role) }
                el(.ul, .class("console-list")) {
                    for ((area, count), waiting) in zip(zip(areas, counts), waiting) {
                        el(.li, .class("card console-row")) {
                            el(
                                .a,
                                attributes: [.href(Paths.Console.places(area.id))]
                                    + area.name.langAttributes(on: language)
                            ) {
                                area.name.text(in: language)
                            }
                            el(.span, .class("meta")) { text.placeCount(count) }
                            el(.div, .class("console-links")) {
                                el(.a, .href(Paths.Console.places(area.id))) { text.places }
                                el(.a, .href(Paths.Console.dishes(area.id))) { text.dishes }
                                el(.a, .href(Paths.Console.nameSuggestions(area.id))) {
                                    text.nameSuggestionsWaiting(waiting)
                                }
                                el(.a, .href(Paths.Console.moderation(area.id))) { text.moderation }
                                el(.a, .href(Paths.Console.audit(area.id))) { text.auditLog }
                                if context.account.role == .admin {
                                    el(.a, .href(Paths.Console.apiKeys(area.id))) { text.apiKeys }
                                }
                            }
                        }
                    }
                }
                if context.account.role == .admin {
                    el(.p) { el(.a, .href(Paths.Console.operators())) { text.operators } }
                }
                el(.form, Attribute("method", "post"), Attribute("action", Paths.Console.signOutEverywhere())) {
                    csrfField(context.session.csrfToken)
                    el(.button, .type("submit"), .class("button secondary")) { text.signOutEverywhere }
                }
            }
        return .html(page)
    }
}
