import Foundation
import GrubmapCore
import GrubmapImport
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@Suite("Demo data")
struct DemoDataTests {
    static let sample = """
        {
          "id": "pnu-busan",
          "name": {"ko": "부산캠퍼스", "en": "Busan Campus"},
          "center": {"latitude": 35.2316, "longitude": 129.0825},
          "timeZone": "Asia/Seoul", "currency": "KRW", "locale": "ko-KR",
          "places": [
            {"id": "geumjeong-hall", "name": {"ko": "금정회관"}, "kind": "cafeteria",
             "coordinate": {"latitude": 35.2329, "longitude": 129.0840}, "coordinateSource": "survey",
             "address": "부산광역시 금정구", "description": {"en": "Student cafeteria"},
             "openingHours": [{"days": "Mo-Fr", "opens": "11:00", "closes": "13:30"}], "hoursSource": "sign"},
            {"id": "woongbee-hall", "name": {"ko": "웅비관"}, "kind": "dormitory",
             "coordinate": {"latitude": 35.2290, "longitude": 129.0800}}
          ]
        }
        """

    private func decode(_ text: String) throws -> AreaDataset {
        try DemoData.decode(Data(text.utf8), file: "Demo/sample.json")
    }

    @Test func aFileDecodesIntoAnAreaAndPlaces() throws {
        let dataset = try decode(Self.sample)
        #expect(dataset.area.id.rawValue == "pnu-busan")
        #expect(dataset.area.name.text(in: .korean) == "부산캠퍼스")
        #expect(dataset.places.map(\.id.rawValue) == ["geumjeong-hall", "woongbee-hall"])
        #expect(dataset.places.allSatisfy { $0.areaID == dataset.area.id })
        let hall = dataset.places[0]
        #expect(hall.kind == .cafeteria)
        #expect(hall.address == "부산광역시 금정구")
        #expect(hall.phone == nil)
        #expect(hall.openingHours.rules.map(\.days) == [[.monday, .tuesday, .wednesday, .thursday, .friday]])
        #expect(dataset.places[1].openingHours.isEmpty)
        // Without bounds, they enclose the center and every place with a margin.
        let bounds = dataset.area.bounds
        #expect(([dataset.area.center] + dataset.places.map(\.coordinate)).allSatisfy(bounds.contains))
        #expect(bounds.southWest.latitude < 35.2290 && bounds.northEast.latitude > 35.2329)
    }

    @Test func givenBoundsAreKept() throws {
        let text = Self.sample.replacingOccurrences(
            of: "\"places\"",
            with: #""bounds": {"southWest": {"latitude": 35, "longitude": 129}, "#
                + #""northEast": {"latitude": 36, "longitude": 130}}, "places""#)
        let bounds = try decode(text).area.bounds
        #expect(bounds.southWest == Fixtures.coordinate(35, 129))
        #expect(bounds.northEast == Fixtures.coordinate(36, 130))
        let reversed = text.replacingOccurrences(of: #""latitude": 36"#, with: #""latitude": 34"#)
        #expect(
            throws: DemoDataError.invalidArea(
                file: "Demo/sample.json", reason: "bounds: southWest is not south-west of northEast")
        ) {
            try decode(reversed)
        }
    }

    @Test(arguments: [
        (
            #""kind": "dormitory""#, #""kind": "bar""#, #""woongbee-hall" (places[1])"#,
            #"kind: "bar" is not one of restaurant, cafeteria, cafe, dormitory"#
        ),
        (
            #""latitude": 35.2290"#, #""latitude": 135.2290"#, #""woongbee-hall" (places[1])"#,
            "coordinate.latitude: latitude 135.229 is outside [-90, 90]"
        ),
        (
            #""latitude": 35.2290"#, #""latitude": "north""#, #""woongbee-hall" (places[1])"#,
            "coordinate.latitude: expected a number"
        ),
        (#""name": {"ko": "웅비관"}, "#, "", #""woongbee-hall" (places[1])"#, #"missing "name""#),
        (
            #""id": "woongbee-hall""#, #""id": "Woongbee Hall""#, #""Woongbee Hall" (places[1])"#,
            #"id: "Woongbee Hall" is not an id: use lowercase letters, digits and single hyphens between them"#
        ),
        (#""id": "woongbee-hall", "#, "", "#1 (places[1])", #"missing "id""#),
        (
            #""id": "woongbee-hall""#, #""id": "geumjeong-hall""#, #""geumjeong-hall" (places[1])"#,
            "the id is used by an earlier place"
        ),
        (
            #""days": "Mo-Fr""#, #""days": "Mo-Xx""#, #""geumjeong-hall" (places[0])"#,
            #"openingHours[0].days: "Mo-Xx" is not a list of days like Mo-Fr or Sa,Su"#
        ),
    ])
    func placeErrorsNameTheFileAndThePlace(find: String, replace: String, place: String, reason: String) throws {
        #expect(Self.sample.contains(find))
        let error = #expect(throws: DemoDataError.self) {
            try decode(Self.sample.replacingOccurrences(of: find, with: replace))
        }
        #expect(error?.description == "Demo/sample.json: place \(place): \(reason)")
    }

    @Test func areaErrorsNameTheFile() throws {
        let missing = #expect(throws: DemoDataError.self) {
            try decode(Self.sample.replacingOccurrences(of: #""currency": "KRW", "#, with: ""))
        }
        #expect(missing?.description == #"Demo/sample.json: missing "currency""#)
        let broken = #expect(throws: DemoDataError.self) { try decode("{\"id\": ") }
        #expect(broken?.description.hasPrefix("Demo/sample.json: The given data was not valid JSON.") == true)
    }

    @Test(arguments: StoreKind.tested)
    func loadingFillsOnlyAnEmptyStore(kind: StoreKind) throws {
        try kind.withStore { store throws in
            #expect(try DemoData.load(into: store) == !DemoData.datasets().isEmpty)
            try store.save(area: Fixtures.sanJose, places: [])
            let before = try store.areas()
            #expect(try DemoData.load(into: store) == false)
            #expect(try store.areas() == before)
        }
    }

    @Test func shippedDemoFilesAreValid() throws {
        for dataset in try DemoData.datasets() {
            #expect(!dataset.places.isEmpty, "\(dataset.area.id) has places")
            #expect(dataset.places.allSatisfy { dataset.area.bounds.contains($0.coordinate) })
        }
    }
}
