import GrubmapStore

/// What the SQL stores know of outages: GrubmapStore's error carries the reason, this module recognises the failures.
extension DatabaseUnavailableError {
    /// Runs `body`, turning a PostgreSQL connection failure (``PostgresError/isConnectionFailure``), every pooled
    /// connection staying busy past its timeout, or an SQLite write that waited out its busy timeout behind
    /// another writer (a bulk import), into this error: the person is asked to try again in a moment (503 with
    /// `Retry-After`), never shown a failure.
    static func translating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError where error.isConnectionFailure {
            throw DatabaseUnavailableError(reason: error.description)
        } catch let error as DatabaseError where error.primaryResultCode == .busy {
            throw DatabaseUnavailableError(reason: error.description)
        } catch let error as ResourcePoolTimeout {
            throw DatabaseUnavailableError(reason: error.description)
        }
    }
}
