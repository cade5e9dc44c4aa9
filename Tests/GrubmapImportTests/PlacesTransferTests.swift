import Foundation
import GrubmapCore
import GrubmapImport
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// `grubmap import places` and `export places` without the command line: GeoJSON in and out of a store, all or
/// nothing, on both databases.
@Suite struct PlacesTransferTests {
    /// One new place for Busan, with the id of the dormitory already there, and an untouched geumjeong-hall.
    static let file = Data(
        #"""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": "new-cafe", "geometry": {"type": "Point", "coordinates": [129.08, 35.23]},
           "properties": {"name:ko": "새 카페", "name:en": "New Café", "kind": "cafe"}},
          {"type": "Feature", "id": "woongbee-hall", "geometry": {"type": "Point", "coordinates": [129.081, 35.229]},
           "properties": {"name": "웅비관 식당", "kind": "dormitory"}}
        ]}
        """#.utf8)

    func withBusan<T>(_ kind: StoreKind, _ body: (any Store) throws -> T) throws -> T {
        try kind.withStore { store throws in
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall, Fixtures.dormitory])
            return try body(store)
        }
    }

    @Test(arguments: StoreKind.tested)
    func importAddsAndUpdatesAndKeepsTheOthers(kind: StoreKind) throws {
        try withBusan(kind) { store throws in
            let imported = try PlacesTransfer.importPlaces(Self.file, into: Fixtures.busan, store: store)
            #expect(imported.map(\.id.rawValue) == ["new-cafe", "woongbee-hall"])
            let places = try store.places(inArea: Fixtures.busan.id)
            #expect(places.map(\.id.rawValue) == ["geumjeong-hall", "new-cafe", "woongbee-hall"])
            #expect(places.first { $0.id == Fixtures.geumjeongHall.id } == Fixtures.geumjeongHall)
            #expect(places.first { $0.id == Fixtures.dormitory.id }?.name.values == ["ko": "웅비관 식당"])
            #expect(try store.place(id: try Place.ID("new-cafe"))?.name.values == ["ko": "새 카페", "en": "New Café"])
        }
    }

    @Test(arguments: StoreKind.tested)
    func exportingAndImportingGivesTheSamePlaces(kind: StoreKind) throws {
        try withBusan(kind) { store throws in
            let exported = try PlacesTransfer.exportPlaces(of: Fixtures.busan, from: store)
            let before = try store.places(inArea: Fixtures.busan.id)
            try PlacesTransfer.importPlaces(exported, into: Fixtures.busan, store: store)
            #expect(try store.places(inArea: Fixtures.busan.id) == before)
            #expect(try PlacesTransfer.exportPlaces(of: Fixtures.busan, from: store) == exported)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aBrokenFileOrAnotherAreasIdImportsNothing(kind: StoreKind) throws {
        try withBusan(kind) { store throws in
            try store.save(area: Fixtures.sanJose, places: [Fixtures.place("chipotle", in: Fixtures.sanJose)])
            let before = try store.catalog().version
            let broken = Data(
                String(decoding: Self.file, as: UTF8.self).replacingOccurrences(of: "35.229", with: "91").utf8)
            #expect(throws: PlacesImportError.self) {
                try PlacesTransfer.importPlaces(broken, into: Fixtures.busan, store: store)
            }
            let stolen = Data(
                String(decoding: Self.file, as: UTF8.self).replacingOccurrences(of: "new-cafe", with: "chipotle").utf8)
            let error = #expect(throws: PlacesImportError.self) {
                try PlacesTransfer.importPlaces(stolen, into: Fixtures.busan, store: store)
            }
            #expect(error == .placeOfAnotherArea(try Place.ID("chipotle"), area: Fixtures.sanJose.id))
            #expect(error?.description == "the id \"chipotle\" belongs to a place of san-jose-convention-center")
            #expect(try store.catalog().version == before)
        }
    }
}
