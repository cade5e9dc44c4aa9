/// How a transaction takes its locks. See <https://www.sqlite.org/lang_transaction.html>.
public enum TransactionKind: String, Sendable, CaseIterable {
    /// Takes a read lock at the first read and a write lock at the first write. A write in a deferred
    /// transaction may fail with `SQLITE_BUSY` without waiting if another connection wrote in between, so use
    /// it for reads only.
    case deferred = "DEFERRED"
    /// Takes the write lock at once, waiting up to the busy timeout: use it for every transaction that writes.
    case immediate = "IMMEDIATE"
    /// Like ``immediate``; in WAL mode readers are not kept out.
    case exclusive = "EXCLUSIVE"
}
