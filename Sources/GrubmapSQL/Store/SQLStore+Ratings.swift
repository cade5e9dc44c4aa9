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
                    SELECT r.stars AS stars, r.comment AS comment, r.hidden_reason AS hidden_reason FROM meal_ratings r
                    JOIN profiles p ON p.id = r.profile_id
                    WHERE p.session_token = \(TokenDigest(sessionToken)) AND r.place_id = \(placeID)
                        AND r.date = \(date.description) AND r.dish_key = \(key)
                    """),
                let stars = Stars(try row.value(named: "stars", as: Int.self))
            else { return nil }
            return OwnRating(
                stars: stars, comment: try row.value(named: "comment", as: String.self),
                hiddenReason: try row.value(named: "hidden_reason", as: String?.self))
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

    public func comments(ofDish id: Dish.ID, limit: Int) throws -> [RatingComment] {
        try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT \(sql: Self.commentColumns) FROM dish_keys k
                JOIN meal_ratings r ON r.area_id = k.area_id AND r.dish_key = k.dish_key
                LEFT JOIN profiles p ON p.id = r.profile_id
                WHERE k.dish_id = \(id) AND r.comment <> '' AND r.hidden_reason IS NULL
                ORDER BY r.rated_at DESC, r.id DESC LIMIT \(max(0, limit))
                """
            ).compactMap(Self.comment)
        }
    }

    public func comment(id: Int64) throws -> RatingComment? {
        try withConnection { connection in
            try connection.fetchOne(
                """
                SELECT \(sql: Self.commentColumns) FROM meal_ratings r
                LEFT JOIN dish_keys k ON k.area_id = r.area_id AND k.dish_key = r.dish_key
                LEFT JOIN profiles p ON p.id = r.profile_id
                WHERE r.id = \(id) AND r.comment <> ''
                """
            ).flatMap(Self.comment)
        }
    }

    @discardableResult
    public func flagComment(id: Int64, reporter: ReporterKey) throws -> Bool {
        try flag(.comments, id: id, reporter: reporter)
    }

    public func flaggedComments(inArea id: Area.ID) throws -> [RatingComment] {
        try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT \(sql: Self.commentColumns) FROM meal_ratings r
                LEFT JOIN dish_keys k ON k.area_id = r.area_id AND k.dish_key = r.dish_key
                LEFT JOIN profiles p ON p.id = r.profile_id
                WHERE r.area_id = \(id) AND r.flags > 0 AND r.hidden_reason IS NULL AND r.comment <> ''
                ORDER BY r.flags DESC, r.rated_at DESC LIMIT 200
                """
            ).compactMap(Self.comment)
        }
    }

    public func moderateComment(id: Int64, hiddenReason: String?, audit: AuditEntry) throws {
        guard let place = try moderate(.comments, id: id, hiddenReason: hiddenReason, audit: audit) else {
            throw StoreError.unknownComment(id: id)
        }
        didCommit([.ratings(place)])
    }

    /// What ``comment(_:)`` reads: the rating, its dish now, and its author's name.
    private static var commentColumns: SQL {
        """
        r.id AS id, r.area_id AS area_id, r.place_id AS place_id, r.date AS date, k.dish_id AS dish_id,
        r.stars AS stars, r.comment AS comment, r.rated_at AS rated_at, r.flags AS flags,
        p.first_name AS first_name, p.last_name AS last_name
        """
    }

    /// A comment of a row of ``commentColumns``; `nil` for a row that does not read as one.
    private static func comment(_ row: Row) -> RatingComment? {
        guard let id = try? row.value(named: "id", as: Int64.self),
            let area = try? row.value(named: "area_id", as: Area.ID.self),
            let place = try? row.value(named: "place_id", as: Place.ID.self),
            let dateText = try? row.value(named: "date", as: String.self),
            let date = try? CalendarDate(parsing: dateText),
            let stars = (try? row.value(named: "stars", as: Int.self)).flatMap(Stars.init),
            let text = try? row.value(named: "comment", as: String.self),
            let ratedAt = try? row.value(named: "rated_at", as: Date.self)
        else { return nil }
        return RatingComment(
            id: id, areaID: area, placeID: place, date: date,
            dishID: (try? row.value(named: "dish_id", as: Dish.ID?.self)) ?? nil, stars: stars, text: text,
            author: author(row), ratedAt: ratedAt,
            flags: (try? row.value(named: "flags", as: Int.self)) ?? 0)
    }

    /// "Ada L.": a row's `first_name` and the first letter of its `last_name`; `nil` without a profile.
    static func author(_ row: Row) -> String? {
        let first = (try? row.value(named: "first_name", as: String?.self)) ?? nil
        let last = (try? row.value(named: "last_name", as: String?.self)) ?? nil
        return first.map { name in last?.first.map { "\(name) \($0)." } ?? name }
    }

    /// A row's `stars` (their sum) and `ratings` (how many) as a summary; `nil` for none.
    private static func summary(_ row: Row) -> RatingSummary? {
        guard let sum = try? row.value(named: "stars", as: Int.self),
            let count = try? row.value(named: "ratings", as: Int.self), count > 0
        else { return nil }
        return RatingSummary(average: Double(sum) / Double(count), count: count)
    }
}
