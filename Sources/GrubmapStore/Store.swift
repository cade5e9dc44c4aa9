import Foundation
import GrubmapCore

/// Where Grubmap keeps its data. The web layer talks to these protocols only; the executable picks the
/// implementation (GrubmapSQL's `SQLiteStore` by default, or its `PostgresStore`).
///
/// The store is the sum of slices, one per kind of data, so each feature of the web layer can say which slice it
/// uses. Methods are synchronous: they run on the HTTP server's own threads, and an implementation is safe to call
/// from many threads at once.
public protocol Store:
    CatalogStore, PlaceStore, SessionStore, MenuStore, ProfileStore, CheckInStore, BasemapStore, HealthCheck,
    OperatorStore, ConsoleStore, FeedStore, APIKeyStore, LiveStore, SoldOutStore, DishStore, RatingStore,
    NameSuggestionStore, CalendarFeedStore, PushStore, PhotoStore
{}

/// Areas, and saving places.
public protocol CatalogStore: Sendable {
    /// Every area and its number of places as they are now: one snapshot to consult for a whole request, reread
    /// only when the database's catalog changed (by this server, another, or `grubmap import`).
    func catalog() throws -> Catalog
    /// Inserts or replaces an area and inserts or replaces the given places in it, in one transaction:
    /// on error nothing changes. Places of the area that are not given are left as they are.
    func save(area: Area, places: [Place]) throws
    /// Whether the store holds no area yet.
    func isEmpty() throws -> Bool
}

/// Places, asked for as pages need them: by id, or a page of an area's nearest, in a box or by name, through the
/// database's spatial index and name indexes, so what a page costs does not grow with the area.
public protocol PlaceStore: Sendable {
    /// The place with this id, or `nil`.
    func place(id: Place.ID) throws -> Place?
    /// The places with these ids that exist, in the order of `ids` (repeats once).
    func places(ids: [Place.ID]) throws -> [Place]
    /// Up to `limit` places of an area in id order, after `after`: an area read whole a page at a time (exports).
    func places(inArea id: Area.ID, after: Place.ID?, limit: Int) throws -> [Place]
    /// A page of places as the query asks (``PlaceQuery``); throws ``StoreError/invalidQuery(_:)`` for a query
    /// that cannot be answered.
    func places(matching query: PlaceQuery) throws -> PlaceResults
    /// Adds or updates many places of an existing area, read one at a time from `next` (which returns `nil` at the
    /// end), all or nothing: see ``PlaceImport``. A store may call `next` on a thread of its own while it writes
    /// and reports `progress` on the caller's (never `next` on two threads at once, nor after it returns).
    @discardableResult
    func importPlaces(
        into area: Area.ID, from next: () throws -> Place?, progress: (PlaceImport.Progress) -> Void
    ) throws -> PlaceImport.Summary
}

/// The basemaps drawn under the areas' maps.
public protocol BasemapStore: Sendable {
    /// The area's basemap as last stored, or `nil` when it has none. Read whole and decoded once per import: each
    /// call asks only for the stored revision (one tiny query), so an import by another server or by
    /// `grubmap import basemap` shows at once.
    func basemap(areaID: Area.ID) throws -> StoredBasemap?
    /// Replaces the area's basemap and its routing graphs (one per mode at most; none leaves the area without), in
    /// one transaction: on error nothing changes. Throws ``StoreError/unknownArea(id:)`` for an area that does not
    /// exist.
    func replaceBasemap(_ basemap: Basemap, areaID: Area.ID, graphs: [RoutingGraph]) throws
    /// The area's routing graph for `mode`, built with its basemap, or `nil` when it has none. Decoded once per
    /// import and kept: each call asks only for the basemap's revision, as ``basemap(areaID:)`` does.
    func routingGraph(areaID: Area.ID, mode: TravelMode) throws -> RoutingGraph?
}

extension BasemapStore {
    /// Replaces the area's basemap, leaving it without routing graphs.
    public func replaceBasemap(_ basemap: Basemap, areaID: Area.ID) throws {
        try replaceBasemap(basemap, areaID: areaID, graphs: [])
    }
}

/// Whether the database answers.
public protocol HealthCheck: Sendable {
    /// Throws when the database cannot answer a trivial query.
    func checkHealth() throws
}

/// Sessions, their preferences, and the servers' signing secret.
public protocol SessionStore: Sendable {
    /// The secret the servers sharing this database sign cookies with: the stored one, or `make()`'s bytes stored
    /// now when there is none yet (when several servers start at once, all get the one stored first).
    func serverSecret(orCreate make: () -> [UInt8]) throws -> [UInt8]
    /// Records a new session.
    func createSession(_ session: Session) throws
    /// The session with this token, expired or not, and its preferences, in one read; `nil` when there is none.
    func sessionAndPreferences(token: String) throws -> (session: Session, preferences: Preferences)?
    /// Moves a session's expiry to `expiresAt`.
    func extendSession(token: String, until expiresAt: Date) throws
    /// Deletes sessions (and their preferences) that expired before `date`; returns how many.
    @discardableResult
    func deleteSessions(expiredBefore date: Date) throws -> Int
    /// Reads a session's preferences, lets `change` edit them, and stores the result, in one transaction: when
    /// `change` throws, nothing is stored. Returns what was stored.
    @discardableResult
    func updatePreferences(sessionToken: String, _ change: (inout Preferences) throws -> Void) throws -> Preferences
}

extension SessionStore {
    /// The session with this token, expired or not, or `nil` when there is none.
    public func session(token: String) throws -> Session? {
        try sessionAndPreferences(token: token)?.session
    }

    /// The preferences of a session; empty for an unknown session.
    public func preferences(sessionToken: String) throws -> Preferences {
        try sessionAndPreferences(token: sessionToken)?.preferences ?? Preferences()
    }
}

/// Menus of places by day.
public protocol MenuStore: Sendable {
    /// The menu of a place on a date, or `nil` when none is known ("no menu yet", unlike a closed day).
    func menu(placeID: Place.ID, on date: CalendarDate) throws -> Menu?
    /// Which dates in `dates` have a menu for the place, and whether each is closed or serving.
    func menuDays(placeID: Place.ID, in dates: ClosedRange<CalendarDate>) throws -> [CalendarDate: MenuDayKind]
    /// The menus of every place of an area on a date, by place; places without a menu that day are left out. One
    /// read however many places the area has (the menu board's).
    func menus(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: Menu]
    /// Per place of an area with any menu in `dates`: which dates have one, and whether each is closed or serving.
    func menuDays(inArea id: Area.ID, in dates: ClosedRange<CalendarDate>) throws
        -> [Place.ID: [CalendarDate: MenuDayKind]]
    /// Replaces the place's menus on the dates of `menus` (other dates are left alone), in one transaction: on
    /// error nothing changes. Throws ``StoreError/unknownPlace(id:)`` for a place that does not exist.
    func replaceMenus(_ menus: [Menu], placeID: Place.ID) throws
}

/// The profiles people make of themselves.
public protocol ProfileStore: Sendable {
    /// The profile of a session, or `nil` when it has none yet.
    func profile(sessionToken: String) throws -> Profile?
    /// The profile with this id, or `nil`.
    func profile(id: Profile.ID) throws -> Profile?
    /// Creates or updates a session's profile and changes its avatar as asked, in one transaction.
    func saveProfile(_ profile: Profile, sessionToken: String, avatar: AvatarChange) throws
    /// The uploaded avatar of a profile, or `nil`.
    func avatar(profileID: Profile.ID) throws -> Avatar?
}

/// Who is checked in where.
public protocol CheckInStore: Sendable {
    /// Checks in the profile of a session and returns the check-in, or `nil` (storing nothing) when the session has
    /// no profile. A profile has at most one: checking in elsewhere moves it (atomically, so concurrent check-ins
    /// of one profile leave exactly one). Returns once the check-in is durably stored. In the same write it adds 1
    /// to the check-ins counted for the place's `bucket` (the local hour of `startedAt`, for popular times); nothing
    /// is counted when nothing is stored.
    func checkIn(
        sessionToken: String, at placeID: Place.ID, from startedAt: Date, until expiresAt: Date,
        bucket: PopularTimes.Bucket
    ) throws -> CheckIn?
    /// Ends the check-in of a session's profile; returns whether there was one.
    @discardableResult
    func checkOut(sessionToken: String) throws -> Bool
    /// A profile's check-in that is active at `date`, or `nil`.
    func checkIn(profileID: Profile.ID, activeAt date: Date) throws -> CheckIn?
    /// The `newest` people checked in at a place at `date`, newest first, and how many there are in all: a place's
    /// page lists a few however many check in.
    func presence(atPlace id: Place.ID, at date: Date, newest: Int) throws -> PlacePeople
    /// Per place of an area with anyone checked in at `date`: the count and the `sample` newest profiles.
    func presence(inArea id: Area.ID, at date: Date, sample: Int) throws -> [Place.ID: PlacePresence]
}

extension CatalogStore {
    /// Every area, ordered by id (reads the catalog; a request should read it once and keep it).
    public func areas() throws -> [Area] { try catalog().allAreas() }
    /// The area with this id, or `nil` (reads the catalog).
    public func area(id: Area.ID) throws -> Area? { try catalog().area(id) }
}

extension PlaceStore {
    /// Every place of an area, ordered by id; empty for an unknown area. Its memory grows with the area: for
    /// small areas and tests (pages ask for a page at a time).
    public func places(inArea id: Area.ID) throws -> [Place] {
        var all: [Place] = []
        while true {
            let page = try places(inArea: id, after: all.last?.id, limit: PlaceQuery.maximumLimit)
            all += page
            if page.count < PlaceQuery.maximumLimit { return all }
        }
    }
}
