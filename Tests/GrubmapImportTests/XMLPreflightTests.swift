import Foundation
import Testing

@testable import GrubmapImport

/// What reaches Foundation's XML parser has been checked: valid text, no declarations, bounded elements.
@Suite struct XMLPreflightTests {
    let feed = #"<openmensa version="2.1"><canteen><day date="2026-11-10"><closed/></day></canteen></openmensa>"#

    func problem(_ bytes: [UInt8]) -> XMLPreflight.Problem? {
        do {
            _ = try XMLPreflight().check(Data(bytes))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        [0xFF, 0xFE], [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80],
    ])
    func invalidUTF8AnywhereIsRefusedWithItsLine(bad: [UInt8]) throws {
        // In a comment, where it crashed Foundation's parser, and in text.
        for (before, after) in [("<!--", "-->"), ("<name>", "</name>")] {
            let document =
                Array("<openmensa version=\"2.1\">\n\(before)".utf8) + bad + Array("\(after)</openmensa>".utf8)
            let refused = try #require(problem(document))
            #expect(refused.line == 2)
            #expect(refused.message.contains("not valid UTF-8"))
            #expect(throws: OpenMensaError.self) {
                try OpenMensaFeed.parse(Data(document), currency: OpenMensaFeeds.won)
            }
        }
    }

    @Test func aDoctypeIsFoundAfterDecodingEvenInUTF16() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<!DOCTYPE x [<!ENTITY a \"b\">]>\n" + feed
        for littleEndian in [true, false] {
            var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
            for unit in text.utf16 {
                bytes +=
                    littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            }
            let refused = try #require(problem(bytes))
            #expect(refused.line == 2)
            #expect(refused.message.contains("DOCTYPE"))
        }
        // Without the DOCTYPE, a UTF-16 feed is read: the parser is given UTF-8 that says so.
        var plain: [UInt8] = [0xFF, 0xFE]
        for unit in ("<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + feed).utf16 {
            plain += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        #expect(try OpenMensaFeed.parse(Data(plain), currency: OpenMensaFeeds.won).days.count == 1)
    }

    @Test func otherEncodingsAndDisallowedCharactersAreRefused() throws {
        #expect(
            problem(Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>".utf8))?.message.contains("ISO-8859-1")
                == true)
        #expect(problem([0x00, 0x00, 0xFE, 0xFF, 0, 0, 0, 0x3C]) != nil)
        #expect(problem(Array("<a>\u{0}</a>".utf8)) != nil)
        #expect(problem(Array("<a>\u{1B}[31m</a>".utf8)) != nil)
        #expect(problem([0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00]) != nil)  // a lone surrogate in UTF-16
        #expect(problem(Array(feed.utf8)) == nil)
        #expect(problem([0xEF, 0xBB, 0xBF] + Array(feed.utf8)) == nil)
    }

    @Test func crowdedOrDeepElementsAreRefusedBeforeParsing() throws {
        let attributes = String(repeating: "a=\"1\" ", count: 300_000)
        let crowded =
            "<openmensa version=\"2.1\"><canteen>\n<day date=\"2026-11-10\" \(attributes)><closed/></day></canteen></openmensa>"
        let refused = try #require(problem(Array(crowded.utf8)))
        #expect(refused.line == 2)
        #expect(refused.message.contains("more than 32 attributes"))
        let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect(problem(Array(deep.utf8))?.message.contains("nested more than 64") == true)
        // Markup-like text inside comments, CDATA and quoted values does not count.
        let quiet = "<a b=\"x=y>z\"><!-- <b c=1 d=2> --><![CDATA[<e f=1>]]></a>"
        #expect(problem(Array(quiet.utf8)) == nil)
        #expect(problem(Array("<a><!-- never closed".utf8))?.message.contains("comment") == true)
    }

    /// Found by `scripts/fuzz openmensa`: Foundation's parser read a processing instruction without content as a
    /// null string and crashed. Processing instructions now never reach it: a feed with one is refused.
    @Test func aProcessingInstructionWithoutContentIsNoCrash() throws {
        let found =
            #"<!-- co--><?piEx?><openmensa version="2.1"><canteen/></open="UTF-8"?>"# + "\n"
            + #"<openmensa version="2.1" 2026-11-10">"# + "\n mensa>"
        #expect(throws: OpenMensaError.self) { try OpenMensaFeed.parse(Data(found.utf8), currency: OpenMensaFeeds.won) }
        let first = "<?x?>\n<oqenmaml vnecoding=\"Uversion=\"1o0\" encoding=\"UTF-8\"?>\n<oqenmame>Sample</nqme>sa>\n"
        #expect(throws: OpenMensaError.self) { try OpenMensaFeed.parse(Data(first.utf8), currency: OpenMensaFeeds.won) }
        for instruction in ["<?pi?>", "<?other with data?>", "<?pi", "<!-- <?pi?> -->", "<![CDATA[<?pi?>]]>"] {
            let document = "<?xml version=\"1.0\"?>\n<openmensa version=\"2.1\">\n\(instruction)<canteen/></openmensa>"
            #expect(
                throws: OpenMensaError(
                    line: 3, message: "a document must not have processing instructions (<?…?>)")
            ) { try OpenMensaFeed.parse(Data(document.utf8), currency: OpenMensaFeeds.won) }
        }
        let declared = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + feed
        #expect(try OpenMensaFeed.parse(Data(declared.utf8), currency: OpenMensaFeeds.won).days.count == 1)
        let lessThanInTag = "<openmensa version=<!-- c -->\n<canteen/></openmensa>"
        #expect(throws: OpenMensaError.self) {
            try OpenMensaFeed.parse(Data(lessThanInTag.utf8), currency: OpenMensaFeeds.won)
        }
    }

    /// The markup is followed the same way whole or in pieces of any size (as an extract streams from a file): a
    /// marker split between two pieces is found, and the verdict and line do not depend on where the cuts fall.
    @Test func markupInPiecesGetsTheVerdictOfTheWhole() throws {
        let documents = [
            "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n<!DOCTYPE osm></osm>",
            "<osm>\n<!-- a comment --><![CDATA[ <a> ]]>\n<?pi?></osm>",
            "<osm>\n<node id=\"1\" lat=<!-- -->/></osm>",
            "<osm>\n<!-- never closed",
            "<osm version=\"0.6\">\n<node id=\"1\"/>\n</osm>",
            String(repeating: "<a>", count: 65),
        ]
        for document in documents {
            let bytes = Array(document.utf8)
            func verdict(pieces size: Int) -> XMLPreflight.Problem? {
                var scanner = XMLPreflight.MarkupScanner(limits: XMLPreflight())
                do {
                    for start in stride(from: 0, to: bytes.count, by: size) {
                        try scanner.feed(bytes[start..<min(start + size, bytes.count)])
                    }
                    try scanner.finish()
                    return nil
                } catch {
                    return error
                }
            }
            let whole = verdict(pieces: bytes.count)
            for size in [1, 2, 3, 5, 8] { #expect(verdict(pieces: size) == whole, "\(document) in pieces of \(size)") }
        }
        #expect(verdict(of: "<osm>\n<!DOCTYPE osm></osm>")?.line == 2)
        #expect(verdict(of: "<osm version=\"0.6\">\n<node id=\"1\"/>\n</osm>") == nil)
    }

    private func verdict(of document: String) -> XMLPreflight.Problem? {
        var scanner = XMLPreflight.MarkupScanner(limits: XMLPreflight())
        do {
            try scanner.feed(document.utf8)
            try scanner.finish()
            return nil
        } catch {
            return error
        }
    }
}
