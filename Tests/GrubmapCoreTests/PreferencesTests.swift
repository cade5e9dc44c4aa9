import Testing

@testable import GrubmapCore

@Suite struct PreferencesTests {
    @Test func unsetKeysReadAsTheirDefaults() {
        let preferences = Preferences()
        #expect(preferences[PreferenceKeys.units] == nil)
        #expect(preferences[PreferenceKeys.onboardingStyle] == .basic)
        #expect(preferences[PreferenceKeys.seenOnboardingVersion] == nil)
        #expect(preferences[PreferenceKeys.defaultArea] == nil)
        #expect(preferences[PreferenceKeys.language] == nil)
    }

    @Test func valuesRoundTripThroughStorage() throws {
        var preferences = Preferences()
        try preferences.set(.miles, for: PreferenceKeys.units)
        try preferences.set(.progress, for: PreferenceKeys.onboardingStyle)
        try preferences.set(3, for: PreferenceKeys.seenOnboardingVersion)
        try preferences.set(Area.ID("pnu-busan"), for: PreferenceKeys.defaultArea)
        try preferences.set(.korean, for: PreferenceKeys.language)
        let reloaded = Preferences(storage: preferences.storage)
        #expect(reloaded[PreferenceKeys.units] == .miles)
        #expect(reloaded[PreferenceKeys.onboardingStyle] == .progress)
        #expect(reloaded[PreferenceKeys.seenOnboardingVersion] == 3)
        #expect(reloaded[PreferenceKeys.defaultArea] == (try Area.ID("pnu-busan")))
        #expect(reloaded[PreferenceKeys.language] == .korean)
        #expect(reloaded.storage["units"] == "\"mi\"")
    }

    @Test(arguments: [
        ("units", "\"furlongs\""), ("units", "42"), ("units", "not json"), ("units", ""),
        ("onboardingStyle", "\"carousel\""), ("seenOnboardingVersion", "\"three\""),
        ("seenOnboardingVersion", "-2"), ("defaultArea", "\"Not An Id\""), ("language", "\"fr\""),
        ("language", "{\"x\":1}"),
    ])
    func corruptOrUnknownStoredValuesFallBackToTheDefault(name: String, stored: String) {
        let preferences = Preferences(storage: [name: stored])
        #expect(preferences[PreferenceKeys.units] == nil)
        #expect(preferences[PreferenceKeys.onboardingStyle] == .basic)
        #expect(preferences[PreferenceKeys.seenOnboardingVersion] == nil)
        #expect(preferences[PreferenceKeys.defaultArea] == nil)
        #expect(preferences[PreferenceKeys.language] == nil)
    }

    @Test func refusedValuesNameTheFieldAndChangeNothing() throws {
        var preferences = Preferences()
        try preferences.set(2, for: PreferenceKeys.seenOnboardingVersion)
        #expect(throws: PreferenceError(field: "seenOnboardingVersion", message: "must be a version number, 0 or more"))
        {
            try preferences.set(-1, for: PreferenceKeys.seenOnboardingVersion)
        }
        #expect(preferences[PreferenceKeys.seenOnboardingVersion] == 2)
    }

    @Test func settingTheDefaultAndResettingForget() throws {
        var preferences = Preferences()
        try preferences.set(.slides, for: PreferenceKeys.onboardingStyle)
        try preferences.set(.basic, for: PreferenceKeys.onboardingStyle)
        #expect(preferences.storage.isEmpty)
        try preferences.set(.slides, for: PreferenceKeys.onboardingStyle)
        try preferences.set(.miles, for: PreferenceKeys.units)
        preferences.reset(PreferenceKeys.units)
        #expect(preferences[PreferenceKeys.units] == nil)
        #expect(preferences[PreferenceKeys.onboardingStyle] == .slides)
        preferences.resetAll()
        #expect(preferences == Preferences())
    }

    @Test func kilometresChosenAreKeptApartFromNoChoice() throws {
        // Units follow the browser's region until the person picks one; picking kilometres in a region of miles
        // must stay picked, so it is stored rather than forgotten as a default.
        var preferences = Preferences()
        try preferences.set(.kilometers, for: PreferenceKeys.units)
        #expect(preferences.storage["units"] == "\"km\"")
        #expect(Preferences(storage: preferences.storage)[PreferenceKeys.units] == .kilometers)
        try preferences.set(nil, for: PreferenceKeys.units)
        #expect(preferences.storage.isEmpty)
    }

    @Test func theSameStoredTextReadsAsEachKeysOwnType() {
        // Decoded values are shared between requests by type and text: a text read as one type never comes back
        // as another, and a value refused by its key reads as the default every time.
        let count = PreferenceKey<Int>("count", default: 0)
        let ratio = PreferenceKey<Double>("ratio", default: 0)
        let small = PreferenceKey<Int>("small", default: 1) { $0 < 10 ? nil : "too large" }
        let preferences = Preferences(storage: ["count": "42", "ratio": "42", "small": "42"])
        for _ in 0..<2 {
            #expect(preferences[count] == 42)
            #expect(preferences[ratio] == 42.0)
            #expect(preferences[small] == 1)
        }
        #expect(Preferences(storage: ["count": "\"42\""])[count] == 0)
    }

    @Test func unknownStoredNamesAreKeptButIgnored() {
        let preferences = Preferences(storage: ["favouriteColour": "\"orange\""])
        #expect(preferences.storage["favouriteColour"] == "\"orange\"")
        #expect(preferences[PreferenceKeys.units] == nil)
    }
}

@Suite struct SessionTests {
    @Test func madeSessionsHaveWellFormedDistinctSecrets() {
        var counter: UInt8 = 0
        let session = Session.make(now: .init(timeIntervalSince1970: 0), lifetime: 60) { count in
            counter &+= 1
            return [UInt8](repeating: counter, count: count)
        }
        #expect(Session.isWellFormedToken(session.token))
        #expect(Session.isWellFormedToken(session.csrfToken))
        #expect(session.token != session.csrfToken)
        #expect(session.isValid(at: .init(timeIntervalSince1970: 59)))
        #expect(!session.isValid(at: .init(timeIntervalSince1970: 60)))
    }

    @Test(arguments: [
        "", "short", String(repeating: "a", count: 44), String(repeating: "a", count: 42) + "=",
        String(repeating: "é", count: 43), "' OR 1=1 --" + String(repeating: "a", count: 32),
    ])
    func malformedTokensAreNotWellFormed(token: String) {
        #expect(!Session.isWellFormedToken(token))
    }
}

@Suite struct DistanceUnitRegionTests {
    @Test(arguments: [
        ("en-US", DistanceUnit?.some(.miles)), ("en-us", .miles), ("en-LR", .miles), ("my-MM", .miles),
        ("en-US,en;q=0.9", .miles), ("en,en-US;q=0.9", .miles), ("es-US", .miles), ("en-GB", .kilometers),
        ("ko-KR", .kilometers), ("ko-KR,ko;q=0.9,en-US;q=0.8", .kilometers), ("en-US;q=0.5,de-DE", .kilometers),
        ("zh-Hant-TW", .kilometers), ("es-419", .kilometers), ("en", nil), ("ko", nil), ("", nil), ("*", nil),
        ("en-US;q=0", nil), (",,;;", nil), ("en-USA", nil),
    ])
    func theMostPreferredRegionChoosesTheUnit(header: String, unit: DistanceUnit?) {
        #expect(DistanceUnit.customary(acceptLanguage: header) == unit)
    }
}
