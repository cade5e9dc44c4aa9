import Foundation

/// Whether a place is open at an instant, by its opening hours.
public enum OpeningState: Hashable, Sendable {
    /// Open, until this time on the area's clock.
    case open(until: TimeOfDay)
    /// Closed, opening again at this time later the same day, or `nil` when it does not open again that day.
    case closed(opensAt: TimeOfDay?)
}

extension OpeningHours {
    /// Whether the place is open at `instant` on a clock in `timeZone`; `nil` when no hours are known.
    ///
    /// An opening that runs past midnight ("Fr 18:00-02:00") counts on the night after it began.
    public func state(at instant: Date, in timeZone: TimeZone) -> OpeningState? {
        guard !isEmpty else { return nil }
        let (date, time) = CalendarDate.local(instant, in: timeZone)
        let yesterday = date.adding(days: -1).weekday
        for rule in rules {
            let overnight = rule.closes <= rule.opens
            if rule.days.contains(date.weekday), time >= rule.opens, overnight || time < rule.closes {
                return .open(until: rule.closes)
            }
            if overnight, rule.days.contains(yesterday), time < rule.closes {
                return .open(until: rule.closes)
            }
        }
        let later = rules.filter { $0.days.contains(date.weekday) && $0.opens > time }.map(\.opens).min()
        return .closed(opensAt: later)
    }
}
