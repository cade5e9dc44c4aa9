import Foundation
import GrubmapCore
import GrubmapHTTP

/// A preference value as a request gave it, before it is checked against its key.
enum PreferenceValue: Equatable {
    case null
    case text(String)
    case integer(Int)
    /// A JSON array, item by item.
    case list([PreferenceValue])
    /// Any other JSON value (an object, a fraction, a boolean), named for the error message.
    case other(String)

    /// The items of a list; `nil` for anything else.
    var items: [PreferenceValue]? {
        if case .list(let items) = self { return items }
        return nil
    }
}

/// Which of the area and place ids named in some preference changes exist.
struct ExistingIDs {
    var areas: Set<Area.ID> = []
    var places: Set<Place.ID> = []
}

extension App {
    /// Checks and stores changes to a session's preferences, all or none; the first refused value throws
    /// ``PreferenceError`` naming its field and nothing is saved.
    ///
    /// The areas and places the changes name are looked up first: a lookup inside the write transaction would
    /// need a second pooled connection while holding one, and enough people saving at once would starve the pool.
    @discardableResult
    func savePreferences(_ changes: [String: PreferenceValue], session: Session) throws -> Preferences {
        var existing = ExistingIDs()
        if case .text(let text) = changes[PreferenceKeys.defaultArea.name], let id = try? Area.ID(text),
            try environment.store.area(id: id) != nil
        {
            existing.areas.insert(id)
        }
        if let items = changes[PreferenceKeys.bookmarks.name]?.items {
            // A list over the limit is refused before anything is looked up.
            guard items.count <= PreferenceKeys.maximumBookmarks else {
                throw PreferenceError(
                    field: PreferenceKeys.bookmarks.name,
                    message: "at most \(PreferenceKeys.maximumBookmarks) places can be bookmarked")
            }
            for case .text(let text) in items {
                if let id = try? Place.ID(text), try environment.store.place(id: id) != nil {
                    existing.places.insert(id)
                }
            }
        }
        return try environment.store.updatePreferences(sessionToken: session.token) { preferences in
            try apply(changes, to: &preferences, existing: existing)
        }
    }

    /// Applies changes without I/O, given which of the ids they name exist.
    private func apply(_ changes: [String: PreferenceValue], to preferences: inout Preferences, existing: ExistingIDs)
        throws
    {
        for (name, value) in changes.sorted(by: { $0.key < $1.key }) {
            switch name {
            case PreferenceKeys.seenOnboardingVersion.name:
                switch value {
                case .null: preferences.reset(PreferenceKeys.seenOnboardingVersion)
                case .integer(let version): try preferences.set(version, for: PreferenceKeys.seenOnboardingVersion)
                default: throw PreferenceError(field: name, message: "must be a whole number or null")
                }
            case PreferenceKeys.onboardingStyle.name:
                try preferences.set(
                    try choice(value, field: name, as: OnboardingStyle.self), for: PreferenceKeys.onboardingStyle)
            case PreferenceKeys.units.name:
                try preferences.set(try choice(value, field: name, as: DistanceUnit.self), for: PreferenceKeys.units)
            case PreferenceKeys.language.name:
                let language = value == .null ? nil : try choice(value, field: name, as: Language.self)
                try preferences.set(language, for: PreferenceKeys.language)
            case PreferenceKeys.defaultArea.name:
                try preferences.set(
                    try existingArea(value, field: name, existing: existing), for: PreferenceKeys.defaultArea)
            case PreferenceKeys.bookmarks.name:
                try preferences.set(
                    try existingPlaces(value, field: name, existing: existing), for: PreferenceKeys.bookmarks)
            default:
                throw PreferenceError(
                    field: name,
                    message: "is not a preference (known: \(PreferenceKeys.names.sorted().joined(separator: ", ")))")
            }
        }
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

    private func existingArea(_ value: PreferenceValue, field: String, existing: ExistingIDs) throws -> Area.ID? {
        switch value {
        case .null:
            return nil
        case .text(let text):
            guard let id = try? Area.ID(text), existing.areas.contains(id) else {
                throw PreferenceError(field: field, message: "there is no area \"\(text.prefix(64))\"")
            }
            return id
        default:
            throw PreferenceError(field: field, message: "must be an area id or null")
        }
    }

    /// A list of ids of existing places, repeats dropped after the first; `null` is the empty list.
    private func existingPlaces(_ value: PreferenceValue, field: String, existing: ExistingIDs) throws -> [Place.ID] {
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
            guard let id = try? Place.ID(text), existing.places.contains(id) else {
                throw PreferenceError(field: field, message: "there is no place \"\(text.prefix(64))\"")
            }
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// `POST /api/v1/sessions`: a new session for an API client; send its token as `Authorization: Bearer`.
    func apiCreateSession(request: Request) throws -> Response {
        let session = try newSession(request: request, lifetime: environment.configuration.sessionLifetime)
        return .json(API.SessionCreated(token: session.token, expiresAt: session.expiresAt), status: .created)
    }

    /// `GET /api/v1/me/preferences`: every preference, defaults included.
    func apiPreferences(visitor: Visitor) throws -> Response {
        .json(API.PreferencesBody(visitor.preferences, bookmarks: try bookmarks(of: visitor)))
    }

    /// `PATCH /api/v1/me/preferences`: changes the given fields, all or none; 400 names the refused field.
    func apiUpdatePreferences(request: Request, visitor: Visitor) throws -> Response {
        try requireCSRF(visitor, request: request, formToken: nil)
        let changes = try preferenceChanges(fromJSON: request)
        do {
            let saved = try savePreferences(changes, session: visitor.session!)
            return .json(
                API.PreferencesBody(saved, bookmarks: try existingPlaces(saved[PreferenceKeys.bookmarks])))
        } catch let error as PreferenceError {
            throw HTTPError(.badRequest, code: "invalid_preference", message: error.description)
        }
    }

    private func preferenceChanges(fromJSON request: Request) throws(HTTPError) -> [String: PreferenceValue] {
        var changes: [String: PreferenceValue] = [:]
        for (name, value) in try jsonObject(request) {
            changes[name] = Self.preferenceValue(value)
        }
        return changes
    }

    private static func preferenceValue(_ value: Any) -> PreferenceValue {
        switch value {
        case is NSNull: return .null
        case let text as String: return .text(text)
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumber too; tell them apart by their type encoding.
            if String(cString: number.objCType) == "c" { return .other("a boolean") }
            let double = number.doubleValue
            guard double.rounded() == double, abs(double) < 1e15 else { return .other("a fraction") }
            return .integer(Int(double))
        case let list as [Any]: return .list(list.map(preferenceValue))
        default: return .other("an object")
        }
    }
}
