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

    /// Refuses characters XML does not allow, then follows the markup (``MarkupScanner``), counting lines for the
    /// message.
    private func scan(_ text: String) throws(Problem) {
        var line = 1
        for scalar in text.unicodeScalars {
            if scalar == "\n" { line += 1 }
            guard Self.isXMLCharacter(scalar) else {
                let code = String(scalar.value, radix: 16, uppercase: true)
                throw Problem(line: line, message: "the text has a character XML does not allow (U+\(code))")
            }
        }
        var scanner = MarkupScanner(limits: self)
        try scanner.feed(text.utf8)
        try scanner.finish()
    }

    /// XML 1.0's `Char`: tab, line feed, carriage return, and everything from U+0020 but surrogates, U+FFFE and U+FFFF.
    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
