import Foundation
import GrubmapCore

/// The top of the board: one compact line per serving place for the meal being served now, or next (the next day's
/// first after the day's last period), each with its first dish the reader's filter shows and the reader's price,
/// linking to the place's card (or to the next day's board). The whole board at a glance on a phone's first screen.
struct BoardGlance {
    let reading: MenuReading
    let board: MenuBoard
    let strings: Strings
    /// The board on another day, for a line about the next day's meal.
    let boardLink: (CalendarDate) -> String

    private var boardStrings: BoardStrings { BoardStrings.forLanguage(strings.language) }

    var node: Node {
        fragment {
            if !board.serving.isEmpty {
                el(.section, .class("glance"), Attribute("aria-labelledby", "glance-heading")) {
                    el(.h3, .id("glance-heading"), .class("visually-hidden")) { boardStrings.glanceHeading }
                    el(.ol, .class("glance-list")) {
                        for entry in board.serving { line(entry) }
                    }
                }
            }
        }
    }

    private func line(_ entry: BoardPlace) -> Node {
        let place = entry.place
        guard let glance = entry.glance, let menu = entry.menu else {
            return el(.li, .class("glance-line is-done"), .data("place", place.id.rawValue)) {
                el(.a, .class("glance-link"), .href("#" + BoardCard.anchor(place))) {
                    el(.span, .class("glance-place")) { place.name.text(in: strings.language) }
                    el(.span, .class("glance-when")) {
                        reading.filter.isEmpty ? boardStrings.noMoreToday : boardStrings.noMoreForFilter
                    }
                }
            }
        }
        let link =
            glance.timing == .nextDay
            ? boardLink(board.date.adding(days: 1)) + "#" + BoardCard.anchor(place) : "#" + BoardCard.anchor(place)
        return el(
            .li, .class("glance-line"), .data("place", place.id.rawValue), .data("timing", timing(glance.timing))
        ) {
            el(.a, .class("glance-link"), .href(link)) {
                el(.span, .class("glance-place")) { place.name.text(in: strings.language) }
                el(.span, .class("glance-when")) { when(glance) }
                el(.span, .class("glance-dish"), .lang(reading.contentLanguage)) { glance.meal.name }
                if let price = reading.price(of: glance.meal) {
                    el(.span, .class("glance-price")) {
                        menu.currency.format(price.price.amount, language: strings.language)
                    }
                }
            }
        }
    }

    /// "Lunch now", "Dinner at 17:00", "Tomorrow: Breakfast"; a category without a period goes by its own name, in
    /// the menu's language.
    private func when(_ glance: MealGlance) -> Node {
        let name = glance.category.period.map(reading.strings.periodName) ?? glance.category.name
        let text: String =
            switch glance.timing {
            case .now: boardStrings.glanceNow(name)
            case .later(let at): boardStrings.glanceLater(name, at)
            case .nextDay: boardStrings.glanceNextDay(name)
            case .anyTime: name
            }
        guard glance.category.period == nil else { return .text(text) }
        return el(.span, .lang(reading.contentLanguage)) { text }
    }

    private func timing(_ timing: MealGlance.Timing) -> String {
        switch timing {
        case .now: "now"
        case .later: "later"
        case .nextDay: "next-day"
        case .anyTime: "any"
        }
    }
}
