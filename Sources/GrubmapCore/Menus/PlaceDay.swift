/// What a place does on one date, everything known considered: closed (and why, with the note to show), serving a
/// menu, or no menu known yet.
///
/// The one rule every reader of a day goes by (the board, the place page, the menu API, the week's marks): a
/// closed day wins over a published menu. A dated exception that closes the place all day, or weekly hours with no
/// opening that day, make it closed even when a menu is stored for it; the menu stays stored, and shows again when
/// the day reopens (the exception is removed, the hours change). A day the hours leave open goes by its menu.
public enum PlaceDay: Hashable, Sendable {
    /// Open, serving this menu.
    case serving(Menu)
    case closed(Closure)
    /// Not closed by the hours, and no menu is known yet (not the same as closed).
    case noMenu

    /// Why a day is closed, and the note people are shown.
    public struct Closure: Hashable, Sendable {
        /// What closed the day.
        public enum Reason: String, Hashable, Sendable, CaseIterable {
            /// The day's menu says closed.
            case menu
            /// A dated exception of the opening hours closes the place all day.
            case exception
            /// The weekly opening hours have no opening that day.
            case weeklyHours
        }

        public let reason: Reason
        /// The exception's note ("Founders' day"), else a closed menu's note, else `nil`.
        public let note: String?
        /// Whether a menu that serves is stored for the day (kept, and shown again if the day reopens).
        public let hidesMenu: Bool

        public init(reason: Reason, note: String?, hidesMenu: Bool = false) {
            self.reason = reason
            self.note = note
            self.hidesMenu = hidesMenu
        }
    }

    /// Decides `date` at a place with `hours` (on the place's area's calendar) whose stored menu that day is `menu`.
    ///
    /// A place without weekly hours (not known) goes by its menu alone, but a dated exception still closes it. A day
    /// counts as open by the hours when an opening begins on it (so a Friday night running past midnight does not
    /// open Saturday).
    public init(hours: OpeningHours, date: CalendarDate, menu: Menu?) {
        if let reason = hours.closure(on: date) {
            let menuNote = menu?.isClosed == true ? menu?.note : nil
            self = .closed(
                Closure(
                    reason: reason, note: hours.exception(on: date)?.note ?? menuNote,
                    hidesMenu: menu.map { !$0.isClosed } ?? false))
        } else if let menu {
            self = menu.isClosed ? .closed(Closure(reason: .menu, note: menu.note)) : .serving(menu)
        } else {
            self = .noMenu
        }
    }

    /// ``init(hours:date:menu:)`` for `place`.
    public init(place: Place, date: CalendarDate, menu: Menu?) {
        self.init(hours: place.openingHours, date: date, menu: menu)
    }

    /// The menu served that day; `nil` when closed or unknown.
    public var menu: Menu? {
        if case .serving(let menu) = self { return menu }
        return nil
    }

    /// The closure, when the day is closed.
    public var closure: Closure? {
        if case .closed(let closure) = self { return closure }
        return nil
    }

    public var isClosed: Bool { closure != nil }

    /// Serving or closed, as a calendar marks it; `nil` for no menu yet.
    public var kind: MenuDayKind? {
        switch self {
        case .serving: .serving
        case .closed: .closed
        case .noMenu: nil
        }
    }

    /// The note the day is shown with: the closure's when closed, else the menu's.
    public var note: String? {
        switch self {
        case .serving(let menu): menu.note
        case .closed(let closure): closure.note
        case .noMenu: nil
        }
    }

    /// The note of the menu that decided the day (serving, or closed by the menu), which a board may share among
    /// its places ("these are sample menus"); `nil` when the hours decided it or there is no menu.
    public var menuNote: String? {
        switch self {
        case .serving(let menu): menu.note
        case .closed(let closure): closure.reason == .menu ? closure.note : nil
        case .noMenu: nil
        }
    }
}

extension OpeningHours {
    /// What closes `date` all day by these hours: a dated exception without hours, or weekly hours with no opening
    /// that day; `nil` when the hours leave the day open (or are not known).
    public func closure(on date: CalendarDate) -> PlaceDay.Closure.Reason? {
        if let exception = exception(on: date) { return exception.isClosed ? .exception : nil }
        return !isEmpty && openings(on: date).isEmpty ? .weeklyHours : nil
    }

    /// The kinds of a week selector's days: `menuDays` (a place's stored menus) after the hours had their say, and
    /// the dates of `dates` that the hours close though no menu is stored (a place page marks those; an area's
    /// calendar, which counts the places with menus, gives none).
    public func dayKinds(_ menuDays: [CalendarDate: MenuDayKind], adding dates: [CalendarDate] = [])
        -> [CalendarDate: MenuDayKind]
    {
        var kinds = menuDays
        for date in Set(dates).union(menuDays.keys) where closure(on: date) != nil {
            kinds[date] = .closed
        }
        return kinds
    }
}
