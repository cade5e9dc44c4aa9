/// Why a store refused a call or could not read what it holds.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stored row could not be turned back into a value (corrupt JSON, an invalid id or coordinate).
    case unreadableRow(table: String, id: String, column: String, reason: String)
    /// `save(area:places:)` was given a place that belongs to another area; nothing was saved.
    case placeInOtherArea(place: String, placeArea: String, savedArea: String)
    /// `save(area:places:)` was given two places with the same id; nothing was saved.
    case duplicatePlace(id: String)
    /// The health check got a wrong answer.
    case unhealthy(String)
    /// There is no place with this id; nothing was saved.
    case unknownPlace(id: String)
    /// A place of some area, archived or not, has this id already; nothing was saved.
    case placeIDTaken(id: String)
    /// `replaceMenus(_:placeID:)` was given two menus for one date; nothing was saved.
    case duplicateMenuDate(place: String, date: String)
    /// Another operator has this address; nothing was saved.
    case duplicateEmail(String)
    /// There is no area with this id; nothing was saved.
    case unknownArea(id: String)
    /// There is no operator with this id; nothing was changed.
    case unknownOperator(id: String)
    /// There is no profile with this id; nothing was changed.
    case unknownProfile(id: String)
    /// There is no comment with this id; nothing was changed.
    case unknownComment(id: Int64)
    /// There is no meal photo with this id; nothing was changed.
    case unknownPhoto(id: Int64)
    /// A ``PlaceQuery`` that cannot be answered (a limit out of range, a radius without a point).
    case invalidQuery(String)
    /// The place's area has as many feeds as it may have; nothing was saved.
    case feedLimitReached(area: String, limit: Int)

    public var description: String {
        switch self {
        case .unreadableRow(let table, let id, let column, let reason):
            "cannot read \(column) of \(table) row \"\(id)\": \(reason)"
        case .placeInOtherArea(let place, let placeArea, let savedArea):
            "place \"\(place)\" belongs to area \"\(placeArea)\", not to the saved area \"\(savedArea)\"; "
                + "nothing was saved"
        case .duplicatePlace(let id):
            "place \"\(id)\" is given twice; nothing was saved"
        case .unhealthy(let reason):
            "the store is not healthy: \(reason)"
        case .unknownPlace(let id):
            "there is no place \"\(id)\"; nothing was saved"
        case .placeIDTaken(let id):
            "a place with the id \"\(id)\" exists already; nothing was saved"
        case .duplicateMenuDate(let place, let date):
            "place \"\(place)\" is given two menus for \(date); nothing was saved"
        case .duplicateEmail(let email):
            "an operator with the address \(email) exists already; nothing was saved"
        case .unknownArea(let id):
            "there is no area \"\(id)\"; nothing was saved"
        case .unknownOperator(let id):
            "there is no operator \"\(id)\"; nothing was changed"
        case .unknownProfile(let id):
            "there is no profile \"\(id)\"; nothing was changed"
        case .unknownComment(let id):
            "there is no comment \(id); nothing was changed"
        case .unknownPhoto(let id):
            "there is no photo \(id); nothing was changed"
        case .invalidQuery(let reason):
            "the places cannot be looked up so: \(reason)"
        case .feedLimitReached(let area, let limit):
            "area \"\(area)\" has \(limit) feeds, the most it may have; nothing was saved"
        }
    }
}
