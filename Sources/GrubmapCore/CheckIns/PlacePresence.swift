/// Who is at a place right now, as lists and map pins show it.
public struct PlacePresence: Hashable, Sendable {
    /// How many people are checked in.
    public let count: Int
    /// The newest of them, newest first (a few, for avatars).
    public let newest: [Profile]

    public init(count: Int, newest: [Profile]) {
        self.count = count
        self.newest = newest
    }

    public static let empty = PlacePresence(count: 0, newest: [])

    /// The count as a badge shows it: "99+" above 99.
    public var badge: String { count > 99 ? "99+" : "\(count)" }
}
