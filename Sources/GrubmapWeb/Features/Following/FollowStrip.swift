import GrubmapCore

/// The strip over the board's cards saying which followed dishes the day's menus serve and where ("돈까스 at
/// Geumjeong Hall, lunch"), each line a link to the place's menu that day; nothing when none is served.
struct FollowStrip {
    let strings: FollowStrings
    let board: MenuBoard
    let dishes: MealDishes
    let followed: Set<Dish.ID>
    /// The place's page for the board's day.
    let placeLink: (Place.ID) -> String

    /// One serving of a followed dish.
    struct Line: Hashable {
        let place: Place.ID
        let text: String
    }

    /// The day's servings of followed dishes, in the board's order of places and each menu's order, each once.
    var lines: [Line] {
        guard !followed.isEmpty else { return [] }
        let menuStrings = MenuStrings.forLanguage(strings.language)
        var lines: [Line] = []
        for entry in board.serving + board.filteredOut {
            guard let menu = entry.menu else { continue }
            let place = entry.place.name.text(in: strings.language)
            for category in menu.categories {
                for meal in category.meals {
                    guard let dish = dishes[mealName: meal.name], followed.contains(dish.id) else { continue }
                    let name = dish.shown(mealName: meal.name, in: strings.language).name
                    let line = Line(
                        place: entry.place.id,
                        text: strings.serving(name, place: place, period: category.period.map(menuStrings.periodName)))
                    if !lines.contains(line) { lines.append(line) }
                }
            }
        }
        return lines
    }

    var node: Node? {
        let lines = self.lines
        guard !lines.isEmpty else { return nil }
        return el(.section, .class("follow-strip"), Attribute("aria-labelledby", "follow-strip-title")) {
            el(.h3, .id("follow-strip-title")) {
                FollowBell.icon
                el(.span) { strings.stripTitle(isToday: board.isToday) }
            }
            el(.ul) {
                for line in lines {
                    el(.li) { el(.a, .href(placeLink(line.place))) { line.text } }
                }
            }
            el(.a, .class("follow-manage"), .href(Paths.followedDishes())) { strings.manage }
        }
    }
}
