import Foundation
import GrubmapCore

/// People's photos of meals (`meal_photos`, migration 17): at most one per profile and meal of a day, by a profile
/// that rated the meal, the meal named as ratings name it (place, day, ``DishKey``).
public protocol PhotoStore: Sendable {
    /// Stores `images` as the session's profile's photo of the meal keyed `key` (the caller checked the meal was
    /// served), replacing theirs of the same meal (which goes, with its flags; the new one has a new id).
    func addPhoto(
        _ images: PhotoImages, key: DishKey, placeID: Place.ID, date: CalendarDate, areaID: Area.ID,
        sessionToken: String, at time: Date
    ) throws -> PhotoUpload
    /// The JPEG of a photo no operator hid: the large picture, or with `thumbnail` the small one.
    func photoBytes(id: Int64, thumbnail: Bool) throws -> [UInt8]?
    /// The photo with this id, hidden or not.
    func photo(id: Int64) throws -> MealPhoto?
    /// The session's profile's photo of the meal, hidden or not (its author sees why).
    func ownPhoto(sessionToken: String, placeID: Place.ID, date: CalendarDate, key: DishKey) throws -> MealPhoto?
    /// The photos others see of a dish (not hidden), newest first, at most `limit`.
    func photos(ofDish id: Dish.ID, limit: Int) throws -> [MealPhoto]
    /// The newest photo no operator hid of each meal of every place of an area on a day, in one statement.
    func newestPhotos(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: [DishKey: MealPhoto]]
    /// Counts `reporter`'s flag on a photo once; whether it was new. A hidden photo takes no more flags.
    @discardableResult
    func flagPhoto(id: Int64, reporter: ReporterKey) throws -> Bool
    /// The photos of an area people flagged that no operator hid or kept since, the most flagged first.
    func flaggedPhotos(inArea id: Area.ID) throws -> [MealPhoto]
    /// Hides a photo from everyone but its author, who sees `reason`, or keeps it (`nil`: shown, its flags cleared),
    /// with the audit entry in the same write. Throws ``StoreError/unknownPhoto(id:)``.
    func moderatePhoto(id: Int64, hiddenReason: String?, audit: AuditEntry) throws
}

/// What became of an uploaded photo.
public enum PhotoUpload: Hashable, Sendable {
    /// Stored under this id.
    case stored(id: Int64)
    /// The session has no profile: nothing was stored.
    case noProfile
    /// The session's profile has not rated the meal: nothing was stored.
    case notRated
}
