import Foundation

/// Whether a place is open at an instant, by its opening hours.
public enum OpeningState: Hashable, Sendable {
    /// Open, until this time on the area's clock.
    case open(until: TimeOfDay)
    /// Closed, opening again at this time later the same day, or `nil` when it does not open again that day.
    case closed(opensAt: TimeOfDay?)
}

extension OpeningHours {
    /// Whether the place is open at `instant` on a clock in `timeZone`; `nil` when no hours are known for that day.
    ///
    /// A dated exception replaces the weekly hours of its date: closed all day, or its own ranges. An opening that
    /// runs past midnight ("Fr 18:00-02:00") counts on the night after it began, even into a day that is closed.
    public func state(at instant: Date, in timeZone: TimeZone) -> OpeningState? {
        let (date, time) = CalendarDate.local(instant, in: timeZone)
        guard !isEmpty || exception(on: date) != nil else { return nil }
        let today = openings(on: date)
        for range in today where time >= range.opens && (range.closes <= range.opens || time < range.closes) {
            return .open(until: range.closes)
        }
        for range in openings(on: date.adding(days: -1)) where range.closes <= range.opens && time < range.closes {
            return .open(until: range.closes)
        }
        return .closed(opensAt: today.first { $0.opens > time }?.opens)
    }
}

extension OpeningHours {
    /// The next time the place opens after `instant` on a clock in `timeZone`, looking up to two weeks ahead across
    /// dated exceptions; `nil` when it does not open in that time.
    public func nextOpening(after instant: Date, in timeZone: TimeZone) -> (date: CalendarDate, time: TimeOfDay)? {
        let (today, time) = CalendarDate.local(instant, in: timeZone)
        for offset in 0...14 {
            let date = today.adding(days: offset)
            if let range = openings(on: date).first(where: { offset > 0 || $0.opens > time }) {
                return (date, range.opens)
            }
        }
        return nil
    }
}
