/// Connections shared by the server's threads, whichever database they are on: ``ConnectionPool`` (SQLite) and
/// ``PostgresConnectionPool`` both are one.
///
/// Each call borrows a connection for the length of `body`; how a transaction begins is the pool's business
/// (SQLite's writes take the write lock at once with `BEGIN IMMEDIATE`; PostgreSQL's reads share one snapshot).
public protocol SQLConnectionPool: Sendable {
    /// The connection type lent to closures.
    associatedtype Connection: SQLConnection

    /// Lends a connection to `body` outside any transaction: each statement commits on its own, which is
    /// all one statement needs (and saves PostgreSQL two round trips).
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T
    /// Runs `body` in a transaction whose reads see one consistent snapshot.
    func read<T>(_ body: (Connection) throws -> T) throws -> T
    /// Runs `body` in a transaction that writes: committed when it returns, rolled back when it throws.
    func write<T>(_ body: (Connection) throws -> T) throws -> T
    /// Connections lent, idle, and borrowers waiting for one.
    var usage: (lent: Int, idle: Int, waiting: Int) { get }
    /// The most connections the pool opens.
    var maximumConnections: Int { get }
    /// Counts a statement that failed in the database.
    func recordQueryError()
    /// Statements that failed in the database so far.
    var queryErrors: Int { get }
}

extension ConnectionPool: SQLConnectionPool {}

extension PostgresConnectionPool: SQLConnectionPool {
    public var maximumConnections: Int { configuration.maximumConnections }
}
