import Foundation

/// A meal photo as pages show it and operators see it when people flag it (its pictures are read apart, by id).
public struct MealPhoto: Hashable, Sendable, Identifiable {
    /// A positive number the store gives the photo; a replaced photo's is never given again.
    public let id: Int64
    public let areaID: Area.ID
    public let placeID: Place.ID
    public let date: CalendarDate
    /// The dish its meal is now (after any merge); `nil` for a meal whose key has no dish.
    public let dishID: Dish.ID?
    public let width: Int
    public let height: Int
    public let thumbnailWidth: Int
    public let thumbnailHeight: Int
    /// "Ada L.", as under comments; `nil` once their profile is gone.
    public let author: String?
    public let createdAt: Date
    /// How many people flagged it since an operator last looked.
    public let flags: Int
    /// Why an operator hid it, which its author sees; `nil` while it shows.
    public let hiddenReason: String?

    public init(
        id: Int64, areaID: Area.ID, placeID: Place.ID, date: CalendarDate, dishID: Dish.ID?, width: Int, height: Int,
        thumbnailWidth: Int, thumbnailHeight: Int, author: String?, createdAt: Date, flags: Int,
        hiddenReason: String? = nil
    ) {
        self.id = id
        self.areaID = areaID
        self.placeID = placeID
        self.date = date
        self.dishID = dishID
        self.width = width
        self.height = height
        self.thumbnailWidth = thumbnailWidth
        self.thumbnailHeight = thumbnailHeight
        self.author = author
        self.createdAt = createdAt
        self.flags = flags
        self.hiddenReason = hiddenReason
    }
}
