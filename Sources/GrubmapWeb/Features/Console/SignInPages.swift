import GrubmapCore

/// `/admin/sign-in`: address, password and, for accounts with a second factor, a code.
struct SignInPage {
    let text: ConsoleStrings
    let csrfToken: String
    let email: String
    let next: String?
    /// Why the last attempt failed, said once at the top (never which field, so nothing about the address leaks).
    let problem: String?
    let notice: String?

    func render() -> [UInt8] {
        ConsoleLayout(text: text, title: text.signIn).render {
            el(.div, .class("console-narrow")) {
                el(.h1) { text.signIn }
                el(.p, .class("meta")) { text.signInIntro }
                if let notice { el(.p, .class("notice success"), Attribute("role", "status")) { notice } }
                if let problem {
                    el(.p, .id("sign-in-problem"), .class("notice error"), Attribute("role", "alert")) { problem }
                }
                el(
                    .form, .class("card panel"), Attribute("method", "post"),
                    Attribute("action", Paths.Console.signIn())
                ) {
                    csrfField(csrfToken)
                    if let next { el(.input, .type("hidden"), .name("next"), .value(next)) }
                    ConsoleField(
                        name: "email", label: text.email, value: email, type: "email", required: true,
                        autocomplete: "username"
                    ).node
                    ConsoleField(
                        name: "password", label: text.password, type: "password", required: true,
                        autocomplete: "current-password"
                    ).node
                    ConsoleField(
                        name: "code", label: text.code, hint: text.codeHint, autocomplete: "one-time-code",
                        extra: [Attribute("inputmode", "numeric"), Attribute("maxlength", "8")]
                    ).node
                    el(.div, .class("sheet-foot")) {
                        el(.button, .type("submit"), .class("button")) { text.signInButton }
                    }
                }
            }
        }
    }
}

/// `/admin/setup?token=…`: choosing a password with a one-time link, or why the link does not work.
struct SetupPage {
    let text: ConsoleStrings
    let csrfToken: String
    let token: String
    let email: String
    /// Problems by field name.
    let problems: [String: String]

    func render() -> [UInt8] {
        ConsoleLayout(text: text, title: text.setupTitle).render {
            el(.div, .class("console-narrow")) {
                el(.h1) { text.setupTitle }
                el(.p) { text.setupIntro(email) }
                if !problems.isEmpty {
                    ErrorSummary(
                        title: text.fixTheFields,
                        items: ["password", "repeat"].compactMap { name in problems[name].map { (name, $0) } }
                    ).node
                }
                el(.form, .class("card panel"), Attribute("method", "post"), Attribute("action", Paths.Console.setup()))
                {
                    csrfField(csrfToken)
                    el(.input, .type("hidden"), .name("token"), .value(token))
                    // For password managers: the account the new password belongs to.
                    el(
                        .input, .type("email"), .name("username"), .value(email), Attribute("autocomplete", "username"),
                        Attribute("hidden", nil), Attribute("readonly", nil), Attribute("tabindex", "-1"),
                        .ariaHidden())
                    ConsoleField(
                        name: "password", label: text.newPassword, type: "password", hint: text.passwordHint,
                        problem: problems["password"], required: true, autocomplete: "new-password",
                        extra: [Attribute("minlength", "12"), Attribute("maxlength", "200")]
                    ).node
                    ConsoleField(
                        name: "repeat", label: text.repeatPassword, type: "password", problem: problems["repeat"],
                        required: true, autocomplete: "new-password"
                    ).node
                    el(.div, .class("sheet-foot")) {
                        el(.button, .type("submit"), .class("button")) { text.savePassword }
                    }
                }
            }
        }
    }

    /// The page for a link that does not work: what happened and what to do.
    static func refusal(text: ConsoleStrings, message: String) -> ConsoleMessagePage {
        ConsoleMessagePage(
            text: text, title: text.setupTitle, message: message, link: (text.signIn, Paths.Console.signIn()))
    }
}

/// A console page that only says something, with one way on.
struct ConsoleMessagePage {
    let text: ConsoleStrings
    let title: String
    let message: String
    let link: (label: String, href: String)

    func render() -> [UInt8] {
        ConsoleLayout(text: text, title: title).render {
            el(.div, .class("console-narrow")) {
                el(.h1) { title }
                el(.p, .class("notice error"), .id("message")) { message }
                el(.p) { el(.a, .href(link.href)) { link.label } }
            }
        }
    }
}
