import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapStore

/// The operator's own account: who they are and where, signing out everywhere, and the optional second factor.
///
/// Turning TOTP on shows a new secret (as text and as an `otpauth://` link for authenticator apps) and asks for one
/// code from it, so nobody locks themselves out with a secret their app never took; the secret rides in the form
/// until then and is stored only once a code proves it, and that code is used up with it. Once it is on, turning it
/// off or replacing it with a new secret (a new phone) asks for the password and a current code, so a session
/// alone (a laptop left open) cannot take the second factor away. Those checks count as sign-in attempts
/// (``SignInThrottle``), so they cannot be used to guess either.
struct AccountFeature: RouteCollection {
    let store: any OperatorStore

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.account, .signedIn, account)
        routes.add(.post, Paths.Console.secondFactor, .signedIn, changeSecondFactor)
    }

    /// `GET /admin/account`.
    func account(_ context: ConsoleContext) throws -> Response {
        let notice: String? =
            switch context.request.query["done"] {
            case "on": context.text.secondFactorOn
            case "off": context.text.secondFactorOff
            case "replaced": context.text.secondFactorReplaced
            default: nil
            }
        let secret = TOTP.makeSecret(randomBytes: context.environment.randomBytes)
        return .html(try page(context, newSecret: secret, notice: notice).render())
    }

    /// `POST /admin/account/second-factor`: with `secret` (Base32) and `code` from it to turn it on; once on, with
    /// `password` and a current `code`, and either `off=1`, or `secret` and `newCode` from it to replace it.
    func changeSecondFactor(_ context: ConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(SecondFactorForm.self, code: "invalid_second_factor")
        let account = context.account
        let now = context.now
        let text = context.text
        let offered = form.secret.flatMap(Base32.decode)
        if let offered, offered.count != 20 {
            throw HTTPError.badRequest(text.secondFactorExpired, code: "invalid_second_factor")
        }
        // The page again with the problem, offering the same new secret so a code from it still fits.
        func refuse(_ problem: String, status: Status = .unprocessableContent) throws -> Response {
            let secret = offered ?? TOTP.makeSecret(randomBytes: context.environment.randomBytes)
            return .html(try page(context, newSecret: secret, problem: problem).render(), status: status)
        }
        guard let credentials = try store.operatorCredentials(email: account.email) else {
            throw HTTPError.notFound(text.secondFactorExpired)
        }
        guard let current = credentials.secondFactorSecret else {
            // Turning it on: a code from the offered secret proves the app took it, and is used up with it.
            guard form.off != "1" else { return .redirect(to: Paths.Console.account(query: [("done", "off")])) }
            guard let offered else {
                throw HTTPError.badRequest(text.secondFactorExpired, code: "invalid_second_factor")
            }
            guard let step = TOTP(secret: offered).matchingStep(form.code ?? "", at: now) else {
                return try refuse(text.wrongCode)
            }
            try store.setSecondFactor(
                operatorID: account.id, secret: offered, acceptedStep: step,
                audit: context.audit(
                    "operator.second-factor", subject: account.email, area: nil, before: "off", after: "on"))
            return .redirect(to: Paths.Console.account(query: [("done", "on")]))
        }
        // Off or replaced: the password and a current code, counted like a sign-in.
        let isOff = form.off == "1"
        guard isOff || offered != nil else {
            throw HTTPError.badRequest(text.secondFactorExpired, code: "invalid_second_factor")
        }
        let throttle = SignInThrottle(store: store)
        if case .wait(let seconds) = try throttle.attempt(
            email: account.email, address: context.clientAddress, now: now)
        {
            var response = try refuse(text.tooManyAttempts(seconds), status: .tooManyRequests)
            response.headers["Retry-After"] = "\(seconds)"
            return response
        }
        let password = String((form.password ?? "").prefix(PasswordPolicy.maximumLength * 4))
        guard let hash = credentials.passwordHash, PasswordHasher.verify(password, against: hash),
            let currentStep = TOTP(secret: current).matchingStep(form.code ?? "", at: now)
        else {
            return try refuse(text.wrongPasswordOrCode)
        }
        if isOff {
            guard try store.acceptSecondFactorStep(operatorID: account.id, step: currentStep) else {
                return try refuse(text.wrongPasswordOrCode)
            }
            try throttle.succeeded(email: account.email, address: context.clientAddress)
            try store.setSecondFactor(
                operatorID: account.id, secret: nil, acceptedStep: nil,
                audit: context.audit(
                    "operator.second-factor", subject: account.email, area: nil, before: "on", after: "off"))
            return .redirect(to: Paths.Console.account(query: [("done", "off")]))
        }
        guard let offered, let newStep = TOTP(secret: offered).matchingStep(form.newCode ?? "", at: now) else {
            return try refuse(text.wrongNewCode)
        }
        guard try store.acceptSecondFactorStep(operatorID: account.id, step: currentStep) else {
            return try refuse(text.wrongPasswordOrCode)
        }
        try throttle.succeeded(email: account.email, address: context.clientAddress)
        // Both codes are used up: the next sign-in needs a later step of the new secret.
        try store.setSecondFactor(
            operatorID: account.id, secret: offered, acceptedStep: max(currentStep, newStep),
            audit: context.audit(
                "operator.second-factor", subject: account.email, area: nil, before: "on", after: "replaced"))
        return .redirect(to: Paths.Console.account(query: [("done", "replaced")]))
    }

    private func page(_ context: ConsoleContext, newSecret: [UInt8], problem: String? = nil, notice: String? = nil)
        throws -> AccountPage
    {
        AccountPage(
            text: context.text, account: context.account, areas: try context.areas(),
            csrfToken: context.session.csrfToken, newSecret: newSecret, problem: problem, notice: notice)
    }

    private struct SecondFactorForm: Decodable {
        let code: String?
        let newCode: String?
        let secret: String?
        let password: String?
        let off: String?
    }
}

/// `/admin/account`.
struct AccountPage {
    let text: ConsoleStrings
    let account: Operator
    let areas: [Area]
    let csrfToken: String
    /// A secret to offer when the second factor is off.
    let newSecret: [UInt8]
    let problem: String?
    let notice: String?

    func render() -> [UInt8] {
        let language = text.language
        return ConsoleLayout(text: text, title: text.account, areas: areas, csrfToken: csrfToken).render {
            el(.h1) { text.account }
            if let notice { el(.p, .class("notice success"), Attribute("role", "status")) { notice } }
            el(.dl, .class("feed-status")) {
                el(.dt) { text.email }
                el(.dd) { account.email }
                el(.dt) { text.role }
                el(.dd) { text.yourRole(account.role) }
                el(.dt) { text.areasTitle }
                // One line each: an area's name may have a comma of its own.
                for area in areas {
                    el(.dd, attributes: area.name.langAttributes(on: language)) { area.name.text(in: language) }
                }
            }
            el(.section, .class("card panel"), Attribute("aria-labelledby", "second-factor")) {
                el(.h2, .id("second-factor")) { text.secondFactor }
                if let problem {
                    el(.p, .id("code-problem"), .class("notice error"), Attribute("role", "alert")) { problem }
                }
                if account.hasSecondFactor {
                    el(.p) { text.secondFactorIsOn }
                    secondFactorForm(id: "off") {
                        el(.input, .type("hidden"), .name("off"), .value("1"))
                        proofFields(id: "off")
                        el(.button, .type("submit"), .class("button secondary")) { text.turnSecondFactorOff }
                    }
                    el(.h3, .id("replace-second-factor")) { text.replaceSecondFactor }
                    el(.p) { text.replaceSecondFactorIntro }
                    offeredSecret()
                    secondFactorForm(id: "replace") {
                        el(.input, .type("hidden"), .name("secret"), .value(Base32.encode(newSecret)))
                        proofFields(id: "replace")
                        codeField(name: "newCode", label: text.newCode, id: "replace-new-code")
                        el(.button, .type("submit"), .class("button")) { text.replaceSecondFactorButton }
                    }
                } else {
                    el(.p) { text.secondFactorSetUp }
                    offeredSecret()
                    secondFactorForm(id: "on") {
                        el(.input, .type("hidden"), .name("secret"), .value(Base32.encode(newSecret)))
                        codeField(name: "code", label: text.code, id: "code")
                        el(.button, .type("submit"), .class("button")) { text.turnSecondFactorOn }
                    }
                }
            }
            el(.form, Attribute("method", "post"), Attribute("action", Paths.Console.signOutEverywhere())) {
                csrfField(csrfToken)
                el(.button, .type("submit"), .class("button secondary")) { text.signOutEverywhere }
            }
        }
    }

    private func secondFactorForm(id: String, @NodeBuilder _ content: () -> [Node]) -> Node {
        el(
            .form, .class("console-form"), .id("second-factor-\(id)"), Attribute("method", "post"),
            Attribute("action", Paths.Console.secondFactor())
        ) {
            csrfField(csrfToken)
            content()
        }
    }

    /// The password and a code from the app in use: what turning off or replacing the second factor asks.
    private func proofFields(id: String) -> Node {
        fragment {
            ConsoleField(
                name: "password", label: text.password, type: "password", autocomplete: "current-password",
                id: "\(id)-password"
            ).node
            codeField(name: "code", label: text.currentCode, id: "\(id)-code")
        }
    }

    private func codeField(name: String, label: String, id: String) -> Node {
        ConsoleField(
            name: name, label: label, problem: nil, autocomplete: "one-time-code",
            extra: [Attribute("inputmode", "numeric"), Attribute("maxlength", "8")], id: id
        ).node
    }

    /// The new secret as text in groups of four, and as a link for authenticator apps on this device.
    private func offeredSecret() -> Node {
        let secret = Base32.encode(newSecret)
        return fragment {
            el(.p, .class("secret")) {
                el(.code, .id("totp-secret")) {
                    stride(from: 0, to: secret.count, by: 4).map { start in
                        let from = secret.index(secret.startIndex, offsetBy: start)
                        return String(
                            secret[
                                from..<(secret.index(from, offsetBy: 4, limitedBy: secret.endIndex) ?? secret.endIndex)]
                        )
                    }.joined(separator: " ")
                }
            }
            el(.p) {
                el(.a, .href(TOTP(secret: newSecret).provisioningURI(issuer: "Grubmap", account: account.email))) {
                    text.openInAuthenticator
                }
            }
        }
    }
}
