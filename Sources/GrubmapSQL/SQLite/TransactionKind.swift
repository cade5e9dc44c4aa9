/// How a transaction takes its locks. See <https://www.sqlite.org/lang_transaction.html>.
public enum TransactionKind: Sendable, CaseIterable {
    /// Takes a read lock at the first read and a write lock at the first write. A write in a deferred
    /// transaction may fail with `SQLITE_BUSY` without waiting if another connection wrote in between, so use
    /// it for reads only.
    case deferred
    /// Takes the write lock at once, waiting up to the busy timeout: use it for every transaction that writes.
    case immediate
    /// Like ``immediate``; in WAL mode readers are not kept out.
    case exclusive

    /// The statement that begins such a transaction, like `BEGIN IMMEDIATE TRANSACTION`.
    var begin: SQL {
        switch self {
        case .deferred: "BEGIN DEFERRED TRANSACTION"
        case .immediate: "BEGIN IMMEDIATE TRANSACTION"
        case .exclusive: "BEGIN EXCLUSIVE TRANSACTION"
        }
    }
}
