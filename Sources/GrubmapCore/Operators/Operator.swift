import Foundation

/// Someone who runs Grubmap's data for some areas in the console: an organiser of a venue or a campus's cafeteria
/// staff. Unlike a visitor, an operator signs in with an email address and a password (and optionally a one-time
/// code), and may change only the areas they were given.
public struct Operator: Identifiable, Hashable, Sendable {
    public typealias ID = Slug<Operator>

    /// What an operator may do in their areas.
    public enum Role: String, CaseIterable, Sendable, Codable {
        /// Places, hours, menus, feeds and moderation.
        case editor
        /// An editor who also manages the operators and API keys of their areas.
        case admin
    }

    /// A random id, never shown to others.
    public let id: ID
    /// The address they sign in with, in lower case.
    public var email: String
    public var role: Role
    /// The areas they may see and change, ordered by id; never empty.
    public var areaIDs: [Area.ID]
    /// Whether they chose a password (until then only their set-up link works).
    public var hasPassword: Bool
    /// Whether sign-in also asks for a code from an authenticator app.
    public var hasSecondFactor: Bool
    public var createdAt: Date

    public init(
        id: ID, email: String, role: Role, areaIDs: [Area.ID], hasPassword: Bool = false,
        hasSecondFactor: Bool = false, createdAt: Date
    ) {
        self.id = id
        self.email = email
        self.role = role
        self.areaIDs = Array(Set(areaIDs)).sorted()
        self.hasPassword = hasPassword
        self.hasSecondFactor = hasSecondFactor
        self.createdAt = createdAt
    }

    /// Whether the operator may see and change `area`.
    public func mayEdit(_ area: Area.ID) -> Bool { areaIDs.contains(area) }

    /// Whether the operator may manage `other` (change their role or areas, reset or remove them): an admin, for an
    /// operator all of whose areas are the admin's own, never themselves.
    public func mayManage(_ other: Operator) -> Bool {
        role == .admin && other.id != id && other.areaIDs.allSatisfy(mayEdit)
    }

    /// An address as stored: trimmed and in lower case; throws for anything that is not `local@domain.tld`-shaped
    /// or longer than 254 characters (RFC 5321's limit).
    public static func normalizedEmail(_ text: String) throws(OperatorError) -> String {
        let address = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard address.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
            address.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 && $0 != "<" && $0 != ">" })
        else {
            throw .invalidEmail(String(text.prefix(80)))
        }
        return address
    }
}

/// Why an operator was refused.
public enum OperatorError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidEmail(String)
    case noAreas

    public var description: String {
        switch self {
        case .invalidEmail(let text): "\"\(text)\" is not an email address"
        case .noAreas: "an operator needs at least one area"
        }
    }
}
