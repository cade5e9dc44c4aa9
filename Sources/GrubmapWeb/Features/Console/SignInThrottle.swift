import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Limits guessing at the console's sign-in without ever letting a stranger keep the owner out. Failures are
/// counted in the database (so every server sees the same counts) under three keys, each with growing waits (2 s,
/// 4 s, 8 s … at most 15 minutes after the latest failure, forgotten a day after it):
///
/// - an account from one address: 5 free failures, then the waits; it stops the attempt before its password is
///   checked. Guesses from one address delay only that address.
/// - one address, whatever the accounts: 20 free (a venue's crowd may share one), then the waits; stops too.
/// - an account from everywhere, against guessing spread over many addresses: 50 free, then the waits. Each address
///   adds at most its 5 free failures to it, so no one address can start it. An attempt it holds is still checked,
///   and passes when it proves the password *and* the second factor, so an owner with TOTP always gets in.
///
/// Each attempt is checked and counted in one transaction before its password is checked
/// (``OperatorStore/reserveSignInAttempt(_:at:)``), so attempts sent together cannot all pass one check. A success
/// clears the account's own counts and takes its attempt back from the address's. Addresses are counted by IPv4
/// address or IPv6 /64 (one machine's usual share), and keys are kept for addresses without an account too, so
/// the waits say nothing about which accounts exist.
public struct SignInThrottle: Sendable {
    static let perAccountAndAddress = AttemptRule(
        freeAttempts: 5, longestWaitSeconds: 900, forgetAfterSeconds: forgetAfterSeconds)
    static let perAddress = AttemptRule(
        freeAttempts: 20, longestWaitSeconds: 900, forgetAfterSeconds: forgetAfterSeconds)
    static let perAccount = AttemptRule(
        freeAttempts: 50, longestWaitSeconds: 900, forgetAfterSeconds: forgetAfterSeconds)
    /// How long a key's failures are remembered after its latest one.
    public static let forgetAfterSeconds = 24 * 3600
    /// The longest an email address is counted by (RFC 5321's limit on a path); longer ones are cut.
    static let longestEmail = 254

    let store: any OperatorStore

    /// What counting a sign-in decided.
    enum Decision: Equatable {
        /// Refused without checking the password: try again after this many seconds.
        case wait(Int)
        /// Check the password; `proofWait` is set when only the password and a second factor may pass.
        case check(proofWait: Int?)
    }

    /// The limits an attempt at `email` from `address` is checked against and counted under.
    static func limits(email: String, address: String) -> [SignInLimit] {
        let account = String(email.lowercased().prefix(longestEmail))
        let origin = addressKey(address)
        let pair = "pair:\(origin) \(account)"
        return [
            SignInLimit(key: pair, rule: perAccountAndAddress, kind: .stops),
            SignInLimit(key: "address:\(origin)", rule: perAddress, kind: .stops),
            SignInLimit(key: "account:\(account)", rule: perAccount, kind: .asksForProof, countedWhileFree: pair),
        ]
    }

    /// An address as counted: IPv4 as it is, IPv6 by its /64.
    static func addressKey(_ address: String) -> String {
        guard let parsed = IPAddress(address)?.unmapped else { return address }
        return parsed.isIPv4 ? parsed.description : IPRange("\(parsed)/64")?.description ?? parsed.description
    }

    /// Checks and counts one attempt (see the type's summary).
    func attempt(email: String, address: String, now: Date) throws -> Decision {
        switch try store.reserveSignInAttempt(Self.limits(email: email, address: address), at: now) {
        case .refused(let seconds): .wait(seconds)
        case .counted(let proofWait): .check(proofWait: proofWait)
        }
    }

    /// After a successful sign-in: the account's counts start again, and the address gets its attempt back.
    func succeeded(email: String, address: String) throws {
        let keys = Self.limits(email: email, address: address).map(\.key)
        try store.signInSucceeded(clearing: [keys[0], keys[2]], uncounting: [keys[1]])
    }
}
