import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@testable import GrubmapImport

/// Files an import refuses: each gets one clear message naming the problem, and the basemap that was there stays.
@Suite struct BasemapImportRefusalTests {
    static let area = Fixtures.busan

    /// A file's bytes and what the refusal must say.
    struct BrokenFile: CustomTestStringConvertible, Sendable {
        let name: String
        let file: String
        let bytes: [UInt8]
        let message: String
        var testDescription: String { name }

        init(_ name: String, file: String = "broken.osm", _ bytes: [UInt8], _ message: String) {
            self.name = name
            self.file = file
            self.bytes = bytes
            self.message = message
        }

        init(_ name: String, file: String = "broken.osm", _ text: String, _ message: String) {
            self.init(name, file: file, Array(text.utf8), message)
        }
    }

    static let good = BasemapImportTests.everyKind.xml

    static let brokenFiles: [BrokenFile] = [
        BrokenFile("empty", "", "the file is empty"),
        BrokenFile("truncated", String(good.prefix(good.utf8.count * 2 / 3)), "malformed XML"),
        BrokenFile("truncated after a whole element", String(good.dropLast(8)), "malformed XML"),
        BrokenFile(
            "a DOCTYPE",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE osm [\n<!ENTITY lol \"lol\">\n]>\n<osm version=\"0.6\"></osm>",
            "a document must not have a DOCTYPE or declare entities"),
        BrokenFile(
            "billion laughs", "<!DOCTYPE x [" + String(repeating: "<!ENTITY a \"&b;&b;\">", count: 10) + "]><osm/>",
            "must not have a DOCTYPE"),
        BrokenFile(
            "an external entity",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE osm [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<osm version=\"0.6\">"
                + "<node id=\"1\" lat=\"35.23\" lon=\"129.08\"><tag k=\"name\" v=\"&x;\"/></node></osm>",
            "a document must not have a DOCTYPE or declare entities"),
        BrokenFile(
            "a < in a tag", "<osm version=\"0.6\">\n<node id=\"1\" lat=<!-- -->\"35.2\"/></osm>",
            "line 2: malformed XML: an attribute is malformed"),
        BrokenFile("wrong root", "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"></gpx>", "the root element is <gpx>"),
        BrokenFile("osmChange", "<osmChange version=\"0.6\"><create/></osmChange>", "not <osm>"),
        BrokenFile("another version", "<osm version=\"0.5\"></osm>", "version \"0.5\" is not 0.6"),
        BrokenFile("not XML", "lat,lon\n35.2,129.0\n", "malformed XML"),
        BrokenFile(
            "invalid UTF-8",
            [UInt8]("<osm version=\"0.6\">\n<node id=\"1\" lat=\"35.23\" lon=\"129.08\">".utf8)
                + [
                    0x3C, 0x74, 0x61, 0x67, 0x20, 0x6B, 0x3D, 0x22, 0x6E, 0x22, 0x20, 0x76, 0x3D, 0x22, 0xC0, 0x80,
                    0x22,
                ]
                + [UInt8]("/></node></osm>".utf8), "line 2: malformed XML: the file is not UTF-8"),
        BrokenFile(
            "a surrogate", [UInt8]("<osm version=\"0.6\">".utf8) + [0xED, 0xA0, 0x80] + [UInt8]("</osm>".utf8),
            "malformed XML: a character that XML does not allow"),
        BrokenFile(
            "cut in a character", [UInt8]("<osm version=\"0.6\"><!-- ".utf8) + [0xEA, 0xB8], "malformed XML"),
        BrokenFile(
            "deeply nested",
            "<osm version=\"0.6\">" + String(repeating: "<node id=\"1\" lat=\"1\" lon=\"1\">", count: 50_000),
            "<node> cannot contain <node>"),
        BrokenFile(
            "a crowded element",
            "<osm version=\"0.6\">\n<node id=\"1\" lat=\"35.23\" lon=\"129.08\" "
                + (0..<300_000).map { "a\($0)=\"1\"" }.joined(separator: " ") + "/></osm>",
            "line 2: an element has more than 64 attributes"),
        BrokenFile(
            "a text node over libxml2's 10 MB",
            "<osm version=\"0.6\">\n<note>" + String(repeating: "x", count: 10_000_001) + "</note></osm>",
            "malformed XML"),
        BrokenFile(
            "nested below a tag",
            "<osm version=\"0.6\"><node id=\"1\" lat=\"1\" lon=\"1\"><tag k=\"a\" v=\"b\"><x/></tag>",
            "<x> nests deeper than OSM XML allows"),
        BrokenFile("unknown element", "<osm version=\"0.6\"><gpx/></osm>", "<gpx> is not an element of OSM XML"),
        BrokenFile(
            "unsorted",
            "<osm version=\"0.6\"><node id=\"1\" lat=\"35.23\" lon=\"129.08\"/><way id=\"2\"><nd ref=\"1\"/></way>"
                + "<node id=\"3\" lat=\"35.23\" lon=\"129.08\"/></osm>", "the file is not sorted"),
        BrokenFile(
            "a bad latitude", "<osm version=\"0.6\"><node id=\"1\" lat=\"95\" lon=\"129\"/></osm>",
            "node 1: lat \"95\" is not a number of degrees"),
        BrokenFile(
            "an id that is not a number", "<osm version=\"0.6\"><way id=\"x\"/></osm>", "needs a whole-number id"),
        BrokenFile(
            "too many tags",
            "<osm version=\"0.6\"><node id=\"1\" lat=\"35.23\" lon=\"129.08\">"
                + (0..<1_001).map { "<tag k=\"k\($0)\" v=\"v\"/>" }.joined() + "</node></osm>",
            "more than 1000 tags"),
        BrokenFile(
            "a huge attribute",
            "<osm version=\"0.6\"><node id=\"1\" lat=\"35.23\" lon=\"129.08\"><tag k=\"name\" v=\""
                + String(repeating: "x", count: 100_000) + "\"/></node></osm>", "longer than 4096 bytes"),
        BrokenFile("a text file", file: "extract.txt", "hello", "give an OpenStreetMap extract ending in .osm"),
        BrokenFile(
            "a broken PBF", file: "broken.osm.pbf", [0, 0, 0, 13, 10, 9, 79, 83, 77, 72, 101],
            "osmium could not read it"),
        BrokenFile("nothing near the area", OSMExtractsElsewhere.sanJose, "is it another area's file?"),
        BrokenFile(
            "nothing to draw", "<osm version=\"0.6\"><node id=\"1\" lat=\"35.23\" lon=\"129.08\"/></osm>",
            "has no roads, railways, water, green, buildings or stations"),
    ]

    @Test(arguments: brokenFiles)
    func aBrokenFileIsRefusedAndChangesNothing(file: BrokenFile) throws {
        try StoreKind.sqlite.withStore { store throws in
            try store.save(area: Self.area, places: [])
            try withTemporaryFile(named: "before.osm", contents: Data(Self.good.utf8)) { path in
                _ = try BasemapImporter.importExtract(at: path, areaID: Self.area.id, into: store)
            }
            let before = try store.basemap(areaID: Self.area.id)
            let error = try withTemporaryFile(named: file.file, contents: Data(file.bytes)) { path in
                #expect(throws: BasemapImportError.self) {
                    try BasemapImporter.importExtract(at: path, areaID: Self.area.id, into: store)
                }
            }
            #expect(error?.description.contains(file.message) == true, "\(String(describing: error))")
            #expect(try store.basemap(areaID: Self.area.id) == before)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aRefusedFileChangesNothingOnEitherDatabase(kind: StoreKind) throws {
        try kind.withStore { store throws in
            try store.save(area: Self.area, places: [])
            let truncated = String(Self.good.prefix(Self.good.utf8.count / 2))
            try withTemporaryFile(named: "cut.osm", contents: Data(truncated.utf8)) { path in
                #expect(throws: BasemapImportError.self) {
                    try BasemapImporter.importExtract(at: path, areaID: Self.area.id, into: store)
                }
            }
            #expect(try store.basemap(areaID: Self.area.id) == nil)
        }
    }

    @Test func anUnknownAreaOrAMissingFileIsNamed() throws {
        try StoreKind.sqlite.withStore { store throws in
            try store.save(area: Self.area, places: [])
            #expect(throws: BasemapImportError.unknownArea(try Area.ID("atlantis"))) {
                try BasemapImporter.importExtract(at: "x.osm", areaID: try Area.ID("atlantis"), into: store)
            }
            #expect(throws: BasemapImportError.unreadableFile("there is no file /nonexistent/x.osm")) {
                try BasemapImporter.importExtract(at: "/nonexistent/x.osm", areaID: Self.area.id, into: store)
            }
        }
    }

    @Test func aCharacterSplitAcrossReadsIsReadWhole() throws {
        // Korean names whose bytes straddle the stream's 64 KiB reads.
        var extract = OSMExtract()
        for index in 0..<2_000 {
            extract.node(Int64(index + 1), 35.2300 + Double(index) * 0.000001, 129.0800)
        }
        for index in 0..<1_999 {
            extract.way(
                Int64(index + 1), [Int64(index + 1), Int64(index + 2)], ["highway": "footway", "name": "금정로길 \(index)"])
        }
        try StoreKind.sqlite.withStore { store throws in
            try store.save(area: Self.area, places: [])
            try withTemporaryFile(named: "korean.osm", contents: Data(extract.xml.utf8)) { path in
                let summary = try BasemapImporter.importExtract(at: path, areaID: Self.area.id, into: store)
                #expect(summary.features == 1_999)
            }
            let names = try #require(try store.basemap(areaID: Self.area.id)).basemap.features.compactMap {
                $0.name?.text(in: .korean)
            }
            #expect(names.count == 1_999 && names.allSatisfy { $0.hasPrefix("금정로길 ") })
        }
    }

    /// libxml2 reads an extract in the encoding it declares (or marks), and skips processing instructions and
    /// comments, as XML allows.
    @Test func anExtractInAnyEncodingWithInstructionsAndCommentsIsRead() throws {
        var extract = OSMExtract()
        extract.node(1, 35.2300, 129.0800)
        extract.node(2, 35.2310, 129.0810)
        extract.way(10, [1, 2], ["highway": "footway", "name": "Café"])
        let xml = extract.xml.replacingOccurrences(of: "<osm ", with: "<?pi?>\n<!-- a comment --><osm ")
        let utf16 = xml.replacingOccurrences(of: "UTF-8", with: "UTF-16")
        let latin1 = xml.replacingOccurrences(of: "UTF-8", with: "ISO-8859-1")
        let files: [[UInt8]] = [
            Array(xml.utf8),
            [0xFF, 0xFE] + utf16.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
            latin1.unicodeScalars.map { UInt8($0.value) },
        ]
        for bytes in files {
            try StoreKind.sqlite.withStore { store throws in
                try store.save(area: Self.area, places: [])
                let summary = try withTemporaryFile(named: "encoded.osm", contents: Data(bytes)) { path in
                    try BasemapImporter.importExtract(at: path, areaID: Self.area.id, into: store)
                }
                #expect(summary.features == 1)
                let names = try #require(try store.basemap(areaID: Self.area.id)).basemap.features.compactMap {
                    $0.name?.text(in: .korean)
                }
                #expect(names == ["Café"])
            }
        }
    }
}

/// Extracts of other places.
enum OSMExtractsElsewhere {
    static var sanJose: String {
        var extract = OSMExtract()
        extract.node(1, 37.3320, -121.8900)
        extract.node(2, 37.3330, -121.8880)
        extract.way(10, [1, 2], ["highway": "primary", "name": "South First Street"])
        return extract.xml
    }
}
