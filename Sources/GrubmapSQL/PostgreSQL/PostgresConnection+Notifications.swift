import CLibPQ
import Foundation

extension PostgresConnection {
    /// A notification another session sent with `NOTIFY` (or `pg_notify`) on a channel this one listens on.
    public struct Notification: Equatable, Sendable {
        /// The channel's name.
        public var channel: String
        /// The payload; empty when none was given.
        public var payload: String
        /// The process id of the server process of the session that sent it.
        public var senderProcessID: Int32
    }

    /// Starts listening on `channel` (`LISTEN`), for ``notifications(waitingAtMost:)``. The name is quoted as an
    /// identifier: `LISTEN` takes no bound value.
    public func listen(_ channel: String) throws(PostgresError) {
        try execute("LISTEN \(sql: .identifier(channel))")
    }

    /// The notifications that arrived, waiting at most `seconds` for one when none is buffered yet.
    ///
    /// libpq reads notifications along with any other input: this returns those already buffered (a statement such
    /// as `SELECT 1` may have read some), else waits with `poll(2)` on `PQsocket` until the socket is readable or
    /// the time is up, reads what came (`PQconsumeInput`) and takes every notification from libpq's queue
    /// (`PQnotifies`), freeing each (`PQfreemem`). See libpq's "Asynchronous Notification":
    /// <https://www.postgresql.org/docs/15/libpq-notify.html>. A session inside a transaction gets nothing until it
    /// ends, so the listening connection never opens one.
    ///
    /// - Throws: ``PostgresError/Kind/connection`` when the connection is lost (the server went away or ended the
    ///   session): the caller connects again.
    public func notifications(waitingAtMost seconds: Double) throws(PostgresError) -> [Notification] {
        guard !isBroken else {
            throw PostgresError(kind: .connection, message: "the connection is broken: \(lastMessage)")
        }
        var found = takeNotifications()
        guard found.isEmpty else { return found }
        do {
            try waitForSocket(
                writable: false, until: ContinuousClock.now + .milliseconds(Int(seconds * 1000)), sql: nil)
        } catch  where error.kind == .timeout {
            return []
        }
        guard PQconsumeInput(handle) != 0, PQstatus(handle) == CONNECTION_OK else {
            throw PostgresError(kind: .connection, message: lastMessage)
        }
        found = takeNotifications()
        return found
    }

    /// Every notification libpq has read and not yet handed out.
    private func takeNotifications() -> [Notification] {
        var found: [Notification] = []
        while let notice = PQnotifies(handle) {
            defer { PQfreemem(notice) }
            found.append(
                Notification(
                    channel: String(cString: notice.pointee.relname),
                    payload: notice.pointee.extra.map { String(cString: $0) } ?? "",
                    senderProcessID: notice.pointee.be_pid))
        }
        return found
    }
}
