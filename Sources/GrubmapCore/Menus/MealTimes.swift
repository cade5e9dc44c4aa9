/// When a place serves each part of the day on one date, from its opening hours and its area's clock.
///
/// Each opening of the day (a dated exception's, else the weekly hours') is cut at the periods' boundaries
/// (``MealPeriod/span``): a café open 06:30–18:00 serves breakfast until 10:30, lunch until 15:00 and dinner after; a
/// cafeteria open 08:00–09:30, 11:30–13:30 and 17:00–18:30 serves each period in its own opening. A place whose
/// hours are not known serves at the usual times (``MealPeriod/usualHours``). Outside these times nothing is being
/// served, whatever the menu lists.
public struct MealTimes: Hashable, Sendable {
    /// A stretch of one day in minutes since midnight; an opening that runs past midnight ends at 1440 here.
    public struct Window: Hashable, Sendable {
        public let start: Int
        public let end: Int

        public init(start: Int, end: Int) {
            self.start = start
            self.end = end
        }

        /// When the stretch begins.
        public var opens: TimeOfDay { TimeOfDay(minutes: start) }
        /// When it ends (`00:00` for midnight).
        public var closes: TimeOfDay { TimeOfDay(minutes: end % (24 * 60)) }

        func contains(_ minutes: Int) -> Bool { start <= minutes && minutes < end }
    }

    /// The day's openings, whole: those that begin that day, and the end of one from the day before that ran past
    /// midnight (the usual times' when the hours are not known).
    public let openings: [Window]
    /// Each period's stretches of the day.
    public let windows: [MealPeriod: [Window]]
    /// Whether the times come from the place's hours (not the usual times).
    public let isFromHours: Bool

    /// The times at a place with `hours` on `date`.
    public init(hours: OpeningHours, on date: CalendarDate) {
        guard !hours.isEmpty || hours.exception(on: date) != nil else {
            isFromHours = false
            let usual = MealPeriod.allCases.map {
                Window(start: $0.usualHours.lowerBound, end: $0.usualHours.upperBound)
            }
            windows = Dictionary(uniqueKeysWithValues: zip(MealPeriod.allCases, usual.map { [$0] }))
            openings = usual
            return
        }
        isFromHours = true
        let today = hours.openings(on: date).map { range in
            Window(start: range.opens.minutes, end: range.closes <= range.opens ? 24 * 60 : range.closes.minutes)
        }
        let lateNight = hours.openings(on: date.adding(days: -1)).filter { $0.closes <= $0.opens }.map {
            Window(start: 0, end: $0.closes.minutes)
        }
        openings = (lateNight + today).filter { $0.end > $0.start }
        var windows: [MealPeriod: [Window]] = [:]
        for period in MealPeriod.allCases {
            let span = period.span
            windows[period] = today.compactMap { opening in
                let start = max(opening.start, span.lowerBound)
                let end = min(opening.end, span.upperBound)
                return start < end ? Window(start: start, end: end) : nil
            }
        }
        self.windows = windows
    }

    /// Where a day's meals stand at `time`, for a menu that lists `periods`.
    public func moment(at time: TimeOfDay, serving periods: Set<MealPeriod>) -> MealMoment {
        let minutes = time.minutes
        let ordered = periods.sorted()
        let now = ordered.first { windows[$0, default: []].contains { $0.contains(minutes) } }
        var upcoming: [MealMoment.Upcoming] = []
        var past: Set<MealPeriod> = []
        for period in ordered where period != now {
            let stretches = windows[period, default: []]
            if let start = stretches.map(\.start).filter({ $0 > minutes }).min() {
                upcoming.append(MealMoment.Upcoming(period: period, at: TimeOfDay(minutes: start)))
            } else {
                // Over for the day, or not served that day at all by the hours.
                past.insert(period)
            }
        }
        let isOpen = openings.contains { $0.contains(minutes) }
        return MealMoment(
            now: now, upcoming: upcoming.sorted { $0.at < $1.at }, past: past, isOpen: isOpen,
            opensAt: isOpen ? nil : openings.map(\.start).filter { $0 > minutes }.min().map(TimeOfDay.init(minutes:)),
            isFromHours: isFromHours)
    }
}

extension MealTimes {
    /// Where `menu`'s periods stand at `time`.
    public func moment(at time: TimeOfDay, for menu: Menu) -> MealMoment {
        moment(at: time, serving: menu.periods)
    }
}

extension Menu {
    /// The periods the menu's categories say they are served in.
    public var periods: Set<MealPeriod> { Set(categories.compactMap(\.period)) }
}

/// Where a day's meals stand at one time of day (``MealTimes/moment(at:serving:)``).
public struct MealMoment: Hashable, Sendable {
    /// A period still to come that day, and when it begins.
    public struct Upcoming: Hashable, Sendable {
        public let period: MealPeriod
        public let at: TimeOfDay
    }

    /// The period being served now, if any: never outside the place's opening hours.
    public let now: MealPeriod?
    /// The periods still to come that day, soonest first.
    public let upcoming: [Upcoming]
    /// The periods over for the day, or not served that day by the place's hours.
    public let past: Set<MealPeriod>
    /// Whether the place is open (by its hours, else in a usual serving time).
    public let isOpen: Bool
    /// When the place opens later that day, while it is closed.
    public let opensAt: TimeOfDay?
    /// Whether the place's hours decided (not the usual times).
    public let isFromHours: Bool

    /// The next period the place serves that day.
    public var next: Upcoming? { upcoming.first }

    /// The moment of a day that has not begun: every period still to come (a later day's board, tomorrow's meal).
    public static func beforeDay(_ times: MealTimes, serving periods: Set<MealPeriod>) -> MealMoment {
        times.moment(at: TimeOfDay(minutes: 0), serving: periods)
    }
}

extension TimeOfDay {
    /// A time from minutes since midnight, wrapped into the day.
    init(minutes: Int) {
        self.minutes = ((minutes % (24 * 60)) + 24 * 60) % (24 * 60)
    }
}
