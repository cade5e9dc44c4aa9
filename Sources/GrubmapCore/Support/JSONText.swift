import Foundation

/// Compact JSON text for Grubmap's small stored values (names, opening hours), written directly rather than
/// through `JSONEncoder`, which costs tens of microseconds a value: too much for a million imported places.
///
/// The output is byte for byte what `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` writes (keys
/// in byte order, `\b \t \n \f \r \" \\` and `\u00XX` for the other control characters, everything else as it is),
/// so rows written either way read and compare the same.
enum JSONText {
    /// `text` as a JSON string, quotes included, appended to `output`.
    static func appendString(_ text: String, to output: inout String) {
        output.append("\"")
        // Most text has nothing to escape: appended whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output.append(text)
            output.append("\"")
            return
        }
        var start = text.utf8.startIndex
        let utf8 = text.utf8
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                index = utf8.index(after: index)
                continue
            }
            output.append(contentsOf: text[start..<index])
            switch byte {
            case UInt8(ascii: "\""): output.append("\\\"")
            case UInt8(ascii: "\\"): output.append("\\\\")
            case 0x08: output.append("\\b")
            case 0x09: output.append("\\t")
            case 0x0A: output.append("\\n")
            case 0x0C: output.append("\\f")
            case 0x0D: output.append("\\r")
            default:
                let hex = Array("0123456789abcdef")
                output.append("\\u00")
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
            index = utf8.index(after: index)
            start = index
        }
        output.append(contentsOf: text[start..<utf8.endIndex])
        output.append("\"")
    }

    /// An object of text values with its keys in byte order.
    static func object(_ values: [String: String]) -> String {
        var output = "{"
        func member(_ key: String, _ value: String) {
            appendString(key, to: &output)
            output.append(":")
            appendString(value, to: &output)
        }
        switch values.count {
        case 1:
            // One or two keys (most names) are put in order without sorting an array.
            let (key, value) = values.first!
            member(key, value)
        case 2:
            var pairs = values.makeIterator()
            var first = pairs.next()!
            var second = pairs.next()!
            if second.key.utf8.lexicographicallyPrecedes(first.key.utf8) { swap(&first, &second) }
            member(first.key, first.value)
            output.append(",")
            member(second.key, second.value)
        default:
            for (offset, key) in values.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if offset > 0 { output.append(",") }
                member(key, values[key]!)
            }
        }
        output.append("}")
        return output
    }
}

extension LocalizedText {
    /// The text as stored: a JSON object keyed by language, keys in byte order (`{"en":"…","ko":"…"}`).
    public var jsonText: String { JSONText.object(values) }

    /// What places are ordered by in `language` ("by name"), the same in Swift and in both databases' indexes: the
    /// text in `language`, else in the other language Grubmap speaks (English or Korean), else the stored JSON
    /// (``jsonText``), with only the ASCII letters lowered, as SQLite's `lower()` and PostgreSQL's under the "C"
    /// collation do; compared byte by byte.
    ///
    /// It differs from what pages show (``text(in:)``) only for names in neither language, which sort by their
    /// first language's text (the JSON begins with it), and in leaving other scripts' capitals as they are.
    public func sortKey(in language: Language) -> String {
        let other: Language = language == .english ? .korean : .english
        let text = values[language.rawValue] ?? values[other.rawValue] ?? jsonText
        guard text.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else { return text }
        return String(
            decoding: text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 },
            as: UTF8.self)
    }
}

extension OpeningHours {
    /// The hours as stored: `[{"closes":"21:00","days":"Mo-Fr","opens":"11:00"}]`, or with dated exceptions or a
    /// note `{"exceptions":[…],"note":"…","weekly":[…]}` as their `Encodable` conformance writes it.
    public var jsonText: String {
        // Exceptions and notes are rare and carry free text: they go through the encoder.
        if !exceptions.isEmpty || note != nil {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Encoding hours cannot fail: every value is a string or a list of them.
            return String(decoding: try! encoder.encode(self), as: UTF8.self)
        }
        // Days and times never need escaping, and the keys are written in their sorted order.
        var output = "["
        for (offset, rule) in rules.enumerated() {
            if offset > 0 { output.append(",") }
            output.append(#"{"closes":""#)
            output.append(rule.closes.description)
            output.append(#"","days":""#)
            output.append(Weekday.format(rule.days))
            output.append(#"","opens":""#)
            output.append(rule.opens.description)
            output.append(#""}"#)
        }
        output.append("]")
        return output
    }
}

extension LocalizedText {
    /// Reads stored text back (``jsonText``'s form, or any JSON object of strings), a few times faster than
    /// `JSONDecoder`, which a page of 500 map places would otherwise spend most of its time in: the stored form
    /// (no spaces, no escapes) byte by byte, anything else with ``JSONReader``. `nil` for what is not an object of
    /// strings, which the `Decodable` conformance then reads or refuses, saying why.
    public init?(jsonText: String) {
        if let values = JSONText.plainObject(jsonText), let text = try? LocalizedText(values) {
            self = text
            return
        }
        var reader = JSONReader(bytes: Array(jsonText.utf8))
        guard let object = (try? reader.readValue())?.object, (try? reader.isAtEnd()) == true else { return nil }
        var values: [String: String] = [:]
        for (key, value) in object {
            guard let text = value.string, values.updateValue(text, forKey: key) == nil else { return nil }
        }
        guard let text = try? LocalizedText(values) else { return nil }
        self = text
    }
}

extension JSONText {
    /// The members of an object of strings written as ``object(_:)`` writes one without escapes
    /// (`{"en":"Hall","ko":"회관"}`); `nil` for anything else (spaces, escapes, control characters, a repeated key,
    /// other values), which a full JSON reader then reads.
    static func plainObject(_ text: String) -> [String: String]? {
        var text = text
        return text.withUTF8 { bytes -> [String: String]? in
            let quote = UInt8(ascii: "\"")
            var index = 0
            func byte(_ expected: UInt8) -> Bool {
                guard index < bytes.count, bytes[index] == expected else { return false }
                index += 1
                return true
            }
            // A string's content up to its closing quote, or `nil` at an escape, a control character or the end.
            func string() -> String? {
                guard byte(quote) else { return nil }
                let start = index
                while index < bytes.count {
                    let next = bytes[index]
                    if next == quote {
                        index += 1
                        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
                    }
                    if next < 0x20 || next == UInt8(ascii: "\\") { return nil }
                    index += 1
                }
                return nil
            }
            guard byte(UInt8(ascii: "{")) else { return nil }
            var values: [String: String] = [:]
            if byte(UInt8(ascii: "}")) { return index == bytes.count ? values : nil }
            repeat {
                guard let key = string(), byte(UInt8(ascii: ":")), let value = string(),
                    values.updateValue(value, forKey: key) == nil
                else { return nil }
            } while byte(UInt8(ascii: ","))
            return byte(UInt8(ascii: "}")) && index == bytes.count ? values : nil
        }
    }
}

extension OpeningHours {
    /// Reads stored weekly hours back (``jsonText``'s form without exceptions) with ``JSONReader``, as
    /// ``LocalizedText/init(jsonText:)`` does; `nil` for anything else (hours with exceptions or a note), which the
    /// `Decodable` conformance then reads. Places share a few texts of hours (a chain's, "Mo-Fr 11:00-21:00"), so
    /// each text is read once per process (``readTexts``).
    public init?(jsonText: String) {
        // Most places have no hours.
        if jsonText == "[]" {
            self.init()
            return
        }
        let read = Self.readTexts.value(for: jsonText) {
            var reader = JSONReader(bytes: Array(jsonText.utf8))
            guard let value = try? reader.readValue(), (try? reader.isAtEnd()) == true else { return nil }
            return OpeningHours(json: value)
        }
        guard let read else { return nil }
        self = read
    }

    /// Weekly hours read from their stored text, by text.
    private static let readTexts = BoundedMemo<String, OpeningHours>()
}
