import Foundation
import GrubmapCore

/// Operators, their set-up links and sessions, and the count of failed sign-ins. Every token (set-up links,
/// sessions) is given as the client holds it and stored only as its digest.
public protocol OperatorStore: Sendable {
    /// Records a new operator with a one-time set-up link; ``StoreError/duplicateEmail(_:)`` when the address is
    /// taken, ``StoreError/unknownArea(id:)`` for an area that does not exist.
    func createOperator(_ account: Operator, setupToken: String, setupExpiresAt: Date, audit: AuditEntry) throws
    /// Every operator, ordered by address.
    func operators() throws -> [Operator]
    /// The operator with this id, or `nil`.
    func operatorAccount(id: Operator.ID) throws -> Operator?
    /// What signing in with this address needs, or `nil` when no operator has it.
    func operatorCredentials(email: String) throws -> OperatorCredentials?
    /// What a set-up link is now, or `nil` when no operator ever had it.
    func setupLink(token: String) throws -> SetupLink?
    /// Sets the password of the link's operator and uses the link up, in one statement: `nil` (nothing changed) when
    /// the link is unknown, used or expired at `date`.
    func completeSetup(token: String, passwordHash: String, at date: Date) throws -> Operator?
    /// Changes an operator's role and areas.
    func updateOperator(id: Operator.ID, role: Operator.Role, areaIDs: [Area.ID], audit: AuditEntry) throws
    /// Gives an operator a new set-up link and takes away their password, second factor and sessions (a forgotten
    /// password, a lost phone, a stolen laptop).
    func resetOperator(id: Operator.ID, setupToken: String, setupExpiresAt: Date, audit: AuditEntry) throws
    /// Deletes an operator and their sessions; returns whether there was one.
    @discardableResult
    func removeOperator(id: Operator.ID, audit: AuditEntry) throws -> Bool
    /// Replaces an operator's stored password hash (a stronger cost at sign-in).
    func setPasswordHash(operatorID: Operator.ID, _ passwordHash: String) throws
    /// Turns the second factor on with `secret`, or off with `nil`. `acceptedStep` is the last TOTP step taken as
    /// used: the step of the code that proved the new secret, so that code does not work again (`nil`: none).
    func setSecondFactor(operatorID: Operator.ID, secret: [UInt8]?, acceptedStep: Int64?, audit: AuditEntry) throws
    /// Records that a TOTP step was used, when it is later than the last one: `false` when it was not (a code seen
    /// before is refused, even by another server at the same moment).
    func acceptSecondFactorStep(operatorID: Operator.ID, step: Int64) throws -> Bool

    /// Records a new operator session.
    func createOperatorSession(_ session: OperatorSession) throws
    /// The session with this token and its operator, expired or not; `nil` when there is none.
    func operatorSession(token: String) throws -> (session: OperatorSession, account: Operator)?
    /// Moves a session's last request to `date`.
    func touchOperatorSession(token: String, at date: Date) throws
    /// Ends one session (signing out).
    func deleteOperatorSession(token: String) throws
    /// Ends every session of an operator (signing out everywhere); returns how many.
    @discardableResult
    func deleteOperatorSessions(operatorID: Operator.ID) throws -> Int
    /// Deletes sessions that ended before `date` (idle or past their absolute limit); returns how many.
    @discardableResult
    func deleteOperatorSessions(endedBefore date: Date) throws -> Int

    /// Checks a sign-in attempt against every limit and, unless one that ``SignInLimit/Kind/stops`` it must still
    /// wait, counts it as a failure under every key, all in one transaction (the rows locked in key order): attempts
    /// that arrive together are checked one after another, so no more of them go through than the limits allow. A
    /// success takes the count back with ``signInSucceeded(clearing:uncounting:)``.
    func reserveSignInAttempt(_ limits: [SignInLimit], at date: Date) throws -> SignInReservation
    /// After a successful sign-in: forgets every failure under the keys `clearing`, and takes the successful
    /// attempt's count back from the keys `uncounting`.
    func signInSucceeded(clearing: [String], uncounting: [String]) throws
    /// Forgets keys whose latest failure came before `date`; returns how many.
    @discardableResult
    func deleteSignInFailures(before date: Date) throws -> Int
}

/// What checking a sign-in needs, never shown to anyone.
public struct OperatorCredentials: Sendable {
    public let account: Operator
    /// The Argon2id string, or `nil` before set-up.
    public let passwordHash: String?
    /// The TOTP secret, or `nil` without a second factor.
    public let secondFactorSecret: [UInt8]?

    public init(account: Operator, passwordHash: String?, secondFactorSecret: [UInt8]?) {
        self.account = account
        self.passwordHash = passwordHash
        self.secondFactorSecret = secondFactorSecret
    }
}

/// A set-up link as the database knows it.
public struct SetupLink: Sendable {
    public let account: Operator
    public let expiresAt: Date
    /// When the link was used, or `nil`.
    public let usedAt: Date?

    public init(account: Operator, expiresAt: Date, usedAt: Date?) {
        self.account = account
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }
}

/// One count a sign-in attempt is checked against and counted under (an account, an address, both).
public struct SignInLimit: Hashable, Sendable {
    /// What a limit that must still wait does to an attempt.
    public enum Kind: Hashable, Sendable {
        /// Refused before its password is checked.
        case stops
        /// Checked, but let through only when it proves the password and a second factor.
        case asksForProof
    }

    /// The key (`pair:…`, `address:…`, `account:…`).
    public let key: String
    public let rule: AttemptRule
    public let kind: Kind
    /// The key of another limit of the same attempt, or `nil`: this limit then counts the attempt only while that
    /// one's failures are still within its free attempts, so that (say) one address adds at most its free attempts
    /// to an account's count, however long it goes on guessing.
    public let countedWhileFree: String?

    public init(key: String, rule: AttemptRule, kind: Kind, countedWhileFree: String? = nil) {
        self.key = key
        self.rule = rule
        self.kind = kind
        self.countedWhileFree = countedWhileFree
    }
}

/// What ``OperatorStore/reserveSignInAttempt(_:at:)`` decided.
public enum SignInReservation: Hashable, Sendable {
    /// A limit that stops attempts must still wait this many seconds: nothing was counted.
    case refused(retryAfterSeconds: Int)
    /// Counted as a failure under every key; when a limit that asks for proof must still wait, its seconds: the
    /// attempt passes only with the password and a second factor.
    case counted(proofWaitSeconds: Int?)
}
