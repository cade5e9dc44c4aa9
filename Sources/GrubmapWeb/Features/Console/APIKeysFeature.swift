import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// An area's API keys in the console, for its admins: make one (read, or read and write; the token is shown once,
/// on the page that answers the form), see when each was last used, revoke one.
struct APIKeysFeature: RouteCollection {
    let store: any APIKeyStore

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.apiKeys, .adminArea, list)
        routes.add(.post, Paths.Console.apiKeys, .adminArea, create)
        routes.add(.post, Paths.Console.revokeAPIKey, .adminArea, revoke)
    }

    /// `GET /admin/areas/{id}/api-keys`.
    func list(_ context: AreaConsoleContext) throws -> Response {
        let notice = context.request.query["done"] == "revoked" ? context.text.keyRevoked : nil
        return .html(try page(context, notice: notice).render())
    }

    /// `POST /admin/areas/{id}/api-keys` with `label` and `scope`.
    func create(_ context: AreaConsoleContext) throws -> Response {
        let fields = try context.request.formFields()
        guard let label = APIKeyIssuer.label(fields["label"] ?? "") else {
            return .html(
                try page(context, problem: context.text.keyLabelProblem).render(), status: .unprocessableContent)
        }
        let scope = APIKey.Scope(rawValue: fields["scope"] ?? "") ?? .read
        let (key, token) = try APIKeyIssuer(store: store, randomBytes: context.environment.randomBytes).make(
            area: context.area.id, scope: scope, label: label, by: context.console.actor, now: context.now)
        return .html(try page(context, newToken: (key, token)).render())
    }

    /// `POST /admin/areas/{id}/api-keys/revoke` with `key`.
    func revoke(_ context: AreaConsoleContext) throws -> Response {
        let fields = try context.request.formFields()
        guard let id = try? APIKey.ID(fields["key"] ?? ""),
            let key = try store.apiKeys(inArea: context.area.id).first(where: { $0.id == id })
        else {
            throw ConsoleScopes.notFound
        }
        try APIKeyIssuer(store: store, randomBytes: context.environment.randomBytes).revoke(
            key, by: context.console.actor, now: context.now)
        return .redirect(to: Paths.Console.apiKeys(context.area.id, query: [("done", "revoked")]))
    }

    private func page(
        _ context: AreaConsoleContext, newToken: (key: APIKey, token: String)? = nil, problem: String? = nil,
        notice: String? = nil
    ) throws -> APIKeysPage {
        APIKeysPage(
            text: context.text, area: context.area, areas: try context.console.areas(),
            csrfToken: context.session.csrfToken, keys: try store.apiKeys(inArea: context.area.id), newToken: newToken,
            problem: problem, notice: notice,
            dates: ConsoleDates(
                language: context.text.language,
                today: CalendarDate.local(context.now, in: context.area.clockTimeZone).date))
    }
}

extension ConsoleScope where Parameter == Area.ID, Scoped == AreaConsoleContext {
    /// An area of the operator's, for its admins only.
    static var adminArea: ConsoleScope {
        ConsoleScope { context, id in
            let scoped = try ConsoleScope.area.resolve(context, id)
            guard context.account.role == .admin else { throw ConsoleScopes.forbidden }
            return scoped
        }
    }
}

/// `/admin/areas/{id}/api-keys`.
struct APIKeysPage {
    let text: ConsoleStrings
    let area: Area
    let areas: [Area]
    let csrfToken: String
    let keys: [APIKey]
    let newToken: (key: APIKey, token: String)?
    let problem: String?
    let notice: String?
    /// How the console shows dates, and the area's today.
    let dates: ConsoleDates

    func render() -> [UInt8] {
        let language = text.language
        let title = "\(text.apiKeys) · \(area.name.text(in: language))"
        let shown = { (instant: Date) in dates.text(instant, in: area.clockTimeZone) }
        return ConsoleLayout(text: text, title: title, areas: areas, currentAreaID: area.id, csrfToken: csrfToken)
            .render {
                el(.h1) { title }
                el(.p, .class("meta")) { text.apiKeysIntro }
                if let notice { el(.p, .class("notice success"), Attribute("role", "status")) { notice } }
                if let newToken {
                    el(.section, .class("notice success"), Attribute("role", "status"), .id("new-key")) {
                        el(.p) { text.keyShownOnce(newToken.key.label) }
                        el(.p) { el(.code, .class("link")) { newToken.token } }
                    }
                }
                el(.ul, .class("console-list")) {
                    for key in keys {
                        el(.li, .class("card console-row" + (key.revokedAt == nil ? "" : " archived"))) {
                            el(.div) {
                                el(.strong) { key.label }
                                el(.span, .class("badge")) { key.scope == .write ? text.readAndWrite : text.readOnly }
                                el(.p, .class("meta")) {
                                    key.createdBy + " · " + shown(key.createdAt) + " · "
                                        + (key.lastUsedAt.map { text.lastUsed(shown($0)) } ?? text.neverUsed)
                                }
                                if let revoked = key.revokedAt {
                                    el(.p, .class("meta")) { text.revokedAt(shown(revoked)) }
                                }
                            }
                            if key.revokedAt == nil {
                                el(
                                    .form, .class("inline"), Attribute("method", "post"),
                                    Attribute("action", Paths.Console.revokeAPIKey(area.id))
                                ) {
                                    csrfField(csrfToken)
                                    el(.input, .type("hidden"), .name("key"), .value(key.id.rawValue))
                                    el(
                                        .button, .type("submit"), .class("button secondary small"),
                                        .ariaLabel("\(text.revoke): \(key.label)")
                                    ) { text.revoke }
                                }
                            }
                        }
                    }
                }
                el(.section, .class("card panel"), Attribute("aria-labelledby", "new-api-key")) {
                    el(.h2, .id("new-api-key")) { text.newAPIKey }
                    if let problem {
                        el(.p, .id("key-problem"), .class("notice error"), Attribute("role", "alert")) { problem }
                    }
                    el(
                        .form, .class("console-form"), Attribute("method", "post"),
                        Attribute("action", Paths.Console.apiKeys(area.id))
                    ) {
                        csrfField(csrfToken)
                        ConsoleField(name: "label", label: text.keyLabel, extra: [Attribute("maxlength", "80")]).node
                        el(.fieldset, .class("field")) {
                            el(.legend) { text.keyScope }
                            for scope in APIKey.Scope.allCases {
                                el(.label, .class("check")) {
                                    el(
                                        .input,
                                        attributes: [.type("radio"), .name("scope"), .value(scope.rawValue)]
                                            + (scope == .read ? [Attribute("checked", nil)] : []))
                                    scope == .write ? text.readAndWrite : text.readOnly
                                }
                            }
                        }
                        el(.button, .type("submit"), .class("button")) { text.newAPIKey }
                    }
                }
            }
    }
}
