import GrubmapCore

/// Marks text written in another language than the page's, so screen readers read it with the right voice and
/// browsers hyphenate and wrap it by its own rules (WCAG 3.1.2, language of parts).
enum TextLanguage {
    /// `lang` for text written in the language `code` on a page in `page`: nothing when they agree.
    static func attributes(_ code: String?, on page: Language) -> [Attribute] {
        guard let code, code != page.rawValue else { return [] }
        return [.lang(code)]
    }

    /// The language of text people typed, whose language nobody declared (names, companies, bios): Korean when it
    /// has Hangul, English when its letters are all Latin, else `nil` (the page's language is the best guess).
    static func guess(_ text: String) -> String? {
        var hasLatin = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F: return Language.korean.rawValue
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: hasLatin = true
            default: continue
            }
        }
        return hasLatin ? Language.english.rawValue : nil
    }

    /// `lang` for typed text on a page in `page`, when it seems to be in another language.
    static func attributes(guessedFrom text: String, on page: Language) -> [Attribute] {
        attributes(guess(text), on: page)
    }
}

extension LocalizedText {
    /// `lang` for this text shown on a page in `language`, when it falls back to another language (an English-only
    /// restaurant name on a Korean page).
    func langAttributes(on language: Language) -> [Attribute] {
        TextLanguage.attributes(shown(in: language).language, on: language)
    }
}
