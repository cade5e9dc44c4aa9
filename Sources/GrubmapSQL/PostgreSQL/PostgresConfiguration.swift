import CLibPQ
import Foundation

/// Where a PostgreSQL database is and how long to wait for it.
///
/// The URL is handed to libpq as it is, which parses it (<https://www.postgresql.org/docs/15/libpq-connect.html>,
/// "Connection URIs"): `postgres://user@host:5432/db`, `postgresql://…`, a Unix socket folder as a
/// percent-encoded host (`postgresql://user@%2Frun%2Fpostgresql/db`) or as `?host=/run/postgresql`, and any
/// other parameter (`sslmode`, `application_name`, `password`…) in the query.
public struct PostgresConfiguration: Hashable, Sendable {
    /// The connection URL, `postgres://…` or `postgresql://…`.
    public var url: String
    /// The longest any one wait on the database lasts, in seconds: making a connection, running one statement
    /// (set as the server's `statement_timeout`; the client itself gives up on a silent server after at most one
    /// more second), and waiting for a pooled connection to come free. A wait that runs out fails with
    /// ``PostgresError/Kind/timeout`` (or SQLSTATE 57014 when the server cancelled the statement).
    public var timeoutSeconds: Double
    /// The most connections a pool opens at once; at least 1.
    public var maximumConnections: Int

    /// Makes a configuration; nothing is checked or opened until a connection is made.
    public init(url: String, timeoutSeconds: Double = 5, maximumConnections: Int = 8) {
        self.url = url
        self.timeoutSeconds = timeoutSeconds
        self.maximumConnections = maximumConnections
    }

    /// Whether `text` is a PostgreSQL URL (`postgres://` or `postgresql://`, in any case) rather than a file path.
    public static func isPostgresURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// The timeout in whole milliseconds, at least 1.
    var timeoutMilliseconds: Int {
        guard timeoutSeconds.isFinite else { return Int(Int32.max) }
        return max(1, min(Int(Int32.max) / 2, Int((timeoutSeconds * 1000).rounded())))
    }

    /// How long the client waits for an answer to one statement: the timeout, plus a grace period (as long
    /// again, at most one second) in which the server's own `statement_timeout` cancels a slow statement and
    /// says so, which keeps the connection usable. Only a server that says nothing at all is waited for that
    /// long.
    var answerMilliseconds: Int {
        timeoutMilliseconds + min(timeoutMilliseconds, 1000)
    }

    /// Checks the URL with libpq's own parser (`PQconninfoParse`) and returns what it names, without a password:
    /// `postgres@/tmp/sock:5432/grubmap`. Throws ``PostgresError/Kind/misuse`` with libpq's message for a URL it
    /// cannot parse.
    public func target() throws(PostgresError) -> String {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &message) else {
            let text = message.map { String(cString: $0) } ?? "not a connection URL"
            PQfreemem(message)
            throw PostgresError(kind: .misuse, message: "\(text.libpqMessageOnOneLine): \(redactedURL)")
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        let user = values["user"].map { $0 + "@" } ?? ""
        let host = values["host"] ?? values["hostaddr"] ?? "(default socket)"
        let port = values["port"].map { ":" + $0 } ?? ""
        let database = values["dbname"].map { "/" + $0 } ?? ""
        return user + host + port + database
    }

    /// The URL with any password replaced by `***`, for messages and logs.
    public var redactedURL: String {
        var text = url
        // user:password@ in the authority part.
        if let scheme = text.range(of: "://") {
            let authorityEnd = text[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" } ?? text.endIndex
            if let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@"),
                let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
            {
                text.replaceSubrange(text.index(after: colon)..<at, with: "***")
            }
        }
        // password=… in the query.
        if let query = text.firstIndex(of: "?") {
            let parameters = text[text.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false)
                .map { parameter in
                    parameter.lowercased().hasPrefix("password=") ? "password=***" : String(parameter)
                }
            text = text[...query] + parameters.joined(separator: "&")
        }
        return text
    }
}

extension String {
    /// libpq's message on one line: without the newline it ends with, and with its hint lines
    /// (`\n\tIs the server running…`) joined as sentences, so a log or a command's error stays one line.
    var libpqMessageOnOneLine: String {
        split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .reduce(into: "") { text, line in
                if !text.isEmpty { text += [".", "?", "!", ":"].contains(text.last.map(String.init)) ? " " : ". " }
                text += line
            }
    }
}
