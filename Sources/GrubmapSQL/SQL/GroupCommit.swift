/// One writer for many threads: short writes queued by the server's threads are committed together, many in one
/// `IMMEDIATE` transaction, so a crowd checking in costs one `fsync` per commit rather than one per person.
///
/// Its writes are closures run by ``WriteBatches``' writer, a thread of its own: it takes everything queued, runs it
/// in one transaction and commits, while later callers queue up for the next. Every caller blocks until the commit
/// holding its write returned (with `synchronous=FULL`, until it is on disk), and only then gets its result: nothing
/// is acknowledged that a crash could still lose.
///
/// One write failing does not fail the others: when a write throws, the transaction is rolled back and each write
/// of it runs again alone, in a transaction of its own, so each caller gets its own outcome (a foreign key that
/// names no row fails only the write that named it). When the transaction cannot begin or commit (another writer
/// held the lock past the busy timeout: `SQLITE_BUSY`), or no connection comes, every write of it fails with that
/// error and nothing of it is stored; so do the writes not yet run alone once one of them meets such an error.
///
/// Writes borrow one connection of the pool per commit, and one per write run again alone; never call ``write(_:)``
/// from inside a write (the writer would wait for itself) or from inside a closure borrowing a connection (the
/// writer may wait for that connection).
public final class GroupCommit: Sendable {
    /// The most writes one transaction takes; the rest wait for the next.
    public static let maximumBatch = 256

    private let batches: WriteBatches<Work, any Sendable>
    private let pool: ConnectionPool

    /// One caller's write, whatever its result's type.
    private struct Work: Sendable {
        let run: @Sendable (Database) throws -> any Sendable
    }

    /// A write's own error, told apart from the transaction's (beginning, committing, borrowing a connection):
    /// only the former lets the other writes be tried alone.
    private struct WriteFailure: Error {
        let error: any Error

        /// Runs `work`, its error wrapped.
        static func wrapping<T>(_ work: () throws -> T) throws -> T {
            do {
                return try work()
            } catch {
                throw WriteFailure(error: error)
            }
        }
    }

    /// Makes a writer that borrows its connections from `pool`.
    public init(pool: ConnectionPool) {
        self.pool = pool
        batches = WriteBatches(
            maximumBatch: Self.maximumBatch, conflict: { _, _ in false },
            isStatementFailure: { $0 is WriteFailure },
            together: { works in
                try pool.withConnection { database in
                    try database.inTransaction(.immediate) { database in
                        try works.map { work in try WriteFailure.wrapping { try work.run(database) } }
                    }
                }
            },
            alone: { work in
                try pool.withConnection { database in
                    try database.inTransaction(.immediate) { database in
                        try WriteFailure.wrapping { try work.run(database) }
                    }
                }
            })
    }

    /// The writes queued for the next commit, not yet taken by the writer.
    var queuedCount: Int { batches.queuedCount }

    /// Runs `work` in a transaction shared with the writes of other threads and returns its result once that
    /// transaction is committed. `work` should be a statement or two: every write of the transaction waits for it.
    ///
    /// - Throws: what `work` threw when run alone, or the error that kept the shared transaction from beginning
    ///   or committing.
    public func write<Value: Sendable>(_ work: @escaping @Sendable (Database) throws -> Value) throws -> Value {
        pool.requireNoneBorrowedHere()
        let result: any Sendable
        do {
            result = try batches.write(Work { try work($0) })
        } catch let failure as WriteFailure {
            throw failure.error
        }
        guard let value = result as? Value else { throw GroupCommitLost() }
        return value
    }
}

/// Thrown to a write whose result came back of another type, which would be a bug of ``GroupCommit``.
struct GroupCommitLost: Error, CustomStringConvertible {
    var description: String { "the group commit returned a result of another type than its write's" }
}
