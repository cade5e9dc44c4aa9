import CLibPQ

/// How a PostgreSQL transaction begins.
public enum PostgresTransactionMode: Sendable, CaseIterable {
    /// `BEGIN`: read committed, the server's default; for every transaction that writes.
    case readWrite
    /// One consistent snapshot for every read of the transaction, which may not write. Read-only repeatable
    /// read transactions never fail with serialization errors.
    case readOnlySnapshot

    /// The statement that begins such a transaction.
    var begin: SQL {
        switch self {
        case .readWrite: "BEGIN"
        case .readOnlySnapshot: "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"
        }
    }
}

extension PostgresConnection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// The error thrown is always the first one: `body`'s (or `COMMIT`'s), never a failure of the rollback
    /// that follows it. When `body` caught a failed statement's error and returned anyway, the server has
    /// already aborted the transaction and would turn `COMMIT` into a silent `ROLLBACK`; that is reported as an
    /// error (SQLSTATE `25P02`) instead. Transactions do not nest: calling this while one is open throws
    /// ``PostgresError/Kind/misuse``.
    public func inTransaction<T>(
        _ mode: PostgresTransactionMode = .readWrite, _ body: (PostgresConnection) throws -> T
    ) throws -> T {
        guard !isInTransaction else {
            throw PostgresError(kind: .misuse, message: Self.nestedTransactionMessage, sql: mode.begin.description)
        }
        return try transaction(begin: mode.begin, commit: "COMMIT", rollback: rollbackIfNeeded) {
            let result = try body(self)
            if PQtransactionStatus(handle) == PQTRANS_INERROR {
                throw PostgresError(
                    kind: .server, sqlState: PostgresError.inFailedTransaction,
                    message: "a statement of the transaction failed, so it was rolled back, not committed",
                    sql: "COMMIT")
            }
            return result
        }
    }

    /// Rolls back the open transaction, if any, ignoring a failure (the caller is already reporting one, and a
    /// connection that cannot roll back is broken and will be dropped by its pool).
    func rollbackIfNeeded() {
        guard isInTransaction, !isBroken else { return }
        _ = try? send("ROLLBACK", parameters: nil)
    }
}
