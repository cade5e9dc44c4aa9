import GrubmapCore

/// The frame every page shares: document head, style sheet, header with the areas, and the main content.
struct Layout {
    let strings: Strings
    let title: String
    /// The areas for the header's switcher and which one is current, if any.
    var areas: [Area] = []
    var currentAreaID: Area.ID?
    /// The area's live changes the page applies in place (``LiveEvents``); `nil` for a page that stays as it was
    /// rendered (other days, offline copies).
    var live: LiveEvents? = nil

    /// The browser's colour around the page (and the installed app's title bar): the accent in light mode, the
    /// page's own dark background in dark mode.
    static let themeColorLight = "#c2410c"
    static let themeColorDark = "#141210"
    /// The browser's bar in the page's colours, light and dark.
    static let themeColors = [
        el(.meta, .name("theme-color"), .content(themeColorLight), Attribute("media", "(prefers-color-scheme: light)")),
        el(.meta, .name("theme-color"), .content(themeColorDark), Attribute("media", "(prefers-color-scheme: dark)")),
    ]

    /// What makes the public pages an installable app: the manifest and the home-screen icon. (The console is not
    /// part of it: the service worker never keeps its pages.)
    static let installable = [
        el(.link, .rel("manifest"), .href(Paths.manifest())),
        el(.link, .rel("apple-touch-icon"), .href(Assets.path("apple-touch-icon.png"))),
    ]

    /// Filled in by the service worker (`data-saved-at`) and shown by the script on an offline copy of a page; it
    /// also holds what the script says in place when a change is tried without a network.
    static func offlineBanner(_ language: Language) -> Node {
        let strings = OfflineStrings.forLanguage(language)
        return el(
            .p, .id("offline-banner"), .class("offline-banner"), Attribute("role", "status"),
            Attribute("data-saved-at", ""), Attribute("data-template", strings.savedAt),
            .data("refused-bookmark", strings.refusedBookmark), .data("refused-check-in", strings.refusedCheckIn),
            .data("refused-change", strings.refusedChange), Attribute("hidden", nil))
    }

    /// The whole document for `content`.
    func render(@NodeBuilder _ content: () -> [Node]) -> [UInt8] {
        let language = strings.language
        let header = el(.header, .class("top")) {
            el(.div, .class("top-inner")) {
                el(.a, .class("brand"), .href(Paths.home())) {
                    Icons.logo
                    el(.span) { strings.appName }
                }
                el(
                    .a, .class("settings-link"), .href(Paths.settings()), .ariaLabel(strings.settings),
                    .title(strings.settings)
                ) {
                    Icons.settings
                }
                Self.areaChips(
                    areas, current: currentAreaID, label: strings.areasHeading, language: language,
                    link: { Paths.area($0) })
            }
        }
        return Self.document(
            language: language, title: title == strings.appName ? title : "\(title) · \(strings.appName)",
            head: Self.themeColors + Self.installable, header: header, mainAttributes: live?.mainAttributes ?? [],
            content: [Self.offlineBanner(language), Icons.sprite] + content() + (live.map { [$0.node] } ?? []))
    }

    /// A page's document: its head (`head` after the colour scheme), the skip link, `header`, `content` in the main
    /// landmark, and the live region scripts announce in. Public pages and the console share it.
    static func document(
        language: Language, title: String, bodyAttributes: [Attribute] = [], head: [Node], header: Node,
        mainAttributes: [Attribute] = [], content: [Node]
    ) -> [UInt8] {
        let document = el(.html, .lang(language.rawValue)) {
            el(.head) {
                el(.meta, Attribute("charset", "utf-8"))
                el(.meta, .name("viewport"), .content("width=device-width, initial-scale=1, viewport-fit=cover"))
                el(.meta, .name("color-scheme"), .content("light dark"))
                head
                el(.title) { title }
                el(.link, .rel("icon"), .href("data:image/svg+xml,\(Icons.faviconDataURI)"))
                el(.link, .rel("stylesheet"), .href(Assets.path("app.css")))
                el(.script, Attribute("src", Assets.path("app.js")), Attribute("defer", nil))
            }
            el(.body, attributes: bodyAttributes) {
                el(.a, .class("skip"), .href("#content")) { Strings.forLanguage(language).skipToContent }
                header
                // Focusable by the skip link and by scripts that move focus to a page's first heading.
                el(.main, attributes: [.id("content"), Attribute("tabindex", "-1")] + mainAttributes) { content }
                // Scripts announce what they did here (a bookmark, a position found); polite, so never over speech.
                el(
                    .div, .id("announcer"), .class("visually-hidden"), Attribute("role", "status"),
                    Attribute("aria-live", "polite"), Attribute("aria-atomic", "true"))
            }
        }
        return Node.fragment([.raw("<!doctype html>"), document]).render()
    }

    /// The header's row of area chips, each a link (`link`) in the area's short name, the current one marked.
    static func areaChips(
        _ areas: [Area], current: Area.ID?, label: String, language: Language, link: (Area.ID) -> String
    ) -> Node {
        guard !areas.isEmpty else { return .fragment([]) }
        return el(.nav, .class("areas"), .ariaLabel(label)) {
            for area in areas {
                let currentPage: [Attribute] = area.id == current ? [.ariaCurrent("page")] : []
                let name = area.shortName ?? area.name
                el(
                    .a,
                    attributes: [.href(link(area.id)), .class("chip")] + currentPage + name.langAttributes(on: language)
                ) { name.text(in: language) }
            }
        }
    }
}
