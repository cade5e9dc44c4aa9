/// A language Grubmap's interface speaks.
public enum Language: String, CaseIterable, Codable, Sendable {
    case english = "en"
    case korean = "ko"

    /// The best supported language for an HTTP `Accept-Language` header, or `nil` when none matches.
    ///
    /// Honours quality values (`ko;q=0.9`); a language's region (`ko-KR`) is ignored; ties keep header order.
    public static func preferred(acceptLanguage header: String) -> Language? {
        var candidates: [(language: Language, quality: Double, index: Int)] = []
        for (index, item) in header.split(separator: ",").enumerated() {
            let fields = item.split(separator: ";")
            guard let tag = fields.first?.trimmingSpaces.lowercased(), !tag.isEmpty else { continue }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            var quality = 1.0
            for field in fields.dropFirst() {
                let parameter = field.trimmingSpaces
                if parameter.hasPrefix("q="), let value = Double(parameter.dropFirst(2)) { quality = value }
            }
            guard quality > 0, let language = Language(rawValue: primary) else { continue }
            candidates.append((language, quality, index))
        }
        return candidates.min { ($0.quality, -$0.index) > ($1.quality, -$1.index) }?.language
    }
}

/// Text in one or more languages, such as a place's name.
///
/// Encodes as a JSON object keyed by language code (`{"ko": "금정회관", "en": "Geumjeong Hall"}`).
/// Keys Grubmap does not speak are kept, so nothing in an organiser's data is lost.
public struct LocalizedText: Hashable, Sendable, Codable {
    /// The text per language code; never empty.
    public let values: [String: String]

    /// Makes localized text; throws when no language has non-empty text.
    public init(_ values: [String: String]) throws(LocalizedTextError) {
        // Text of spaces only is no text; most names have none, and are kept as they are.
        let isBlank = { (text: String) in !text.utf8.contains { $0 != UInt8(ascii: " ") } }
        let kept = values.values.contains(where: isBlank) ? values.filter { !isBlank($0.value) } : values
        guard !kept.isEmpty else { throw .empty }
        self.values = kept
    }

    /// Text in a single language.
    public init(_ text: String, language: Language = .english) {
        values = [language.rawValue: text]
    }

    /// The text in `language`, else in English, else in Korean, else in any language (the same one every time).
    public func text(in language: Language) -> String {
        shown(in: language).text
    }

    /// What ``text(in:)`` shows in `language`, with the code of the language that text is written in: `language`'s
    /// own, or the one it fell back to (an English-only name on a Korean page is `en`), so pages can mark it.
    public func shown(in language: Language) -> (language: String, text: String) {
        for code in [language.rawValue, Language.english.rawValue, Language.korean.rawValue] {
            if let text = values[code] { return (code, text) }
        }
        let code = values.keys.min()!
        return (code, values[code]!)
    }

    /// The text in `localLanguage` when it differs from what ``text(in:)`` shows in `language`: the name on the
    /// signs, as a subtitle under a translated name (금정회관 under "Geumjeong Hall"). `nil` otherwise.
    public func local(_ localLanguage: String, shownIn language: Language) -> (language: String, text: String)? {
        guard let local = values[localLanguage], local != text(in: language) else { return nil }
        return (localLanguage, local)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            try self.init(try container.decode([String: String].self))
        } catch let error as LocalizedTextError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}

/// Why localized text was refused.
public enum LocalizedTextError: Error, Equatable, Sendable {
    case empty
}
