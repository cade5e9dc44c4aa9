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

/// The people checked in at one place, as who's here shows them: the newest, and how many there are in all.
public struct PlacePeople: Sendable {
    /// The newest check-ins with their profiles, newest first: at most as many as were asked for.
    public let newest: [(profile: Profile, checkIn: CheckIn)]
    /// Everyone checked in there.
    public let count: Int

    public init(newest: [(profile: Profile, checkIn: CheckIn)], count: Int) {
        self.newest = newest
        self.count = count
    }

    /// How many more there are than are listed.
    public var more: Int { count - newest.count }
}
