/// Reads a Server-Sent Events stream (`text/event-stream`) as the WHATWG HTML standard's "interpreting an
/// event stream" does, from bytes fed in pieces of any size (a piece may end in the middle of a line, of a CRLF,
/// or of a UTF-8 character).
///
/// Lines end at CRLF, LF or CR; one leading byte order mark is skipped; a line starting with `:` is a comment; a
/// line without a colon is a field with an empty value; one space after the colon is not part of the value;
/// `data` lines join with LF; `id` sets the last event id (an empty one clears it, one containing NUL is
/// ignored) whether or not an event follows; `retry` takes only ASCII digits; an empty line dispatches the event,
/// unless it has no data. What follows the last empty line when the stream ends is discarded, as browsers do.
///
/// Pure: no I/O, no clock, so every rule is tested on its own (`SSEParserTests`).
public struct SSEParser: Sendable {
    /// One dispatched event.
    public struct Event: Sendable, Equatable {
        /// The `event` field, or `message` when there was none.
        public var type: String
        /// The `data` lines, joined with LF.
        public var data: String
        /// The last event id as of this event (what a reconnection sends as `Last-Event-ID`); empty when none.
        public var lastEventID: String

        public init(type: String = "message", data: String, lastEventID: String = "") {
            self.type = type
            self.data = data
            self.lastEventID = lastEventID
        }
    }

    /// A line or an event longer than ``maximumBytes``: the stream is not one to keep reading.
    public struct TooLarge: Error, Equatable, Sendable, CustomStringConvertible {
        public let limit: Int

        public init(limit: Int) {
            self.limit = limit
        }

        public var description: String { "an event stream line or event over \(limit) bytes" }
    }

    /// The last event id dispatched (set at each empty line from the last `id` field); empty when none.
    public private(set) var lastEventID = ""
    /// The reconnection time the stream asked for with `retry:`, in milliseconds; `nil` until it did.
    public private(set) var retry: Int?
    /// The most bytes a line, or an event's data, may hold.
    public let maximumBytes: Int

    private var line: [UInt8] = []
    /// The last byte fed was a CR: an LF right after it ends nothing more.
    private var afterCR = false
    /// The first line is still to come (a byte order mark may start it).
    private var atStart = true
    private var data = ""
    private var hasData = false
    private var eventType = ""
    private var idBuffer = ""

    /// A parser for a new connection: `lastEventID` is the id the previous connection of the same stream last
    /// dispatched (it stays until the server sends another).
    public init(lastEventID: String = "", maximumBytes: Int = 1 << 20) {
        self.lastEventID = lastEventID
        idBuffer = lastEventID
        self.maximumBytes = maximumBytes
    }

    /// Reads `bytes` and returns the events they complete, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(TooLarge) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            let wasAfterCR = afterCR
            afterCR = byte == Self.cr
            if byte == Self.lf, wasAfterCR { continue }
            guard byte == Self.cr || byte == Self.lf else {
                line.append(byte)
                if line.count > maximumBytes { throw TooLarge(limit: maximumBytes) }
                continue
            }
            if let event = try endLine() { events.append(event) }
        }
        return events
    }

    /// The line in ``line`` ended: applies it, returning the event an empty line dispatches.
    private mutating func endLine() throws(TooLarge) -> Event? {
        if atStart {
            atStart = false
            if line.starts(with: Self.byteOrderMark) { line.removeFirst(Self.byteOrderMark.count) }
        }
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty { return dispatch() }
        if line[0] == Self.colon { return nil }
        let name: String
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: Self.colon) {
            name = String(decoding: line[..<colon], as: UTF8.self)
            value = line[(colon + 1)...]
            if value.first == Self.space { value = value.dropFirst() }
        } else {
            name = String(decoding: line, as: UTF8.self)
            value = []
        }
        switch name {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data += "\n" }
            data += String(decoding: value, as: UTF8.self)
            hasData = true
            if data.utf8.count > maximumBytes { throw TooLarge(limit: maximumBytes) }
        case "id":
            if !value.contains(0) { idBuffer = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }) {
                retry = Int(String(decoding: value, as: UTF8.self)) ?? Int.max
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> Event? {
        lastEventID = idBuffer
        defer {
            data = ""
            hasData = false
            eventType = ""
        }
        guard hasData else { return nil }
        return Event(type: eventType.isEmpty ? "message" : eventType, data: data, lastEventID: lastEventID)
    }

    private static let cr: UInt8 = 0x0D
    private static let lf: UInt8 = 0x0A
    private static let colon: UInt8 = 0x3A
    private static let space: UInt8 = 0x20
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
