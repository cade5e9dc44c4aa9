import GrubmapCore

/// The frame of every console page: the shared style sheet, a header that says this is the console, the operator's
/// areas and the way out, and the content. Pages without an operator (sign-in, set-up) show no navigation.
struct ConsoleLayout {
    let text: ConsoleStrings
    let title: String
    /// The signed-in operator's areas, or `nil` on the sign-in pages.
    var areas: [Area]?
    var currentAreaID: Area.ID?
    /// The operator session's CSRF token, for the sign-out form.
    var csrfToken: String?
    /// Scripts from the assets besides the page script, for the pages they enhance (`console.js`).
    var scripts: [String] = []

    func render(@NodeBuilder _ content: () -> [Node]) -> [UInt8] {
        let language = text.language
        let header = el(.header, .class("top")) {
            el(.div, .class("top-inner")) {
                el(.a, .class("brand"), .href(Paths.Console.home())) {
                    Icons.logo
                    el(.span) { "Grubmap" }
                    el(.span, .class("console-badge")) { text.console }
                }
                if let csrfToken {
                    el(.a, .class("account-link"), .href(Paths.Console.account())) { text.account }
                    el(
                        .form, .class("sign-out"), Attribute("method", "post"),
                        Attribute("action", Paths.Console.signOut())
                    ) {
                        el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
                        el(.button, .type("submit"), .class("button secondary small")) { text.signOut }
                    }
                }
                Layout.areaChips(
                    areas ?? [], current: currentAreaID, label: text.areasTitle, language: language,
                    link: { Paths.Console.places($0) })
            }
        }
        return Layout.document(
            language: language, title: "\(title) · Grubmap \(text.console)", bodyAttributes: [.class("console")],
            head: [el(.meta, .name("robots"), .content("noindex"))]
                + scripts.map { el(.script, Attribute("src", Assets.path($0)), Attribute("defer", nil)) },
            header: header, content: content())
    }
}

/// A labelled text field of a console form, with its hint and problem tied to it for screen readers, and what was
/// typed kept.
struct ConsoleField {
    let name: String
    let label: String
    var value: String = ""
    var type: String = "text"
    var hint: String?
    var problem: String?
    var required = false
    var autocomplete: String = "off"
    var extra: [Attribute] = []
    /// The element id, when several forms on a page share a field name; the name by default.
    var id: String?

    var node: Node {
        let id = id ?? name
        let described = [hint.map { _ in "\(id)-hint" }, problem.map { _ in "\(id)-problem" }].compactMap { $0 }
        var attributes: [Attribute] = [
            .type(type), .id(id), .name(name), Attribute("autocomplete", autocomplete),
        ]
        if type != "password" { attributes.append(.value(value)) }
        if required { attributes.append(Attribute("required", nil)) }
        if !described.isEmpty { attributes.append(Attribute("aria-describedby", described.joined(separator: " "))) }
        if problem != nil { attributes.append(Attribute("aria-invalid", "true")) }
        return el(.div, .class("field")) {
            el(.label, Attribute("for", id)) { label }
            el(.input, attributes: attributes + extra)
            if let hint { el(.small, .id("\(id)-hint"), .class("hint")) { hint } }
            if let problem { el(.p, .id("\(id)-problem"), .class("problem")) { problem } }
        }
    }
}

/// The hidden CSRF field every console form carries.
func csrfField(_ token: String) -> Node {
    el(.input, .type("hidden"), .name("csrf"), .value(token))
}
