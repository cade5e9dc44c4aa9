/// How a store's database connections are doing, for `/metrics`.
public struct PoolStatistics: Sendable, Equatable {
    /// Connections lent to a request right now.
    public var inUse: Int
    /// Connections open and waiting to be lent.
    public var idle: Int
    /// Requests waiting for a connection because every one is lent.
    public var waiting: Int
    /// The most connections the pool opens.
    public var maximum: Int
    /// Statements that failed in the database (or found it unavailable) since the store opened.
    public var queryErrors: Int

    public init(inUse: Int, idle: Int, waiting: Int, maximum: Int, queryErrors: Int) {
        self.inUse = inUse
        self.idle = idle
        self.waiting = waiting
        self.maximum = maximum
        self.queryErrors = queryErrors
    }
}

/// A store that can say how its connections are doing. Kept apart from ``Store`` so test doubles need not.
public protocol StoreMonitoring: Sendable {
    /// The numbers now; cheap, but takes the pool's lock, so for scrapes rather than every request.
    func poolStatistics() -> PoolStatistics
}
