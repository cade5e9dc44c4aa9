import GrubmapCore

/// `/settings/dishes`: the dishes the person follows (their name, their next serving, a bell to stop) and their
/// private calendar feed (make the address, subscribe, choose bookmarked places' meals too, revoke).
struct FollowedDishesPage {
    let strings: Strings
    let areas: [Area]
    let dishes: [Dish]
    let next: [Dish.ID: DishServing]
    let places: [Place.ID: Place]
    /// The feed's address while one is open.
    let calendarURL: String?
    let includesBookmarks: Bool
    let csrfToken: String
    /// What a bell just did.
    var notice: String?
    /// What the calendar's form just did.
    var calendarNotice: CalendarNotice?

    enum CalendarNotice: String {
        case opened, revoked, saved
    }

    static let calendarID = "calendar"

    private var text: FollowStrings { FollowStrings.forLanguage(strings.language) }

    /// A dish's name for a reader of `language`: theirs, else any it has.
    static func name(of dish: Dish, in language: Language) -> String {
        dish.names[language] ?? dish.names.sorted { $0.key.rawValue < $1.key.rawValue }.first?.value ?? ""
    }

    func render() -> [UInt8] {
        Layout(strings: strings, title: text.title, areas: areas).render {
            el(.h1) { text.title }
            el(.p, .class("meta")) { text.intro }
            if let notice {
                el(.p, .class("notice success"), Attribute("role", "status"), .data("flash", "")) { notice }
            }
            if dishes.isEmpty {
                el(.p, .class("card panel follow-none")) { text.none }
            } else {
                el(.ul, .class("followed-dishes")) {
                    for dish in dishes { row(dish) }
                }
            }
            // The bells' form: its CSRF token, and this page to come back to.
            BookmarkForm(csrfToken: csrfToken, returnPath: Paths.followedDishes()).node
            calendar
        }
    }

    private func row(_ dish: Dish) -> Node {
        let name = Self.name(of: dish, in: strings.language)
        let language = Language.ofMealName(name)
        return el(.li, .class("card followed-dish")) {
            el(.div, .class("followed-text")) {
                el(.a, .class("dish-link"), .href(Paths.dish(dish.id)), .lang(language.rawValue)) { name }
                if let serving = next[dish.id], let place = places[serving.placeID] {
                    el(.p, .class("meta")) {
                        text.next(
                            MenuStrings.forLanguage(strings.language).longDate(serving.date),
                            place: place.name.text(in: strings.language))
                    }
                } else {
                    el(.p, .class("meta")) { text.notAhead }
                }
            }
            el(
                .button, .type("submit"), .class("button secondary follow-stop"), Attribute("form", BookmarkForm.id),
                Attribute("formaction", Paths.follow(dish.id)), .name("followed"), .value("0"),
                .ariaLabel(text.unfollow(name))
            ) { text.unfollowShort }
        }
    }

    private var calendar: Node {
        el(
            .section, .id(Self.calendarID), .class("card panel calendar-feed"),
            Attribute("aria-labelledby", "calendar-title")
        ) {
            el(.h2, .id("calendar-title")) { text.calendarHeading }
            el(.p) { text.calendarIntro }
            if let calendarNotice {
                el(.p, .class("notice success"), Attribute("role", "status"), .data("flash", "")) {
                    switch calendarNotice {
                    case .opened: text.calendarOpened
                    case .revoked: text.calendarRevoked
                    case .saved: text.calendarSaved
                    }
                }
            }
            if let calendarURL {
                el(.div, .class("field")) {
                    el(.label, Attribute("for", "calendar-url")) { text.calendarAddress }
                    el(
                        .input, .id("calendar-url"), .type("text"), .value(calendarURL), Attribute("readonly", nil),
                        Attribute("aria-describedby", "calendar-private"))
                    el(.small, .id("calendar-private"), .class("hint")) { text.calendarPrivate }
                }
                el(.p) {
                    el(.a, .class("button"), .href(Self.webcal(calendarURL))) { text.subscribe }
                }
                form("save") {
                    el(.label, .class("check")) {
                        if includesBookmarks {
                            el(
                                .input, .type("checkbox"), .name("includeBookmarks"), .value("1"),
                                Attribute("checked", nil))
                        } else {
                            el(.input, .type("checkbox"), .name("includeBookmarks"), .value("1"))
                        }
                        el(.span) { text.includeBookmarks }
                    }
                    el(.button, .type("submit"), .class("button secondary")) { text.saveCalendar }
                }
                form("revoke") {
                    el(.button, .type("submit"), .class("button secondary")) { text.revoke }
                }
            } else {
                form("open") {
                    el(.button, .type("submit"), .class("button")) { text.openCalendar }
                }
            }
        }
    }

    private func form(_ action: String, @NodeBuilder _ content: () -> [Node]) -> Node {
        let fields = content()
        return el(
            .form, Attribute("method", "post"), Attribute("action", Paths.calendarSettings()), .class("calendar-form")
        ) {
            el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
            el(.input, .type("hidden"), .name("action"), .value(action))
            for field in fields { field }
        }
    }

    /// The `webcal:` form of the feed's address, which phones and desktop calendars open as a subscription.
    static func webcal(_ url: String) -> String {
        if url.hasPrefix("https://") { return "webcal://" + url.dropFirst("https://".count) }
        if url.hasPrefix("http://") { return "webcal://" + url.dropFirst("http://".count) }
        return url
    }
}
