import Foundation
import GrubmapCore
import GrubmapStore

/// Operators, set-up links, operator sessions and failed sign-ins. Tokens are bound as their ``TokenDigest``.
/// Changes that the audit log records write their entry in the same transaction.
extension SQLStore {
    public func createOperator(_ account: Operator, setupToken: String, setupExpiresAt: Date, audit: AuditEntry)
        throws
    {
        guard !account.areaIDs.isEmpty else { throw StoreError.unknownArea(id: "") }
        try write { connection in
            if try connection.fetchOne("SELECT id FROM operators WHERE email = \(account.email)") != nil {
                throw StoreError.duplicateEmail(account.email)
            }
            try connection.execute(
                """
                INSERT INTO operators (id, email, role, setup_token, setup_expires_at, created_at)
                VALUES (\(account.id), \(account.email), \(account.role.rawValue), \(TokenDigest(setupToken)),
                    \(setupExpiresAt), \(account.createdAt))
                """)
            try Self.writeAreas(account.areaIDs, of: account.id, in: connection)
            try Self.insert(audit, in: connection)
        }
    }

    public func operators() throws -> [Operator] {
        try read { connection in
            try connection.fetchAll("SELECT \(sql: Self.operatorColumns) FROM operators ORDER BY email").map { row in
                try Self.account(from: row, in: connection)
            }
        }
    }

    public func operatorAccount(id: Operator.ID) throws -> Operator? {
        try read { connection in
            try connection.fetchOne("SELECT \(sql: Self.operatorColumns) FROM operators WHERE id = \(id)")
                .map { try Self.account(from: $0, in: connection) }
        }
    }

    public func operatorCredentials(email: String) throws -> OperatorCredentials? {
        try read { connection in
            guard
                let row = try connection.fetchOne(
                    "SELECT \(sql: Self.operatorColumns), totp_secret FROM operators WHERE email = \(email)")
            else { return nil }
            return OperatorCredentials(
                account: try Self.account(from: row, in: connection),
                passwordHash: try row.value(named: "password_hash"),
                secondFactorSecret: try row.value(named: "totp_secret"))
        }
    }

    public func setupLink(token: String) throws -> SetupLink? {
        try read { connection in
            guard
                let row = try connection.fetchOne(
                    """
                    SELECT \(sql: Self.operatorColumns), setup_expires_at, setup_used_at FROM operators
                    WHERE setup_token = \(TokenDigest(token))
                    """)
            else { return nil }
            return SetupLink(
                account: try Self.account(from: row, in: connection),
                expiresAt: try row.value(named: "setup_expires_at"), usedAt: try row.value(named: "setup_used_at"))
        }
    }

    public func completeSetup(token: String, passwordHash: String, at date: Date) throws -> Operator? {
        try write { connection in
            let digest = TokenDigest(token)
            try connection.execute(
                """
                UPDATE operators SET password_hash = \(passwordHash), setup_used_at = \(date)
                WHERE setup_token = \(digest) AND setup_used_at IS NULL AND setup_expires_at > \(date)
                """)
            guard connection.changes == 1 else { return nil }
            return try connection.fetchOne(
                "SELECT \(sql: Self.operatorColumns) FROM operators WHERE setup_token = \(digest)"
            ).map { try Self.account(from: $0, in: connection) }
        }
    }

    public func updateOperator(id: Operator.ID, role: Operator.Role, areaIDs: [Area.ID], audit: AuditEntry) throws {
        try write { connection in
            try connection.execute("UPDATE operators SET role = \(role.rawValue) WHERE id = \(id)")
            guard connection.changes == 1 else { throw StoreError.unknownOperator(id: id.rawValue) }
            try connection.execute("DELETE FROM operator_areas WHERE operator_id = \(id)")
            try Self.writeAreas(areaIDs, of: id, in: connection)
            try Self.insert(audit, in: connection)
        }
    }

    public func resetOperator(id: Operator.ID, setupToken: String, setupExpiresAt: Date, audit: AuditEntry) throws {
        try write { connection in
            try connection.execute(
                """
                UPDATE operators SET password_hash = NULL, totp_secret = NULL, totp_last_step = NULL,
                    setup_token = \(TokenDigest(setupToken)), setup_expires_at = \(setupExpiresAt), setup_used_at = NULL
                WHERE id = \(id)
                """)
            guard connection.changes == 1 else { throw StoreError.unknownOperator(id: id.rawValue) }
            try connection.execute("DELETE FROM operator_sessions WHERE operator_id = \(id)")
            try Self.insert(audit, in: connection)
        }
    }

    @discardableResult
    public func removeOperator(id: Operator.ID, audit: AuditEntry) throws -> Bool {
        try write { connection in
            try connection.execute("DELETE FROM operators WHERE id = \(id)")
            guard connection.changes == 1 else { return false }
            try Self.insert(audit, in: connection)
            return true
        }
    }

    public func setPasswordHash(operatorID: Operator.ID, _ passwordHash: String) throws {
        try withConnection { connection in
            try connection.execute("UPDATE operators SET password_hash = \(passwordHash) WHERE id = \(operatorID)")
        }
    }

    public func setSecondFactor(operatorID: Operator.ID, secret: [UInt8]?, acceptedStep: Int64?, audit: AuditEntry)
        throws
    {
        try write { connection in
            try connection.execute(
                """
                UPDATE operators SET totp_secret = \(secret), totp_last_step = \(secret == nil ? nil : acceptedStep)
                WHERE id = \(operatorID)
                """)
            guard connection.changes == 1 else { throw StoreError.unknownOperator(id: operatorID.rawValue) }
            try Self.insert(audit, in: connection)
        }
    }

    public func acceptSecondFactorStep(operatorID: Operator.ID, step: Int64) throws -> Bool {
        try withConnection { connection in
            try connection.execute(
                """
                UPDATE operators SET totp_last_step = \(step)
                WHERE id = \(operatorID) AND (totp_last_step IS NULL OR totp_last_step < \(step))
                """)
            return connection.changes == 1
        }
    }

    // MARK: Sessions

    public func createOperatorSession(_ session: OperatorSession) throws {
        try withConnection { connection in
            try connection.execute(
                """
                INSERT INTO operator_sessions (token, operator_id, csrf_token, created_at, last_seen_at, expires_at)
                VALUES (\(TokenDigest(session.token)), \(session.operatorID), \(session.csrfToken),
                    \(session.createdAt), \(session.lastSeenAt), \(session.expiresAt))
                """)
        }
    }

    public func operatorSession(token: String) throws -> (session: OperatorSession, account: Operator)? {
        try read { connection in
            guard
                let row = try connection.fetchOne(
                    """
                    SELECT s.csrf_token, s.created_at, s.last_seen_at, \(sql: Self.operatorColumns("o."))
                    FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
                    WHERE s.token = \(TokenDigest(token))
                    """)
            else { return nil }
            let account = try Self.account(from: row, in: connection)
            let session = OperatorSession(
                token: token, operatorID: account.id, csrfToken: try row.value(named: "csrf_token"),
                createdAt: try row.value(named: "created_at"), lastSeenAt: try row.value(named: "last_seen_at"))
            return (session, account)
        }
    }

    public func touchOperatorSession(token: String, at date: Date) throws {
        try withConnection { connection in
            let digest = TokenDigest(token)
            guard
                let row = try connection.fetchOne(
                    "SELECT created_at FROM operator_sessions WHERE token = \(digest)")
            else { return }
            let createdAt: Date = try row.value(named: "created_at")
            let expiresAt = min(
                date.addingTimeInterval(OperatorSession.idleLimit),
                createdAt.addingTimeInterval(OperatorSession.absoluteLimit))
            try connection.execute(
                "UPDATE operator_sessions SET last_seen_at = \(date), expires_at = \(expiresAt) WHERE token = \(digest)"
            )
        }
    }

    public func deleteOperatorSession(token: String) throws {
        try withConnection { connection in
            try connection.execute("DELETE FROM operator_sessions WHERE token = \(TokenDigest(token))")
        }
    }

    @discardableResult
    public func deleteOperatorSessions(operatorID: Operator.ID) throws -> Int {
        try withConnection { connection in
            try connection.execute("DELETE FROM operator_sessions WHERE operator_id = \(operatorID)")
            return connection.changes
        }
    }

    @discardableResult
    public func deleteOperatorSessions(endedBefore date: Date) throws -> Int {
        try withConnection { connection in
            try connection.execute("DELETE FROM operator_sessions WHERE expires_at < \(date)")
            return connection.changes
        }
    }

    // MARK: Failed sign-ins

    public func reserveSignInAttempt(_ limits: [SignInLimit], at date: Date) throws -> SignInReservation {
        // One row per key, locked in key order (so two attempts never wait for each other's locks the other way
        // round); a key seen for the first time is inserted with no failures first, so that it has a row to lock.
        let limits = Dictionary(limits.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            .values.sorted { $0.key < $1.key }
        let lock = dialect.lockingClause
        return try write { connection in
            var counts: [(limit: SignInLimit, failures: Int)] = []
            var refusal = 0
            var proofWait: Int?
            for limit in limits {
                try connection.execute(
                    """
                    INSERT INTO sign_in_failures (key, failures, last_failure_at) VALUES (\(limit.key), 0, \(date))
                    ON CONFLICT (key) DO NOTHING
                    """)
                guard
                    let row = try connection.fetchOne(
                        "SELECT failures, last_failure_at FROM sign_in_failures WHERE key = \(limit.key)\(sql: lock)")
                else { continue }
                let lastAt: Date = try row.value(named: "last_failure_at")
                let failures = limit.rule.counted(failures: try row.value(named: "failures"), lastAt: lastAt, at: date)
                counts.append((limit, failures))
                guard let wait = limit.rule.remainingWait(failures: failures, lastAt: lastAt, at: date) else {
                    continue
                }
                switch limit.kind {
                case .stops: refusal = max(refusal, wait)
                case .asksForProof: proofWait = max(proofWait ?? 0, wait)
                }
            }
            if refusal > 0 { return .refused(retryAfterSeconds: refusal) }
            let stillFree = Set(counts.filter { $0.failures < $0.limit.rule.freeAttempts }.map(\.limit.key))
            for (limit, failures) in counts {
                if let other = limit.countedWhileFree, !stillFree.contains(other) { continue }
                try connection.execute(
                    """
                    UPDATE sign_in_failures SET failures = \(failures + 1), last_failure_at = \(date)
                    WHERE key = \(limit.key)
                    """)
            }
            return .counted(proofWaitSeconds: proofWait)
        }
    }

    public func signInSucceeded(clearing: [String], uncounting: [String]) throws {
        try write { connection in
            for key in Set(clearing).sorted() {
                try connection.execute("DELETE FROM sign_in_failures WHERE key = \(key)")
            }
            for key in Set(uncounting).subtracting(clearing).sorted() {
                try connection.execute(
                    "UPDATE sign_in_failures SET failures = failures - 1 WHERE key = \(key) AND failures > 0")
            }
        }
    }

    @discardableResult
    public func deleteSignInFailures(before date: Date) throws -> Int {
        try withConnection { connection in
            try connection.execute("DELETE FROM sign_in_failures WHERE last_failure_at < \(date)")
            return connection.changes
        }
    }

    // MARK: Rows

    static var operatorColumns: SQL { operatorColumns("") }

    /// The columns an ``Operator`` is read from, each with `prefix` (a table alias).
    static func operatorColumns(_ prefix: String) -> SQL {
        let names = ["id", "email", "role", "password_hash", "totp_secret IS NOT NULL AS has_totp", "created_at"]
        return SQL(stringLiteral: names.map { prefix + $0 }.joined(separator: ", "))
    }

    static func account(from row: Row, in connection: Pool.Connection) throws -> Operator {
        let id = try Operator.ID(try row.value(named: "id", as: String.self))
        let roleText: String = try row.value(named: "role")
        guard let role = Operator.Role(rawValue: roleText) else {
            throw StoreError.unreadableRow(
                table: "operators", id: id.rawValue, column: "role", reason: "\"\(roleText)\" is not a role")
        }
        let areas = try connection.fetchAll(
            "SELECT area_id FROM operator_areas WHERE operator_id = \(id) ORDER BY area_id"
        ).map { try Area.ID(try $0.value(named: "area_id", as: String.self)) }
        return Operator(
            id: id, email: try row.value(named: "email"), role: role, areaIDs: areas,
            hasPassword: try row.value(named: "password_hash", as: String?.self) != nil,
            hasSecondFactor: try row.value(named: "has_totp", as: Bool.self),
            createdAt: try row.value(named: "created_at"))
    }

    /// Gives an operator these areas, refusing one that does not exist.
    private static func writeAreas(_ areaIDs: [Area.ID], of id: Operator.ID, in connection: Pool.Connection) throws {
        for area in areaIDs {
            guard try connection.fetchOne("SELECT id FROM areas WHERE id = \(area)") != nil else {
                throw StoreError.unknownArea(id: area.rawValue)
            }
            try connection.execute("INSERT INTO operator_areas (operator_id, area_id) VALUES (\(id), \(area))")
        }
    }

    /// Writes an audit entry on `connection`, inside the caller's transaction.
    static func insert(_ entry: AuditEntry, in connection: Pool.Connection) throws {
        try connection.execute(
            """
            INSERT INTO audit_log (at, actor, actor_name, area_id, action, subject, before_value, after_value)
            VALUES (\(entry.at), \(entry.actor), \(entry.actorName), \(entry.areaID), \(entry.action),
                \(entry.subject), \(entry.before), \(entry.after))
            """)
    }
}
