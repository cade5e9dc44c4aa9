import Foundation
import GrubmapCore
import GrubmapStore

/// The photo calls of the test stores: passed on by those that wrap a real store, failing in the unreachable one.
extension ForwardsConsoleCalls {
    func addPhoto(
        _ images: PhotoImages, key: DishKey, placeID: Place.ID, date: CalendarDate, areaID: Area.ID,
        sessionToken: String, at time: Date
    ) throws -> PhotoUpload {
        try consoleStore.addPhoto(
            images, key: key, placeID: placeID, date: date, areaID: areaID, sessionToken: sessionToken, at: time)
    }
    func photoBytes(id: Int64, thumbnail: Bool) throws -> [UInt8]? {
        try consoleStore.photoBytes(id: id, thumbnail: thumbnail)
    }
    func photo(id: Int64) throws -> MealPhoto? { try consoleStore.photo(id: id) }
    func ownPhoto(sessionToken: String, placeID: Place.ID, date: CalendarDate, key: DishKey) throws -> MealPhoto? {
        try consoleStore.ownPhoto(sessionToken: sessionToken, placeID: placeID, date: date, key: key)
    }
    func photos(ofDish id: Dish.ID, limit: Int) throws -> [MealPhoto] {
        try consoleStore.photos(ofDish: id, limit: limit)
    }
    func newestPhotos(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: [DishKey: MealPhoto]] {
        try consoleStore.newestPhotos(inArea: id, on: date)
    }
    func flagPhoto(id: Int64, reporter: ReporterKey) throws -> Bool {
        try consoleStore.flagPhoto(id: id, reporter: reporter)
    }
    func flaggedPhotos(inArea id: Area.ID) throws -> [MealPhoto] { try consoleStore.flaggedPhotos(inArea: id) }
    func moderatePhoto(id: Int64, hiddenReason: String?, audit: AuditEntry) throws {
        try consoleStore.moderatePhoto(id: id, hiddenReason: hiddenReason, audit: audit)
    }
}

extension UnreachableStore {
    func addPhoto(
        _ images: PhotoImages, key: DishKey, placeID: Place.ID, date: CalendarDate, areaID: Area.ID,
        sessionToken: String, at time: Date
    ) throws -> PhotoUpload { throw down }
    func photoBytes(id: Int64, thumbnail: Bool) throws -> [UInt8]? { throw down }
    func photo(id: Int64) throws -> MealPhoto? { throw down }
    func ownPhoto(sessionToken: String, placeID: Place.ID, date: CalendarDate, key: DishKey) throws -> MealPhoto? {
        throw down
    }
    func photos(ofDish id: Dish.ID, limit: Int) throws -> [MealPhoto] { throw down }
    func newestPhotos(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: [DishKey: MealPhoto]] {
        throw down
    }
    func flagPhoto(id: Int64, reporter: ReporterKey) throws -> Bool { throw down }
    func flaggedPhotos(inArea id: Area.ID) throws -> [MealPhoto] { throw down }
    func moderatePhoto(id: Int64, hiddenReason: String?, audit: AuditEntry) throws { throw down }
}
