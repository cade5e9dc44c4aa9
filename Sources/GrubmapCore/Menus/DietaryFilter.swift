/// Which meals a person wants to see by what they eat: everything, only vegetarian ones, or only vegan ones.
public enum Diet: String, CaseIterable, Codable, Sendable {
    case all, vegetarian, vegan
}

/// The meals a person wants to see: a diet and the allergens they avoid, read from the meals' notes.
///
/// A meal is shown unless a note names an avoided allergen, or the diet asks for a mark no note makes. A note
/// Grubmap cannot read never hides a meal by itself (it is shown as written); it only cannot vouch for one.
public struct DietaryFilter: Hashable, Sendable {
    public var diet: Diet
    /// Kept sorted, without repeats.
    public private(set) var avoiding: [Allergen]

    public init(diet: Diet = .all, avoiding: some Sequence<Allergen> = []) {
        self.diet = diet
        self.avoiding = Array(Set(avoiding)).sorted()
    }

    /// Whether the filter shows every meal.
    public var isEmpty: Bool { diet == .all && avoiding.isEmpty }

    /// Whether `meal` passes.
    public func shows(_ meal: Meal) -> Bool {
        guard !isEmpty else { return true }
        let readings = meal.notes.map(NoteReading.init)
        if !avoiding.isEmpty {
            let named = readings.reduce(into: Set<Allergen>()) { $0.formUnion($1.allergens) }
            if !named.isDisjoint(with: avoiding) { return false }
        }
        let marks = Set(readings.compactMap(\.diet))
        switch diet {
        case .all: return true
        case .vegetarian: return !marks.isEmpty
        case .vegan: return marks.contains(.vegan)
        }
    }
}

extension Preferences {
    /// The person's dietary filter.
    public var dietaryFilter: DietaryFilter {
        DietaryFilter(diet: self[PreferenceKeys.diet], avoiding: self[PreferenceKeys.avoidAllergens])
    }
}
