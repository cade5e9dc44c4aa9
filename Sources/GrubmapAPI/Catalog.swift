import Foundation
import GrubmapCore

extension API {
    /// `GET /api/v1/areas`.
    public struct AreaList: Codable, Sendable, Equatable {
        public let areas: [AreaSummary]

        public init(areas: [AreaSummary]) {
            self.areas = areas
        }
    }

    /// An area as the area list gives it.
    public struct AreaSummary: Codable, Sendable, Equatable {
        public let id: Area.ID
        /// The name in the caller's language.
        public let name: String
        /// The name in every language the data has.
        public let names: LocalizedText
        public let center: Coordinate
        public let bounds: Bounds
        /// An IANA time zone, like `Asia/Seoul`: the area's "today".
        public let timeZone: String
        /// ISO 4217, like `KRW`.
        public let currency: String

        public init(
            id: Area.ID, name: String, names: LocalizedText, center: Coordinate, bounds: Bounds, timeZone: String,
            currency: String
        ) {
            self.id = id
            self.name = name
            self.names = names
            self.center = center
            self.bounds = bounds
            self.timeZone = timeZone
            self.currency = currency
        }
    }

    /// `GET /api/v1/areas/{id}/places`: bookmarks first for the caller, then nearest first or by name.
    public struct PlaceList: Codable, Sendable, Equatable {
        public let places: [PlaceSummary]
        /// The `cursor` of the next page; left out on the last page.
        public let nextCursor: String?

        public init(places: [PlaceSummary], nextCursor: String? = nil) {
            self.places = places
            self.nextCursor = nextCursor
        }
    }

    /// A place as the list gives it.
    public struct PlaceSummary: Codable, Sendable, Equatable {
        public let id: Place.ID
        public let name: String
        public let kind: Place.Kind
        public let coordinate: Coordinate
        /// How many people are checked in now (``Busyness/checkedIn`` says the same; kept for older clients).
        public let checkedInCount: Int
        /// How busy the place is now.
        public let busyness: Busyness
        /// Metres from the `near` point (to the millimetre), when one was given.
        public let distanceMeters: Double?
        /// Seconds on foot from `near` over the area's streets, with `order=walking`.
        public var walkingSeconds: Int? = nil

        public init(
            id: Place.ID, name: String, kind: Place.Kind, coordinate: Coordinate, checkedInCount: Int,
            busyness: Busyness, distanceMeters: Double?
        ) {
            self.id = id
            self.name = name
            self.kind = kind
            self.coordinate = coordinate
            self.checkedInCount = checkedInCount
            self.busyness = busyness
            self.distanceMeters = distanceMeters
        }
    }

    /// `GET /api/v1/places/{id}`: every detail of a place and who is checked in there.
    public struct PlaceDetail: Codable, Sendable, Equatable {
        public let id: Place.ID
        public let areaId: Area.ID
        public let name: String
        public let names: LocalizedText
        public let kind: Place.Kind
        public let coordinate: Coordinate
        public let address: String?
        public let phone: String?
        public let website: String?
        public let description: String?
        public let openingHours: OpeningHours
        /// The newest people checked in now, at most 50.
        public let checkedIn: [CheckedInProfile]
        /// Everyone checked in now.
        public let checkedInCount: Int
        /// How many people the place seats, when its operators said.
        public let seats: Int?
        /// How busy the place is now.
        public let busyness: Busyness

        public init(
            id: Place.ID, areaId: Area.ID, name: String, names: LocalizedText, kind: Place.Kind,
            coordinate: Coordinate, address: String?, phone: String?, website: String?, description: String?,
            openingHours: OpeningHours, checkedIn: [CheckedInProfile], checkedInCount: Int, seats: Int?,
            busyness: Busyness
        ) {
            self.id = id
            self.areaId = areaId
            self.name = name
            self.names = names
            self.kind = kind
            self.coordinate = coordinate
            self.address = address
            self.phone = phone
            self.website = website
            self.description = description
            self.openingHours = openingHours
            self.checkedIn = checkedIn
            self.checkedInCount = checkedInCount
            self.seats = seats
            self.busyness = busyness
        }
    }

    /// Someone checked in at a place.
    public struct CheckedInProfile: Codable, Sendable, Equatable {
        public let firstName: String
        public let lastName: String
        public let company: String
        public let bio: String
        /// The address of the uploaded picture, when there is one.
        public let avatar: String?
        public let checkedInAt: Date
        public let until: Date

        public init(
            firstName: String, lastName: String, company: String, bio: String, avatar: String?, checkedInAt: Date,
            until: Date
        ) {
            self.firstName = firstName
            self.lastName = lastName
            self.company = company
            self.bio = bio
            self.avatar = avatar
            self.checkedInAt = checkedInAt
            self.until = until
        }
    }

    /// `GET /healthz`.
    public struct Health: Codable, Sendable, Equatable {
        /// `ok` or `unavailable`.
        public let status: String
        /// `ok` or `down`.
        public let database: String

        public init(status: String, database: String) {
            self.status = status
            self.database = database
        }
    }

    /// Every error: a 4xx or 5xx status and this body.
    public struct ErrorBody: Codable, Sendable, Equatable {
        public struct Detail: Codable, Sendable, Equatable {
            /// A stable snake_case code to branch on, like `not_found` or `invalid_coordinate`.
            public let code: String
            /// A sentence for people, in the caller's language where there is one.
            public let message: String

            public init(code: String, message: String) {
                self.code = code
                self.message = message
            }
        }

        public let error: Detail

        public init(error: Detail) {
            self.error = error
        }
    }
}
