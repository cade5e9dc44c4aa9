import Foundation
import GrubmapCore
import GrubmapStore

/// Imports an OpenMensa feed as a place's menus: `grubmap import menu FEED.xml --place ID`.
///
/// The whole feed is checked before anything is written; then the days from today on (on the place's area's
/// calendar) replace the stored menus of the same dates in one transaction, so a refused feed changes nothing and
/// importing the same feed twice leaves the same menus. Past days are skipped, as OpenMensa itself does.
public enum OpenMensaImporter {
    /// What an import did.
    public struct Summary: Hashable, Sendable {
        public let place: Place.ID
        /// The feed's version, `2.0` or `2.1`.
        public let version: String
        /// Days written, closed ones included.
        public let importedDays: Int
        /// Of those, the closed days.
        public let closedDays: Int
        /// Meals written, over all days.
        public let meals: Int
        /// Days before today that were left out.
        public let skippedPastDays: Int
        /// The first and last dates written, or `nil` when nothing was.
        public let dates: ClosedRange<CalendarDate>?
    }

    /// Checks `data` as a feed for `placeID` and stores its days from today on.
    ///
    /// - Parameter now: the current time; "today" is its date in the place's area's time zone.
    /// - Throws: ``OpenMensaImportError``; the store is then unchanged.
    public static func importFeed(_ data: Data, placeID: Place.ID, into store: any Store, now: Date) throws -> Summary {
        guard let place = try store.place(id: placeID) else { throw OpenMensaImportError.unknownPlace(placeID) }
        guard let area = try store.area(id: place.areaID) else { throw OpenMensaImportError.unknownPlace(placeID) }
        let currency: Currency
        do {
            currency = try Currency(code: area.currency)
        } catch {
            throw OpenMensaImportError.invalidFeed(
                OpenMensaError(line: nil, message: "the area \(area.id) has an unusable currency: \(error)"))
        }
        let feed: OpenMensaFeed
        do {
            feed = try OpenMensaFeed.parse(data, currency: currency)
        } catch {
            throw OpenMensaImportError.invalidFeed(error)
        }
        let today = CalendarDate.local(now, in: area.clockTimeZone).date
        let kept = feed.days.filter { $0.date >= today }.map(\.menu)
        do {
            try store.replaceMenus(kept, placeID: placeID)
        } catch StoreError.unknownPlace {
            throw OpenMensaImportError.unknownPlace(placeID)
        }
        let dates = kept.map(\.date)
        return Summary(
            place: placeID, version: feed.version, importedDays: kept.count,
            closedDays: kept.filter(\.isClosed).count,
            meals: kept.reduce(0) { $0 + $1.categories.reduce(0) { $0 + $1.meals.count } },
            skippedPastDays: feed.days.count - kept.count,
            dates: dates.min().map { $0...dates.max()! })
    }
}

/// Why an import was refused; nothing was stored.
public enum OpenMensaImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No place has this id.
    case unknownPlace(Place.ID)
    /// The document breaks the feed spec (or is not XML); the error names the first problem and its line.
    case invalidFeed(OpenMensaError)

    public var description: String {
        switch self {
        case .unknownPlace(let id): "there is no place \"\(id)\""
        case .invalidFeed(let error): error.description
        }
    }
}
