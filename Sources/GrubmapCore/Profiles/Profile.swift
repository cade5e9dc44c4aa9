import Foundation

/// How a person shows themselves to others: a name, where they work, a line about them, and a picture.
public struct Profile: Identifiable, Hashable, Sendable {
    public typealias ID = Slug<Profile>

    /// A random id, used in avatar addresses; never shown and never the session token.
    public let id: ID
    public var firstName: String
    public var lastName: String
    public var company: String
    public var bio: String
    /// The media type of the uploaded avatar, or `nil` for generated initials.
    public var avatarType: Avatar.MediaType?

    public init(
        id: ID, firstName: String, lastName: String, company: String = "", bio: String = "",
        avatarType: Avatar.MediaType? = nil
    ) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.company = company
        self.bio = bio
        self.avatarType = avatarType
    }

    /// "First Last".
    public var fullName: String { "\(firstName) \(lastName)" }

    /// Two letters for a generated avatar: the first of the first name and of the last name ("JG").
    public var initials: String {
        [firstName, lastName].compactMap { $0.first.map { String($0).uppercased() } }.joined()
    }
}

/// The fields of a profile as typed, checked against their limits before anything is saved.
public struct ProfileDraft: Equatable, Sendable {
    public var firstName: String
    public var lastName: String
    public var company: String
    public var bio: String

    /// Limits in characters (grapheme clusters, as people count them).
    public static let nameLimit = 1...40
    public static let companyLimit = 0...60
    public static let bioLimit = 0...100

    public init(firstName: String, lastName: String, company: String = "", bio: String = "") {
        self.firstName = firstName
        self.lastName = lastName
        self.company = company
        self.bio = bio
    }

    /// The fields trimmed of surrounding whitespace, with line breaks in one-line fields made spaces.
    public var normalized: ProfileDraft {
        func clean(_ text: String) -> String {
            text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return ProfileDraft(
            firstName: clean(firstName), lastName: clean(lastName), company: clean(company),
            bio: bio.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// What is wrong with each field, by field name (`firstName`, …); empty when the draft can be saved.
    public var problems: [String: String] {
        let draft = normalized
        var problems: [String: String] = [:]
        func check(_ name: String, _ value: String, _ limit: ClosedRange<Int>, _ label: String) {
            if value.count < limit.lowerBound {
                problems[name] = "\(label) is required"
            } else if value.count > limit.upperBound {
                problems[name] = "\(label) has at most \(limit.upperBound) characters (\(value.count) given)"
            } else if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" })
            {
                problems[name] = "\(label) has characters that can't be shown"
            }
        }
        check("firstName", draft.firstName, Self.nameLimit, "First name")
        check("lastName", draft.lastName, Self.nameLimit, "Last name")
        check("company", draft.company, Self.companyLimit, "Company")
        check("bio", draft.bio, Self.bioLimit, "Bio")
        return problems
    }
}
