import Foundation

/// One to five stars, as a person rates a meal.
public struct Stars: Hashable, Sendable, Comparable, Codable {
    public static let range = 1...5

    public let value: Int

    /// `nil` outside ``range``.
    public init?(_ value: Int) {
        guard Self.range.contains(value) else { return nil }
        self.value = value
    }

    public static func < (lhs: Stars, rhs: Stars) -> Bool { lhs.value < rhs.value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let stars = Stars(try container.decode(Int.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "stars are 1 to 5")
        }
        self = stars
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// What people's ratings of a meal of a day, or of a dish over all days, come to: their mean and how many.
public struct RatingSummary: Hashable, Sendable {
    /// The mean of the stars, 1 to 5.
    public let average: Double
    /// How many ratings; at least one (no ratings is no summary).
    public let count: Int

    public init(average: Double, count: Int) {
        self.average = average
        self.count = count
    }

    /// The mean to one decimal, as people read it ("4.3"): rounded half up, so 4.25 shows as 4.3.
    public var shownAverage: String {
        let tenths = Int((average * 10).rounded(.toNearestOrAwayFromZero))
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// A person's rating of a meal as they send it: the place and day it was served, its dish, the stars, and a comment.
public struct RatingDraft: Hashable, Sendable {
    public let placeID: Place.ID
    public let date: CalendarDate
    public let dishID: Dish.ID
    public let stars: Stars
    /// Trimmed; empty when the person wrote none.
    public let comment: String

    /// A comment is one line of at most 140 characters (a short remark, not a review).
    public static let commentLimit = TextLimits(characters: 0...140)

    /// How many days back a meal can still be rated: one served today or on the two days before, when the person
    /// could have eaten it and still remembers.
    public static let daysBack = 2

    /// The draft, or the problem with its comment (trimmed first).
    public init(placeID: Place.ID, date: CalendarDate, dishID: Dish.ID, stars: Stars, comment: String)
        throws(TextProblem)
    {
        let trimmed = comment.trimmingCharacters(in: .whitespacesAndNewlines)
        if let problem = Self.commentLimit.problem(with: trimmed) { throw problem }
        self.placeID = placeID
        self.date = date
        self.dishID = dishID
        self.stars = stars
        self.comment = trimmed
    }

    /// Whether a meal served on `date` can be rated on `today` (the area's): ``daysBack`` days back up to today.
    public static func isRateable(_ date: CalendarDate, today: CalendarDate) -> Bool {
        date <= today && date >= today.adding(days: -daysBack)
    }
}

/// What a person gave a meal, as their rating page shows it back to change.
public struct OwnRating: Hashable, Sendable {
    public let stars: Stars
    public let comment: String
    /// Why an operator hid the comment from others, which its author sees; `nil` while it shows.
    public let hiddenReason: String?

    public init(stars: Stars, comment: String, hiddenReason: String? = nil) {
        self.stars = stars
        self.comment = comment
        self.hiddenReason = hiddenReason
    }
}

/// A rating with a comment, as others read it under a dish and operators see it when people flag it.
public struct RatingComment: Hashable, Sendable, Identifiable {
    /// A positive number the store gives the rating.
    public let id: Int64
    public let areaID: Area.ID
    public let placeID: Place.ID
    public let date: CalendarDate
    /// The dish its meal is now (after any merge); `nil` for a meal whose key has no dish.
    public let dishID: Dish.ID?
    public let stars: Stars
    public let text: String
    /// "Ada L.": the author's first name and the first letter of their last; `nil` once their profile is gone.
    public let author: String?
    public let ratedAt: Date
    /// How many people flagged it since an operator last looked.
    public let flags: Int

    public init(
        id: Int64, areaID: Area.ID, placeID: Place.ID, date: CalendarDate, dishID: Dish.ID?, stars: Stars, text: String,
        author: String?, ratedAt: Date, flags: Int
    ) {
        self.id = id
        self.areaID = areaID
        self.placeID = placeID
        self.date = date
        self.dishID = dishID
        self.stars = stars
        self.text = text
        self.author = author
        self.ratedAt = ratedAt
        self.flags = flags
    }
}
