import Foundation
import GrubmapCore
import GrubmapStore

/// Meal photos (migration 17): `meal_photos` holds one row per profile and meal of a day with both pictures; lists
/// read every column but the pictures, which are read one at a time as they are served.
extension SQLStore {
    public func addPhoto(
        _ images: PhotoImages, key: DishKey, placeID: Place.ID, date: CalendarDate, areaID: Area.ID,
        sessionToken: String, at time: Date
    ) throws -> PhotoUpload {
        let upload = try write { connection -> PhotoUpload in
            guard
                let profile = try connection.fetchOne(
                    "SELECT id FROM profiles WHERE session_token = \(TokenDigest(sessionToken))")
            else { return .noProfile }
            let profileID = try profile.value(named: "id", as: String.self)
            let rated = try connection.fetchOne(
                """
                SELECT id FROM meal_ratings WHERE place_id = \(placeID) AND date = \(date.description)
                    AND dish_key = \(key) AND profile_id = \(profileID)
                """)
            guard rated != nil else { return .notRated }
            // Replaced, not updated: the new photo gets a new id, so the old one's address stops answering.
            try connection.execute(
                """
                DELETE FROM meal_photos WHERE place_id = \(placeID) AND date = \(date.description)
                    AND dish_key = \(key) AND profile_id = \(profileID)
                """)
            let inserted = try connection.fetchOne(
                """
                INSERT INTO meal_photos (area_id, place_id, date, dish_key, profile_id, photo, width, height,
                    thumbnail, thumbnail_width, thumbnail_height, created_at)
                VALUES (\(areaID), \(placeID), \(date.description), \(key), \(profileID), \(images.photo.bytes),
                    \(images.photo.width), \(images.photo.height), \(images.thumbnail.bytes), \(images.thumbnail.width),
                    \(images.thumbnail.height), \(time))
                RETURNING id
                """)
            guard let inserted else { throw StoreError.unhealthy("an inserted photo returned no id") }
            return .stored(id: try inserted.value(named: "id", as: Int64.self))
        }
        if case .stored = upload { didCommit([.photos(placeID)]) }
        return upload
    }

    public func photoBytes(id: Int64, thumbnail: Bool) throws -> [UInt8]? {
        try withConnection { connection in
            let column: SQL = thumbnail ? "thumbnail" : "photo"
            return try connection.fetchOne(
                "SELECT \(sql: column) AS bytes FROM meal_photos WHERE id = \(id) AND hidden_reason IS NULL"
            ).flatMap { try $0.value(named: "bytes", as: [UInt8]?.self) }
        }
    }

    public func photo(id: Int64) throws -> MealPhoto? {
        try withConnection { connection in
            try connection.fetchOne(
                """
                SELECT \(sql: Self.photoColumns) FROM meal_photos m
                LEFT JOIN dish_keys k ON k.area_id = m.area_id AND k.dish_key = m.dish_key
                LEFT JOIN profiles p ON p.id = m.profile_id
                WHERE m.id = \(id)
                """
            ).flatMap(Self.photo)
        }
    }

    public func ownPhoto(sessionToken: String, placeID: Place.ID, date: CalendarDate, key: DishKey) throws
        -> MealPhoto?
    {
        try withConnection { connection in
            try connection.fetchOne(
                """
                SELECT \(sql: Self.photoColumns) FROM meal_photos m
                JOIN profiles p ON p.id = m.profile_id
                LEFT JOIN dish_keys k ON k.area_id = m.area_id AND k.dish_key = m.dish_key
                WHERE p.session_token = \(TokenDigest(sessionToken)) AND m.place_id = \(placeID)
                    AND m.date = \(date.description) AND m.dish_key = \(key)
                """
            ).flatMap(Self.photo)
        }
    }

    public func photos(ofDish id: Dish.ID, limit: Int) throws -> [MealPhoto] {
        try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT \(sql: Self.photoColumns) FROM dish_keys k
                JOIN meal_photos m ON m.area_id = k.area_id AND m.dish_key = k.dish_key
                LEFT JOIN profiles p ON p.id = m.profile_id
                WHERE k.dish_id = \(id) AND m.hidden_reason IS NULL
                ORDER BY m.created_at DESC, m.id DESC LIMIT \(max(0, limit))
                """
            ).compactMap(Self.photo)
        }
    }

    public func newestPhotos(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: [DishKey: MealPhoto]] {
        try withConnection { connection in
            var photos: [Place.ID: [DishKey: MealPhoto]] = [:]
            for row in try connection.fetchAll(
                """
                SELECT * FROM (
                    SELECT \(sql: Self.photoColumns), m.dish_key AS dish_key, row_number() OVER (
                        PARTITION BY m.place_id, m.dish_key ORDER BY m.created_at DESC, m.id DESC) AS newness
                    FROM meal_photos m
                    LEFT JOIN dish_keys k ON k.area_id = m.area_id AND k.dish_key = m.dish_key
                    LEFT JOIN profiles p ON p.id = m.profile_id
                    WHERE m.area_id = \(id) AND m.date = \(date.description) AND m.hidden_reason IS NULL
                ) AS shown WHERE newness = 1
                """)
            {
                guard let photo = Self.photo(row), let key = try row.value(named: "dish_key", as: DishKey?.self)
                else { continue }
                photos[photo.placeID, default: [:]][key] = photo
            }
            return photos
        }
    }

    @discardableResult
    public func flagPhoto(id: Int64, reporter: ReporterKey) throws -> Bool {
        try flag(.photos, id: id, reporter: reporter)
    }

    public func flaggedPhotos(inArea id: Area.ID) throws -> [MealPhoto] {
        try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT \(sql: Self.photoColumns) FROM meal_photos m
                LEFT JOIN dish_keys k ON k.area_id = m.area_id AND k.dish_key = m.dish_key
                LEFT JOIN profiles p ON p.id = m.profile_id
                WHERE m.area_id = \(id) AND m.flags > 0 AND m.hidden_reason IS NULL
                ORDER BY m.flags DESC, m.created_at DESC LIMIT 200
                """
            ).compactMap(Self.photo)
        }
    }

    public func moderatePhoto(id: Int64, hiddenReason: String?, audit: AuditEntry) throws {
        guard let place = try moderate(.photos, id: id, hiddenReason: hiddenReason, audit: audit) else {
            throw StoreError.unknownPhoto(id: id)
        }
        didCommit([.photos(place)])
    }

    /// What ``photo(_:)`` reads: the photo but its pictures, its dish now, and its author's name.
    private static var photoColumns: SQL {
        """
        m.id AS id, m.area_id AS area_id, m.place_id AS place_id, m.date AS date, k.dish_id AS dish_id,
        m.width AS width, m.height AS height, m.thumbnail_width AS thumbnail_width,
        m.thumbnail_height AS thumbnail_height, m.created_at AS created_at, m.flags AS flags,
        m.hidden_reason AS hidden_reason, p.first_name AS first_name, p.last_name AS last_name
        """
    }

    /// A photo of a row of ``photoColumns``; `nil` for a row that does not read as one.
    private static func photo(_ row: Row) -> MealPhoto? {
        guard let id = try? row.value(named: "id", as: Int64.self),
            let area = try? row.value(named: "area_id", as: Area.ID.self),
            let place = try? row.value(named: "place_id", as: Place.ID.self),
            let dateText = try? row.value(named: "date", as: String.self),
            let date = try? CalendarDate(parsing: dateText),
            let width = try? row.value(named: "width", as: Int.self),
            let height = try? row.value(named: "height", as: Int.self),
            let thumbnailWidth = try? row.value(named: "thumbnail_width", as: Int.self),
            let thumbnailHeight = try? row.value(named: "thumbnail_height", as: Int.self),
            let createdAt = try? row.value(named: "created_at", as: Date.self)
        else { return nil }
        return MealPhoto(
            id: id, areaID: area, placeID: place, date: date,
            dishID: (try? row.value(named: "dish_id", as: Dish.ID?.self)) ?? nil, width: width, height: height,
            thumbnailWidth: thumbnailWidth, thumbnailHeight: thumbnailHeight,
            author: author(row), createdAt: createdAt,
            flags: (try? row.value(named: "flags", as: Int.self)) ?? 0,
            hiddenReason: (try? row.value(named: "hidden_reason", as: String?.self)) ?? nil)
    }
}
