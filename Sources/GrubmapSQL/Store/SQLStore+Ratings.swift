import Foundation
import GrubmapCore
import GrubmapStore

/// Ratings (migration 15): `meal_ratings` holds one row per profile and meal of a day. Summaries are sums and counts
/// read as integers on both databases and divided here.
extension SQLStore {
    public func rate(_ draft: RatingDraft, key: DishKey, areaID: Area.ID, sessionToken: String, at date: Date) throws
        -> RatingSummary?
    {
        let summary = try write { connection -> RatingSummary? in
            // The profile is found as the row is written: no profile, no row.
            try connection.execute(
                """
                INSERT INTO meal_ratings (area_id, place_id, date, dish_key, profile_id, stars, comment, rated_at)
                SELECT \(areaID), \(draft.placeID), \(draft.date.description), \(key), id, \(draft.stars.value),
                    \(draft.comment), \(date)
                FROM profiles WHERE session_token = \(TokenDigest(sessionToken))
                ON CONFLICT (place_id, date, dish_key, profile_id) DO UPDATE SET stars = excluded.stars,
                    comment = excluded.comment, rated_at = excluded.rated_at
                """)
            guard connection.changes > 0 else { return nil }
            return try connection.fetchOne(
                """
                SELECT sum(stars) AS stars, count(*) AS ratings FROM meal_ratings
                WHERE place_id = \(draft.placeID) AND date = \(draft.date.description) AND dish_key = \(key)
                """
            ).flatMap(Self.summary)
        }
        if summary != nil { didCommit([.ratings(draft.placeID)]) }
        return summary
    }

    public func rating(sessionToken: String, placeID: Place.ID, date: CalendarDate, key: DishKey) throws
        -> OwnRating?
    {
        try withConnection { connection in
            guard
                let row = try connection.fetchOne(
                    """
                    SELECT r.stars AS stars, r.comment AS comment FROM meal_ratings r
                    JOIN profiles p ON p.id = r.profile_id
                    WHERE p.session_token = \(TokenDigest(sessionToken)) AND r.place_id = \(placeID)
                        AND r.date = \(date.description) AND r.dish_key = \(key)
                    """),
                let stars = Stars(try row.value(named: "stars", as: Int.self))
            else { return nil }
            return OwnRating(stars: stars, comment: try row.value(named: "comment", as: String.self))
        }
    }

    public func mealRatings(placeID: Place.ID, on date: CalendarDate) throws -> [DishKey: RatingSummary] {
        try withConnection { connection in
            var ratings: [DishKey: RatingSummary] = [:]
            for row in try connection.fetchAll(
                """
                SELECT dish_key, sum(stars) AS stars, count(*) AS ratings FROM meal_ratings
                WHERE place_id = \(placeID) AND date = \(date.description) GROUP BY dish_key
                """)
            {
                guard let key = try row.value(named: "dish_key", as: DishKey?.self), let summary = Self.summary(row)
                else { continue }
                ratings[key] = summary
            }
            return ratings
        }
    }

    public func mealRatings(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: [DishKey: RatingSummary]] {
        try withConnection { connection in
            var ratings: [Place.ID: [DishKey: RatingSummary]] = [:]
            for row in try connection.fetchAll(
                """
                SELECT place_id, dish_key, sum(stars) AS stars, count(*) AS ratings FROM meal_ratings
                WHERE area_id = \(id) AND date = \(date.description) GROUP BY place_id, dish_key
                """)
            {
                guard let placeID = try? row.value(named: "place_id", as: Place.ID.self),
                    let key = try row.value(named: "dish_key", as: DishKey?.self), let summary = Self.summary(row)
                else { continue }
                ratings[placeID, default: [:]][key] = summary
            }
            return ratings
        }
    }

    public func dishRatings(ids: Set<Dish.ID>) throws -> [Dish.ID: RatingSummary] {
        guard !ids.isEmpty else { return [:] }
        return try withConnection { connection in
            var ratings: [Dish.ID: RatingSummary] = [:]
            for list in SQL.inLists(ids.sorted()) {
                for row in try connection.fetchAll(
                    """
                    SELECT k.dish_id AS dish_id, sum(r.stars) AS stars, count(*) AS ratings FROM dish_keys k
                    JOIN meal_ratings r ON r.area_id = k.area_id AND r.dish_key = k.dish_key
                    WHERE k.dish_id IN (\(sql: list)) GROUP BY k.dish_id
                    """)
                {
                    guard let id = try row.value(named: "dish_id", as: Dish.ID?.self), let summary = Self.summary(row)
                    else { continue }
                    ratings[id] = summary
                }
            }
            return ratings
        }
    }

    /// A row's `stars` (their sum) and `ratings` (how many) as a summary; `nil` for none.
    private static func summary(_ row: Row) -> RatingSummary? {
        guard let sum = try? row.value(named: "stars", as: Int.self),
            let count = try? row.value(named: "ratings", as: Int.self), count > 0
        else { return nil }
        return RatingSummary(average: Double(sum) / Double(count), count: count)
    }
}
