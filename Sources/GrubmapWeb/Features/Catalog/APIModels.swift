import Foundation
import GrubmapAPI
import GrubmapCore

// The API's bodies are defined once, in GrubmapAPI, for the server and its clients; here they are made from the
// domain's values, which only the server has.

extension API.AreaSummary {
    init(_ area: Area, language: Language) {
        self.init(
            id: area.id, name: area.name.text(in: language), names: area.name, center: area.center,
            bounds: area.bounds, timeZone: area.timeZone, currency: area.currency)
    }
}

extension API.PlaceSummary {
    /// The listed place with what is happening there now (``LiveCounts/none`` when nothing is).
    init(_ listed: ListedPlace, live: LiveCounts, language: Language) {
        self.init(
            id: listed.place.id, name: listed.place.name.text(in: language), kind: listed.place.kind,
            coordinate: listed.place.coordinate, checkedInCount: live.checkedIn,
            busyness: API.Busyness(live.busyness(seats: listed.place.seats)),
            distanceMeters: listed.distanceMeters.map { ($0 * 1000).rounded() / 1000 })
    }
}

extension API.PlaceDetail {
    init(
        _ place: Place, checkedIn: [API.CheckedInProfile], checkedInCount: Int, live: LiveCounts, language: Language
    ) {
        self.init(
            id: place.id, areaId: place.areaID, name: place.name.text(in: language), names: place.name,
            kind: place.kind, coordinate: place.coordinate, address: place.address, phone: place.phone,
            website: place.website, description: place.description?.text(in: language),
            openingHours: place.openingHours, checkedIn: checkedIn, checkedInCount: checkedInCount,
            seats: place.seats, busyness: API.Busyness(live.busyness(seats: place.seats)))
    }
}

extension API.CheckedInProfile {
    init(_ profile: Profile, _ checkIn: CheckIn) {
        self.init(
            firstName: profile.firstName, lastName: profile.lastName, company: profile.company, bio: profile.publicBio,
            avatar: profile.showsPicture ? Paths.avatar(profile.id) : nil, checkedInAt: checkIn.startedAt,
            until: checkIn.expiresAt)
    }
}

extension API.ProfileBody {
    init(_ profile: Profile) {
        self.init(
            firstName: profile.firstName, lastName: profile.lastName, company: profile.company, bio: profile.bio,
            avatar: profile.avatarType.map { _ in Paths.avatar(profile.id) })
    }
}

extension API.CheckInBody {
    init(_ checkIn: CheckIn) {
        self.init(placeId: checkIn.placeID, startedAt: checkIn.startedAt, expiresAt: checkIn.expiresAt)
    }
}

extension API.PreferencesBody {
    /// Every preference of `preferences`; `bookmarks` are the stored ones that still name a place, and units not
    /// chosen are `browserUnits`, those of the caller's region.
    init(_ preferences: Preferences, bookmarks: [Place.ID], browserUnits: DistanceUnit) {
        self.init(
            defaultArea: preferences[PreferenceKeys.defaultArea],
            units: preferences[PreferenceKeys.units] ?? browserUnits,
            language: preferences[PreferenceKeys.language],
            onboardingStyle: preferences[PreferenceKeys.onboardingStyle],
            seenOnboardingVersion: preferences[PreferenceKeys.seenOnboardingVersion], bookmarks: bookmarks,
            priceRole: preferences[PreferenceKeys.priceRole], diet: preferences[PreferenceKeys.diet],
            avoidAllergens: preferences[PreferenceKeys.avoidAllergens])
    }
}

extension API.MenuPreferencesBody {
    init(_ preferences: Preferences) {
        self.init(
            priceRole: preferences[PreferenceKeys.priceRole], diet: preferences[PreferenceKeys.diet],
            avoidAllergens: preferences[PreferenceKeys.avoidAllergens])
    }
}
