import Foundation
import GrubmapCore

extension API {
    /// How busy a place is now, on every place object: `level` is `none`, `short`, `long`, `very_long`, or `null`
    /// when there are no line reports and the place has no seats to weigh check-ins against.
    public struct Busyness: Codable, Sendable, Equatable {
        /// The median of the line reports of the last 20 minutes, else from check-ins against seats, else `nil`
        /// (written as `null`, never left out).
        public let level: LineLevel?
        /// People checked in now.
        public let checkedIn: Int
        /// Line reports counting now.
        public let reports: Int
        /// The newest report or check-in behind the figures; left out when there is neither.
        public let updatedAt: Date?

        public init(level: LineLevel?, checkedIn: Int, reports: Int, updatedAt: Date?) {
            self.level = level
            self.checkedIn = checkedIn
            self.reports = reports
            self.updatedAt = updatedAt
        }

        /// The API's form of a place's busyness.
        public init(_ busyness: GrubmapCore.Busyness) {
            self.init(
                level: busyness.level, checkedIn: busyness.checkedIn, reports: busyness.reports,
                updatedAt: busyness.updatedAt)
        }

        private enum CodingKeys: String, CodingKey {
            case level, checkedIn, reports, updatedAt
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            level = try container.decodeIfPresent(LineLevel.self, forKey: .level)
            checkedIn = try container.decode(Int.self, forKey: .checkedIn)
            reports = try container.decode(Int.self, forKey: .reports)
            updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(level, forKey: .level)
            try container.encode(checkedIn, forKey: .checkedIn)
            try container.encode(reports, forKey: .reports)
            try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
        }
    }

    /// `POST /api/v1/places/{id}/line-reports`: how long the line is, as someone there sees it.
    public struct LineReportRequest: Codable, Sendable, Equatable {
        /// `none` (no line), `short` (under 5 minutes), `long` (5 to 15) or `very_long` (over 15).
        public let level: LineLevel

        public init(level: LineLevel) {
            self.level = level
        }

        private enum CodingKeys: String, CodingKey { case level }

        /// Refuses fields other than `level`, as the OpenAPI document says (`additionalProperties: false`).
        public init(from decoder: any Decoder) throws {
            try decoder.refuseFields(otherThan: ["level"]) { _ in "is not a field of a line report" }
            level = try decoder.container(keyedBy: CodingKeys.self).decode(LineLevel.self, forKey: .level)
        }
    }

    /// The answer to a line report: the place's busyness with the report counted.
    public struct LineReportBody: Codable, Sendable, Equatable {
        public let busyness: Busyness

        public init(busyness: Busyness) {
            self.busyness = busyness
        }
    }
}

extension API {
    /// One place's whole live state, the data of a `state` event of `GET /areas/{id}/events` and an entry of a
    /// `reload`: a client that applies the latest it received is right whatever it missed in between.
    public struct LivePlace: Codable, Sendable, Equatable {
        public let placeId: Place.ID
        /// People checked in now: the same number as `busyness.checkedIn`, kept for clients that read it alone.
        public let checkedIn: Int
        public let busyness: Busyness
        /// The area's today (in its time zone): the day of ``soldOut``.
        public let date: CalendarDate
        /// Today's sold-out marks, keyed by meal id (the menu APIs' `id`); empty when none.
        public let soldOut: [String: SoldOutBody]

        public init(placeId: Place.ID, busyness: Busyness, date: CalendarDate, soldOut: [String: SoldOutBody]) {
            self.placeId = placeId
            checkedIn = busyness.checkedIn
            self.busyness = busyness
            self.date = date
            self.soldOut = soldOut
        }

        /// A place with nothing live on `date`: nobody checked in, no level, nothing sold out. What a place left
        /// out of a `reload` is.
        public static func quiet(_ placeId: Place.ID, on date: CalendarDate) -> LivePlace {
            LivePlace(
                placeId: placeId, busyness: Busyness(level: nil, checkedIn: 0, reports: 0, updatedAt: nil), date: date,
                soldOut: [:])
        }

        /// Whether the place has anything live: people checked in, reports counting, or a meal sold out.
        public var isQuiet: Bool {
            busyness.checkedIn == 0 && busyness.reports == 0 && soldOut.isEmpty
        }
    }

    /// The data of a `reload` event: the area's whole live state. Places with nothing live are left out (a client
    /// shows each place it shows but does not find here as quiet); `places` itself is left out when the event would
    /// pass 64 KiB, and the client then offers to reload the page.
    public struct LiveReload: Codable, Sendable, Equatable {
        public let areaId: Area.ID
        /// The area's today (in its time zone).
        public let date: CalendarDate
        public let places: [LivePlace]?

        public init(areaId: Area.ID, date: CalendarDate, places: [LivePlace]?) {
            self.areaId = areaId
            self.date = date
            self.places = places
        }
    }
}

extension API {
    /// The data of a `menu` event: the place's menu of the date changed (in the console, the admin API or by its
    /// feed). A page showing that menu may offer the new one ("Updated · Show"); the event does not carry it.
    public struct LiveMenuChange: Codable, Sendable, Equatable {
        public let placeId: Place.ID
        public let date: CalendarDate

        public init(placeId: Place.ID, date: CalendarDate) {
            self.placeId = placeId
            self.date = date
        }
    }

    /// The data of a `place` event: the place itself changed (its name, hours, seats, where it is, archived or
    /// restored). A page showing it may offer to show it again.
    public struct LivePlaceChange: Codable, Sendable, Equatable {
        public let placeId: Place.ID

        public init(placeId: Place.ID) {
            self.placeId = placeId
        }
    }
}

extension API {
    /// `GET /api/v1/places/{id}/popular-times`: how busy a place usually is per weekday and hour over the last 8
    /// weeks, on the area's clock.
    public struct PopularTimesBody: Codable, Sendable, Equatable {
        /// One weekday's hours.
        public struct Day: Codable, Sendable, Equatable {
            /// 0 for Sunday … 6 for Saturday.
            public let weekday: Int
            /// 24 numbers, 0…100, hour 0 first: each hour's count as a share of the place's busiest hour.
            public let hours: [Int]

            public init(weekday: Int, hours: [Int]) {
                self.weekday = weekday
                self.hours = hours
            }
        }

        /// What the counts say about the current hour.
        public struct Now: Codable, Sendable, Equatable {
            /// The area's weekday now, Sunday 0.
            public let weekday: Int
            /// The area's hour now, 0…23.
            public let hour: Int
            public let level: Level

            public init(weekday: Int, hour: Int, level: Level) {
                self.weekday = weekday
                self.hour = hour
                self.level = level
            }
        }

        /// ``PopularTimes/Verdict`` in the API's words.
        public enum Level: String, Codable, Sendable, CaseIterable {
            case usuallyQuiet = "usually_quiet"
            case usuallySomewhatBusy = "usually_somewhat_busy"
            case usuallyBusy = "usually_busy"
            case busierThanUsual = "busier_than_usual"

            public init(_ verdict: PopularTimes.Verdict) {
                switch verdict {
                case .usuallyQuiet: self = .usuallyQuiet
                case .usuallySomewhatBusy: self = .usuallySomewhatBusy
                case .usuallyBusy: self = .usuallyBusy
                case .busierThanUsual: self = .busierThanUsual
                }
            }
        }

        public let placeId: Place.ID
        /// The area's IANA time zone, whose clock the weekdays and hours are on.
        public let timeZone: String
        /// Seven days, Sunday first.
        public let days: [Day]
        /// Left out when nothing is counted.
        public let now: Now?
        /// Whether the figures include the demo's generated history rather than only people's check-ins and reports.
        public let sample: Bool

        public init(placeId: Place.ID, timeZone: String, days: [Day], now: Now?, sample: Bool) {
            self.placeId = placeId
            self.timeZone = timeZone
            self.days = days
            self.now = now
            self.sample = sample
        }

        /// The API's form of `times` for a place whose area keeps `timeZone`, with the verdict at `instant`.
        public init(placeID: Place.ID, timeZone: TimeZone, times: PopularTimes, at instant: Date) {
            let levels = times.levels()
            let bucket = PopularTimes.Bucket(instant: instant, timeZone: timeZone)
            self.init(
                placeId: placeID, timeZone: timeZone.identifier,
                days: levels.enumerated().map { Day(weekday: $0.offset, hours: $0.element) },
                now: times.verdict(at: instant, in: timeZone).map {
                    Now(weekday: bucket.weekday, hour: bucket.hour, level: Level($0))
                },
                sample: times.isSample)
        }
    }
}
