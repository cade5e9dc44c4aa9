import GrubmapCore

/// The frame every page shares: document head, style sheet, header with the areas, and the main content.
struct Layout {
    let strings: Strings
    let title: String
    /// The areas for the header's switcher and which one is current, if any.
    var areas: [Area] = []
    var currentAreaID: Area.ID?

    /// The browser's colour around the page (and the installed app's title bar): the accent in light mode, the
    /// page's own dark background in dark mode.
    static let themeColorLight = "#c2410c"
    static let themeColorDark = "#141210"

    /// The whole document for `content`.
    func render(@NodeBuilder _ content: () -> [Node]) -> String {
        let language = strings.language
        let document = el(.html, .lang(language.rawValue)) {
            el(.head) {
                el(.meta, Attribute("charset", "utf-8"))
                el(.meta, .name("viewport"), .content("width=device-width, initial-scale=1, viewport-fit=cover"))
                el(.meta, .name("color-scheme"), .content("light dark"))
                el(
                    .meta, .name("theme-color"), .content(Self.themeColorLight),
                    Attribute("media", "(prefers-color-scheme: light)"))
                el(
                    .meta, .name("theme-color"), .content(Self.themeColorDark),
                    Attribute("media", "(prefers-color-scheme: dark)"))
                el(.title) { title == strings.appName ? title : "\(title) · \(strings.appName)" }
                el(.link, .rel("icon"), .href("data:image/svg+xml,\(Icons.faviconDataURI)"))
                el(.link, .rel("manifest"), .href(Paths.manifest()))
                el(.link, .rel("apple-touch-icon"), .href(Assets.path("apple-touch-icon.png")))
                el(.link, .rel("stylesheet"), .href(Assets.path("app.css")))
                el(.script, Attribute("src", Assets.path("app.js")), Attribute("defer", nil))
            }
            el(.body) {
                el(.a, .class("skip"), .href("#content")) { strings.skipToContent }
                el(.header, .class("top")) {
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
                        if !areas.isEmpty {
                            el(.nav, .class("areas"), .ariaLabel(strings.areasHeading)) {
                                for area in areas {
                                    let current: [Attribute] = area.id == currentAreaID ? [.ariaCurrent("page")] : []
                                    let name = area.shortName ?? area.name
                                    el(
                                        .a,
                                        attributes: [.href(Paths.area(area.id)), .class("chip")] + current
                                            + name.langAttributes(on: language)
                                    ) { name.text(in: language) }
                                }
                            }
                        }
                    }
                }
                // Focusable by the skip link and by scripts that move focus to a page's first heading.
                el(.main, .id("content"), Attribute("tabindex", "-1")) {
                    // Filled in by the service worker (data-saved-at) and shown by the script on a saved copy.
                    el(
                        .p, .id("offline-banner"), .class("offline-banner"), Attribute("role", "status"),
                        Attribute("data-saved-at", ""),
                        Attribute("data-template", OfflineStrings.forLanguage(language).savedAt),
                        Attribute("hidden", nil))
                    content()
                }
                // Scripts announce what they did here (a bookmark, a position found); polite, so never over speech.
                el(
                    .div, .id("announcer"), .class("visually-hidden"), Attribute("role", "status"),
                    Attribute("aria-live", "polite"), Attribute("aria-atomic", "true"))
            }
        }
        return "<!doctype html>" + document.render()
    }
}
