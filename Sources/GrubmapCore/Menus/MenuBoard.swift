/// One place on a menu board: the place, how far it is, whether the person bookmarked it, and its menu that day.
public struct BoardPlace: Hashable, Sendable {
    /// What a place does on the board's day.
    public enum State: String, Sendable {
        case serving, closed
        /// No menu is known for the day yet (not the same as closed).
        case noMenu
    }

    public let place: Place
    /// Metres on the WGS-84 ellipsoid from the person, when their position is known.
    public let distanceMeters: Double?
    public let isBookmarked: Bool
    /// The day's menu, or `nil` when none is known.
    public let menu: Menu?

    public var state: State {
        guard let menu else { return .noMenu }
        return menu.isClosed ? .closed : .serving
    }
}

/// 뿌대식's main screen as data: every place of an area with its menu for one day, in the order people read it.
///
/// The places serving food come first, as cards; those closed that day or without a menu yet follow, listed
/// compactly. Each group is ordered the same way: the person's bookmarks first in the order they made them (ids of
/// places not in the area are ignored), then the rest nearest first when the person's position is known, else by
/// name, as the area's list orders them (``Place/listing(_:from:order:language:bookmarks:)``).
public struct MenuBoard: Hashable, Sendable {
    public let date: CalendarDate
    /// The places serving that day, in board order.
    public let serving: [BoardPlace]
    /// The places closed that day or without a menu yet, in board order.
    public let resting: [BoardPlace]
    /// The note every menu of the day carries, when there are two or more and they agree (the demo's "these are
    /// sample menus"): shown once for the board rather than on every card; `nil` otherwise.
    public let sharedNote: String?

    /// Arranges `places` (an area's) with their `menus` on `date`.
    public init(
        date: CalendarDate, places: [Place], menus: [Place.ID: Menu], from origin: Coordinate?, language: Language,
        bookmarks: [Place.ID]
    ) {
        self.date = date
        let listed = Place.listing(
            places, from: origin, order: origin == nil ? .name : .distance, language: language, bookmarks: bookmarks)
        let marked = Set(bookmarks)
        let all = listed.map { item in
            BoardPlace(
                place: item.place, distanceMeters: item.distanceMeters, isBookmarked: marked.contains(item.place.id),
                menu: menus[item.place.id])
        }
        serving = all.filter { $0.state == .serving }
        resting = all.filter { $0.state != .serving }
        let notes = all.compactMap(\.menu).map(\.note)
        sharedNote = notes.count >= 2 && Set(notes).count == 1 ? notes[0] : nil
    }

    /// Every place in board order: the serving ones, then the rest.
    public var places: [BoardPlace] { serving + resting }

    /// A place's own note for the day: its menu's note unless that is the board's shared one.
    public func note(of entry: BoardPlace) -> String? {
        guard let note = entry.menu?.note, note != sharedNote else { return nil }
        return note
    }
}

/// Which of an area's places have a menu on which dates: what the board's week selector marks, and whether the
/// area is a campus that opens on its board.
public struct AreaMenuCalendar: Hashable, Sendable {
    /// Per place with any menu in the range, each date's kind.
    public let days: [Place.ID: [CalendarDate: MenuDayKind]]

    public init(_ days: [Place.ID: [CalendarDate: MenuDayKind]]) {
        self.days = days.filter { !$0.value.isEmpty }
    }

    /// Per date with any menu: serving when any place serves, closed when every place with a menu is closed.
    public var dayKinds: [CalendarDate: MenuDayKind] {
        var kinds: [CalendarDate: MenuDayKind] = [:]
        for (date, kind) in days.values.joined() where kinds[date] != .serving {
            kinds[date] = kind
        }
        return kinds
    }

    /// Whether any place has a menu in the range.
    public var hasMenus: Bool { !days.isEmpty }

    /// Whether an area of `placeCount` places opens on its board rather than its map: when at least half of its
    /// places have menus (a campus's cafeterias), not when a few places among many do (a venue's restaurants).
    public func opensOnBoard(placeCount: Int) -> Bool {
        hasMenus && days.count * 2 >= placeCount
    }
}
