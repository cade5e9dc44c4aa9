import Foundation
import GrubmapCore

/// What the operator console changes, each change written together with its ``AuditEntry`` in one transaction, so
/// the log never misses a change nor records one that did not happen.
public protocol ConsoleStore: Sendable {
    /// Every place of an area, archived ones too, ordered by id.
    func consolePlaces(inArea id: Area.ID) throws -> [ConsolePlace]
    /// A place, archived or not, or `nil`.
    func consolePlace(id: Place.ID) throws -> ConsolePlace?
    /// Inserts or updates a place (its area must exist): for changing a place the caller found in its area.
    func savePlace(_ place: Place, audit: AuditEntry) throws
    /// Makes a new place (its area must exist) in one transaction whose insert is also the check that its id is
    /// free: ``StoreError/placeIDTaken(id:)`` when a place of any area, archived or not, has it, and then nothing is
    /// saved, the audit entry neither. Of two calls with one id at the same instant, exactly one makes it.
    func createPlace(_ place: Place, audit: AuditEntry) throws
    /// Archives a place: it leaves every public page and its check-ins end. Returns how many check-ins ended.
    @discardableResult
    func archivePlace(id: Place.ID, at date: Date, audit: AuditEntry) throws -> Int
    /// Brings an archived place back.
    func restorePlace(id: Place.ID, audit: AuditEntry) throws
    /// Replaces the place's menus on the dates of `menus` and deletes those on `removing`, in one transaction.
    func replaceMenus(_ menus: [Menu], removing: [CalendarDate], placeID: Place.ID, audit: AuditEntry) throws

    /// Everyone checked in at `date` in an area's places, newest first.
    func activeCheckIns(inArea id: Area.ID, at date: Date) throws -> [(profile: Profile, checkIn: CheckIn)]
    /// Hides a profile's bio and picture from everyone (it shows as initials), with a reason its owner sees.
    func hideProfile(id: Profile.ID, reason: String, at date: Date, audit: AuditEntry) throws
    /// Shows a hidden profile again.
    func restoreProfile(id: Profile.ID, audit: AuditEntry) throws
    /// Ends a profile's check-in; returns whether there was one.
    @discardableResult
    func endCheckIn(profileID: Profile.ID, audit: AuditEntry) throws -> Bool

    /// Ends, in one transaction, every check-in active at `date` in an area's places that `selection` picks, and
    /// writes one audit entry, made by `audit` from how many ended (none when none did); returns how many.
    @discardableResult
    func endCheckIns(
        inArea id: Area.ID, _ selection: CheckInSelection, at date: Date, audit: (Int) -> AuditEntry
    ) throws -> Int

    /// Records a change made outside the other methods (operators, API keys).
    func appendAudit(_ entry: AuditEntry) throws
    /// The newest entries of the given areas (and, with `includingGlobal`, those of no area) older than entry
    /// `before`, at most `limit`, optionally only one action's.
    func auditEntries(areas: [Area.ID], includingGlobal: Bool, action: String?, before: Int64?, limit: Int) throws
        -> [AuditEntry]
    /// Deletes entries made before `date`; returns how many.
    @discardableResult
    func deleteAuditEntries(before date: Date) throws -> Int
}

/// Which of an area's check-ins moderation ends at once.
public enum CheckInSelection: Hashable, Sendable {
    /// Everyone checked in at this place (of the area).
    case place(Place.ID)
    /// Everyone whose session was made at or after this instant: a burst of new visitors checking in.
    case sessionsMadeSince(Date)
}

/// A place as the console shows it: archived or not.
public struct ConsolePlace: Hashable, Sendable {
    public let place: Place
    /// When it was archived, or `nil` while it is public.
    public let archivedAt: Date?

    public init(place: Place, archivedAt: Date?) {
        self.place = place
        self.archivedAt = archivedAt
    }
}
