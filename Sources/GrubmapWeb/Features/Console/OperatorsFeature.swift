import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Admins manage the operators of their areas: add one (the set-up link is shown once, on the page that answers
/// the form, never in an address), change their role and areas, give them a new link, or remove them. An admin
/// manages only operators all of whose areas are theirs, and never themselves.
struct OperatorsFeature: RouteCollection {
    let store: any OperatorStore
    let scope: ManagedOperatorScope

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.operators, .admin, list)
        routes.add(.post, Paths.Console.operators, .admin, add)
        routes.add(.post, Paths.Console.operatorAccount, scope.scope, update)
        routes.add(.post, Paths.Console.resetOperator, scope.scope, reset)
        routes.add(.post, Paths.Console.removeOperator, scope.scope, remove)
    }

    /// `GET /admin/operators`.
    func list(_ context: ConsoleContext) throws -> Response {
        let notice: String? =
            switch context.request.query["done"] {
            case "updated": context.text.operatorUpdated
            case "removed": context.text.operatorRemoved
            default: nil
            }
        return .html(try page(context, notice: notice).render())
    }

    /// `POST /admin/operators` with `email`, `role` and one `area` field per area.
    func add(_ context: ConsoleContext) throws -> Response {
        let fields = try context.request.formFields()
        let email = fields["email"] ?? ""
        let role = Operator.Role(rawValue: fields["role"] ?? "") ?? .editor
        let areas = try areas(fields, context: context)
        do {
            let (account, link) = try OperatorEnrolment(store: store, randomBytes: context.environment.randomBytes)
                .add(email: email, role: role, areaIDs: areas, by: context.actor, now: context.now)
            return .html(try page(context, newLink: (account, link.url(baseURL: context.baseURL))).render())
        } catch let error as OperatorError {
            let message = error == .noAreas ? context.text.chooseAnArea : context.text.notAnEmail
            return .html(try page(context, problem: message, email: email).render(), status: .unprocessableContent)
        } catch StoreError.duplicateEmail {
            return .html(
                try page(context, problem: context.text.emailTaken, email: email).render(),
                status: .unprocessableContent)
        }
    }

    /// `POST /admin/operators/{id}` with `role` and `area` fields.
    func update(_ context: OperatorConsoleContext) throws -> Response {
        let fields = try context.request.formFields()
        let role = Operator.Role(rawValue: fields["role"] ?? "") ?? context.managed.role
        let areas = try areas(fields, context: context.console)
        guard !areas.isEmpty else {
            return .html(
                try page(context.console, problem: context.text.chooseAnArea).render(), status: .unprocessableContent)
        }
        var after = context.managed
        after.role = role
        after.areaIDs = areas
        try store.updateOperator(
            id: context.managed.id, role: role, areaIDs: areas,
            audit: context.console.audit(
                "operator.update", subject: context.managed.email, area: nil,
                before: OperatorEnrolment.summary(context.managed), after: OperatorEnrolment.summary(after)))
        return .redirect(to: Paths.Console.operators(query: [("done", "updated")]))
    }

    /// `POST /admin/operators/{id}/reset`: a new set-up link, shown once; their password and sessions end.
    func reset(_ context: OperatorConsoleContext) throws -> Response {
        let link = try OperatorEnrolment(store: store, randomBytes: context.environment.randomBytes)
            .reset(context.managed, by: context.actor, now: context.now)
        return .html(
            try page(context.console, newLink: (context.managed, link.url(baseURL: context.console.baseURL))).render())
    }

    /// `POST /admin/operators/{id}/remove`.
    func remove(_ context: OperatorConsoleContext) throws -> Response {
        try store.removeOperator(
            id: context.managed.id,
            audit: context.console.audit(
                "operator.remove", subject: context.managed.email, area: nil,
                before: OperatorEnrolment.summary(context.managed), after: nil))
        return .redirect(to: Paths.Console.operators(query: [("done", "removed")]))
    }

    /// The `area` fields, each one of the admin's areas; another is refused (a forged form), not dropped.
    private func areas(_ fields: QueryFields, context: ConsoleContext) throws -> [Area.ID] {
        try fields.values(for: "area").map { text in
            guard let id = try? Area.ID(text), context.account.mayEdit(id) else { throw ConsoleScopes.forbidden }
            return id
        }
    }

    private func page(
        _ context: ConsoleContext, newLink: (account: Operator, url: String)? = nil, problem: String? = nil,
        email: String = "", notice: String? = nil
    ) throws -> OperatorsPage {
        OperatorsPage(
            text: context.text, me: context.account, areas: try context.areas(), csrfToken: context.session.csrfToken,
            operators: try store.operators().filter { $0.id == context.account.id || context.account.mayManage($0) },
            newLink: newLink, problem: problem, email: email, notice: notice)
    }
}

/// `/admin/operators`.
struct OperatorsPage {
    let text: ConsoleStrings
    let me: Operator
    let areas: [Area]
    let csrfToken: String
    let operators: [Operator]
    let newLink: (account: Operator, url: String)?
    let problem: String?
    let email: String
    let notice: String?

    func render() -> [UInt8] {
        let language = text.language
        return ConsoleLayout(text: text, title: text.operators, areas: areas, csrfToken: csrfToken).render {
            el(.h1) { text.operators }
            if let notice { el(.p, .class("notice success"), Attribute("role", "status")) { notice } }
            if let newLink {
                el(.section, .class("notice success"), Attribute("role", "status"), .id("new-link")) {
                    el(.p) { text.passTheLinkOn(newLink.account.email) }
                    el(.p) { el(.code, .class("link")) { newLink.url } }
                }
            }
            el(.ul, .class("console-list")) {
                for account in operators {
                    el(.li, .class("card console-person")) {
                        el(.p) {
                            el(.strong) { account.email }
                            " · " + text.yourRole(account.role) + " · "
                                + account.areaIDs.map { id in
                                    areas.first { $0.id == id }.map { ($0.shortName ?? $0.name).text(in: language) }
                                        ?? id.rawValue
                                }.joined(separator: ", ")
                            if !account.hasPassword { el(.span, .class("badge")) { text.waitingForSetUp } }
                        }
                        if account.id != me.id { manage(account) }
                    }
                }
            }
            el(.section, .class("card panel"), Attribute("aria-labelledby", "add-operator")) {
                el(.h2, .id("add-operator")) { text.addOperator }
                if let problem {
                    el(.p, .id("operator-problem"), .class("notice error"), Attribute("role", "alert")) { problem }
                }
                el(
                    .form, .class("console-form"), Attribute("method", "post"),
                    Attribute("action", Paths.Console.operators())
                ) {
                    csrfField(csrfToken)
                    ConsoleField(name: "email", label: text.email, value: email, type: "email", autocomplete: "off")
                        .node
                    roleAndAreas(role: .editor, chosen: [], prefix: "new")
                    el(.button, .type("submit"), .class("button")) { text.addOperator }
                }
            }
        }
    }

    private func manage(_ account: Operator) -> Node {
        let id = account.id.rawValue
        return fragment {
            el(
                .form, .class("console-form"), Attribute("method", "post"),
                Attribute("action", Paths.Console.operatorAccount(account.id))
            ) {
                csrfField(csrfToken)
                roleAndAreas(role: account.role, chosen: account.areaIDs, prefix: id)
                el(
                    .button, .type("submit"), .class("button secondary small"),
                    .ariaLabel("\(text.saveChanges): \(account.email)")
                ) {
                    text.saveChanges
                }
            }
            el(.div, .class("console-links")) {
                el(
                    .form, .class("inline"), Attribute("method", "post"),
                    Attribute("action", Paths.Console.resetOperator(account.id))
                ) {
                    csrfField(csrfToken)
                    el(
                        .button, .type("submit"), .class("button secondary small"),
                        .ariaLabel("\(text.newLink): \(account.email)")
                    ) {
                        text.newLink
                    }
                }
                el(
                    .form, .class("inline"), Attribute("method", "post"),
                    Attribute("action", Paths.Console.removeOperator(account.id))
                ) {
                    csrfField(csrfToken)
                    el(
                        .button, .type("submit"), .class("button secondary small"),
                        .ariaLabel("\(text.removeOperator): \(account.email)")
                    ) {
                        text.removeOperator
                    }
                }
            }
        }
    }

    private func roleAndAreas(role: Operator.Role, chosen: [Area.ID], prefix: String) -> Node {
        el(.div, .class("two-columns")) {
            el(.fieldset, .class("field")) {
                el(.legend) { text.role }
                for option in Operator.Role.allCases {
                    el(.label, .class("check")) {
                        el(
                            .input,
                            attributes: [.type("radio"), .name("role"), .value(option.rawValue)]
                                + (option == role ? [Attribute("checked", nil)] : []))
                        text.yourRole(option)
                    }
                }
            }
            el(.fieldset, .class("field")) {
                el(.legend) { text.areasTitle }
                for area in areas {
                    el(.label, .class("check")) {
                        el(
                            .input,
                            attributes: [.type("checkbox"), .name("area"), .value(area.id.rawValue)]
                                + (chosen.contains(area.id) ? [Attribute("checked", nil)] : []))
                        area.name.text(in: text.language)
                    }
                }
            }
        }
    }
}
