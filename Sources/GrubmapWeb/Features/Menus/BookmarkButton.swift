import GrubmapCore
import GrubmapHTTP

/// The star that bookmarks a place: a button of the page's one ``BookmarkForm``, which posts the new state
/// (`bookmarked`) to the place's address (`formaction`) with the form's CSRF token and way back. Without JavaScript
/// the page reloads with the place moved; `menus.js` sends the same post with `fetch` and moves the row at once.
struct BookmarkButton {
    let strings: MenuStrings
    let place: Place
    let isBookmarked: Bool
    /// `star` for a list row (an icon), `pill` for the place page (icon and word).
    var style = "star"

    var node: Node {
        let name = place.name.text(in: strings.language)
        let label = strings.bookmarkPlace(name)
        return el(
            .button, .type("submit"), .class("bookmark-button bookmark-\(style)"), Attribute("form", BookmarkForm.id),
            Attribute("formaction", Paths.bookmark(place.id)), .name("bookmarked"), .value(isBookmarked ? "0" : "1"),
            .data("place", place.id.rawValue), Attribute("aria-pressed", isBookmarked ? "true" : "false"),
            .ariaLabel(label), .title(label)
        ) {
            Self.starIcon
            if style == "pill" { el(.span) { strings.bookmark } }
        }
    }

    /// A five-pointed star (``Icons/sprite``'s `icon-star`); CSS fills it when the button is pressed.
    static let starIcon = Node.svg("star")

    /// The script that makes stars, the day selector and the default-area button instant; pages work without it.
    static var script: Node {
        el(
            .script, Attribute("src", Assets.path("menus.js")),
            Attribute("defer", nil))
    }
}

/// The form every star of a page submits (`form="bookmark-form"`): the session's CSRF token and the page to come
/// back to, written once for the page where each of a list's fifty stars was a form of its own with both.
struct BookmarkForm {
    static let id = "bookmark-form"

    let csrfToken: String
    /// Where the server sends the browser after the post: the page the stars are on.
    let returnPath: String
    /// What the last star did (``BookmarkNotice``), shown over the page's foot for a few seconds.
    var notice: String? = nil

    var node: Node {
        el(.form, .id(Self.id), .class("bookmark"), Attribute("method", "post")) {
            el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
            el(.input, .type("hidden"), .name("return"), .value(returnPath))
            if let notice { el(.p, .class("toast"), Attribute("role", "status"), .data("flash", "")) { notice } }
        }
    }
}

/// What a star just did (``ToggleNotice``): `bookmarked=ID` or `unbookmarked=ID` on the page it comes back to (the
/// script says the same without leaving the page).
enum BookmarkNotice {
    static let toggle = ToggleNotice<Place.ID>(
        added: "bookmarked", removed: "unbookmarked", parse: { try? Place.ID($0) }, format: \.rawValue)

    /// The sentence for the notice a page's `query` asks for, when it holds for `bookmarks`; `name` gives a place's
    /// name in the page's language (`nil` for a place the page does not know).
    static func text(
        for query: QueryFields, bookmarks: [Place.ID], strings: MenuStrings, name: (Place.ID) throws -> String?
    ) rethrows -> String? {
        try toggle.text(
            for: query, isOn: bookmarks.contains, onText: { try name($0).map(strings.bookmarkAdded) },
            offText: { try name($0).map(strings.bookmarkRemoved) })
    }
}

/// What the area page needs for a person's stars: their bookmarks, where the list would put each place without
/// them (so the script can move a row back), and the stars' form.
struct BookmarkContext {
    let strings: MenuStrings
    let bookmarks: [Place.ID]
    /// Each place's position in the listing without bookmarks.
    let rankWithoutBookmarks: [Place.ID: Int]
    let form: BookmarkForm

    /// The star for a row of the list.
    func button(for place: Place) -> Node {
        BookmarkButton(strings: strings, place: place, isBookmarked: bookmarks.contains(place.id)).node
    }

    /// The row's data for the script that reorders the list: the place, its rank, its place among bookmarks.
    func rowAttributes(for place: Place) -> [Attribute] {
        var attributes: [Attribute] = [
            .class("place-row"), .data("place", place.id.rawValue),
            .data("rank", String(rankWithoutBookmarks[place.id] ?? 0)),
        ]
        if let index = bookmarks.firstIndex(of: place.id) { attributes.append(.data("bookmark", String(index))) }
        return attributes
    }
}

/// The area page's "Open Grubmap here": makes this area the one `/` opens, or says that it already is.
struct DefaultAreaPicker {
    let strings: MenuStrings
    let area: Area
    /// Whether `/` opens this area for the person now.
    let isDefault: Bool
    let csrfToken: String

    var node: Node {
        if isDefault {
            return el(.p, .class("default-area is-default")) {
                Self.homeIcon
                el(.span) { strings.isDefaultArea }
            }
        }
        return el(
            .form, .class("default-area"), Attribute("method", "post"), Attribute("action", Paths.defaultArea())
        ) {
            el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
            el(.input, .type("hidden"), .name("defaultArea"), .value(area.id.rawValue))
            el(.input, .type("hidden"), .name("return"), .value(Paths.area(area.id)))
            el(.button, .type("submit"), .class("default-area-button")) {
                Self.homeIcon
                el(.span) { strings.makeDefaultArea }
            }
        }
    }

    private static let homeIcon = Node.svg("default-area")
}
