import Foundation
import Testing

@testable import GrubmapCore

/// The streaming JSON reader reads what `JSONSerialization` reads, whatever the chunks, and refuses hostile input
/// with a position rather than crashing or growing without bound.
@Suite struct JSONReaderTests {
    /// A reader of `text` handed over `chunkSize` bytes at a time.
    static func reader(_ text: String, chunkSize: Int, maximumValueBytes: Int = 1 << 20) -> JSONReader {
        let bytes = Array(text.utf8)
        var offset = 0
        return JSONReader(maximumValueBytes: maximumValueBytes) {
            guard offset < bytes.count else { return nil }
            defer { offset += chunkSize }
            return Array(bytes[offset..<min(offset + chunkSize, bytes.count)])
        }
    }

    static let document = #"""
        {"a": [1, -2.5e3, 0, 0.125, true, false, null], "b": "tab\there \"quoted\" \\ \/ \u00e9 \ud83c\udf5a 한국",
         "c": {"nested": {"deeper": []}, "empty": {}}, "d": 1E-7, "a": "last wins"}
        """#

    @Test(arguments: [1, 2, 3, 7, 64, 100_000])
    func readsWhatJSONSerializationReadsInChunksOfAnySize(chunkSize: Int) throws {
        var reader = Self.reader(Self.document, chunkSize: chunkSize)
        let value = try reader.readValue()
        #expect(try reader.isAtEnd())
        let object = try #require(value.object)
        #expect(object["a"] == .string("last wins"))
        #expect(object["b"]?.string == "tab\there \"quoted\" \\ / é 🍚 한국")
        #expect(object["c"]?.object?["nested"]?.object?["deeper"] == .array([]))
        #expect(object["d"]?.number == 1e-7)
        var skipping = Self.reader(Self.document + " [1, {\"x\": [\"y\"]}]", chunkSize: chunkSize)
        try skipping.skipValue()
        #expect(try skipping.readValue() == .array([.number(1), .object(["x": .array([.string("y")])])]))
    }

    @Test(arguments: [
        ("[1, 2", "expected ',' or ']'"), ("{\"a\" 1}", "expected ':'"), ("[01]", "a leading zero"),
        ("[1.]", "malformed number"), ("[-]", "malformed number"), ("[tru]", "not a JSON value"),
        ("[\"a\u{01}\"]", "a control character"), ("[\"\\x\"]", "an unknown escape"),
        ("[\"\\ud800\"]", "an unpaired surrogate"), ("[\"\\udc00\"]", "an unpaired surrogate"),
        ("[\"\\u12\"]", "four hex digits"), ("[\"abc", "not closed"), ("{1: 2}", "expected a key"),
    ])
    func refusesMalformedJSONSayingWhere(text: String, reason: String) {
        for chunkSize in [1, 1000] {
            var reader = Self.reader(text, chunkSize: chunkSize)
            let error = #expect(throws: JSONReader.Failure.self) { _ = try reader.readValue() }
            #expect(error?.reason.contains(reason) == true, "\(text): \(String(describing: error))")
            var skipping = Self.reader(text, chunkSize: chunkSize)
            #expect(throws: JSONReader.Failure.self) { try skipping.skipValue() }
        }
    }

    @Test func refusesInvalidUTF8() {
        let bytes: [UInt8] = Array("[\"a".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        var reader = JSONReader(bytes: bytes)
        let error = #expect(throws: JSONReader.Failure.self) { _ = try reader.readValue() }
        #expect(error?.reason == "a string is not valid UTF-8")
    }

    @Test func limitsDepthAndSizeWithoutGrowing() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        var reader = Self.reader(deep, chunkSize: 4096)
        let error = #expect(throws: JSONReader.Failure.self) { _ = try reader.readValue() }
        #expect(error?.isLimit == true)
        var skipping = Self.reader(deep, chunkSize: 4096)
        #expect(throws: JSONReader.Failure.self) { try skipping.skipValue() }
        let long = "[\"" + String(repeating: "x", count: 5000) + "\"]"
        // In pieces, and whole in one chunk (a string read from the chunk itself).
        for chunkSize in [512, 100_000] {
            var limited = Self.reader(long, chunkSize: chunkSize, maximumValueBytes: 1000)
            let tooLong = #expect(throws: JSONReader.Failure.self) { _ = try limited.readValue() }
            #expect(tooLong?.isLimit == true)
        }
        let wide = "[" + Array(repeating: "1", count: 2000).joined(separator: ",") + "]"
        var wideReader = Self.reader(wide, chunkSize: 512, maximumValueBytes: 1000)
        #expect(throws: JSONReader.Failure.self) { _ = try wideReader.readValue() }
    }

    /// Numbers read to the same double as `strtod` reads them, bit for bit: the fast path of coordinates and the
    /// numbers it leaves to `strtod` (too many digits, too large a power of ten, an exponent).
    @Test func numbersReadAsStrtodReadsThem() throws {
        var numbers = [
            "0", "-0", "-0.0", "0.1", "0.30000000000000004", "126.8669446", "-33.8688197", "9007199254740992",
            "9007199254740993", "12345678901234567890", "1e22", "1e23", "1E-7", "-2.5e3", "0.0000000000000000000001",
            "0.00000000000000000000001", "179769313486231570000000000000000000000", "1.7976931348623157e308",
            "5e-324", "4503599627370497.5", "1234567890.123456789",
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let whole = String(UInt64.random(in: 0...9_999_999_999, using: &random))
            let fraction = (0..<Int.random(in: 0...14, using: &random))
                .map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            numbers.append((Bool.random(using: &random) ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction))
        }
        for number in numbers {
            var reader = JSONReader(bytes: Array(number.utf8))
            let read = try #require(try reader.readValue().number)
            #expect(read.bitPattern == strtod(number, nil).bitPattern, "\(number)")
        }
    }

    @Test func positionsCountLines() throws {
        var reader = Self.reader("[\n1,\n  2,\n  x]", chunkSize: 3)
        let error = #expect(throws: JSONReader.Failure.self) { _ = try reader.readValue() }
        #expect(error?.position == JSONReader.Position(line: 4, column: 3))
    }

    /// The stored JSON of names and hours is what `JSONEncoder` writes, byte for byte.
    @Test func storedTextIsWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var tricky = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }.joined()
        tricky += "\u{2028}é한🍚/"
        let names = [
            try LocalizedText(["en": tricky, "ko": "금정회관", "B": "upper", "a10": "x", "a9": "y", "zh-Hant": "z"]),
            LocalizedText("Plain"),
        ]
        for name in names {
            #expect(name.jsonText == String(decoding: try encoder.encode(name), as: UTF8.self))
        }
        let hours = OpeningHours(rules: [
            try .init(
                days: [.monday, .tuesday, .wednesday], opens: .init(hour: 8, minute: 0),
                closes: .init(hour: 19, minute: 30))
        ])
        #expect(hours.jsonText == String(decoding: try encoder.encode(hours), as: UTF8.self))
        #expect(OpeningHours().jsonText == "[]")
    }

    /// Names and hours read back from stored text (byte by byte for the stored form, else by the JSON reader)
    /// equal what `JSONDecoder` reads, and what is not an object of strings is left to it (`nil`).
    @Test(arguments: [
        #"{"en":"Hall","ko":"회관"}"#, #"{"en":"Tab\tand \"quotes\""}"#, #"{ "en" : "Spaced" }"#,
        #"{"en":"   ","ko":"금정회관"}"#, #"{"en":"\u0041sc\u00e9"}"#, #"{"zh-Hant":"z","a9":"y","B":"x"}"#,
    ])
    func storedNamesReadAsJSONDecoderReadsThem(text: String) throws {
        let decoded = try JSONDecoder().decode(LocalizedText.self, from: Data(text.utf8))
        #expect(LocalizedText(jsonText: text) == decoded)
        #expect(LocalizedText(jsonText: decoded.jsonText) == decoded)
    }

    @Test(arguments: [
        "", "{", "{}", #"{"en":"   "}"#, #"{"en":1}"#, #"{"en":"a"} x"#, #"{"en":"a",}"#,
        #"["en"]"#, #"{"en":"a"#, "{\"en\":\"line\nbreak\"}",
    ])
    func textThatIsNotANameIsLeftToJSONDecoder(text: String) {
        #expect(LocalizedText(jsonText: text) == nil)
    }

    /// Hours read from the same stored text twice (the second time from the process's table) are the same.
    @Test func storedHoursReadAgainAreTheSame() throws {
        let hours = OpeningHours(rules: [
            try .init(days: [.monday, .friday], opens: .init(hour: 11, minute: 0), closes: .init(hour: 21, minute: 30))
        ])
        #expect(OpeningHours(jsonText: hours.jsonText) == hours)
        #expect(OpeningHours(jsonText: hours.jsonText) == hours)
        #expect(OpeningHours(jsonText: #"[{"days":"Mo","opens":"25:00","closes":"26:00"}]"#) == nil)
        #expect(OpeningHours(jsonText: #"[{"days":"Mo","opens":"25:00","closes":"26:00"}]"#) == nil)
    }

    @Test func namesSortByTheirLanguageThenTheOtherThenTheirJSON() throws {
        let both = try LocalizedText(["en": "Geumjeong Hall", "ko": "금정회관"])
        #expect(both.sortKey(in: .english) == "geumjeong hall")
        #expect(both.sortKey(in: .korean) == "금정회관")
        #expect(LocalizedText("Café ÉCOLE").sortKey(in: .korean) == "café École")
        let german = try LocalizedText(["de": "Zum Löwen"])
        #expect(german.sortKey(in: .english) == #"{"de":"zum löwen"}"#)
    }
}
