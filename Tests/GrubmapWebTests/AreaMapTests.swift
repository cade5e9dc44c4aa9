import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapImport
import GrubmapSQL
import Testing

@testable import GrubmapWeb

/// The area map as a person meets it: streets and their names under the pins, views that move by links, a pin's
/// card, clusters, a position set by hand, and "open now".
@Suite struct AreaMapTests {
    /// The most a view of a demo area's map may weigh, as sent (the SVG with its pins, controls and card): a phone
    /// on a slow connection draws it in well under a second.
    static let demoMapBudgetBytes = 24_000
    /// The most a view of an imported city extract may weigh.
    static let importedMapBudgetBytes = 80_000

    /// An extract of the test campus's streets, as OpenStreetMap's tools write it.
    static let extract = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="grubmap tests">
          <node id="1" lat="35.2300" lon="129.0720"/>
          <node id="2" lat="35.2345" lon="129.0880"/>
          <node id="3" lat="35.2250" lon="129.0800"/>
          <node id="4" lat="35.2390" lon="129.0810"/>
          <node id="5" lat="35.2320" lon="129.0760"/>
          <node id="6" lat="35.2320" lon="129.0780"/>
          <node id="7" lat="35.2305" lon="129.0780"/>
          <node id="8" lat="35.2305" lon="129.0760"/>
          <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="primary"/><tag k="name" v="부산대학로"/>\
        <tag k="name:en" v="Busandaehak-ro"/></way>
          <way id="11"><nd ref="3"/><nd ref="4"/><tag k="highway" v="residential"/><tag k="name" v="장전로"/>\
        <tag k="name:en" v="Jangjeon-ro"/></way>
          <way id="12"><nd ref="5"/><nd ref="6"/><nd ref="7"/><nd ref="8"/><nd ref="5"/><tag k="leisure" v="park"/>\
        <tag k="name" v="Test Park"/></way>
        </osm>
        """

    /// The bytes of the map of `areaID` at `query`, as the script fetches it.
    private func mapFragment(_ person: Person, _ areaID: String, _ query: String = "") throws -> String {
        let response = try person.get("/areas/\(areaID)/map\(query.isEmpty ? "" : "?" + query)")
        #expect(response.status == .ok)
        return String(decoding: response.body, as: UTF8.self)
    }

    private static func attribute(_ name: String, in html: Substring) -> String? {
        guard let range = html.range(of: " \(name)=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The `href` of the element whose class is `className`, as a browser sends it (without its `#fragment`).
    private static func link(classed className: String, in html: String) -> String? {
        guard let range = html.range(of: "class=\"\(className)\"") else { return nil }
        let start = html[..<range.lowerBound].range(of: "<a ", options: .backwards)?.lowerBound ?? range.lowerBound
        return attribute("href", in: html[start...]).map { String($0.prefix { $0 != "#" }) }
    }

    @Test func theDemoAreasMapsAreSchematicStreetsWithinTheBudget() throws {
        let test = try TestApp.make(seed: { store in
            _ = try DemoData.load(into: store)
            _ = try DemoBasemaps.load(into: store)
        })
        defer { test.cleanUp() }
        let person = try Person(test)
        for area in try DemoData.datasets().map(\.area) {
            for query in ["", "zoom=18", "zoom=15"] {
                let html = try mapFragment(person, area.id.rawValue, query)
                #expect(html.utf8.count <= Self.demoMapBudgetBytes, "\(area.id) \(query): \(html.utf8.count) bytes")
                #expect(html.contains("class=\"bm\""), "\(area.id) \(query)")
                #expect(html.contains("Schematic"), "\(area.id): the estimated streets say so")
                #expect(!html.contains("OpenStreetMap contributors"))
            }
        }
        // The convention center's streets are named on the map.
        let sanJose = try mapFragment(person, "san-jose-convention-center")
        #expect(sanJose.contains("<textPath"))
        #expect(["San Carlos", "Market"].contains { sanJose.contains($0) })
    }

    @Test func anImportedExtractsStreetsAreNamedOnTheMapWithTheAttribution() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let folder = test.folder.appendingPathComponent("extract")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("campus.osm").path
        try Data(Self.extract.utf8).write(to: URL(fileURLWithPath: path))
        _ = try BasemapImporter.importExtract(at: path, areaID: TestApp.sampleArea.id, into: test.store)

        let english = try mapFragment(try Person(test), "test-campus", "zoom=16&center=35.2320,129.0800")
        #expect(english.utf8.count <= Self.importedMapBudgetBytes)
        #expect(english.contains("Busandaehak-ro</textPath>"))
        #expect(english.contains("Jangjeon-ro</textPath>"))
        #expect(english.contains("class=\"bm-primary\""))
        #expect(english.contains("class=\"bm-green\""))
        #expect(english.contains("OpenStreetMap</a> contributors"))
        #expect(!english.contains("Schematic"))
        // In Korean, the local names.
        let korean = try mapFragment(try Person(test, language: "ko"), "test-campus", "zoom=16&center=35.2320,129.0800")
        #expect(korean.contains("부산대학로</textPath>"))
    }

    @Test func zoomAndPanLinksMoveTheViewWithoutJavaScript() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        let page = try person.html("/areas/test-campus")
        let home = try #require(Self.attribute("data-zoom", in: page[...]).flatMap(Int.init))
        let zoomIn = try #require(Self.link(classed: "map-control map-zoom-in", in: page))
        #expect(zoomIn.hasPrefix("/areas/test-campus?"))
        #expect(zoomIn.contains("view=map"))
        let closer = try person.html(zoomIn)
        #expect(Self.attribute("data-zoom", in: closer[...]).flatMap(Int.init) == home + 1)
        // The map is in front on a phone when a map link was followed.
        #expect(closer.contains("id=\"view-map\" class=\"view-choice\" checked"))
        let north = try #require(Self.link(classed: "map-control map-north", in: closer))
        let moved = try person.html(north)
        let before = try #require(Self.attribute("data-origin-y", in: closer[...]).flatMap(Int.init))
        let after = try #require(Self.attribute("data-origin-y", in: moved[...]).flatMap(Int.init))
        #expect(after < before)
        // A malformed view is a clear 400 naming the parameter.
        for bad in ["zoom=near", "center=north", "bbox=1,2,3"] {
            let response = try person.get("/areas/test-campus?\(bad)")
            #expect(response.status == .badRequest, "\(bad)")
            let name = String(bad.prefix { $0 != "=" })
            #expect(String(decoding: response.body, as: UTF8.self).contains("\(name):"), "\(bad)")
        }
    }

    @Test func aTallerDrawingIsAskedForByHeightAndKeptByItsLinks() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        // What a phone's Map tab asks for: the drawing as tall as its screen, 400 pixels wide.
        let tall = try mapFragment(person, "test-campus", "height=731")
        #expect(tall.contains("viewBox=\"0 0 400 740\""), "brought to a step of 20")
        let north = try #require(Self.link(classed: "map-control map-north", in: tall))
        #expect(north.contains("height=731"))
        #expect(try person.html(north).contains("viewBox=\"0 0 400 740\""))
        // Out of range is brought in; not a number is a 400 naming the parameter.
        #expect(try mapFragment(person, "test-campus", "height=99999999999999").contains("viewBox=\"0 0 400 1000\""))
        #expect(try mapFragment(person, "test-campus", "height=-5").contains("viewBox=\"0 0 400 460\""))
        for bad in ["height=tall", "height=", "height=1e3"] {
            let response = try person.get("/areas/test-campus/map?\(bad)")
            #expect(response.status == .badRequest, "\(bad)")
            #expect(String(decoding: response.body, as: UTF8.self).contains("height:"), "\(bad)")
        }
    }

    /// Three places whose pins overlap at the area's zoom.
    static let overlapping = [
        TestApp.place("alpha", ["en": "Alpha Hall"], latitude: 35.23350, longitude: 129.08000),
        TestApp.place("bravo", ["en": "Bravo Hall"], latitude: 35.23352, longitude: 129.08002),
        TestApp.place("charlie", ["en": "Charlie Hall"], latitude: 35.23354, longitude: 129.07998),
    ]

    @Test func overlappingPlacesClusterAndACardOpensForAPin() throws {
        let places =
            Self.overlapping + [TestApp.place("delta", ["en": "Delta Hall"], latitude: 35.2390, longitude: 129.0720)]
        let test = try TestApp.make(places: places)
        defer { test.cleanUp() }
        let person = try Person(test)
        let page = try person.html("/areas/test-campus")
        #expect(page.contains("aria-label=\"3 places"))
        let cluster = try #require(Self.link(classed: "cluster", in: page))
        #expect(page.contains("data-places=\"alpha bravo charlie\""))
        // Places a few metres apart never part as clusters: one tap opens the closest zoom, where their pins are
        // spread around the spot.
        let view = try person.html(cluster)
        #expect(Self.attribute("data-zoom", in: view[...]) == String(MapViewport.maximumZoom))
        #expect(Self.link(classed: "cluster", in: view) == nil)
        for id in ["alpha", "bravo", "charlie"] { #expect(view.contains("data-place=\"\(id)\""), "\(id)") }
        // A pin's link opens its card over the map, on the same view.
        let pin = try #require(Self.link(classed: "pin", in: view))
        #expect(pin.contains("place="))
        let card = try person.html(pin)
        let section = try #require(card.range(of: "<section class=\"map-card\""))
        #expect(!card[section.lowerBound...].prefix(200).contains(" hidden"))
        #expect(card.contains("href=\"/places/"))
    }

    /// A tap on a cluster opens the first zoom level at which its places are drawn apart: the one the zoom-in
    /// control reaches, a level at a time, when they first show as pins.
    @Test func aClusterOpensTheFirstZoomThatPartsIt() throws {
        // 40 m apart, east and west of each other: one cluster at the campus's zoom.
        let places = [
            TestApp.place("east", ["en": "East Hall"], latitude: 35.2301, longitude: 129.08022),
            TestApp.place("west", ["en": "West Hall"], latitude: 35.2301, longitude: 129.07978),
        ]
        let test = try TestApp.make(places: places)
        defer { test.cleanUp() }
        let person = try Person(test)
        let page = try person.html("/areas/test-campus")
        let home = try #require(Self.attribute("data-zoom", in: page[...]).flatMap(Int.init))
        let cluster = try #require(Self.link(classed: "cluster", in: page))
        let opened = try person.html(cluster)
        let zoom = try #require(Self.attribute("data-zoom", in: opened[...]).flatMap(Int.init))
        #expect(Self.link(classed: "cluster", in: opened) == nil)
        #expect(opened.contains("data-place=\"east\"") && opened.contains("data-place=\"west\""))
        // Zooming in one level at a time from the same view, the places first show as two pins at that zoom.
        var view = page
        var firstApart: Int?
        for _ in 0..<(MapViewport.maximumZoom - home) {
            let zoomIn = try #require(Self.link(classed: "map-control map-zoom-in", in: view))
            view = try person.html(zoomIn)
            if Self.link(classed: "cluster", in: view) == nil {
                firstApart = Self.attribute("data-zoom", in: view[...]).flatMap(Int.init)
                break
            }
        }
        #expect(zoom == firstApart)
        #expect(zoom > home + 1, "more than one level in: a single step would not do")
    }

    /// A view's clusters are kept for the next reader of the view; the check-ins they count are each request's own,
    /// summed from the check-ins while people are at fewer places than the view holds, then from the places.
    @Test func aKeptClusterCountsTheCheckInsOfNow() throws {
        let test = try TestApp.make(places: Self.overlapping)
        defer { test.cleanUp() }
        let reader = try Person(test)
        #expect(try reader.html("/areas/test-campus").contains("aria-label=\"3 places. Zoom in"))
        try RecentCacheTests.Client(test).checkIn(test, at: "bravo")
        #expect(try reader.html("/areas/test-campus").contains("aria-label=\"3 places, 1 person checked in."))
        #expect(try Person(test).html("/areas/test-campus").contains("aria-label=\"3 places, 1 person checked in."))
        try RecentCacheTests.Client(test).checkIn(test, at: "alpha")
        try RecentCacheTests.Client(test).checkIn(test, at: "charlie")
        try RecentCacheTests.Client(test).checkIn(test, at: "charlie")
        #expect(try reader.html("/areas/test-campus").contains("aria-label=\"3 places, 4 people checked in."))
    }

    @Test func aPositionSetByHandOrdersNearestFirstAndPricesRides() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let person = try Person(test)
        let bravo = TestApp.samplePlaces[1].coordinate
        let response = try person.post(
            "/position", [("position", "\(bravo.latitude),\(bravo.longitude)"), ("return", "/areas/test-campus")])
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"]?.hasPrefix("/areas/test-campus?positioned=set") == true)
        let back = try person.html(try #require(response.headers["Location"]))
        #expect(
            back.contains(
                "<p class=\"notice success\" role=\"status\">Position set: places are listed nearest first.</p>"))
        let page = try person.html("/areas/test-campus")
        #expect(page.contains("set by you"))
        #expect(!page.contains("Position set:"))
        let list = try #require(page.range(of: "<ul class=\"places\">")).upperBound
        let positions = try ["Bravo Hall", "Alpha Hall", "Charlie Hall"].map { name in
            try #require(page.range(of: ">\(name)<", range: list..<page.endIndex)).lowerBound
        }
        #expect(positions == positions.sorted(), "nearest first from Bravo Hall: Bravo, Alpha, Charlie")
        // The ride estimates on a place's page start there.
        let place = try person.html("/places/alpha")
        #expect(place.contains("Standard taxi"))
        #expect(place.contains("from your position"))
        // Cleared, the page goes back to names.
        let cleared = try person.post("/position", [("clear", "1"), ("return", "/areas/test-campus")])
        #expect(cleared.status == .seeOther)
        #expect(try person.html(try #require(cleared.headers["Location"])).contains("Your position is cleared."))
        #expect(!(try person.html("/areas/test-campus")).contains("set by you"))
    }

    @Test func aMalformedPositionIsRefusedAndChangesNothing() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        for bad in ["", "north", "91,0", "35.2,200"] {
            let response = try person.post("/position", [("position", bad), ("return", "/areas/test-campus")])
            #expect(response.status == .badRequest, "\(bad)")
            #expect(response.headers["Set-Cookie"]?.contains("grubmap_position") != true, "\(bad)")
            #expect(String(decoding: response.body, as: UTF8.self).contains("position"), "\(bad)")
        }
        #expect(!(try person.html("/areas/test-campus")).contains("set by you"))
    }

    @Test func openNowIsSaidOnTheListAndTheFilterKeepsOnlyOpenPlaces() throws {
        // Monday 2026-11-16 12:00 in Seoul.
        let noon = Date(timeIntervalSince1970: 1_763_262_000)
        let lunch = try OpeningHours(rules: [
            OpeningHours.Rule(
                days: Weekday.allCases, opens: TimeOfDay(hour: 11, minute: 0), closes: TimeOfDay(hour: 14, minute: 0))
        ])
        let evening = try OpeningHours(rules: [
            OpeningHours.Rule(
                days: Weekday.allCases, opens: TimeOfDay(hour: 17, minute: 0), closes: TimeOfDay(hour: 21, minute: 0))
        ])
        var alpha = TestApp.samplePlaces[0]
        alpha.openingHours = lunch
        var bravo = TestApp.samplePlaces[1]
        bravo.openingHours = evening
        let test = try TestApp.make(places: [alpha, bravo, TestApp.samplePlaces[2]])
        defer { test.cleanUp() }
        test.clock.set(noon)
        let person = try Person(test)
        let page = try person.html("/areas/test-campus")
        #expect(page.contains("Open now · until 14:00"))
        #expect(page.contains("Closed · opens at 17:00"))
        let filtered = try person.html("/areas/test-campus?open=now")
        let list = String(filtered[try #require(filtered.range(of: "<ul class=\"places\">")).lowerBound...])
        #expect(list.contains(">Alpha Hall<"))
        #expect(!list.contains(">Bravo Hall<"))
        #expect(!list.contains(">Charlie Hall<"), "no hours known: not said to be open")
        #expect(!filtered.contains("data-place=\"bravo\""), "the map keeps to the filter too")
        #expect(filtered.contains("class=\"filter-chip\" href=\"/areas/test-campus?sort=name\" aria-current=\"true\""))
    }
}
