import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@testable import GrubmapImport

/// The demo areas' schematic basemaps: every area has one, it says it is an estimate, and it never replaces an
/// imported basemap.
@Suite struct DemoBasemapTests {
    @Test func everyDemoAreaHasASchematicBasemapThatSaysSo() throws {
        let files = try DemoBasemaps.files()
        let areas = try DemoData.datasets().map(\.area)
        #expect(files.map(\.0) == areas.map(\.id))
        for (id, file) in files {
            let area = try #require(areas.first { $0.id == id })
            #expect(file.note.hasPrefix("SCHEMATIC BASEMAP: estimates"), "\(id)")
            #expect(file.features.allSatisfy { !$0.estimate.isEmpty })
            let basemap = file.basemap(coverage: Basemap.coverage(of: area.bounds))
            #expect(basemap.source == .schematic)
            #expect(basemap.features.count == file.features.count, "\(id): every feature lies within the map")
            #expect(basemap.features.contains { $0.kind.isRoad }, "\(id)")
        }
    }

    @Test(arguments: StoreKind.tested)
    func loadingDrawsEachDemoAreaOnceAndNeverOverAnImport(kind: StoreKind) throws {
        try kind.withStore { store throws in
            try DemoData.load(into: store)
            let imported = Basemap(
                source: .openStreetMap, coverage: try #require(try store.area(id: Area.ID("pnu-busan"))).bounds,
                features: [
                    BasemapFeature(
                        kind: .footway,
                        parts: [
                            [
                                Fixtures.coordinate(35.235, 129.08),
                                Fixtures.coordinate(35.236, 129.08),
                            ]
                        ])
                ])
            try store.replaceBasemap(imported, areaID: Area.ID("pnu-busan"))
            #expect(try DemoBasemaps.load(into: store) == 3)
            #expect(try store.basemap(areaID: Area.ID("pnu-busan"))?.basemap == imported)
            #expect(try store.basemap(areaID: Area.ID("san-jose-convention-center"))?.basemap.source == .schematic)
            #expect(try DemoBasemaps.load(into: store) == 0)
        }
    }

    @Test func aFeatureOfTheWrongShapeIsRefused() {
        let json =
            #"{"area": "x", "note": "n", "features": [{"kind": "building", "lines": [[[1, 2], [3, 4]]], "estimate": "e"}]}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DemoBasemaps.BasemapFile.self, from: Data(json.utf8))
        }
    }
}
