import Foundation
import GrubmapCore
import GrubmapHTTP

/// Fare schedules for ``TestApp``'s areas: won on the test campus, dollars in the other area.
enum FareTestData {
    static func money(_ text: String) -> Decimal { Decimal(string: text)! }

    static func rideType(
        _ id: String, _ names: [String: String], capacity: Int, base: String, perKilometer: String, perMinute: String,
        fee: String, minimum: String
    ) -> RideType {
        try! RideType(
            id: RideType.ID(id), name: LocalizedText(names), capacity: capacity, baseFare: money(base),
            farePerKilometer: money(perKilometer), farePerMinute: money(perMinute), bookingFee: money(fee),
            minimumFare: money(minimum))
    }

    static let won = try! FareSchedule(
        currency: Currency(code: "KRW"),
        rideTypes: [
            rideType(
                "taxi", ["en": "Standard taxi", "ko": "일반 택시"], capacity: 4, base: "3300", perKilometer: "760",
                perMinute: "90", fee: "0", minimum: "4800"),
            rideType(
                "deluxe-taxi", ["en": "Deluxe taxi", "ko": "모범 택시"], capacity: 4, base: "4500",
                perKilometer: "1220", perMinute: "150", fee: "0", minimum: "6500"),
        ])

    static let dollars = try! FareSchedule(
        currency: Currency(code: "USD"),
        rideTypes: [
            rideType(
                "go", ["en": "Grubmap Go", "ko": "그럽맵 Go"], capacity: 4, base: "10", perKilometer: "0.932057",
                perMinute: "0.30", fee: "2.50", minimum: "13"),
            rideType(
                "xl", ["en": "Grubmap XL", "ko": "그럽맵 XL"], capacity: 6, base: "15", perKilometer: "1.0874",
                perMinute: "0.45", fee: "2.50", minimum: "18"),
        ])

    /// A diner in the other area.
    static let diner = Place(
        id: try! Place.ID("downtown-diner"), areaID: TestApp.secondArea.id, name: LocalizedText("Downtown Diner"),
        kind: .restaurant, coordinate: try! Coordinate(latitude: 37.335, longitude: -121.885))

    /// About 3.9 km south of the test campus's places: far enough for prices above the minimum.
    static let southOfCampus = "35.2000,129.0800"
}

extension TestApp {
    /// The test app with fare schedules on both areas, and a diner in the other area.
    static func makeWithFares(places: [Place] = TestApp.samplePlaces) throws -> TestApp {
        let test = try make(places: places)
        var campus = sampleArea
        campus.fareSchedule = FareTestData.won
        try test.store.save(area: campus, places: [])
        var other = secondArea
        other.fareSchedule = FareTestData.dollars
        try test.store.save(area: other, places: [FareTestData.diner])
        return test
    }

    /// A page's HTML as a person with the given language (and cookie) sees it.
    func html(_ target: String, language: String = "en", cookie: String? = nil) throws -> String {
        var headers: Headers = ["Accept-Language": language]
        if let cookie { headers["Cookie"] = cookie }
        return String(decoding: try get(target, headers: headers).body, as: UTF8.self)
    }
}
