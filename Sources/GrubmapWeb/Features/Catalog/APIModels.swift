import Foundation
import GrubmapCore

/// The JSON shapes of `/api/v1`, as DESIGN.md's API contract gives them. Keys are camelCase; coordinates are
/// `{"latitude", "longitude"}`; optional values are left out rather than sent as null.
enum API {
    struct AreaList: Encodable {
        let areas: [AreaSummary]
    }

    struct AreaSummary: Encodable {
        let id: Area.ID
        /// The name in the caller's language.
        let name: String
        /// The name in every language the data has.
        let names: LocalizedText
        let center: Coordinate
        let bounds: Bounds
        let timeZone: String
        let currency: String

        init(_ area: Area, language: Language) {
            id = area.id
            name = area.name.text(in: language)
            names = area.name
            center = area.center
            bounds = area.bounds
            timeZone = area.timeZone
            currency = area.currency
        }
    }

    struct PlaceList: Encodable {
        let places: [PlaceSummary]
        /// The `cursor` of the next page; left out on the last page.
        let nextCursor: String?
    }

    struct PlaceSummary: Encodable {
        let id: Place.ID
        let name: String
        let kind: Place.Kind
        let coordinate: Coordinate
        /// How many people are checked in now.
        let checkedInCount: Int
        /// Metres from the `near` point, when one was given.
        let distanceMeters: Double?

        init(_ listed: ListedPlace, checkedInCount: Int, language: Language) {
            id = listed.place.id
            name = listed.place.name.text(in: language)
            kind = listed.place.kind
            coordinate = listed.place.coordinate
            self.checkedInCount = checkedInCount
            distanceMeters = listed.distanceMeters.map { ($0 * 1000).rounded() / 1000 }
        }
    }

    struct PlaceDetail: Encodable {
        let id: Place.ID
        let areaId: Area.ID
        let name: String
        let names: LocalizedText
        let kind: Place.Kind
        let coordinate: Coordinate
        let address: String?
        let phone: String?
        let website: String?
        let description: String?
        let openingHours: OpeningHours
        /// The people checked in now, newest first.
        /// The newest people checked in, at most 50.
        let checkedIn: [CheckedInProfile]
        /// Everyone checked in.
        let checkedInCount: Int

        init(_ place: Place, checkedIn: [CheckedInProfile], checkedInCount: Int, language: Language) {
            id = place.id
            areaId = place.areaID
            name = place.name.text(in: language)
            names = place.name
            kind = place.kind
            coordinate = place.coordinate
            address = place.address
            phone = place.phone
            website = place.website
            description = place.description?.text(in: language)
            openingHours = place.openingHours
            self.checkedIn = checkedIn
            self.checkedInCount = checkedInCount
        }
    }

    struct CheckedInProfile: Encodable {
        let firstName: String
        let lastName: String
        let company: String
        let bio: String
        /// The address of the uploaded picture, when there is one.
        let avatar: String?
        let checkedInAt: Date
        let until: Date

        init(_ profile: Profile, _ checkIn: CheckIn) {
            firstName = profile.firstName
            lastName = profile.lastName
            company = profile.company
            bio = profile.publicBio
            avatar = profile.showsPicture ? Paths.avatar(profile.id) : nil
            checkedInAt = checkIn.startedAt
            until = checkIn.expiresAt
        }
    }

    struct ProfileBody: Encodable {
        let firstName: String
        let lastName: String
        let company: String
        let bio: String
        let avatar: String?

        init(_ profile: Profile) {
            firstName = profile.firstName
            lastName = profile.lastName
            company = profile.company
            bio = profile.bio
            avatar = profile.avatarType.map { _ in Paths.avatar(profile.id) }
        }
    }

    struct CheckInBody: Encodable {
        let placeId: Place.ID
        let startedAt: Date
        let expiresAt: Date

        init(_ checkIn: CheckIn) {
            placeId = checkIn.placeID
            startedAt = checkIn.startedAt
            expiresAt = checkIn.expiresAt
        }
    }

    struct SessionCreated: Encodable {
        let token: String
        let expiresAt: Date
    }

    /// Every preference, with `null` for unset optional ones (so clients see every key).
    struct PreferencesBody: Encodable {
        let preferences: Preferences
        /// The bookmarks to show: the stored ones that still name a place.
        let bookmarks: [Place.ID]

        init(_ preferences: Preferences, bookmarks: [Place.ID]) {
            self.preferences = preferences
            self.bookmarks = bookmarks
        }

        private enum CodingKeys: String, CodingKey {
            case defaultArea, units, language, onboardingStyle, seenOnboardingVersion, bookmarks, priceRole, diet
            case avoidAllergens
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(preferences[PreferenceKeys.defaultArea], forKey: .defaultArea)
            try container.encode(preferences[PreferenceKeys.units], forKey: .units)
            try container.encode(preferences[PreferenceKeys.language], forKey: .language)
            try container.encode(preferences[PreferenceKeys.onboardingStyle], forKey: .onboardingStyle)
            try container.encode(preferences[PreferenceKeys.seenOnboardingVersion], forKey: .seenOnboardingVersion)
            try container.encode(bookmarks, forKey: .bookmarks)
            try container.encode(preferences[PreferenceKeys.priceRole], forKey: .priceRole)
            try container.encode(preferences[PreferenceKeys.diet], forKey: .diet)
            try container.encode(preferences[PreferenceKeys.avoidAllergens], forKey: .avoidAllergens)
        }
    }

    struct Health: Encodable {
        let status: String
        let database: String
    }

    struct ErrorBody: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
        }
        let error: Detail
    }
}
