import Foundation

extension Slug {
    /// An id made from a display name, as a person would write it: `Original Joe's` → `original-joes`,
    /// `Café Zoë` → `cafe-zoe`, `금정회관` → `geumjeonghoegwan` (other scripts in Latin letters by ICU's
    /// transliteration, then without accents), each run of anything else one hyphen, at most ``maximumLength``
    /// characters cut at a hyphen. `nil` when nothing of the name is left (`🍔`, blank).
    public init?(name: String) {
        let latin =
            String(name.prefix(4 * Self.maximumLength)).applyingTransform(
                StringTransform(rawValue: "Any-Latin; Latin-ASCII; Lower"), reverse: false) ?? ""
        var text = ""
        var pendingHyphen = false
        for scalar in latin.unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9":
                if pendingHyphen && !text.isEmpty { text.append("-") }
                pendingHyphen = false
                text.unicodeScalars.append(scalar)
            // Apostrophes join a word (`joe's` → `joes`); whatever else lies between words is one hyphen.
            case "'", "\u{2019}", "`":
                continue
            default:
                pendingHyphen = true
            }
        }
        if text.utf8.count > Self.maximumLength {
            let cut = text.prefix(Self.maximumLength + 1)
            text = String(cut.lastIndex(of: "-").map { cut[..<$0] } ?? cut.prefix(Self.maximumLength))
        }
        guard let slug = try? Self(text) else { return nil }
        self = slug
    }

    /// This id, or the first of `this-2`, `this-3`, … that `isTaken` says is free (the stem shortened to stay
    /// within ``maximumLength``); `nil` after `attempts` taken ones.
    public func firstFree(attempts: Int = 50, isTaken: (Self) throws -> Bool) rethrows -> Self? {
        if try !isTaken(self) { return self }
        for number in 2...max(attempts, 2) {
            let suffix = "-\(number)"
            var stem = String(rawValue.prefix(Self.maximumLength - suffix.count))
            while stem.hasSuffix("-") { stem.removeLast() }
            guard let candidate = try? Self(stem + suffix) else { continue }
            if try !isTaken(candidate) { return candidate }
        }
        return nil
    }
}
