import Foundation
import GrubmapCore

/// `/areas/{id}/menus`: the area's name and tabs, then the board: the day with its week (which stays in sight while
/// the board scrolls), a glance of every serving place's meal now or next, the price-role and filter choosers, a
/// card per place serving that day, and at the end, listed compactly, the places the filter empties and those not
/// serving.
///
/// Everything is a link or a form, so it works without JavaScript; `menus.js` swaps the board in place (days by
/// tap, swipe or arrow key; the choosers) and sends the stars with `fetch`.
struct MenuBoardPage {
    let strings: Strings
    let area: Area
    let areas: [Area]
    let board: MenuBoard
    let day: BoardDay
    /// The week's days with menus, for the day selector.
    let days: [CalendarDate: MenuDayKind]
    let reading: MenuReading
    let units: DistanceUnit
    let csrfToken: String
    /// Where the page's forms come back to.
    let returnPath: String
    /// What the last star did, after its redirect (``BookmarkNotice``).
    let bookmarkNotice: String?
    /// Query fields the day links keep (such as `near`).
    let keptQuery: [(name: String, value: String)]
    /// Whether the page asks for the position as soon as it loads (right after onboarding).
    let locatesOnLoad: Bool
    let hasPosition: Bool
    /// Whether the dietary filter's form is open.
    var isFilterOpen = false
    /// Whether the serving places go best rated first (`?sort=rating`).
    var sortsByRating = false
    /// Today's sold-out marks by place.
    var soldOut: [Place.ID: [MealID: SoldOutMark]] = [:]
    var ratings = AreaMealRatings.none
    /// The newest photo of each meal, by place and meal key: a lazily loaded thumbnail under the meal.
    var photos: [Place.ID: [DishKey: MealPhoto]] = [:]
    /// The places' check-ins and line reports now, on today's board (not an offline copy): the cards' busyness
    /// badges, and the page applies the area's live changes; `nil` shows neither.
    var live: [Place.ID: LiveCounts]? = nil
    /// The reader's followed dishes served this day (``FollowStrip``), over the glance.
    var followStrip: Node? = nil
    /// Minutes on foot to the places, where the area has streets to walk and the position is known.
    var walkingMinutes: [Place.ID: Int] = [:]

    private var boardStrings: BoardStrings { BoardStrings.forLanguage(strings.language) }
    private var menuStrings: MenuStrings { reading.strings }

    func render() -> [UInt8] {
        let language = strings.language
        let name = area.name.text(in: language)
        let shortName = (area.shortName ?? area.name).text(in: language)
        var layout = Layout(
            strings: strings, title: boardStrings.title(shortName), areas: areas, currentAreaID: area.id)
        if live != nil { layout.live = LiveEvents(area: area, date: day.today, language: language, now: day.instant) }
        return layout.render {
            // The short name: the board is read every day, on a phone, and the header says which area it is.
            el(.h1) { shortName }
            if shortName != name {
                el(.p, .class("subtitle")) { name }
            }
            el(.div, .class("board-bar")) {
                AreaTabs(
                    strings: boardStrings, area: area.id, current: .menus,
                    keptQuery: keptQuery.filter { $0.name == "near" }
                ).node
                LocationPanel(
                    strings: strings, locatesOnLoad: locatesOnLoad, hasPosition: hasPosition, isCompact: true
                ).node
            }
            boardSection
            BookmarkButton.script
        }
    }

    /// The part the script replaces when the day or a chooser changes.
    private var boardSection: Node {
        let previous = link(to: board.date.adding(days: -1))
        let next = link(to: board.date.adding(days: 1))
        return el(
            .section, .id("board"), .class("board"), Attribute("aria-labelledby", "board-date"),
            .data("previous", previous), .data("next", next), .data("date", board.date.description)
        ) {
            el(.div, .class("board-head")) {
                el(.a, .class("day-step"), .href(previous), .rel("prev"), .ariaLabel(boardStrings.previousDay)) {
                    Self.chevron(left: true)
                }
                el(.div, .class("board-title")) {
                    el(.h2, .id("board-date")) { menuStrings.longDate(board.date) }
                    if day.isToday {
                        el(.span, .class("menu-today")) { menuStrings.today }
                    } else {
                        el(.a, .class("menu-back"), .href(link(to: day.today))) { menuStrings.backToToday }
                    }
                }
                el(.a, .class("day-step"), .href(next), .rel("next"), .ariaLabel(boardStrings.nextDay)) {
                    Self.chevron(left: false)
                }
            }
            // The week strip sticks under the page's header, so the day shown stays in sight.
            el(.div, .class("board-week")) {
                DaySelector(strings: menuStrings, today: day.today, selected: board.date, days: days) { link(to: $0) }
                    .node
            }
            if let followStrip { followStrip }
            BoardGlance(reading: reading, board: board, strings: strings) { link(to: $0) }.node
            el(.div, .class("board-tools")) {
                BoardChoosers(
                    reading: reading, csrfToken: csrfToken, returnPath: returnPath,
                    filterOpenLink: link(to: board.date, query: [("filter", "open")], fragment: "filter"),
                    filterCloseLink: isFilterOpen ? link(to: board.date, fragment: "filter") : nil
                ).node
                el(
                    .a, .class("filter-chip rating-order"), .href(ratingOrderLink),
                    Attribute("aria-current", sortsByRating ? "true" : "false")
                ) { RatingStrings.forLanguage(strings.language).bestRatedFirst }
            }
            cards
            if let note = board.sharedNote {
                el(.p, .class("meta board-note"), .lang(reading.contentLanguage)) { note }
            }
            // In the part the script swaps, so the stars of another day come back to that day.
            BookmarkForm(csrfToken: csrfToken, returnPath: returnPath, notice: bookmarkNotice).node
        }
    }

    private var cards: Node {
        let card = BoardCard(
            reading: reading, board: board, day: day, area: area, units: units, strings: strings, soldOut: soldOut,
            ratings: ratings, photos: photos, live: live, walkingMinutes: walkingMinutes)
        return fragment {
            if board.places.isEmpty {
                el(.p, .class("card empty")) { boardStrings.noPlaces }
            } else {
                el(.p, .class("meta board-summary")) {
                    boardStrings.summary(board.serving.count + board.filteredOut.count, board.resting.count)
                }
                if board.serving.isEmpty && board.filteredOut.isEmpty {
                    el(.p, .class("card empty")) { boardStrings.nothingServing }
                } else if !board.serving.isEmpty {
                    el(.ol, .class("board-cards")) {
                        for entry in board.serving { card.card(entry) }
                    }
                }
                if !board.filteredOut.isEmpty {
                    el(.section, .class("board-rest board-filtered"), Attribute("aria-labelledby", "filtered-heading"))
                    {
                        el(.h3, .id("filtered-heading")) { boardStrings.filteredHeading }
                        el(.ul, .class("rest-list")) {
                            for entry in board.filteredOut { card.row(entry) }
                        }
                    }
                }
                if !board.resting.isEmpty {
                    el(.section, .class("board-rest"), Attribute("aria-labelledby", "rest-heading")) {
                        el(.h3, .id("rest-heading")) { boardStrings.restingHeading(day.isToday) }
                        el(.ul, .class("rest-list")) {
                            for entry in board.resting { card.row(entry) }
                        }
                    }
                }
            }
        }
    }

    /// The board on another day, keeping the page's other query fields.
    private func link(to date: CalendarDate, query extra: [(String, String)] = [], fragment: String? = nil) -> String {
        let query = keptQuery.map { ($0.name, $0.value) } + (date == day.today ? [] : [("date", date.description)])
        return Paths.menuBoard(area.id, query: query + extra, fragment: fragment)
    }

    /// The board of the same day the other way round: best rated first, or back to the usual order.
    private var ratingOrderLink: String {
        let kept = keptQuery.filter { $0.name != BoardOrder.field }.map { ($0.name, $0.value) }
        let date = board.date == day.today ? [] : [("date", board.date.description)]
        return Paths.menuBoard(
            area.id, query: kept + date + (sortsByRating ? [] : [(BoardOrder.field, BoardOrder.rating)]),
            fragment: "board")
    }

    private static let previousChevron = Node.svg("board-previous")
    private static let nextChevron = Node.svg("board-next")

    private static func chevron(left: Bool) -> Node { left ? previousChevron : nextChevron }
}
