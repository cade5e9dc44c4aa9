import Foundation

/// Checks an XML document before Foundation's `XMLParser` sees a byte of it, and hands the parser plain UTF-8.
///
/// `XMLParser` (libxml2 underneath) trusts what it is given: invalid UTF-8 in a comment crashes it, a DOCTYPE
/// declares entities, and an element with 300,000 attributes takes it tens of seconds. So the document is first
/// decoded in full (UTF-8, or UTF-16 with its byte-order mark; any other declared encoding is refused), and the
/// decoded text — not the raw bytes, which a UTF-16 document would hide a `<!DOCTYPE` in — is scanned for a
/// DOCTYPE or entity declaration, for characters XML does not allow, and for elements with too many attributes or
/// nested too deep. Only then is it given to the parser, re-encoded as UTF-8 with its declaration saying so.
///
/// This is a bound on what reaches the parser, not a parser: it follows tags, comments, CDATA and processing
/// instructions only far enough to count.
public struct XMLPreflight: Sendable {
    /// The most attributes one element may have.
    public var maximumAttributes = 32
    /// The deepest nesting of elements.
    public var maximumDepth = 64

    public init(maximumAttributes: Int = 32, maximumDepth: Int = 64) {
        self.maximumAttributes = maximumAttributes
        self.maximumDepth = maximumDepth
    }

    /// Why a document was refused before parsing, with the line when there is one.
    public struct Problem: Error, Equatable, Sendable {
        public let line: Int?
        public let message: String
    }

    /// The document as UTF-8 for `XMLParser`, or the first problem.
    public func check(_ data: Data) throws(Problem) -> Data {
        let text = Self.declaringUTF8(try Self.decode(data))
        try scan(text)
        return Data(text.utf8)
    }

    /// The text of UTF-8 (with or without its mark) or UTF-16 (with its mark) bytes; invalid sequences are refused.
    static func decode(_ data: Data) throws(Problem) -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else { throw Problem(line: nil, message: "the UTF-16 text ends in half a unit") }
            let units = stride(from: 2, to: bytes.count, by: 2).map { index in
                littleEndian
                    ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                    : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
            }
            var text = ""
            var iterator = units.makeIterator()
            var decoder = UTF16()
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
                case .emptyInput: break decoding
                case .error: throw Problem(line: nil, message: "the text is not valid UTF-16")
                }
            }
            return text
        }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0x00, 0x00]) {
            throw Problem(line: nil, message: "the text is in UTF-32 or another encoding; send UTF-8")
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: body, as: UTF8.self) else {
            let valid = Self.validPrefixLength(body)
            let line = body[..<valid].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            throw Problem(line: line, message: "the text is not valid UTF-8 (byte \(valid + 1))")
        }
        if let declared = Self.declaredEncoding(text), !["utf-8", "utf8"].contains(declared.lowercased()) {
            throw Problem(line: 1, message: "the document declares encoding \"\(declared.prefix(40))\"; send UTF-8")
        }
        return text
    }

    /// How many leading bytes are valid UTF-8.
    private static func validPrefixLength(_ bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var length = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { length += UTF8.width(scalar) }
        return length
    }

    /// The `encoding` of the XML declaration that opens `text`, if it names one.
    private static func declaredEncoding(_ text: String) -> String? {
        guard text.hasPrefix("<?xml"), let end = text.range(of: "?>") else { return nil }
        let declaration = text[..<end.lowerBound]
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// `text` with its XML declaration (if any) replaced by one that says UTF-8, as the parser will be given it.
    private static func declaringUTF8(_ text: String) -> String {
        guard text.hasPrefix("<?xml"), let end = text.range(of: "?>") else { return text }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + text[end.upperBound...]
    }

    /// Follows the markup of `text` far enough to refuse declarations, processing instructions, disallowed
    /// characters, crowded and deep elements, counting lines for the message. The markup is ASCII, so it is
    /// followed in UTF-8 bytes.
    ///
    /// A `<?` anywhere but the XML declaration is refused, in comments and CDATA too: no feed needs a processing
    /// instruction, and Foundation's parser crashes on one without content (`<?pi?>`, found by the fuzzer), wherever
    /// libxml2's error recovery may find it.
    private func scan(_ text: String) throws(Problem) {
        var line = 1
        for scalar in text.unicodeScalars {
            if scalar == "\n" { line += 1 }
            guard Self.isXMLCharacter(scalar) else {
                let code = String(scalar.value, radix: 16, uppercase: true)
                throw Problem(line: line, message: "the text has a character XML does not allow (U+\(code))")
            }
        }
        let bytes = Array(text.utf8)
        let declaration =
            text.hasPrefix("<?xml ")
            ? (text.utf8.firstRange(of: "?>".utf8)?.upperBound).map {
                text.utf8.distance(from: text.utf8.startIndex, to: $0)
            } ?? 0 : 0
        line = 1
        for position in declaration..<max(declaration, bytes.count - 1)
        where bytes[position] == UInt8(ascii: "<") && bytes[position + 1] == UInt8(ascii: "?") {
            let at = bytes[..<position].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            throw Problem(line: at, message: "a document must not have processing instructions (<?…?>)")
        }
        var depth = 0
        var index = 0
        func starts(_ marker: StaticString, at position: Int) -> Bool {
            let count = marker.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[position + offset] != marker.utf8Start[offset] { return false }
            return true
        }
        /// Moves past `marker`, counting lines; false when the text ends first.
        func skip(past marker: StaticString) -> Bool {
            let first = marker.utf8Start[0]
            while index < bytes.count {
                if bytes[index] == first, starts(marker, at: index) {
                    index += marker.utf8CodeUnitCount
                    return true
                }
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            return false
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            guard byte == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if starts("<!--", at: index) {
                guard skip(past: "-->") else { throw Problem(line: line, message: "a comment is not closed") }
                continue
            }
            if starts("<![CDATA[", at: index) {
                guard skip(past: "]]>") else { throw Problem(line: line, message: "a CDATA section is not closed") }
                continue
            }
            if starts("<!", at: index) {
                throw Problem(line: line, message: "a document must not have a DOCTYPE or declare entities")
            }
            if starts("<?", at: index) {
                // Only the XML declaration is left by now.
                guard skip(past: "?>") else { throw Problem(line: line, message: "the XML declaration is not closed") }
                continue
            }
            let closing = starts("</", at: index)
            var attributes = 0
            var quote: UInt8?
            var selfClosing = false
            index += 1
            tag: while index < bytes.count {
                let inTag = bytes[index]
                if inTag == UInt8(ascii: "\n") { line += 1 }
                if inTag == UInt8(ascii: "<") {
                    throw Problem(line: line, message: "a tag or attribute value has a < in it")
                }
                if let open = quote {
                    if inTag == open { quote = nil }
                } else {
                    switch inTag {
                    case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = inTag
                    case UInt8(ascii: "="):
                        attributes += 1
                        if attributes > maximumAttributes {
                            throw Problem(
                                line: line, message: "an element has more than \(maximumAttributes) attributes")
                        }
                    case UInt8(ascii: ">"):
                        selfClosing = bytes[index - 1] == UInt8(ascii: "/")
                        index += 1
                        break tag
                    default: break
                    }
                }
                index += 1
            }
            if closing {
                depth = max(0, depth - 1)
            } else if !selfClosing {
                depth += 1
                if depth > maximumDepth {
                    throw Problem(line: line, message: "elements are nested more than \(maximumDepth) deep")
                }
            }
        }
    }

    /// XML 1.0's `Char`: tab, line feed, carriage return, and everything from U+0020 but surrogates, U+FFFE and U+FFFF.
    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
