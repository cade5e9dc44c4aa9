import Foundation
import GrubmapCore
import Testing

@testable import GrubmapImport

/// Hostile and odd documents through libxml2 as the importers read them: each is refused with a clear message and
/// its line, or read as XML says, quickly and without reaching outside the document.
@Suite struct XMLReaderTests {
    let feed = #"<openmensa version="2.1"><canteen><day date="2026-11-10"><closed/></day></canteen></openmensa>"#

    func refusal(_ bytes: [UInt8]) -> OpenMensaError? {
        do {
            _ = try OpenMensaFeed.parse(Data(bytes), currency: OpenMensaFeeds.won)
            return nil
        } catch {
            return error
        }
    }

    func refusal(_ text: String) -> OpenMensaError? { refusal(Array(text.utf8)) }

    @Test(arguments: [
        [0xFF, 0xFE], [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80],
    ])
    func invalidUTF8AnywhereIsRefusedWithItsLine(bad: [UInt8]) throws {
        // In a comment (where it once crashed Foundation's parser) and in text.
        for (before, after) in [("<!--", "-->"), ("<name>", "</name>")] {
            let document =
                Array("<openmensa version=\"2.1\">\n\(before)".utf8) + bad + Array("\(after)</openmensa>".utf8)
            let refused = try #require(refusal(document))
            #expect(refused.line == 2)
            // A surrogate's bytes are well-formed UTF-8 but not a character XML allows.
            let said = bad == [0xED, 0xA0, 0x80] ? "a character that XML does not allow" : "the file is not UTF-8"
            #expect(refused.message.contains("malformed XML: \(said)"), "\(refused)")
        }
    }

    /// Entities are never expanded and nothing outside the document is read: a DOCTYPE, which is where entities
    /// are declared, is refused in every encoding.
    @Test func doctypesAreRefusedSoNoEntityIsExpandedOrFetched() throws {
        let laughs =
            "<!DOCTYPE x [<!ENTITY a0 \"lol\">"
            + (1..<10).map { "<!ENTITY a\($0) \"" + String(repeating: "&a\($0 - 1);", count: 10) + "\">" }.joined()
            + "]>\n<openmensa version=\"2.1\"><canteen><version>&a9;</version></canteen></openmensa>"
        let external =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY passwd SYSTEM \"file:///etc/passwd\">]>\n"
            + "<openmensa version=\"2.1\"><version>&passwd;</version><canteen/></openmensa>"
        let network =
            "<!DOCTYPE openmensa SYSTEM \"http://127.0.0.1:9/feed.dtd\">\n<openmensa version=\"2.1\"><canteen/></openmensa>"
        let parameter =
            "<!DOCTYPE x [<!ENTITY % remote SYSTEM \"http://127.0.0.1:9/x.dtd\"> %remote;]>\n" + feed
        for document in [laughs, external, network, parameter] {
            let refused = try #require(refusal(document))
            #expect(refused.message == "a document must not have a DOCTYPE or declare entities", "\(refused)")
        }
        // In UTF-16 the DOCTYPE's bytes are not ASCII; libxml2 has read it all the same.
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<!DOCTYPE x [<!ENTITY a \"b\">]>\n" + feed
        for littleEndian in [true, false] {
            var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
            for unit in text.utf16 {
                bytes +=
                    littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            }
            #expect(refusal(bytes)?.message.contains("DOCTYPE") == true)
        }
    }

    /// An undeclared entity is an error, not an empty string.
    @Test func anUnknownEntityIsRefused() throws {
        let document = "<openmensa version=\"2.1\">\n<version>&passwd;</version><canteen/></openmensa>"
        #expect(refusal(document) == OpenMensaError(line: 2, message: "malformed XML: an unknown &entity; (column 18)"))
    }

    @Test func aDocumentIsReadInTheEncodingItDeclares() throws {
        // UTF-16 with its byte-order mark, and Latin-1 by its declaration: the name reads the same.
        let named =
            #"<openmensa version="2.1"><canteen><day date="2026-11-10"><category name="Café">"#
            + "<meal><name>Crêpe</name></meal></category></day></canteen></openmensa>"
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in ("<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + named).utf16 {
            utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        let latin1 =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>".utf8)
            + named.unicodeScalars.map { UInt8($0.value) }
        for bytes in [utf16, latin1, Array(named.utf8), [0xEF, 0xBB, 0xBF] + Array(named.utf8)] {
            let parsed = try OpenMensaFeed.parse(Data(bytes), currency: OpenMensaFeeds.won)
            guard case .serving(let categories) = try #require(parsed.days.first).menu.status else {
                Issue.record("not serving")
                continue
            }
            #expect(categories.first?.name == "Café")
            #expect(categories.first?.meals.first?.name == "Crêpe")
        }
    }

    @Test func charactersXMLDoesNotAllowAreRefused() {
        #expect(refusal("<openmensa>\u{0}</openmensa>")?.message.contains("malformed XML") == true)
        #expect(refusal("<openmensa>\u{1B}[31m</openmensa>")?.message.contains("malformed XML") == true)
        #expect(refusal([0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00]) != nil)  // a lone surrogate in UTF-16
        #expect(refusal([0x00, 0x00, 0xFE, 0xFF, 0, 0, 0, 0x3C]) != nil)  // UTF-32 cut short
    }

    @Test func crowdedElementsAreRefusedBeforeLibxml2ComparesTheirAttributes() throws {
        // Each distinct: libxml2 2.9 would compare every pair (minutes for the 8 MiB a feed may be).
        let attributes = (0..<300_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
        let crowded =
            "<openmensa version=\"2.1\"><canteen>\n<day date=\"2026-11-10\" \(attributes)><closed/></day></canteen></openmensa>"
        #expect(refusal(crowded) == OpenMensaError(line: 2, message: "an element has more than 32 attributes"))
        // An = in a comment, CDATA, a processing instruction or a quoted value is not an attribute.
        let equals = String(repeating: "x=1 ", count: 40)
        let quiet =
            "<openmensa version=\"2.1\"><!-- <a \(equals)> --><?pi <a \(equals)> ?><canteen><day date=\"2026-11-10\">"
            + "<category name=\"\(equals)\"><meal><name><![CDATA[<a \(equals)>]]></name></meal></category></day>"
            + "</canteen></openmensa>"
        #expect(refusal(quiet) == nil)
    }

    @Test func deepNestingStopsAtLibxml2sLimit() throws {
        // Inside canteen metadata, which the feed skips whatever it holds, only libxml2's limit bounds the depth.
        let deep =
            "<openmensa version=\"2.1\"><canteen><times>\n" + String(repeating: "<a>", count: 300)
            + String(repeating: "</a>", count: 300) + "</times></canteen></openmensa>"
        let refused = try #require(refusal(deep))
        #expect(refused.line == 2)
        #expect(refused.message.contains("malformed XML: elements are nested more than 256 deep"), "\(refused)")
    }

    /// Found by `scripts/fuzz openmensa`: Foundation's parser read a processing instruction without content as a
    /// null string and crashed. libxml2's reader skips processing instructions as XML allows, and refuses these
    /// malformed documents.
    @Test func processingInstructionsAreSkippedAndTheFuzzersFindsAreRefused() throws {
        let found =
            #"<!-- co--><?piEx?><openmensa version="2.1"><canteen/></open="UTF-8"?>"# + "\n"
            + #"<openmensa version="2.1" 2026-11-10">"# + "\n mensa>"
        #expect(refusal(found)?.message.contains("malformed XML") == true)
        let first = "<?x?>\n<oqenmaml vnecoding=\"Uversion=\"1o0\" encoding=\"UTF-8\"?>\n<oqenmame>Sample</nqme>sa>\n"
        #expect(refusal(first)?.message.contains("malformed XML") == true)
        for instruction in ["<?pi?>", "<?other with data?>", "<!-- <?pi?> -->", "<![CDATA[ ]]>"] {
            let document =
                "<?xml version=\"1.0\"?>\n<openmensa version=\"2.1\">\n\(instruction)<canteen><day date=\"2026-11-10\">"
                + "<closed/></day></canteen></openmensa>"
            #expect(try OpenMensaFeed.parse(Data(document.utf8), currency: OpenMensaFeeds.won).days.count == 1)
        }
        #expect(
            refusal("<openmensa version=\"2.1\">\n<?pi<canteen/></openmensa>")?.message.contains("malformed") == true)
        #expect(refusal("<openmensa version=<!-- c -->\n<canteen/></openmensa>")?.message.contains("malformed") == true)
    }

    /// The bound counts the same whole or in pieces of any size (as an extract streams from a file): a marker
    /// split between two pieces is found, and the verdict and line do not depend on where the cuts fall.
    @Test func theAttributeBoundGivesTheVerdictOfTheWholeInPieces() throws {
        let crowd = (0..<33).map { "a\($0)='1'" }.joined(separator: " ")
        let documents = [
            "<osm>\n<!-- <a \(crowd)> --><![CDATA[ <a \(crowd)> ]]>\n<?pi <a \(crowd)>?></osm>",
            "<osm>\n<node \(crowd)/></osm>",
            "<osm>\n<node a='\(crowd)' b=\"\(crowd)\"/></osm>",
            "<!DOCTYPE osm [<!ATTLIST osm \(crowd)>]>\n<osm/>",
        ]
        for document in documents {
            let bytes = Array(document.utf8)
            let whole = verdict(bytes, pieces: bytes.count)
            for size in [1, 2, 3, 5, 8] {
                #expect(verdict(bytes, pieces: size) == whole, "\(document) in pieces of \(size)")
            }
        }
        let crowded = Array(documents[1].utf8)
        #expect(
            verdict(crowded, pieces: crowded.count)
                == XMLReader.Problem(line: 2, message: "an element has more than 32 attributes"))
    }

    private func verdict(_ bytes: [UInt8], pieces size: Int) -> XMLReader.Problem? {
        var bound = XMLMarkupBound(maximumAttributes: 32)
        for start in stride(from: 0, to: bytes.count, by: size) {
            let problem = bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { raw -> XMLReader.Problem? in
                do throws(XMLReader.Problem) {
                    try bound.feed(raw)
                    return nil
                } catch {
                    return error
                }
            }
            if let problem { return problem }
        }
        return nil
    }
}
