import Foundation

/// Time-based one-time passwords (RFC 6238): an HMAC (RFC 4226's HOTP) of the number of 30-second steps since 1970,
/// cut to six digits. What authenticator apps show for an `otpauth://totp/…` secret.
public struct TOTP: Sendable, Equatable {
    /// The shared secret (20 random bytes for SHA-1, as RFC 4226 recommends).
    public let secret: [UInt8]
    public let algorithm: HMAC.Algorithm
    public let digits: Int
    /// The length of a step in seconds.
    public let stepSeconds: Int

    public init(secret: [UInt8], algorithm: HMAC.Algorithm = .sha1, digits: Int = 6, stepSeconds: Int = 30) {
        precondition((6...8).contains(digits) && stepSeconds > 0)
        self.secret = secret
        self.algorithm = algorithm
        self.digits = digits
        self.stepSeconds = stepSeconds
    }

    /// A new secret of 20 random bytes.
    public static func makeSecret(randomBytes: (Int) -> [UInt8]) -> [UInt8] { randomBytes(20) }

    /// The step `date` falls in: whole `stepSeconds` since 1970 (RFC 6238's T with T0 = 0).
    public func step(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / Double(stepSeconds)).rounded(.down))
    }

    /// The code for a step, zero-padded to ``digits`` (RFC 4226, section 5.3: dynamic truncation).
    public func code(forStep step: Int64) -> String {
        let counter = (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: step) >> (56 - 8 * $0)) }
        let mac = HMAC.authenticate(counter, key: secret, using: algorithm)
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary =
            (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let number = String(binary % modulus)
        return String(repeating: "0", count: digits - number.count) + number
    }

    /// The code shown at `date`.
    public func code(at date: Date) -> String { code(forStep: step(at: date)) }

    /// The step whose code `code` is, looking one step either side of `date` for clocks that drift and codes typed as
    /// the step turns; `nil` when none matches. Codes are compared in constant time. A caller must refuse a step at
    /// or before the last one it accepted, so a code works once.
    public func matchingStep(_ code: String, at date: Date) -> Int64? {
        let typed = Array(code.filter { !$0.isWhitespace }.utf8)
        guard typed.count == digits else { return nil }
        let now = step(at: date)
        var found: Int64?
        for candidate in [now - 1, now, now + 1]
        where Digest.constantTimeEqual(Array(self.code(forStep: candidate).utf8), typed) {
            found = candidate
        }
        return found
    }

    /// The `otpauth://totp/ISSUER:ACCOUNT?…` link authenticator apps read (Google Authenticator's key URI format).
    public func provisioningURI(issuer: String, account: String) -> String {
        func encode(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~@")))
                ?? text
        }
        return "otpauth://totp/\(encode(issuer)):\(encode(account))?secret=\(Base32.encode(secret))"
            + "&issuer=\(encode(issuer))&algorithm=\(algorithm.rawValue)&digits=\(digits)&period=\(stepSeconds)"
    }
}
