import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

@Suite struct APITests {
    @Test func areasHaveTheContractShape() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let areas = try #require(try test.json("/api/v1/areas")["areas"] as? [[String: Any]])
        #expect(areas.map { $0["id"] as? String } == ["another-area", "test-campus"])
        let campus = areas[1]
        #expect(campus["name"] as? String == "Test Campus")
        #expect(campus["timeZone"] as? String == "Asia/Seoul")
        #expect(campus["currency"] as? String == "KRW")
        let center = try #require(campus["center"] as? [String: Double])
        #expect(center == ["latitude": 35.2335, "longitude": 129.08])
    }

    @Test func placesAreByNameOrByDistance() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let byName = try #require(try test.json("/api/v1/areas/test-campus/places")["places"] as? [[String: Any]])
        #expect(byName.map { $0["id"] as? String } == ["alpha", "bravo", "charlie"])
        #expect(byName.allSatisfy { $0["distanceMeters"] == nil })
        #expect(byName[0]["checkedInCount"] as? Int == 0)
        #expect(byName[0]["kind"] as? String == "cafeteria")
        #expect((byName[0]["coordinate"] as? [String: Double])?["latitude"] == 35.235)

        let near = try #require(
            try test.json("/api/v1/areas/test-campus/places?near=35.2335,129.0800")["places"] as? [[String: Any]])
        #expect(near.map { $0["id"] as? String } == ["charlie", "alpha", "bravo"])
        let distance = try #require(near[0]["distanceMeters"] as? Double)
        #expect(abs(distance - 11.09) < 0.05)
    }

    @Test func placeDetailHasTheContractShape() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let place = try test.json("/api/v1/places/alpha")
        #expect(place["id"] as? String == "alpha")
        #expect(place["areaId"] as? String == "test-campus")
        #expect(place["name"] as? String == "Alpha Hall")
        #expect((place["names"] as? [String: String])?["ko"] == "알파관")
        #expect((place["checkedIn"] as? [Any])?.isEmpty == true)
        #expect(place["address"] == nil)
    }

    @Test func errorsAreJSONWithACode() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let cases: [(String, Int, String)] = [
            ("/api/v1/places/nowhere", 404, "not_found"),
            ("/api/v1/areas/nowhere/places", 404, "not_found"),
            ("/api/v1/nothing", 404, "not_found"),
            ("/api/v1/areas/test-campus/places?near=0,999", 400, "invalid_coordinate"),
            ("/api/v1/areas/test-campus/places?near=%zz", 400, "bad_query"),
        ]
        for (target, status, code) in cases {
            let response: Response
            do {
                response = try test.get(target)
            } catch let error as HTTPError {
                // A malformed target is refused while the request is parsed, before the app sees it.
                #expect(error.status.code == status, "\(target)")
                #expect(error.code == code, "\(target)")
                continue
            }
            #expect(response.status.code == status, "\(target)")
            #expect(response.headers["Content-Type"] == "application/json")
            let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            let error = body?["error"] as? [String: String]
            #expect(error?["code"] == code, "\(target)")
            #expect(error?["message"]?.isEmpty == false)
        }
    }

    @Test func wrongMethodGets405WithAllow() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = test.app.responder(try Request(method: .post, target: "/api/v1/areas"))
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD")
    }

    @Test func healthSaysTheDatabaseIsUp() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try test.get("/healthz")
        #expect(response.status == .ok)
        #expect(try test.json("/healthz")["database"] as? String == "ok")
    }
}
