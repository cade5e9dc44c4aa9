/// A dish of an area: what meals of any place and day are when their names have one ``DishKey`` (or keys an
/// operator merged). Ratings, photos and followers of later waves hang on its id.
public struct Dish: Identifiable, Hashable, Sendable {
    /// A dish's id: a positive number the store gives, never reused. A dish merged into another keeps its id, which
    /// then leads to the other.
    public typealias ID = Serial<Dish>

    public let id: ID
    public let areaID: Area.ID
    /// The dish's name per language; a dish made from a meal starts with that meal's name in its own language.
    public let names: [Language: String]
    /// The keys whose meals are this dish, in key order; never empty.
    public let keys: [DishKey]

    public init(id: ID, areaID: Area.ID, names: [Language: String], keys: [DishKey]) {
        self.id = id
        self.areaID = areaID
        self.names = names
        self.keys = keys
    }

    /// What a meal named `mealName` (one of this dish's) is called for a reader of `language`, and the menu's own
    /// words beneath when they differ: the menu's text when it is written in the reader's language or the dish has
    /// no name in it, else the dish's name in it.
    public func shown(mealName: String, in language: Language) -> (name: String, original: String?) {
        guard Language.ofMealName(mealName) != language, let translated = names[language], translated != mealName
        else { return (mealName, nil) }
        return (translated, mealName)
    }
}

/// A day a dish is on a place's menu.
public struct DishServing: Hashable, Sendable {
    public let placeID: Place.ID
    public let date: CalendarDate

    public init(placeID: Place.ID, date: CalendarDate) {
        self.placeID = placeID
        self.date = date
    }
}

/// The longest name a dish may have in one language (Unicode scalars), as long as a meal's name.
public enum DishName {
    public static let maximumLength = 250

    /// The name cleaned as menus clean names (whitespace runs made one space), or why it cannot be one.
    public static func clean(_ text: String) -> Result<String, DishNameError> {
        guard let cleaned = MenuText.clean(text) else { return .failure(.empty) }
        guard cleaned.unicodeScalars.count <= maximumLength else {
            return .failure(.tooLong(cleaned.unicodeScalars.count))
        }
        return .success(cleaned)
    }
}

/// Why a dish's name was refused.
public enum DishNameError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(Int)

    public var description: String {
        switch self {
        case .empty: "a dish's name must not be empty"
        case .tooLong(let count): "a dish's name must be at most \(DishName.maximumLength) characters, got \(count)"
        }
    }
}
