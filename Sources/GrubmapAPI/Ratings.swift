import Foundation
import GrubmapCore

extension API {
    /// People's ratings of a meal of a day or of a dish over all days: the mean of their stars and how many.
    public struct RatingBody: Codable, Sendable, Equatable {
        public let average: Double
        public let count: Int

        public init(average: Double, count: Int) {
            self.average = average
            self.count = count
        }

        public init(_ summary: RatingSummary) {
            self.init(average: summary.average, count: summary.count)
        }
    }

    /// `PUT /api/v1/me/ratings`: the person's stars (1–5) for a meal (the dish served at a place on a day, today or
    /// the two days before), with an optional comment of at most 140 characters. Sent again, it replaces theirs.
    public struct RatingRequest: Codable, Sendable, Equatable {
        public let placeId: String
        public let date: String
        public let dishId: Int64
        public let stars: Int
        public let comment: String?

        public init(placeId: Place.ID, date: CalendarDate, dishId: Dish.ID, stars: Int, comment: String? = nil) {
            self.placeId = placeId.rawValue
            self.date = date.description
            self.dishId = dishId.rawValue
            self.stars = stars
            self.comment = comment
        }
    }

    /// The answer to a rating: what was stored, and the meal's ratings with it.
    public struct RatingResultBody: Codable, Sendable, Equatable {
        public let placeId: Place.ID
        public let date: CalendarDate
        public let dishId: Dish.ID
        public let stars: Int
        public let comment: String
        public let rating: RatingBody

        public init(
            placeId: Place.ID, date: CalendarDate, dishId: Dish.ID, stars: Int, comment: String, rating: RatingBody
        ) {
            self.placeId = placeId
            self.date = date
            self.dishId = dishId
            self.stars = stars
            self.comment = comment
            self.rating = rating
        }
    }
}
