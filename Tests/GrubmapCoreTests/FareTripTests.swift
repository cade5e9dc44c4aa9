import Foundation
import Testing

@testable import GrubmapCore

/// A ride's area and destination from what a person asked for: a place prices under its own area, a point under
/// the area given or the one containing it.
@Suite struct FareTripTests {
    static func point(_ latitude: Double, _ longitude: Double) -> Coordinate {
        try! Coordinate(latitude: latitude, longitude: longitude)
    }

    static func area(_ id: String, around center: Coordinate, fares: FareSchedule?) -> Area {
        Area(
            id: try! Area.ID(id), name: LocalizedText(id), center: center,
            bounds: try! Bounds(enclosing: [center], margin: 0.15), timeZone: "UTC", currency: "USD", locale: "en-US",
            fareSchedule: fares)
    }

    static let schedule = try! FareSchedule(
        currency: Currency(code: "USD"),
        rideTypes: [
            RideType(
                id: RideType.ID("go"), name: LocalizedText("Go"), capacity: 4, baseFare: 10,
                farePerKilometer: Decimal(string: "0.932057")!, farePerMinute: Decimal(string: "0.3")!,
                bookingFee: Decimal(string: "2.5")!, minimumFare: 13)
        ])

    /// An area with fares and one place at its center; another without fares and with one place.
    let priced = Self.area("test-area", around: Self.point(37.33, -121.89), fares: Self.schedule)
    let plain = Self.area("pnu-busan", around: Self.point(35.2316, 129.0825), fares: nil)
    var places: [Place] {
        [
            Place(
                id: try! Place.ID("p"), areaID: priced.id, name: LocalizedText("P"), kind: .cafe,
                coordinate: priced.center),
            Place(
                id: try! Place.ID("woongbee-hall"), areaID: plain.id, name: LocalizedText("웅비관"), kind: .dormitory,
                coordinate: plain.center),
        ]
    }

    func resolve(_ destination: FareDestination, areaID: String? = nil) throws -> FareTrip {
        try FareTrip.resolve(
            to: destination, areaID: areaID, areas: [plain, priced].sorted { $0.id < $1.id },
            place: { id in places.first { $0.id == id } })
    }

    @Test func tripsResolveToTheRightAreaOrSayWhyNot() throws {
        let place = try resolve(.place(try Place.ID("p")))
        #expect(place.area.id == priced.id)
        #expect(place.place?.id.rawValue == "p")
        #expect(place.destination == priced.center)
        #expect(place.schedule == Self.schedule)
        let inside = try resolve(.coordinate(priced.center))
        #expect(inside.area.id == priced.id)
        #expect(inside.place == nil)
        let chosen = try resolve(.coordinate(Self.point(0, 0)), areaID: "test-area")
        #expect(chosen.destination == Self.point(0, 0))

        #expect(throws: FareTripError.noAreaContains(Self.point(0, 0))) {
            try resolve(.coordinate(Self.point(0, 0)))
        }
        #expect(throws: FareTripError.unknownArea("Nope!")) {
            try resolve(.coordinate(Self.point(0, 0)), areaID: "Nope!")
        }
        #expect(throws: FareTripError.unknownPlace(try Place.ID("nowhere"))) {
            try resolve(.place(try Place.ID("nowhere")))
        }
        #expect(throws: FareTripError.areaMismatch(place: try Place.ID("p"), placeArea: priced.id, given: plain.id)) {
            try resolve(.place(try Place.ID("p")), areaID: "pnu-busan")
        }
        #expect(throws: FareTripError.noFareSchedule(plain.id)) {
            try resolve(.place(try Place.ID("woongbee-hall")))
        }
    }

    @Test func aFailedLookupIsThrownAsItIs() {
        struct Unreadable: Error, Equatable {}
        #expect(throws: Unreadable()) {
            try FareTrip.resolve(
                to: .place(try Place.ID("p")), areaID: nil, areas: [priced], place: { _ in throw Unreadable() })
        }
    }
}
