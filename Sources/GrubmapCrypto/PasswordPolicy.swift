import Foundation

/// What a new operator password must be: at least 12 characters (NIST SP 800-63B's advice is length, not symbols),
/// at most 200 (Argon2 takes any length, but a body of megabytes is no password), and not a common one.
///
/// "Common" is the Openwall list shipped in `Resources/common-passwords.txt` (3,500 passwords seen most often; public
/// domain), compared without case, also after removing the digits and symbols people append to reach a length
/// (`password123456`), and a list word repeated (`qwertyqwerty`) counts too; so do runs of one or two characters and
/// keyboard or counting rows (`123456789012`, `qwertyuiopas`).
public struct PasswordPolicy: Sendable {
    /// Why a password was refused.
    public enum Problem: String, Error, Sendable, Equatable {
        case tooShort = "too_short"
        case tooLong = "too_long"
        case common
        case sameAsEmail = "same_as_email"
    }

    public static let minimumLength = 12
    public static let maximumLength = 200

    private let common: Set<String>

    /// The policy with the shipped list.
    public static let standard = PasswordPolicy(common: Self.loadList())

    init(common: Set<String>) {
        self.common = common
    }

    /// The first problem with `password` for the account `email`, or `nil` when it may be used.
    public func problem(with password: String, email: String = "") -> Problem? {
        let length = password.count
        if length < Self.minimumLength { return .tooShort }
        if length > Self.maximumLength { return .tooLong }
        let lowered = password.lowercased()
        let address = email.lowercased()
        if !address.isEmpty, lowered == address || lowered == address.split(separator: "@").first.map(String.init) {
            return .sameAsEmail
        }
        if isCommon(lowered) { return .common }
        return nil
    }

    private func isCommon(_ lowered: String) -> Bool {
        if common.contains(lowered) || Set(lowered).count <= 2 { return true }
        let core = String(lowered.reversed().drop { !$0.isLetter }.reversed()).drop { !$0.isLetter }
        if core.count >= 3, common.contains(String(core)) { return true }
        if let unit = Self.repeatedUnit(lowered), unit.count <= 4 || common.contains(unit) { return true }
        return Self.rows.contains { row in row.contains(lowered) || row.contains(String(lowered.reversed())) }
    }

    /// The shortest text that `text` is two or more copies of, or `nil`.
    private static func repeatedUnit(_ text: String) -> String? {
        let characters = Array(text)
        for length in 1...max(1, characters.count / 2) where characters.count % length == 0 {
            let unit = characters[0..<length]
            if stride(from: length, to: characters.count, by: length).allSatisfy({
                characters[$0..<$0 + length] == unit
            }) {
                return String(unit)
            }
        }
        return nil
    }

    /// Keyboard and counting rows, repeated so a run may wrap (`7890123456789`).
    private static let rows = [
        String(repeating: "1234567890", count: 3), String(repeating: "qwertyuiop", count: 3),
        String(repeating: "asdfghjkl", count: 3), String(repeating: "zxcvbnm", count: 3),
        "qwertyuiopasdfghjklzxcvbnm", "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p",
        String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 2),
    ]

    private static func loadList() -> Set<String> {
        guard let url = Bundle.module.url(forResource: "common-passwords", withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            preconditionFailure("GrubmapCrypto's common-passwords.txt is missing from the build")
        }
        return Set(
            text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#!comment") }.map { $0.lowercased() })
    }
}
