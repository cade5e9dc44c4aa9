import Foundation

extension API {
    /// One event of an area's live stream (`GET /areas/{id}/events`), decoded from what ``SSEParser`` read.
    public enum LiveEvent: Sendable, Equatable {
        /// A place's whole live state changed: apply it as it is.
        case state(LivePlace)
        /// The area's whole live state: the first event of every stream, and what a resume gets when too much
        /// was missed. A place shown but not listed is quiet; `places == nil` means too much to send (offer to
        /// load the area again).
        case reload(LiveReload)
        /// A place's menu of a day changed: a page showing it may offer the new one (the event does not carry it).
        case menu(LiveMenuChange)
        /// A place itself changed (name, hours, seats, location, archived or restored).
        case place(LivePlaceChange)
        /// An event this version does not know (a newer server's), to skip.
        case other(type: String, data: String)

        /// The event's typed form; throws when a `state`, `reload`, `menu` or `place` event's data is not what the
        /// API documents.
        public init(_ event: SSEParser.Event) throws {
            let decoder = API.makeDecoder()
            switch event.type {
            case "state": self = .state(try decoder.decode(LivePlace.self, from: Data(event.data.utf8)))
            case "reload": self = .reload(try decoder.decode(LiveReload.self, from: Data(event.data.utf8)))
            case "menu": self = .menu(try decoder.decode(LiveMenuChange.self, from: Data(event.data.utf8)))
            case "place": self = .place(try decoder.decode(LivePlaceChange.self, from: Data(event.data.utf8)))
            default: self = .other(type: event.type, data: event.data)
            }
        }
    }
}
