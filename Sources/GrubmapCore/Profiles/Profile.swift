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
    /// Why an operator hid the bio and picture (the profile then shows as initials only), or `nil`.
    public var hiddenReason: String?

    public init(
        id: ID, firstName: String, lastName: String, company: String = "", bio: String = "",
        avatarType: Avatar.MediaType? = nil, hiddenReason: String? = nil
    ) {
        self.hiddenReason = hiddenReason
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.company = company
        self.bio = bio
        self.avatarType = avatarType
    }

    /// Whether an operator hid the bio and picture.
    public var isHidden: Bool { hiddenReason != nil }

    /// The bio others see: none while the profile is hidden.
    public var publicBio: String { isHidden ? "" : bio }

    /// Whether others see an uploaded picture: not while the profile is hidden.
    public var showsPicture: Bool { avatarType != nil && !isHidden }

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

    /// Limits in characters (grapheme clusters, as people count them) and in Unicode scalars; names must show a
    /// letter or digit.
    public static let nameLimit = TextLimits(characters: 1...40, requiresVisibleLetter: true)
    public static let companyLimit = TextLimits(characters: 0...60)
    public static let bioLimit = TextLimits(characters: 0...100, allowsLineBreaks: true)

    public init(firstName: String, lastName: String, company: String = "", bio: String = "") {
        self.firstName = firstName
        self.lastName = lastName
        self.company = company
        self.bio = bio
    }

    /// The fields trimmed of surrounding whitespace and of bidirectional controls, with line breaks in one-line
    /// fields made spaces and Windows line breaks in the bio made plain.
    public var normalized: ProfileDraft {
        func clean(_ text: String) -> String {
            text.removingBidiControls.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(
                of: "\n", with: " "
            )
            .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return ProfileDraft(
            firstName: clean(firstName), lastName: clean(lastName), company: clean(company),
            bio: bio.removingBidiControls.replacingOccurrences(of: "\r\n", with: "\n")
                .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The draft with each field cut to what its limits could ever accept, to show a refused form back.
    public var clipped: ProfileDraft {
        ProfileDraft(
            firstName: Self.nameLimit.clipped(firstName), lastName: Self.nameLimit.clipped(lastName),
            company: Self.companyLimit.clipped(company), bio: Self.bioLimit.clipped(bio))
    }

    /// What is wrong with each field, by field name (`firstName`, …); empty when the draft can be saved.
    public var problems: [String: String] {
        let draft = normalized
        var problems: [String: String] = [:]
        for (name, value, limits, label) in [
            ("firstName", draft.firstName, Self.nameLimit, "First name"),
            ("lastName", draft.lastName, Self.nameLimit, "Last name"),
            ("company", draft.company, Self.companyLimit, "Company"), ("bio", draft.bio, Self.bioLimit, "Bio"),
        ] {
            problems[name] = limits.problem(with: value)?.message(label: label)
        }
        return problems
    }
}
