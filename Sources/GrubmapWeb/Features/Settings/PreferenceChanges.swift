import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapStore

/// A preference value as a request gave it, before it is checked against its key.
enum PreferenceValue: Equatable, Decodable {
    case null
    case text(String)
    case integer(Int)
    /// A JSON array, item by item.
    case list([PreferenceValue])
    /// Any other JSON value (an object, a fraction, a boolean), named for the error message.
    case other(String)

    init(from decoder: any Decoder) throws {
        if var items = try? decoder.unkeyedContainer() {
            var list: [PreferenceValue] = []
            while !items.isAtEnd { list.append(try items.decode(PreferenceValue.self)) }
            self = .list(list)
            return
        }
        guard let value = try? decoder.singleValueContainer() else {
            self = .other("an object")
            return
        }
        if value.decodeNil() {
            self = .null
        } else if (try? value.decode(Bool.self)) != nil {
            self = .other("a boolean")
        } else if let integer = try? value.decode(Int.self) {
            self = .integer(integer)
        } else if (try? value.decode(Double.self)) != nil {
            self = .other("a fraction")
        } else if let text = try? value.decode(String.self) {
            self = .text(text)
        } else {
            self = .other("an object")
        }
    }
}

/// Changes to some of a person's preferences by name, all applied or none: the body of `PATCH
/// /api/v1/me/preferences`, and what the settings form and other pages change.
struct PreferenceChanges: Decodable {
    var values: [String: PreferenceValue]

    init(_ values: [String: PreferenceValue]) {
        self.values = values
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var values: [String: PreferenceValue] = [:]
        for key in container.allKeys {
            values[key.stringValue] = try container.decode(PreferenceValue.self, forKey: key)
        }
        self.values = values
    }

    /// The place ids the changes name (the bookmarks'), to look up before ``apply(to:catalog:places:)``.
    var placeIDs: [Place.ID] {
        values[PreferenceKeys.bookmarks.name]?.items?.compactMap { item in
            if case .text(let text) = item { try? Place.ID(text) } else { nil }
        } ?? []
    }

    /// Applies the changes, checking each value against its key, the areas it names against `catalog` and the
    /// places against `places` (those of ``placeIDs`` that exist, looked up beforehand: this may run inside a
    /// transaction, which must not borrow another connection); the first refused value throws ``PreferenceError``
    /// naming its field, and `preferences` is left as it was.
    func apply(to preferences: inout Preferences, catalog: Catalog, places: Set<Place.ID>) throws {
        var changed = preferences
        if let items = values[PreferenceKeys.bookmarks.name]?.items, items.count > PreferenceKeys.maximumBookmarks {
            throw PreferenceError(
                field: PreferenceKeys.bookmarks.name,
                message: "at most \(PreferenceKeys.maximumBookmarks) places can be bookmarked")
        }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            switch name {
            case PreferenceKeys.seenOnboardingVersion.name:
                switch value {
                case .null: changed.reset(PreferenceKeys.seenOnboardingVersion)
                case .integer(let version): try changed.set(version, for: PreferenceKeys.seenOnboardingVersion)
                default: throw PreferenceError(field: name, message: "must be a whole number or null")
                }
            case PreferenceKeys.onboardingStyle.name:
                try changed.set(
                    try choice(value, field: name, as: OnboardingStyle.self), for: PreferenceKeys.onboardingStyle)
            case PreferenceKeys.units.name:
                let units = value == .null ? nil : try choice(value, field: name, as: DistanceUnit.self)
                try changed.set(units, for: PreferenceKeys.units)
            case PreferenceKeys.language.name:
                let language = value == .null ? nil : try choice(value, field: name, as: Language.self)
                try changed.set(language, for: PreferenceKeys.language)
            case PreferenceKeys.defaultArea.name:
                try changed.set(try area(value, field: name, catalog: catalog), for: PreferenceKeys.defaultArea)
            case PreferenceKeys.bookmarks.name:
                try changed.set(try self.places(value, field: name, existing: places), for: PreferenceKeys.bookmarks)
            case PreferenceKeys.priceRole.name:
                try changed.set(try choice(value, field: name, as: PriceRole.self), for: PreferenceKeys.priceRole)
            case PreferenceKeys.diet.name:
                try changed.set(try choice(value, field: name, as: Diet.self), for: PreferenceKeys.diet)
            case PreferenceKeys.avoidAllergens.name:
                try changed.set(try allergens(value, field: name), for: PreferenceKeys.avoidAllergens)
            default:
                throw PreferenceError(
                    field: name,
                    message: "is not a preference (known: \(PreferenceKeys.names.sorted().joined(separator: ", ")))")
            }
        }
        preferences = changed
    }

    private func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: PreferenceValue, field: String, as type: Choice.Type
    ) throws -> Choice where Choice.RawValue == String {
        let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .text(let text) = value, let choice = Choice(rawValue: text) else {
            throw PreferenceError(field: field, message: "must be one of \(allowed)")
        }
        return choice
    }

    private func area(_ value: PreferenceValue, field: String, catalog: Catalog) throws -> Area.ID? {
        switch value {
        case .null:
            return nil
        case .text(let text):
            guard let id = try? Area.ID(text), try catalog.area(id) != nil else {
                throw PreferenceError(field: field, message: "there is no area \"\(text.prefix(64))\"")
            }
            return id
        default:
            throw PreferenceError(field: field, message: "must be an area id or null")
        }
    }

    /// A list of allergens, in any order and with repeats (stored sorted, once each); `null` is the empty list.
    private func allergens(_ value: PreferenceValue, field: String) throws -> [Allergen] {
        let items: [PreferenceValue]
        switch value {
        case .null: items = []
        case .list(let list): items = list
        default: throw PreferenceError(field: field, message: "must be a list of allergens")
        }
        return Array(Set(try items.map { try choice($0, field: field, as: Allergen.self) })).sorted()
    }

    /// A list of ids of existing places, repeats dropped after the first; `null` is the empty list.
    private func places(_ value: PreferenceValue, field: String, existing: Set<Place.ID>) throws -> [Place.ID] {
        let items: [PreferenceValue]
        switch value {
        case .null: items = []
        case .list(let list): items = list
        default: throw PreferenceError(field: field, message: "must be a list of place ids")
        }
        var ids: [Place.ID] = []
        for item in items {
            guard case .text(let text) = item else {
                throw PreferenceError(field: field, message: "must be a list of place ids")
            }
            guard let id = try? Place.ID(text), existing.contains(id) else {
                throw PreferenceError(field: field, message: "there is no place \"\(text.prefix(64))\"")
            }
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }
}

extension PreferenceValue {
    /// The items of a list; `nil` for anything else.
    var items: [PreferenceValue]? {
        if case .list(let items) = self { return items }
        return nil
    }
}

/// Saves a visitor's preferences where they live: in their stored session when they have one (all or none, in one
/// transaction), else in their device cookie, which the response then carries.
struct PreferenceWriter: Sendable {
    let store: any SessionStore

    /// Saves `changes` for the visitor; a change a device cannot keep (bookmarks) needs a ``SessionContext``.
    @discardableResult
    func save(_ changes: PreferenceChanges, for context: VisitorContext) throws -> Preferences {
        if let session = context.visitor.session { return try save(changes, session: session, context: context) }
        if let field = changes.values.keys.sorted().first(where: { !DeviceCookie.keys.contains($0) }) {
            throw PreferenceError(field: field, message: "is kept only in a stored session")
        }
        var preferences = context.preferences
        try changes.apply(to: &preferences, catalog: context.catalog, places: [])
        context.cookies.device = context.visitor.device.with(preferences, at: context.now)
        return preferences
    }

    /// Saves `changes` in the visitor's session.
    @discardableResult
    func save(_ changes: PreferenceChanges, for context: SessionContext) throws -> Preferences {
        try save(changes, session: context.session, context: context.parent)
    }

    /// Saves `change` (which may read what is stored) in the visitor's session.
    @discardableResult
    func update(for context: SessionContext, _ change: (inout Preferences) throws -> Void) throws -> Preferences {
        let saved = try store.updatePreferences(sessionToken: context.session.token, change)
        context.cookies.device = context.visitor.device.with(saved, at: context.now)
        return saved
    }

    private func save(_ changes: PreferenceChanges, session: Session, context: VisitorContext) throws -> Preferences {
        let places = Set(try context.existingPlaces(changes.placeIDs))
        let saved = try store.updatePreferences(sessionToken: session.token) { preferences in
            try changes.apply(to: &preferences, catalog: context.catalog, places: places)
        }
        context.cookies.device = context.visitor.device.with(saved, at: context.now)
        return saved
    }
}
