import GrubmapCore
import GrubmapHTTP

/// What a page shows about followed dishes on its meals: which of its dishes the reader follows, and whether meals
/// offer the bell (not on an offline copy, whose posts would not go through).
struct MealFollows: Hashable, Sendable {
    /// The reader's followed dishes among the page's, by their current ids.
    let followed: Set<Dish.ID>
    let offersBell: Bool

    static let none = MealFollows(followed: [], offersBell: false)
}

/// The bell beside a meal that follows its dish: a button of the page's one ``BookmarkForm`` (its CSRF token and way
/// back), posting `followed` to the dish's follow address. Pressed (`aria-pressed`) while the reader follows it.
struct FollowBell {
    let strings: FollowStrings
    let dish: Dish.ID
    /// The dish's name as the meal shows it.
    let name: String
    let isFollowed: Bool

    var node: Node {
        let label = strings.follow(name)
        return el(
            .button, .type("submit"), .class("follow-bell"), Attribute("form", BookmarkForm.id),
            Attribute("formaction", Paths.follow(dish)), .name("followed"), .value(isFollowed ? "0" : "1"),
            Attribute("aria-pressed", isFollowed ? "true" : "false"), .ariaLabel(label), .title(label)
        ) { Self.icon }
    }

    /// A bell (``Icons/sprite``'s `icon-bell`); CSS fills it when the button is pressed.
    static let icon = Node.svg("bell")
}

/// What a bell just did (``ToggleNotice``): `followed=ID` or `unfollowed=ID` on the page it comes back to.
enum FollowNotice {
    static let toggle = ToggleNotice<Dish.ID>(
        added: "followed", removed: "unfollowed", parse: { Dish.ID($0) }, format: \.description)

    /// The sentence for the notice `query` asks for, when it holds for `followed`; `name` gives a dish's name.
    static func text(
        for query: QueryFields, followed: Set<Dish.ID>, strings: FollowStrings, name: (Dish.ID) -> String?
    ) -> String? {
        toggle.text(
            for: query, isOn: followed.contains, onText: { name($0).map(strings.followed) },
            offText: { name($0).map(strings.unfollowed) })
    }
}
