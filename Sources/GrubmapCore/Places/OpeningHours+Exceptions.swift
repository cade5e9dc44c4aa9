import Foundation

extension OpeningHours {
    /// Hours for one calendar date (on the area's clock) that replace the weekly ones: closed all day, or other
    /// hours that day.
    ///
    /// Encodes as `{"date": "2026-12-03", "hours": [], "note": "Founders' day"}`; empty `hours` means closed all
    /// day, otherwise each range is `{"opens": "11:00", "closes": "14:00"}` and, like a weekly rule, one whose
    /// closing time is not after its opening time runs past midnight.
    public struct Exception: Hashable, Sendable, Codable {
        /// One range of hours on the exception's date.
        public struct Range: Hashable, Sendable, Codable {
            public var opens: TimeOfDay
            public var closes: TimeOfDay

            public init(opens: TimeOfDay, closes: TimeOfDay) {
                self.opens = opens
                self.closes = closes
            }

            private enum CodingKeys: String, CodingKey { case opens, closes }

            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                func time(_ key: CodingKeys) throws -> TimeOfDay {
                    do {
                        return try TimeOfDay(parsing: try container.decode(String.self, forKey: key))
                    } catch let error as OpeningHoursError {
                        throw DecodingError.dataCorruptedError(
                            forKey: key, in: container, debugDescription: error.description)
                    }
                }
                self.init(opens: try time(.opens), closes: try time(.closes))
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(opens.description, forKey: .opens)
                try container.encode(closes.description, forKey: .closes)
            }
        }

        /// The date on the area's clock.
        public var date: CalendarDate
        /// The hours that day in order of opening; empty when closed all day.
        public var hours: [Range]
        /// Why, in the operator's words (a holiday's name), or `nil`.
        public var note: String?

        /// At most this many ranges in one day.
        public static let rangeLimit = 8
        /// At most this many characters of note.
        public static let noteLimit = 200

        public init(date: CalendarDate, hours: [Range] = [], note: String? = nil) throws(OpeningHoursError) {
            guard hours.count <= Self.rangeLimit else { throw .tooManyRanges(date.description) }
            let sorted = hours.sorted { $0.opens < $1.opens }
            for (earlier, later) in zip(sorted, sorted.dropFirst()) {
                let earlierEnd = earlier.closes <= earlier.opens ? 24 * 60 : earlier.closes.minutes
                guard later.opens.minutes >= earlierEnd, later.opens != earlier.opens else {
                    throw .overlappingRanges(date.description)
                }
            }
            let trimmed = note?.trimmingCharacters(in: .whitespacesAndNewlines)
            guard (trimmed?.count ?? 0) <= Self.noteLimit else { throw .noteTooLong(date.description) }
            self.date = date
            self.hours = sorted
            self.note = trimmed?.isEmpty == false ? trimmed : nil
        }

        /// Whether the place is closed all that day.
        public var isClosed: Bool { hours.isEmpty }

        private enum CodingKeys: String, CodingKey { case date, hours, note }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let date = try container.decode(CalendarDate.self, forKey: .date)
            do {
                try self.init(
                    date: date, hours: try container.decodeIfPresent([Range].self, forKey: .hours) ?? [],
                    note: try container.decodeIfPresent(String.self, forKey: .note))
            } catch let error as OpeningHoursError {
                throw DecodingError.dataCorruptedError(
                    forKey: .hours, in: container, debugDescription: error.description)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(hours, forKey: .hours)
            try container.encodeIfPresent(note, forKey: .note)
        }
    }

    /// At most this many dated exceptions a place.
    public static let exceptionLimit = 366

    /// Checks `exceptions` (at most ``exceptionLimit``, one per date) and keeps them in date order.
    static func checked(_ exceptions: [Exception]) throws(OpeningHoursError) -> [Exception] {
        guard exceptions.count <= exceptionLimit else { throw .tooManyExceptions(exceptions.count) }
        let sorted = exceptions.sorted { $0.date < $1.date }
        for (earlier, later) in zip(sorted, sorted.dropFirst()) where earlier.date == later.date {
            throw .duplicateDate(later.date.description)
        }
        return sorted
    }

    /// The exception for `date`, if there is one.
    public func exception(on date: CalendarDate) -> Exception? {
        exceptions.first { $0.date == date }
    }

    /// The exceptions from `date` on, in date order.
    public func exceptions(from date: CalendarDate) -> [Exception] {
        exceptions.filter { $0.date >= date }
    }

    /// The same hours without the exceptions dated before `date` (so old holidays don't pile up).
    public func droppingExceptions(before date: CalendarDate) -> OpeningHours {
        var copy = self
        copy.exceptions.removeAll { $0.date < date }
        return copy
    }

    /// The openings that begin on `date`: the exception's hours when there is one, else the weekly rules' for its
    /// weekday, in order of opening. A closing not after its opening runs past midnight.
    public func openings(on date: CalendarDate) -> [Exception.Range] {
        if let exception = exception(on: date) { return exception.hours }
        return rules.filter { $0.days.contains(date.weekday) }.map {
            Exception.Range(opens: $0.opens, closes: $0.closes)
        }
        .sorted { $0.opens < $1.opens }
    }
}
