import GrubmapStore

/// The live change feed, the same on both stores: watchers are kept by ``SQLStore/liveChanges``, told by each write
/// method's ``SQLStore/didCommit(_:)`` and, on PostgreSQL, by the listener.
extension SQLStore {
    public func watch(
        _ receive: @escaping @Sendable (Set<LiveChange>) -> Void, mayHaveMissed: @escaping @Sendable () -> Void
    ) -> LiveWatch {
        liveChanges.watch(receive, mayHaveMissed: mayHaveMissed)
    }
}
