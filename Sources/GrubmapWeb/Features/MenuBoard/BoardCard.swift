import Foundation
import GrubmapCore

/// A place on the board: a card with its menu when it serves that day, else a compact row saying why not.
struct BoardCard {
    let reading: MenuReading
    let board: MenuBoard
    let day: BoardDay
    let area: Area
    let units: DistanceUnit
    let strings: Strings
    /// Today's sold-out marks by place (empty on other days).
    var soldOut: [Place.ID: [MealID: SoldOutMark]] = [:]
    /// People's ratings of the day's meals by place, and of their dishes.
    var ratings = AreaMealRatings.none
    /// The newest photo of each of the day's meals, by place.
    var photos: [Place.ID: [DishKey: MealPhoto]] = [:]
    /// Check-ins and line reports by place, on today's board; `nil` leaves the busyness badges out.
    var live: [Place.ID: LiveCounts]? = nil
    /// Minutes on foot by place, where the area has streets to walk.
    var walkingMinutes: [Place.ID: Int] = [:]

    private var boardStrings: BoardStrings { BoardStrings.forLanguage(strings.language) }

    /// The card's heading's id, which the glance's lines link to.
    static func anchor(_ place: Place) -> String { "card-" + place.id.rawValue }

    /// A serving place's card: names, its state now (on today's board), the distance, the star, and the
    /// categories as ``BoardPlace/categories`` arranged them: the period being served now and the next one open,
    /// those over for the day folded last.
    func card(_ entry: BoardPlace) -> Node {
        let place = entry.place
        guard let menu = entry.menu else { return row(entry) }
        let headingID = Self.anchor(place)
        return el(.li, .class("board-card card"), .data("place", place.id.rawValue)) {
            el(.div, .class("card-head")) {
                el(.h3, .class("card-title"), .id(headingID)) {
                    el(.a, .href(placeLink(place))) { place.name.text(in: strings.language) }
                }
                if let other = otherName(place) {
                    el(.p, .class("card-alt"), .lang(other.language)) { other.text }
                }
                facts(entry, menu: menu)
                if let live {
                    BusyBadge(
                        strings: LiveStrings.forLanguage(strings.language), place: place.id,
                        busyness: (live[place.id] ?? .none).busyness(seats: place.seats), now: day.instant,
                        showsCount: true, quietLevel: BusyBadge.quietLevel(seats: place.seats)
                    ).node
                }
                star(entry)
            }
            el(.div, .class("menu-categories")) {
                let reading = self.reading.marking(
                    MealMarks(marks: soldOut[place.id] ?? [:], timeZone: area.clockTimeZone)
                ).rating(ratings[place.id]).photographing(photos[place.id] ?? [:])
                for item in entry.categories {
                    MenuCategoryView(reading: reading, item: item, currency: menu.currency).node
                }
            }
            if let note = board.note(of: entry) {
                el(.p, .class("meta card-note"), .lang(reading.contentLanguage)) { note }
            }
        }
    }

    /// A place not serving that day, or none of whose meals the filter shows: its name, why ("Closed: 개교기념일",
    /// "No menu yet", "Nothing vegetarian here today"), and its star.
    func row(_ entry: BoardPlace) -> Node {
        let place = entry.place
        let reason: String =
            switch entry.state {
            case .closed: board.note(of: entry).map(boardStrings.closedBecause) ?? boardStrings.closed
            case .filteredOut:
                boardStrings.nothingForFilter(
                    reading.filter, reading.filter.avoiding.map(reading.strings.allergenName), board.isToday)
            case .noMenu, .serving: boardStrings.noMenuYet
            }
        return el(
            .li, .class("rest-row"), .id(Self.anchor(place)), .data("place", place.id.rawValue),
            .data("state", entry.state.rawValue)
        ) {
            el(.a, .class("rest-name"), .href(placeLink(place))) { place.name.text(in: strings.language) }
            el(.span, .class("rest-reason")) { reason }
            star(entry)
        }
    }

    private func star(_ entry: BoardPlace) -> Node {
        BookmarkButton(strings: reading.strings, place: entry.place, isBookmarked: entry.isBookmarked).node
    }

    /// The name in the other language (the English under 금정회관 for a Korean reader, and the other way round).
    private func otherName(_ place: Place) -> (language: String, text: String)? {
        let shown = place.name.text(in: strings.language)
        return place.name.values.filter { $0.key != strings.language.rawValue && $0.value != shown }
            .min { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The place page on the board's day.
    private func placeLink(_ place: Place) -> String {
        Paths.place(place.id, query: day.isToday ? [] : [("date", board.date.description)])
    }

    /// Open or closed now (by the opening hours, else the meal being served) and how far, on one line.
    private func facts(_ entry: BoardPlace, menu: Menu) -> Node {
        let state = board.isToday ? stateNow(entry.place, menu: menu) : nil
        let distance = entry.distanceMeters.map { strings.away(DistanceFormat.text(meters: $0, unit: units)) }
        return fragment {
            if state != nil || distance != nil {
                el(.p, .class("card-facts")) {
                    if let state {
                        el(.span, .class("card-state"), .data("open", state.isOpen ? "true" : "false")) { state.text }
                    }
                    if let distance {
                        el(.span, .class("distance")) {
                            Icons.distance
                            distance
                        }
                    }
                    if let minutes = walkingMinutes[entry.place.id] {
                        el(.span, .class("walk")) { WalkStrings.forLanguage(strings.language).minutes(minutes) }
                    }
                }
            }
        }
    }

    private func stateNow(_ place: Place, menu: Menu) -> (text: String, isOpen: Bool)? {
        switch place.openingHours.state(at: day.instant, in: area.clockTimeZone) {
        case .open(let until): return (boardStrings.openUntil(until), true)
        case .closed(let opens): return (boardStrings.closedNow(opens), false)
        case nil: break
        }
        // Hours not known: the meal periods at their usual times.
        let moment = MealTimes(hours: place.openingHours, on: board.date).moment(at: day.time, for: menu)
        if let now = moment.now { return (boardStrings.periodNow(reading.strings.periodName(now)), true) }
        if let next = moment.next {
            return (boardStrings.periodNextAt(reading.strings.periodName(next.period), next.at), false)
        }
        return nil
    }
}
