import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapStore

/// The operator's own account: who they are and where, signing out everywhere, and the optional second factor.
///
/// Turning TOTP on shows a new secret (as text and as an `otpauth://` link for authenticator apps) and asks for one
/// code from it, so nobody locks themselves out with a secret their app never took; the secret rides in the form
/// until then and is stored only once a code proves it. Turning it off also asks for a code.
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
            default: nil
            }
        let secret = TOTP.makeSecret(randomBytes: context.environment.randomBytes)
        return .html(try page(context, newSecret: secret, notice: notice).render())
    }

    /// `POST /admin/account/second-factor` with `code`, and `secret` (Base32) to turn it on, or `off=1`.
    func changeSecondFactor(_ context: ConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(SecondFactorForm.self, code: "invalid_second_factor")
        let account = context.account
        let code = form.code ?? ""
        if form.off == "1" {
            guard let secret = try store.operatorCredentials(email: account.email)?.secondFactorSecret else {
                return .redirect(to: Paths.Console.account(query: [("done", "off")]))
            }
            guard let step = TOTP(secret: secret).matchingStep(code, at: context.now),
                try store.acceptSecondFactorStep(operatorID: account.id, step: step)
            else {
                return .html(
                    try page(context, newSecret: secret, problem: context.text.wrongCode).render(),
                    status: .unprocessableContent)
            }
            try store.setSecondFactor(
                operatorID: account.id, secret: nil,
                audit: context.audit(
                    "operator.second-factor", subject: account.email, area: nil, before: "on", after: "off"))
            return .redirect(to: Paths.Console.account(query: [("done", "off")]))
        }
        guard let secret = form.secret.flatMap(Base32.decode), secret.count == 20 else {
            throw HTTPError.badRequest(context.text.secondFactorExpired, code: "invalid_second_factor")
        }
        guard TOTP(secret: secret).matchingStep(code, at: context.now) != nil else {
            return .html(
                try page(context, newSecret: secret, problem: context.text.wrongCode).render(),
                status: .unprocessableContent)
        }
        try store.setSecondFactor(
            operatorID: account.id, secret: secret,
            audit: context.audit(
                "operator.second-factor", subject: account.email, area: nil, before: "off", after: "on"))
        return .redirect(to: Paths.Console.account(query: [("done", "on")]))
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
        let secret: String?
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

    func render() -> String {
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
                el(
                    .form, .class("console-form"), Attribute("method", "post"),
                    Attribute("action", Paths.Console.secondFactor())
                ) {
                    csrfField(csrfToken)
                    if account.hasSecondFactor {
                        el(.p) { text.secondFactorIsOn }
                        el(.input, .type("hidden"), .name("off"), .value("1"))
                    } else {
                        let secret = Base32.encode(newSecret)
                        el(.p) { text.secondFactorSetUp }
                        el(.p, .class("secret")) {
                            el(.code, .id("totp-secret")) {
                                stride(from: 0, to: secret.count, by: 4).map { start in
                                    let from = secret.index(secret.startIndex, offsetBy: start)
                                    return String(
                                        secret[
                                            from..<(secret.index(from, offsetBy: 4, limitedBy: secret.endIndex)
                                                ?? secret.endIndex)])
                                }.joined(separator: " ")
                            }
                        }
                        el(.p) {
                            el(
                                .a,
                                .href(
                                    TOTP(secret: newSecret).provisioningURI(issuer: "Grubmap", account: account.email))
                            ) {
                                text.openInAuthenticator
                            }
                        }
                        el(.input, .type("hidden"), .name("secret"), .value(secret))
                    }
                    ConsoleField(
                        name: "code", label: text.code, problem: nil, autocomplete: "one-time-code",
                        extra: [Attribute("inputmode", "numeric"), Attribute("maxlength", "8")]
                    ).node
                    el(.button, .type("submit"), .class("button")) {
                        account.hasSecondFactor ? text.turnSecondFactorOff : text.turnSecondFactorOn
                    }
                }
            }
            el(.form, Attribute("method", "post"), Attribute("action", Paths.Console.signOutEverywhere())) {
                csrfField(csrfToken)
                el(.button, .type("submit"), .class("button secondary")) { text.signOutEverywhere }
            }
        }
    }
}
