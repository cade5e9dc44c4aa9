import GrubmapStore

/// What the SQL stores know of outages: GrubmapStore's error carries the reason, this module recognises the failures.
extension DatabaseUnavailableError {
    /// Runs `body`, turning a PostgreSQL connection failure (``PostgresError/isConnectionFailure``), or every
    /// pooled connection staying busy past its timeout, into this error.
    static func translating<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError where error.isConnectionFailure {
            throw DatabaseUnavailableError(reason: error.description)
        } catch let error as ResourcePoolTimeout {
            throw DatabaseUnavailableError(reason: error.description)
        }
    }
}
