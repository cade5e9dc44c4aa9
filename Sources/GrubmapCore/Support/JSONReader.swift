import Foundation

/// Reads JSON (RFC 8259) from a stream of byte chunks, one token or value at a time, so a document of any size is
/// read in the memory of its largest value: a GeoJSON file of a million features in the memory of one.
///
/// Hostile input is refused with a position, never a crash or unbounded memory: invalid UTF-8, control
/// characters in strings, unpaired surrogates, malformed numbers and literals, values nested deeper than
/// ``maximumDepth``, and one value larger than ``maximumValueBytes``. Duplicate keys in an object keep the last
/// value, as `JSONSerialization` does.
public struct JSONReader {
    /// Where the reader is, for messages: 1-based line and column (in bytes) of the next byte.
    public struct Position: Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var description: String { "line \(line), column \(column)" }
    }

    /// Why the text is not JSON, or is too big or deep to read.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let position: Position
        public let reason: String
        /// Whether the value broke a limit rather than the grammar.
        public let isLimit: Bool
        public var description: String { "\(position): \(reason)" }
    }

    /// The deepest nesting of arrays and objects accepted in one value.
    public let maximumDepth: Int
    /// The most bytes one value read by ``readValue()`` may take.
    public let maximumValueBytes: Int

    private let source: () throws -> [UInt8]?
    private var buffer: [UInt8] = []
    private var index = 0
    /// Bytes consumed before `buffer[0]`.
    private var bufferStart = 0
    private var isFinished = false
    private var line = 1
    private var lineStart = 0
    /// Where the value being read began, to enforce ``maximumValueBytes``; `nil` outside ``readValue()``.
    private var valueStart: Int?
    private var scratch: [UInt8] = []

    /// Makes a reader of the chunks `source` returns in order (`nil` at the end of the text).
    public init(maximumDepth: Int = 32, maximumValueBytes: Int = 1 << 20, source: @escaping () throws -> [UInt8]?) {
        self.maximumDepth = maximumDepth
        self.maximumValueBytes = maximumValueBytes
        self.source = source
    }

    /// A reader of bytes already in memory.
    public init(bytes: [UInt8], maximumDepth: Int = 32, maximumValueBytes: Int = 1 << 20) {
        var given: [UInt8]? = bytes
        self.init(maximumDepth: maximumDepth, maximumValueBytes: maximumValueBytes) {
            defer { given = nil }
            return given
        }
    }

    /// How many bytes have been consumed.
    public var offset: Int { bufferStart + index }

    /// The position of the next byte.
    public var position: Position { Position(line: line, column: offset - lineStart + 1) }

    // MARK: Bytes

    /// Makes at least one unread byte available; `false` at the end of the text.
    private mutating func fill() throws -> Bool {
        if index < buffer.count { return true }
        guard !isFinished else { return false }
        if let valueStart, offset - valueStart > maximumValueBytes {
            throw Failure(
                position: position, reason: "a value is larger than \(maximumValueBytes) bytes", isLimit: true)
        }
        while true {
            guard let chunk = try source() else {
                isFinished = true
                bufferStart += buffer.count
                buffer = []
                index = 0
                return false
            }
            guard !chunk.isEmpty else { continue }
            bufferStart += buffer.count
            buffer = chunk
            index = 0
            return true
        }
    }

    /// The next byte without consuming it; `nil` at the end.
    @inline(__always)
    private mutating func peek() throws -> UInt8? {
        if index < buffer.count { return buffer[index] }
        return try fill() ? buffer[index] : nil
    }

    private func failure(_ reason: String) -> Failure {
        Failure(position: position, reason: reason, isLimit: false)
    }

    /// Skips spaces, tabs, carriage returns and line feeds; returns the next byte, or `nil` at the end.
    public mutating func skipWhitespace() throws -> UInt8? {
        while let byte = try peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = offset
            default:
                return byte
            }
        }
        return nil
    }

    /// Consumes `byte` after optional whitespace, or throws naming what was expected.
    public mutating func expect(_ byte: UInt8, _ what: String) throws {
        guard try skipWhitespace() == byte else { throw try unexpected(expecting: what) }
        index += 1
    }

    /// Consumes a byte known to be next.
    public mutating func consume() {
        index += 1
    }

    /// A failure at the next byte: "expected …, found …".
    public mutating func unexpected(expecting what: String) throws -> Failure {
        let found: String
        switch try peek() {
        case nil: found = "the end of the text"
        case let byte? where byte >= 0x21 && byte < 0x7F: found = "'\(Character(Unicode.Scalar(byte)))'"
        case let byte?: found = String(format: "byte 0x%02X", byte)
        }
        return failure("expected \(what), found \(found)")
    }

    /// Whether nothing but whitespace is left.
    public mutating func isAtEnd() throws -> Bool {
        try skipWhitespace() == nil
    }

    // MARK: Values

    /// Reads one whole value (after optional whitespace), at most ``maximumValueBytes`` long and
    /// ``maximumDepth`` deep.
    public mutating func readValue() throws -> JSONValue {
        _ = try skipWhitespace()
        valueStart = offset
        defer { valueStart = nil }
        let value = try value(depth: 0)
        if offset - valueStart! > maximumValueBytes {
            throw Failure(
                position: position, reason: "a value is larger than \(maximumValueBytes) bytes", isLimit: true)
        }
        return value
    }

    /// Reads past one whole value without keeping it, in constant memory whatever its size (its depth is still
    /// limited, to four times ``maximumDepth``, and each string to ``maximumValueBytes``).
    public mutating func skipValue() throws {
        // The open containers, innermost last: `true` for an object.
        var open: [Bool] = []
        while true {
            guard let byte = try skipWhitespace() else { throw try unexpected(expecting: "a value") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                consume()
                let isObject = byte == UInt8(ascii: "{")
                if try skipWhitespace() == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    consume()
                } else {
                    guard open.count < maximumDepth * 4 else {
                        throw Failure(position: position, reason: "values nest too deeply", isLimit: true)
                    }
                    open.append(isObject)
                    if isObject { try skipKey() }
                    continue
                }
            case UInt8(ascii: "\""):
                _ = try readString(keeping: false)
            default:
                _ = try scalar()
            }
            // A whole value was read: close the containers it ends, then go on to the next element or member.
            while let isObject = open.last {
                guard let next = try skipWhitespace() else {
                    throw try unexpected(expecting: "',' or a closing bracket")
                }
                if next == UInt8(ascii: ",") {
                    consume()
                    if isObject { try skipKey() }
                    break
                }
                guard next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw try unexpected(expecting: isObject ? "',' or '}'" : "',' or ']'")
                }
                consume()
                open.removeLast()
            }
            if open.isEmpty { return }
        }
    }

    /// Reads past an object member's key and its colon.
    private mutating func skipKey() throws {
        guard try skipWhitespace() == UInt8(ascii: "\"") else { throw try unexpected(expecting: "a key") }
        _ = try readString(keeping: false)
        try expect(UInt8(ascii: ":"), "':'")
    }

    private mutating func value(depth: Int) throws -> JSONValue {
        guard let byte = try skipWhitespace() else { throw try unexpected(expecting: "a value") }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < maximumDepth else {
                throw Failure(position: position, reason: "values nest deeper than \(maximumDepth)", isLimit: true)
            }
            consume()
            var members = JSONObject()
            if try skipWhitespace() == UInt8(ascii: "}") {
                consume()
                return .object(members)
            }
            while true {
                guard try skipWhitespace() == UInt8(ascii: "\"") else { throw try unexpected(expecting: "a key") }
                let key = try readString()
                try expect(UInt8(ascii: ":"), "':'")
                members.append(key, try value(depth: depth + 1))
                switch try skipWhitespace() {
                case UInt8(ascii: ","): consume()
                case UInt8(ascii: "}"):
                    consume()
                    return .object(members)
                default: throw try unexpected(expecting: "',' or '}'")
                }
            }
        case UInt8(ascii: "["):
            guard depth < maximumDepth else {
                throw Failure(position: position, reason: "values nest deeper than \(maximumDepth)", isLimit: true)
            }
            consume()
            var elements: [JSONValue] = []
            if try skipWhitespace() == UInt8(ascii: "]") {
                consume()
                return .array(elements)
            }
            elements.reserveCapacity(4)
            while true {
                elements.append(try value(depth: depth + 1))
                switch try skipWhitespace() {
                case UInt8(ascii: ","): consume()
                case UInt8(ascii: "]"):
                    consume()
                    return .array(elements)
                default: throw try unexpected(expecting: "',' or ']'")
                }
            }
        case UInt8(ascii: "\""):
            return .string(try readString())
        default:
            return try scalar()
        }
    }

    /// A number, `true`, `false` or `null`.
    private mutating func scalar() throws -> JSONValue {
        guard let byte = try peek() else { throw try unexpected(expecting: "a value") }
        switch byte {
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw try unexpected(expecting: "a value")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws -> JSONValue {
        let start = position
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard try peek() == expected else {
                throw Failure(position: start, reason: "not a JSON value", isLimit: false)
            }
            consume()
        }
        return value
    }

    /// A number as RFC 8259 writes it (`-`, no leading zeros, optional fraction and exponent), as a `Double`.
    private mutating func readNumber() throws -> Double {
        let start = position
        scratch.removeAll(keepingCapacity: true)
        func digits(_ reader: inout JSONReader, atLeastOne: Bool) throws -> Int {
            var count = 0
            while let byte = try reader.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                reader.scratch.append(byte)
                reader.consume()
                count += 1
                guard reader.scratch.count <= 400 else {
                    throw Failure(position: start, reason: "a number is too long", isLimit: true)
                }
            }
            if atLeastOne && count == 0 { throw Failure(position: start, reason: "malformed number", isLimit: false) }
            return count
        }
        if try peek() == UInt8(ascii: "-") {
            scratch.append(UInt8(ascii: "-"))
            consume()
        }
        if try peek() == UInt8(ascii: "0") {
            scratch.append(UInt8(ascii: "0"))
            consume()
            if let next = try peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
                throw Failure(position: start, reason: "malformed number (a leading zero)", isLimit: false)
            }
        } else {
            _ = try digits(&self, atLeastOne: true)
        }
        if try peek() == UInt8(ascii: ".") {
            scratch.append(UInt8(ascii: "."))
            consume()
            _ = try digits(&self, atLeastOne: true)
        }
        if let byte = try peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            scratch.append(byte)
            consume()
            if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                scratch.append(sign)
                consume()
            }
            _ = try digits(&self, atLeastOne: true)
        }
        if let value = Self.exactDouble(scratch) { return value }
        scratch.append(0)
        let value = scratch.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { strtod($0.baseAddress!, nil) }
        }
        return value
    }

    /// The value of a well-formed JSON number whose digits make at most 2^53 and whose power of ten is at most 22
    /// either way (a coordinate's `126.8669446`): both are doubles exactly, so one multiplication or division
    /// rounds as `strtod` does (Clinger's fast path), at a tenth of its cost. `nil` for any other number.
    private static func exactDouble(_ number: [UInt8]) -> Double? {
        var significand: UInt64 = 0
        var digits = 0
        var power = 0
        var index = 0
        let isNegative = number.first == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var isFraction = false
        while index < number.count {
            let byte = number[index]
            if byte == UInt8(ascii: ".") {
                isFraction = true
            } else if byte &- UInt8(ascii: "0") < 10 {
                digits += 1
                guard digits <= 16 else { return nil }
                significand = significand * 10 + UInt64(byte &- UInt8(ascii: "0"))
                if isFraction { power -= 1 }
            } else {
                return nil  // an exponent
            }
            index += 1
        }
        guard significand <= 1 << 53, (-22...22).contains(power) else { return nil }
        let magnitude = power < 0 ? Double(significand) / powersOfTen[-power] : Double(significand) * powersOfTen[power]
        return isNegative ? -magnitude : magnitude
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// Reads a string at the reader (its opening quote next) and returns its text.
    public mutating func readString() throws -> String {
        try readString(keeping: true)
    }

    /// Reads a string; its bytes are checked (UTF-8, escapes, at most ``maximumValueBytes``) whether or not
    /// its text is kept.
    private mutating func readString(keeping: Bool) throws -> String {
        let start = position
        consume()  // the opening quote
        scratch.removeAll(keepingCapacity: true)
        var isASCII = true
        while true {
            guard try fill() else { throw Failure(position: start, reason: "a string is not closed", isLimit: false) }
            // The run of plain bytes up to a quote, a backslash or a control character, copied in one go; a string
            // that ends in the buffer with no escape (most) is made from the buffer itself.
            var runIsASCII = true
            var text: String?
            let (runEnd, stop) = buffer.withUnsafeBufferPointer { bytes -> (Int, UInt8?) in
                var cursor = index
                var bits: UInt8 = 0
                defer { runIsASCII = bits < 0x80 }
                while cursor < bytes.count {
                    let byte = bytes[cursor]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                        if byte == UInt8(ascii: "\""), scratch.isEmpty, keeping, bits < 0x80 {
                            text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<cursor]), as: UTF8.self)
                        }
                        return (cursor, byte)
                    }
                    bits |= byte
                    cursor += 1
                }
                return (cursor, nil)
            }
            if let text, runEnd - index <= maximumValueBytes {
                index = runEnd + 1
                return text
            }
            if !runIsASCII { isASCII = false }
            scratch.append(contentsOf: buffer[index..<runEnd])
            index = runEnd
            guard scratch.count <= maximumValueBytes else {
                throw Failure(
                    position: start, reason: "a string is longer than \(maximumValueBytes) bytes", isLimit: true)
            }
            guard let stop else { continue }
            switch stop {
            case UInt8(ascii: "\""):
                consume()
                if isASCII { return keeping ? String(decoding: scratch, as: UTF8.self) : "" }
                guard let text = String(validating: scratch, as: UTF8.self) else {
                    throw Failure(position: start, reason: "a string is not valid UTF-8", isLimit: false)
                }
                return keeping ? text : ""
            case UInt8(ascii: "\\"):
                consume()
                if try escape(in: start) >= 0x80 { isASCII = false }
            default:
                throw failure("a control character in a string (escape it)")
            }
        }
    }

    /// Reads one escape after its backslash, appending the character it stands for to the scratch bytes.
    /// Returns the first byte appended (at least 0x80 for a character outside ASCII).
    private mutating func escape(in start: Position) throws -> UInt8 {
        guard let byte = try peek() else {
            throw Failure(position: start, reason: "a string is not closed", isLimit: false)
        }
        consume()
        let simple: UInt8? =
            switch byte {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "/"): UInt8(ascii: "/")
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            scratch.append(simple)
            return simple
        }
        guard byte == UInt8(ascii: "u") else { throw failure("an unknown escape \\\(Character(Unicode.Scalar(byte)))") }
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code) {
            guard try peek() == UInt8(ascii: "\\") else { throw failure("an unpaired surrogate in a \\u escape") }
            consume()
            guard try peek() == UInt8(ascii: "u") else { throw failure("an unpaired surrogate in a \\u escape") }
            consume()
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("an unpaired surrogate in a \\u escape") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(code) {
            throw failure("an unpaired surrogate in a \\u escape")
        }
        // Never nil: surrogates were paired above, and the code is below 0x110000.
        let bytes = Array(String(Unicode.Scalar(code)!).utf8)
        scratch.append(contentsOf: bytes)
        return bytes[0]
    }

    private mutating func hex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try peek() else { throw failure("a \\u escape needs four hex digits") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
            consume()
        }
        return value
    }
}
