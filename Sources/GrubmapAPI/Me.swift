import Foundation
import GrubmapCore

extension API {
    /// `POST /api/v1/sessions` (201): send `Authorization: Bearer TOKEN` from then on.
    public struct SessionCreated: Codable, Sendable, Equatable {
        public let token: String
        public let expiresAt: Date

        public init(token: String, expiresAt: Date) {
            self.token = token
            self.expiresAt = expiresAt
        }
    }

    /// `GET` and `PUT /api/v1/me/profile`: the profile others see.
    public struct ProfileBody: Codable, Sendable, Equatable {
        public let firstName: String
        public let lastName: String
        public let company: String
        public let bio: String
        /// The address of the picture, when there is one (uploaded with the page's form).
        public let avatar: String?

        public init(firstName: String, lastName: String, company: String, bio: String, avatar: String?) {
            self.firstName = firstName
            self.lastName = lastName
            self.company = company
            self.bio = bio
            self.avatar = avatar
        }
    }

    /// The body of `PUT /api/v1/me/profile`: these fields only, each text; `firstName` and `lastName` are needed,
    /// `bio` is at most 100 characters. A field left out is empty.
    public struct ProfileRequest: Codable, Sendable, Equatable {
        public let firstName: String?
        public let lastName: String?
        public let company: String?
        public let bio: String?

        public init(firstName: String?, lastName: String?, company: String? = nil, bio: String? = nil) {
            self.firstName = firstName
            self.lastName = lastName
            self.company = company
            self.bio = bio
        }

        /// Refuses fields that are not the profile's, so a misspelt one is an error rather than silently lost.
        public init(from decoder: any Decoder) throws {
            try decoder.refuseFields(otherThan: ["firstName", "lastName", "company", "bio"]) { _ in
                "is not a profile field"
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // A field that is there must be text: `null` is a mistake, not "leave it empty".
            func text(_ key: CodingKeys) throws -> String? {
                container.contains(key) ? try container.decode(String.self, forKey: key) : nil
            }
            firstName = try text(.firstName)
            lastName = try text(.lastName)
            company = try text(.company)
            bio = try text(.bio)
        }

        private enum CodingKeys: String, CodingKey {
            case firstName, lastName, company, bio
        }
    }

    /// The body of `POST /api/v1/me/checkin`.
    public struct CheckInRequest: Codable, Sendable, Equatable {
        /// Text rather than a ``Place/ID``, so that an id that cannot be is a 404 naming it, like an unknown one.
        public let placeId: String

        public init(placeId: String) {
            self.placeId = placeId
        }

        public init(from decoder: any Decoder) throws {
            try decoder.refuseFields(otherThan: ["placeId"]) { _ in "is not a field of a check-in" }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard let id = try? container.decodeIfPresent(String.self, forKey: .placeId) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .placeId, in: container, debugDescription: "give the id of the place to check in at")
            }
            placeId = id
        }

        private enum CodingKeys: String, CodingKey {
            case placeId
        }
    }

    /// `POST /api/v1/me/checkin` (201): the check-in, which ends at `expiresAt` unless moved or ended sooner.
    public struct CheckInBody: Codable, Sendable, Equatable {
        public let placeId: Place.ID
        public let startedAt: Date
        public let expiresAt: Date

        public init(placeId: Place.ID, startedAt: Date, expiresAt: Date) {
            self.placeId = placeId
            self.startedAt = startedAt
            self.expiresAt = expiresAt
        }
    }

    /// `DELETE /api/v1/me/checkin`: whether there was a check-in to end.
    public struct CheckOutBody: Codable, Sendable, Equatable {
        public let checkedOut: Bool

        public init(checkedOut: Bool) {
            self.checkedOut = checkedOut
        }
    }

    /// `GET` and `PATCH /api/v1/me/preferences`: every preference, with `null` for unset optional ones (so clients
    /// see every key).
    public struct PreferencesBody: Codable, Sendable, Equatable {
        public let defaultArea: Area.ID?
        public let units: DistanceUnit
        public let language: Language?
        public let onboardingStyle: OnboardingStyle
        public let seenOnboardingVersion: Int?
        /// Bookmarked places in the order they were bookmarked (only those that still exist).
        public let bookmarks: [Place.ID]
        public let priceRole: PriceRole
        public let diet: Diet
        public let avoidAllergens: [Allergen]

        public init(
            defaultArea: Area.ID?, units: DistanceUnit, language: Language?, onboardingStyle: OnboardingStyle,
            seenOnboardingVersion: Int?, bookmarks: [Place.ID], priceRole: PriceRole, diet: Diet,
            avoidAllergens: [Allergen]
        ) {
            self.defaultArea = defaultArea
            self.units = units
            self.language = language
            self.onboardingStyle = onboardingStyle
            self.seenOnboardingVersion = seenOnboardingVersion
            self.bookmarks = bookmarks
            self.priceRole = priceRole
            self.diet = diet
            self.avoidAllergens = avoidAllergens
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(defaultArea, forKey: .defaultArea)
            try container.encode(units, forKey: .units)
            try container.encode(language, forKey: .language)
            try container.encode(onboardingStyle, forKey: .onboardingStyle)
            try container.encode(seenOnboardingVersion, forKey: .seenOnboardingVersion)
            try container.encode(bookmarks, forKey: .bookmarks)
            try container.encode(priceRole, forKey: .priceRole)
            try container.encode(diet, forKey: .diet)
            try container.encode(avoidAllergens, forKey: .avoidAllergens)
        }
    }

    /// The body of `PATCH /api/v1/me/preferences`: the fields to change, all or none. A field left `nil` is not
    /// sent; `.some(nil)` sends `null`, which unsets a preference that may be unset (the default area, the
    /// language, the tour version seen).
    public struct PreferencesPatch: Encodable, Sendable, Equatable {
        public var defaultArea: Area.ID??
        public var units: DistanceUnit?
        public var language: Language??
        public var onboardingStyle: OnboardingStyle?
        public var seenOnboardingVersion: Int??
        public var bookmarks: [Place.ID]?
        public var priceRole: PriceRole?
        public var diet: Diet?
        public var avoidAllergens: [Allergen]?

        public init(
            defaultArea: Area.ID?? = nil, units: DistanceUnit? = nil, language: Language?? = nil,
            onboardingStyle: OnboardingStyle? = nil, seenOnboardingVersion: Int?? = nil, bookmarks: [Place.ID]? = nil,
            priceRole: PriceRole? = nil, diet: Diet? = nil, avoidAllergens: [Allergen]? = nil
        ) {
            self.defaultArea = defaultArea
            self.units = units
            self.language = language
            self.onboardingStyle = onboardingStyle
            self.seenOnboardingVersion = seenOnboardingVersion
            self.bookmarks = bookmarks
            self.priceRole = priceRole
            self.diet = diet
            self.avoidAllergens = avoidAllergens
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let defaultArea { try container.encode(defaultArea, forKey: .defaultArea) }
            try container.encodeIfPresent(units, forKey: .units)
            if let language { try container.encode(language, forKey: .language) }
            try container.encodeIfPresent(onboardingStyle, forKey: .onboardingStyle)
            if let seenOnboardingVersion { try container.encode(seenOnboardingVersion, forKey: .seenOnboardingVersion) }
            try container.encodeIfPresent(bookmarks, forKey: .bookmarks)
            try container.encodeIfPresent(priceRole, forKey: .priceRole)
            try container.encodeIfPresent(diet, forKey: .diet)
            try container.encodeIfPresent(avoidAllergens, forKey: .avoidAllergens)
        }

        private enum CodingKeys: String, CodingKey {
            case defaultArea, units, language, onboardingStyle, seenOnboardingVersion, bookmarks, priceRole, diet
            case avoidAllergens
        }
    }

    /// The answer to a script's bookmark post (`POST /places/{id}/bookmark` with `Accept: application/json`).
    public struct BookmarkBody: Codable, Sendable, Equatable {
        public let placeId: Place.ID
        public let bookmarked: Bool
        /// Every bookmark now, in order.
        public let bookmarks: [Place.ID]
        /// What the page says aloud, in the visitor's language: that the place is bookmarked, or no longer.
        public let message: String

        public init(placeId: Place.ID, bookmarked: Bool, bookmarks: [Place.ID], message: String) {
            self.placeId = placeId
            self.bookmarked = bookmarked
            self.bookmarks = bookmarks
            self.message = message
        }
    }

    /// The answer to a script's `POST /settings/menus`.
    public struct MenuPreferencesBody: Codable, Sendable, Equatable {
        public let priceRole: PriceRole
        public let diet: Diet
        public let avoidAllergens: [Allergen]

        public init(priceRole: PriceRole, diet: Diet, avoidAllergens: [Allergen]) {
            self.priceRole = priceRole
            self.diet = diet
            self.avoidAllergens = avoidAllergens
        }
    }
}
