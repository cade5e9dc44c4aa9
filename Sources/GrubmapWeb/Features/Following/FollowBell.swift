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

/// What a bell just did, said by the page it comes back to (`followed=ID` or `unfollowed=ID` in its address), only
/// while it is true, so a link cannot make a page claim a follow that is not there.
enum FollowNotice {
    static let added = "followed"
    static let removed = "unfollowed"
    static let fields: Set<String> = [added, removed]

    static func redirect(to path: String, dish: Dish.ID, followed: Bool) -> String {
        Request.adding((followed ? added : removed, dish.description), to: path, dropping: fields)
    }

    /// The sentence for the notice `query` asks for, when it holds for `followed`; `name` gives a dish's name.
    static func text(
        for query: QueryFields, followed: Set<Dish.ID>, strings: FollowStrings, name: (Dish.ID) -> String?
    ) -> String? {
        if let text = query[added], let id = Dish.ID(text), followed.contains(id), let name = name(id) {
            return strings.followed(name)
        }
        if let text = query[removed], let id = Dish.ID(text), !followed.contains(id), let name = name(id) {
            return strings.unfollowed(name)
        }
        return nil
    }
}
