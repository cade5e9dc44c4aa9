import CLibPQ
import Foundation

extension PostgresConnection {
    /// Runs one statement, discarding any rows; ``changes`` then says how many rows it changed.
    ///
    /// The values are bound as `$1`, `$2`, … (see ``SQL/text(for:)``), never spliced into the SQL.
    public func execute(_ sql: SQL) throws(PostgresError) {
        _ = try send(sql.text(for: .postgreSQL), parameters: sql.values)
    }

    /// Every row of a query.
    public func fetchAll(_ sql: SQL) throws(PostgresError) -> [Row] {
        try send(sql.text(for: .postgreSQL), parameters: sql.values)
    }

    /// The first row of a query, or `nil` when there is none.
    public func fetchOne(_ sql: SQL) throws(PostgresError) -> Row? {
        try send(sql.text(for: .postgreSQL), parameters: sql.values).first
    }

    /// Runs every statement of a script in order, without values (for migrations), with the simple query
    /// protocol (`PQsendQuery`), which is the only one that takes several statements.
    ///
    /// Outside a transaction the server runs the whole script as one; the first failing statement stops it.
    public func executeScript(_ script: String) throws(PostgresError) {
        _ = try send(script, parameters: nil)
    }

    /// Sends one statement with parameters, as a named prepared statement (``preparedStatement(_:types:until:)``,
    /// then `PQsendQueryPrepared`), or a script (`parameters == nil`, through `PQsendQuery`), and collects the
    /// results, waiting at most the configured timeout.
    ///
    /// Text results are asked for; see ``PostgresType/value(type:bytes:)`` for how columns are read. A blob is
    /// bound in binary format with its length, so embedded zero bytes survive; other values as text.
    /// - Returns: the rows of the last result.
    /// - Throws: the first error result; a timeout abandons the connection (see ``isBroken``).
    func send(_ sql: String, parameters: [DatabaseValue]?) throws(PostgresError) -> [Row] {
        guard !sql.containsNUL else {
            throw PostgresError(kind: .misuse, message: "SQL text contains a NUL character", sql: sql)
        }
        guard !isBroken else {
            throw PostgresError(kind: .connection, message: "the connection is broken: \(lastMessage)", sql: sql)
        }
        let deadline = ContinuousClock.now + .milliseconds(configuration.answerMilliseconds)
        do throws(PostgresError) {
            guard let parameters else {
                return try roundTrip(sql, until: deadline) { PQsendQuery(handle, sql) }
            }
            let bound = try BoundParameters(parameters, sql: sql)
            let name = try preparedStatement(sql, types: bound.types, until: deadline)
            return try roundTrip(sql, until: deadline) {
                bound.withPointers { values, lengths, formats in
                    PQsendQueryPrepared(handle, name, Int32(parameters.count), values, lengths, formats, 0)
                }
            }
        } catch {
            if error.kind == .timeout { abandon() }
            throw error
        }
    }

    /// The name of this connection's prepared statement for `sql` with parameters of `types`, prepared now
    /// (`PQsendPrepare`, one round trip) the first time. The server keeps it until the connection ends, so a
    /// connection that is replaced takes its statements with it. The types are part of the key because the server
    /// fixes them when it prepares: `SELECT $1` for an integer is another statement than for text.
    private func preparedStatement(_ sql: String, types: [Oid], until deadline: ContinuousClock.Instant)
        throws(PostgresError) -> String
    {
        let key = PreparedStatementKey(sql: sql, types: types)
        if let name = preparedStatements[key] { return name }
        let name = "grubmap_\(preparedStatements.count + 1)"
        _ = try roundTrip(sql, until: deadline) {
            types.withUnsafeBufferPointer { types in
                PQsendPrepare(handle, name, sql, Int32(types.count), types.baseAddress)
            }
        }
        // Only a statement the server accepted is remembered; a refused one is prepared again next time.
        preparedStatements[key] = name
        return name
    }

    /// Sends one request with `start` (a `PQsend…` call), then flushes it and collects its results.
    private func roundTrip(_ sql: String, until deadline: ContinuousClock.Instant, _ start: () -> Int32)
        throws(PostgresError) -> [Row]
    {
        let sent = start()
        sentCount += 1
        guard sent == 1 else { throw failure(sql: sql) }
        try flush(until: deadline, sql: sql)
        return try collect(until: deadline, sql: sql)
    }

    /// Sends what libpq has buffered (`PQflush` on a non-blocking connection), reading input meanwhile as the
    /// documentation asks, so a server that is itself writing cannot deadlock us.
    private func flush(until deadline: ContinuousClock.Instant, sql: String) throws(PostgresError) {
        while true {
            switch PQflush(handle) {
            case 0: return
            case 1:
                try waitForSocket(writable: true, until: deadline, sql: sql)
                guard PQconsumeInput(handle) != 0 else { throw failure(sql: sql) }
            default: throw failure(sql: sql)
            }
        }
    }

    /// Reads every result of the statement sent (`PQgetResult` until it returns `NULL`), keeping the rows of the
    /// last one and the first error.
    private func collect(until deadline: ContinuousClock.Instant, sql: String) throws(PostgresError) -> [Row] {
        var rows: [Row] = []
        var firstError: PostgresError?
        while true {
            while PQisBusy(handle) != 0 {
                try waitForSocket(writable: false, until: deadline, sql: sql)
                guard PQconsumeInput(handle) != 0 else { throw failure(sql: sql) }
            }
            guard let result = PQgetResult(handle) else { break }
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
                guard firstError == nil else { continue }
                rows = Self.rows(of: result, sql: sql)
                changes = Int(String(cString: PQcmdTuples(result))) ?? 0
            case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
                abandon()
                throw PostgresError(kind: .misuse, message: "COPY is not supported by this module", sql: sql)
            default:
                if firstError == nil { firstError = error(of: result, sql: sql) }
            }
        }
        if let firstError { throw firstError }
        return rows
    }

    /// The error of a failed call that produced no result: a lost connection, usually.
    private func failure(sql: String) -> PostgresError {
        PostgresError(kind: PQstatus(handle) == CONNECTION_OK ? .server : .connection, message: lastMessage, sql: sql)
    }

    /// The error an error result carries: its SQLSTATE, primary message and constraint name.
    func error(of result: OpaquePointer, sql: String) -> PostgresError {
        func field(_ code: Character) -> String? {
            PQresultErrorField(result, Int32(code.asciiValue!)).map { String(cString: $0) }
        }
        let message =
            field("M") ?? PQresultErrorMessage(result).map { String(cString: $0).libpqMessageOnOneLine }
            ?? lastMessage
        let state = field("C")
        let kind: PostgresError.Kind = state == nil && PQstatus(handle) != CONNECTION_OK ? .connection : .server
        return PostgresError(kind: kind, sqlState: state, message: message, constraint: field("n"), sql: sql)
    }

    /// The rows of a result, each value read by its column's type.
    private static func rows(of result: OpaquePointer, sql: String) -> [Row] {
        let rowCount = PQntuples(result)
        let columnCount = PQnfields(result)
        guard rowCount > 0 else { return [] }
        let names = (0..<columnCount).map { column in PQfname(result, column).map { String(cString: $0) } ?? "" }
        let types = (0..<columnCount).map { PQftype(result, $0) }
        return (0..<rowCount).map { row in
            let values = (0..<columnCount).map { column -> DatabaseValue in
                guard PQgetisnull(result, row, column) == 0 else { return .null }
                let length = Int(PQgetlength(result, row, column))
                return PQgetvalue(result, row, column).withMemoryRebound(to: UInt8.self, capacity: length) { start in
                    PostgresType.value(
                        type: types[Int(column)], bytes: UnsafeBufferPointer(start: start, count: length))
                }
            }
            return Row(columnNames: names, values: values, sql: sql)
        }
    }
}

/// Parameter values laid out as `PQsendPrepare` and `PQsendQueryPrepared` take them: one buffer of bytes, with a
/// type, pointer, length and format per parameter. Text, integers and reals are sent as NUL-terminated text; blobs in
/// binary format with their exact length; `NULL` as a null pointer.
private struct BoundParameters {
    var types: [Oid] = []
    var offsets: [Int?] = []
    var lengths: [Int32] = []
    var formats: [Int32] = []
    var bytes: [UInt8] = []

    init(_ values: [DatabaseValue], sql: String) throws(PostgresError) {
        types.reserveCapacity(values.count)
        offsets.reserveCapacity(values.count)
        lengths.reserveCapacity(values.count)
        formats.reserveCapacity(values.count)
        for value in values {
            types.append(PostgresType.parameterType(of: value))
            switch value {
            case .null:
                offsets.append(nil)
                lengths.append(0)
                formats.append(0)
            case .blob(let blob):
                append(blob, binary: true)
            case .integer(let integer):
                append(Array(String(integer).utf8), binary: false)
            case .real(let real):
                let text =
                    real.isNaN ? "NaN" : real == .infinity ? "Infinity" : real == -.infinity ? "-Infinity" : "\(real)"
                append(Array(text.utf8), binary: false)
            case .text(let text):
                guard !text.containsNUL else {
                    let message = "text with a NUL character cannot be stored in PostgreSQL"
                    throw PostgresError(kind: .misuse, message: message, sql: sql)
                }
                append(Array(text.utf8), binary: false)
            }
        }
    }

    private mutating func append(_ value: [UInt8], binary: Bool) {
        offsets.append(bytes.count)
        lengths.append(Int32(value.count))
        formats.append(binary ? 1 : 0)
        bytes.append(contentsOf: value)
        // Text is read up to a NUL; binary values by length. A zero-length blob still needs a non-null pointer.
        bytes.append(0)
    }

    func withPointers<T>(
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> T
    ) -> T {
        bytes.withUnsafeBufferPointer { buffer in
            // Without any non-NULL value the buffer is empty and has no address; every pointer is then NULL.
            let base = buffer.baseAddress.map(UnsafeRawPointer.init)
            let pointers = offsets.map { offset in
                offset.flatMap { offset in base.map { ($0 + offset).assumingMemoryBound(to: CChar.self) } }
            }
            return pointers.withUnsafeBufferPointer { values in
                lengths.withUnsafeBufferPointer { lengths in
                    formats.withUnsafeBufferPointer { formats in
                        body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
                    }
                }
            }
        }
    }
}

/// A prepared statement's identity on one connection: its text and the types its parameters were prepared with.
struct PreparedStatementKey: Hashable {
    let sql: String
    let types: [Oid]
}
