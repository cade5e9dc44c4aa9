import Foundation
import GrubmapCore
import GrubmapStore

/// The payload of a `NOTIFY grubmap_events`: the ``LiveChange``s one server's write committed, and that server's
/// id, so it can ignore its own (it told its watchers already, in process).
///
///     {"version":1,"server":"3f9c0a…","changes":[["presence","pnu-geumjeong"]]}
///
/// Each change is an array whose first element names its kind. A server reading a payload of another
/// ``version``, or one it cannot read, ignores it (the hubs' 30-s resync covers what it said). PostgreSQL refuses a
/// payload of 8,000 bytes or more, so many changes are split over several notifications (``payloads(for:server:)``).
public struct LiveNotification: Equatable, Sendable {
    /// The format written and the only one read. Raise it when a change's encoding changes meaning.
    public static let version = 1
    /// The channel every server listens on.
    public static let channel = "grubmap_events"
    /// The largest payload made, in bytes, under PostgreSQL's limit of 8,000 (with the default block size).
    static let largestPayload = 7_900

    /// The server that wrote the changes.
    public var server: String
    /// What its write changed.
    public var changes: Set<LiveChange>

    public init(server: String, changes: Set<LiveChange>) {
        self.server = server
        self.changes = changes
    }

    /// Why a payload was ignored.
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        /// Written by a Grubmap whose payloads say another version.
        case otherVersion(Int)
        /// Not a payload this version writes; the reason says what is wrong.
        case malformed(String)

        public var description: String {
            switch self {
            case .otherVersion(let version):
                "a payload of version \(version), from another version of Grubmap (this one reads \(LiveNotification.version))"
            case .malformed(let reason): "a malformed payload (\(reason))"
            }
        }
    }

    /// The fields of one change. The `switch` is exhaustive on purpose: a new kind of ``LiveChange`` does not
    /// compile until it is given an encoding here, and a reading in ``change(from:)``.
    static func fields(of change: LiveChange) -> [String] {
        switch change {
        case .presence(let place): ["presence", place.rawValue]
        case .lineReports(let place): ["lineReports", place.rawValue]
        case .soldOut(let place): ["soldOut", place.rawValue]
        case .menu(let place, let date): ["menu", place.rawValue, date.description]
        case .place(let place): ["place", place.rawValue]
        case .ratings(let place): ["ratings", place.rawValue]
        case .photos(let place): ["photos", place.rawValue]
        }
    }

    /// The change the fields name, or a ``ReadError/malformed(_:)`` error.
    static func change(from fields: [String]) throws(ReadError) -> LiveChange {
        do {
            switch (fields.first, fields.count) {
            case ("presence", 2): return .presence(try Place.ID(fields[1]))
            case ("lineReports", 2): return .lineReports(try Place.ID(fields[1]))
            case ("soldOut", 2): return .soldOut(try Place.ID(fields[1]))
            case ("menu", 3): return .menu(try Place.ID(fields[1]), try CalendarDate(parsing: fields[2]))
            case ("place", 2): return .place(try Place.ID(fields[1]))
            case ("ratings", 2): return .ratings(try Place.ID(fields[1]))
            case ("photos", 2): return .photos(try Place.ID(fields[1]))
            default: throw ReadError.malformed("unknown change \(fields.prefix(3).description.prefix(80))")
            }
        } catch let error as ReadError {
            throw error
        } catch {
            throw .malformed("\(fields.prefix(3).description.prefix(80)): \(error)")
        }
    }

    /// The payloads that carry `changes`, each under ``largestPayload`` bytes, in a stable order; none for none.
    public static func payloads(for changes: Set<LiveChange>, server: String) -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let encoded = changes.compactMap { change in
            (try? encoder.encode(fields(of: change))).flatMap { String(data: $0, encoding: .utf8) }
        }.sorted()
        let head = payloadHead(server: server)
        var payloads: [String] = []
        var current: [String] = []
        var size = head.utf8.count + 2
        for change in encoded {
            if !current.isEmpty, size + change.utf8.count + 1 > largestPayload {
                payloads.append(head + current.joined(separator: ",") + "]}")
                current = []
                size = head.utf8.count + 2
            }
            current.append(change)
            size += change.utf8.count + 1
        }
        if !current.isEmpty { payloads.append(head + current.joined(separator: ",") + "]}") }
        return payloads
    }

    /// How every payload of `server` begins, up to its first change: a server hears its own notifications too (one
    /// for every few of its check-ins) and tells them by this, without reading them.
    static func payloadHead(server: String) -> String {
        let serverText = (try? JSONEncoder().encode(server)).flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
        return "{\"version\":\(version),\"server\":\(serverText),\"changes\":["
    }

    /// Reads a payload ``payloads(for:server:)`` made.
    public init(payload: String) throws(ReadError) {
        struct Header: Decodable { let version: Int }
        struct Body: Decodable {
            let server: String
            let changes: [[String]]
        }
        let data = Data(payload.utf8)
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw .malformed("not JSON with a version: \(payload.prefix(80))")
        }
        guard header.version == Self.version else { throw .otherVersion(header.version) }
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: data)
        } catch {
            throw .malformed("\(error)")
        }
        var changes = Set<LiveChange>()
        for fields in body.changes { changes.insert(try Self.change(from: fields)) }
        self.init(server: body.server, changes: changes)
    }
}
