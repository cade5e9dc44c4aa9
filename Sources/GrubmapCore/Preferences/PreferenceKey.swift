/// A typed preference: its stored name, its default, and which values are allowed.
///
/// In the spirit of sindresorhus/Defaults: `Preferences[.units]` reads a `DistanceUnit`, never an untyped value,
/// and a stored value that cannot be read as one (unknown, corrupt, from an older Grubmap) reads as the default.
public struct PreferenceKey<Value: Codable & Sendable & Equatable>: Sendable {
    /// The name the value is stored and sent under, like `units`.
    public let name: String
    /// What reading gives when nothing valid is stored.
    public let defaultValue: Value
    private let check: @Sendable (Value) -> String?

    /// Makes a key; `validate` returns why a value is refused, or `nil` when it is fine.
    public init(
        _ name: String, default defaultValue: Value, validate: @escaping @Sendable (Value) -> String? = { _ in nil }
    ) {
        self.name = name
        self.defaultValue = defaultValue
        self.check = validate
    }

    /// Why `value` may not be stored under this key, or `nil` when it may.
    public func problem(with value: Value) -> String? {
        check(value)
    }
}

/// The keys Grubmap remembers for a person.
public enum PreferenceKeys {
    /// The onboarding content version the person last saw; `nil` before their first onboarding.
    public static let seenOnboardingVersion = PreferenceKey<Int?>(
        "seenOnboardingVersion", default: nil,
        validate: { version in (version ?? 0) < 0 ? "must be a version number, 0 or more" : nil })
    /// How onboarding is shown.
    public static let onboardingStyle = PreferenceKey<OnboardingStyle>("onboardingStyle", default: .basic)
    /// The area `/` opens; `nil` means the operator's default.
    public static let defaultArea = PreferenceKey<Area.ID?>("defaultArea", default: nil)
    /// How distances are shown; `nil` follows the region of the browser's language
    /// (``DistanceUnit/customary(acceptLanguage:)``).
    public static let units = PreferenceKey<DistanceUnit?>("units", default: nil)
    /// The interface language; `nil` follows the browser's `Accept-Language`.
    public static let language = PreferenceKey<Language?>("language", default: nil)
    /// The places the person bookmarked, by id, in the order they were bookmarked (at most 200, no repeats).
    /// Ids of places that no longer exist may linger here; readers drop them.
    public static let bookmarks = PreferenceKey<[Place.ID]>(
        "bookmarks", default: [],
        validate: { ids in
            if ids.count > maximumBookmarks { return "at most \(maximumBookmarks) places can be bookmarked" }
            return Set(ids).count == ids.count ? nil : "a place can be bookmarked only once"
        })
    /// The price shown large on menus: whose it is (OpenMensa's roles: students, staff, pupils, guests).
    public static let priceRole = PreferenceKey<PriceRole>("priceRole", default: .student)
    /// The diet menus are filtered by.
    public static let diet = PreferenceKey<Diet>("diet", default: .all)
    /// The allergens whose meals menus hide, sorted, without repeats.
    public static let avoidAllergens = PreferenceKey<[Allergen]>(
        "avoidAllergens", default: [],
        validate: { allergens in
            allergens == Array(Set(allergens)).sorted() ? nil : "each allergen at most once, in the listed order"
        })
    /// The dishes the person follows, by id, in the order they followed them (at most 100, no repeats): the board's
    /// strip, the calendar feed and push messages tell when one is served. A merged dish's id leads to the dish it
    /// went into; ids of dishes that no longer exist may linger here, and readers drop them.
    public static let followedDishes = PreferenceKey<[Dish.ID]>(
        "followedDishes", default: [],
        validate: { ids in
            if ids.count > maximumFollowedDishes { return "at most \(maximumFollowedDishes) dishes can be followed" }
            return Set(ids).count == ids.count ? nil : "a dish can be followed only once"
        })
    /// Whether the person's calendar feed also holds the meals of their bookmarked places.
    public static let calendarIncludesBookmarks = PreferenceKey<Bool>("calendarIncludesBookmarks", default: false)
    /// The most places ``bookmarks`` holds.
    public static let maximumBookmarks = 200
    /// The most dishes ``followedDishes`` holds.
    public static let maximumFollowedDishes = 100

    /// Every key's name the preferences API and the settings form change, for refusing unknown names in requests.
    /// Followed dishes and the calendar's choice have addresses of their own.
    public static let names: Set<String> = [
        seenOnboardingVersion.name, onboardingStyle.name, defaultArea.name, units.name, language.name,
        bookmarks.name, priceRole.name, diet.name, avoidAllergens.name,
    ]
}
