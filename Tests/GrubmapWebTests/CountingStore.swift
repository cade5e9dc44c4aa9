import Foundation
import GrubmapCore
import GrubmapStore
import Synchronization

/// A store that counts the calls made to it and passes each on to a real one: what a request costs the database.
final class CountingStore: Store {
    let base: any Store
    private let counts = Mutex<[String: Int]>([:])

    init(_ base: any Store) {
        self.base = base
    }

    /// Calls by method name since the last ``reset()``.
    var calls: [String: Int] { counts.withLock { $0 } }
    /// Every call since the last ``reset()``.
    var total: Int { calls.values.reduce(0, +) }

    func reset() {
        counts.withLock { $0 = [:] }
    }

    func count<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        counts.withLock { $0[name, default: 0] += 1 }
        return try body()
    }

    func catalog() throws -> Catalog { try count("catalog") { try base.catalog() } }
    func dishes(ids: Set<Dish.ID>) throws -> [Dish.ID: Dish] { try count("dishesByID") { try base.dishes(ids: ids) } }
    func save(area: Area, places: [Place]) throws { try count("save") { try base.save(area: area, places: places) } }
    func isEmpty() throws -> Bool { try count("isEmpty") { try base.isEmpty() } }
    func place(id: Place.ID) throws -> Place? { try count("place") { try base.place(id: id) } }
    func places(ids: [Place.ID]) throws -> [Place] { try count("placesByID") { try base.places(ids: ids) } }
    func places(inArea id: Area.ID, after: Place.ID?, limit: Int) throws -> [Place] {
        try count("placesInArea") { try base.places(inArea: id, after: after, limit: limit) }
    }
    func places(matching query: PlaceQuery) throws -> PlaceResults {
        try count("placeQuery") { try base.places(matching: query) }
    }
    func importPlaces(into area: Area.ID, from next: () throws -> Place?, progress: (PlaceImport.Progress) -> Void)
        throws -> PlaceImport.Summary
    {
        try count("importPlaces") { try base.importPlaces(into: area, from: next, progress: progress) }
    }
    func checkHealth() throws { try count("checkHealth") { try base.checkHealth() } }
    func basemap(areaID: Area.ID) throws -> StoredBasemap? { try count("basemap") { try base.basemap(areaID: areaID) } }
    func replaceBasemap(_ basemap: Basemap, areaID: Area.ID, graphs: [RoutingGraph]) throws {
        try count("replaceBasemap") { try base.replaceBasemap(basemap, areaID: areaID, graphs: graphs) }
    }
    func routingGraph(areaID: Area.ID, mode: TravelMode) throws -> RoutingGraph? {
        try count("routingGraph") { try base.routingGraph(areaID: areaID, mode: mode) }
    }
    func serverSecret(orCreate make: () -> [UInt8]) throws -> [UInt8] {
        try count("serverSecret") { try base.serverSecret(orCreate: make) }
    }
    func createSession(_ session: Session) throws { try count("createSession") { try base.createSession(session) } }
    func sessionAndPreferences(token: String) throws -> (session: Session, preferences: Preferences)? {
        try count("sessionAndPreferences") { try base.sessionAndPreferences(token: token) }
    }
    func extendSession(token: String, until expiresAt: Date) throws {
        try count("extendSession") { try base.extendSession(token: token, until: expiresAt) }
    }
    func deleteSessions(expiredBefore date: Date) throws -> Int {
        try count("deleteSessions") { try base.deleteSessions(expiredBefore: date) }
    }
    func updatePreferences(sessionToken: String, _ change: (inout Preferences) throws -> Void) throws -> Preferences {
        try count("updatePreferences") { try base.updatePreferences(sessionToken: sessionToken, change) }
    }
    func menu(placeID: Place.ID, on date: CalendarDate) throws -> Menu? {
        try count("menu") { try base.menu(placeID: placeID, on: date) }
    }
    func menuDays(placeID: Place.ID, in dates: ClosedRange<CalendarDate>) throws -> [CalendarDate: MenuDayKind] {
        try count("menuDays") { try base.menuDays(placeID: placeID, in: dates) }
    }
    func menus(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: Menu] {
        try count("menusInArea") { try base.menus(inArea: id, on: date) }
    }
    func menuDays(inArea id: Area.ID, in dates: ClosedRange<CalendarDate>) throws
        -> [Place.ID: [CalendarDate: MenuDayKind]]
    {
        try count("menuDaysInArea") { try base.menuDays(inArea: id, in: dates) }
    }
    func soldOutMarks(placeID: Place.ID, on date: CalendarDate) throws -> [MealID: SoldOutMark] {
        try count("soldOutMarks") { try base.soldOutMarks(placeID: placeID, on: date) }
    }
    func soldOutMarks(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: [MealID: SoldOutMark]] {
        try count("soldOutMarksInArea") { try base.soldOutMarks(inArea: id, on: date) }
    }
    func replaceMenus(_ menus: [Menu], placeID: Place.ID) throws {
        try count("replaceMenus") { try base.replaceMenus(menus, placeID: placeID) }
    }
    func profile(sessionToken: String) throws -> Profile? {
        try count("profile") { try base.profile(sessionToken: sessionToken) }
    }
    func profile(id: Profile.ID) throws -> Profile? { try count("profile") { try base.profile(id: id) } }
    func saveProfile(_ profile: Profile, sessionToken: String, avatar: AvatarChange) throws {
        try count("saveProfile") { try base.saveProfile(profile, sessionToken: sessionToken, avatar: avatar) }
    }
    func avatar(profileID: Profile.ID) throws -> Avatar? {
        try count("avatar") { try base.avatar(profileID: profileID) }
    }
    func checkIn(
        sessionToken: String, at placeID: Place.ID, from startedAt: Date, until expiresAt: Date,
        bucket: PopularTimes.Bucket
    ) throws -> CheckIn? {
        try count("checkIn") {
            try base.checkIn(sessionToken: sessionToken, at: placeID, from: startedAt, until: expiresAt, bucket: bucket)
        }
    }
    func checkOut(sessionToken: String) throws -> Bool {
        try count("checkOut") { try base.checkOut(sessionToken: sessionToken) }
    }
    func checkIn(profileID: Profile.ID, activeAt date: Date) throws -> CheckIn? {
        try count("activeCheckIn") { try base.checkIn(profileID: profileID, activeAt: date) }
    }
    func presence(atPlace id: Place.ID, at date: Date, newest: Int) throws -> PlacePeople {
        try count("presenceAtPlace") { try base.presence(atPlace: id, at: date, newest: newest) }
    }
    func presence(inArea id: Area.ID, at date: Date, sample: Int) throws -> [Place.ID: PlacePresence] {
        try count("presenceInArea") { try base.presence(inArea: id, at: date, sample: sample) }
    }
}
