import Foundation

/// A person's presence at a place: one active per profile, ending at ``expiresAt`` or on check-out.
public struct CheckIn: Hashable, Sendable {
    public let profileID: Profile.ID
    public let placeID: Place.ID
    public let startedAt: Date
    public let expiresAt: Date

    public init(profileID: Profile.ID, placeID: Place.ID, startedAt: Date, expiresAt: Date) {
        self.profileID = profileID
        self.placeID = placeID
        self.startedAt = startedAt
        self.expiresAt = expiresAt
    }

    /// Whether the check-in still shows at `date`.
    public func isActive(at date: Date) -> Bool { startedAt <= date && date < expiresAt }
}

/// When check-ins end: after a fixed time, or when the place closes, whichever comes first.
public struct CheckInPolicy: Sendable, Equatable {
    /// How long a check-in lasts at most.
    public var duration: TimeInterval
    /// Whether a check-in also ends when the place closes (by its opening hours, in the area's time zone).
    public var endsAtClosingTime: Bool

    public init(duration: TimeInterval = 3 * 3600, endsAtClosingTime: Bool = true) {
        self.duration = duration
        self.endsAtClosingTime = endsAtClosingTime
    }

    /// When a check-in made at `start` at `place` ends.
    public func expiry(checkingInAt start: Date, to place: Place, timeZone: TimeZone) -> Date {
        let limit = start.addingTimeInterval(duration)
        guard endsAtClosingTime, let closing = place.openingHours.closingTime(after: start, in: timeZone) else {
            return limit
        }
        return min(limit, closing)
    }
}

extension OpeningHours {
    /// When the opening that covers `date` ends, or `nil` when the hours don't say the place is open then.
    public func closingTime(after date: Date, in timeZone: TimeZone) -> Date? {
        // Today's midnight counted back from what the clock reads now, by arithmetic (Foundation's Calendar cost a
        // check-in 6% of its CPU). Times found so are exact unless the clock changes (daylight saving) between now
        // and them, when they are off by that hour, which is fine here.
        let (today, _) = CalendarDate.local(date, in: timeZone)
        let clockSeconds = date.timeIntervalSince1970 + TimeInterval(timeZone.secondsFromGMT(for: date))
        let midnight = date.addingTimeInterval(-(clockSeconds - (clockSeconds / 86_400).rounded(.down) * 86_400))
        // Look at the openings that began today and the ones that began yesterday (they may run past midnight).
        for daysBack in 0...1 {
            let day = midnight.addingTimeInterval(-86_400 * TimeInterval(daysBack))
            for range in openings(on: today.adding(days: -daysBack)) {
                let opens = day.addingTimeInterval(TimeInterval(range.opens.minutes * 60))
                var closesMinutes = range.closes.minutes
                if closesMinutes <= range.opens.minutes { closesMinutes += 24 * 60 }
                let closes = day.addingTimeInterval(TimeInterval(closesMinutes * 60))
                if opens <= date && date < closes { return closes }
            }
        }
        return nil
    }
}
