import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

@Suite struct FareAPITests {
    private func body(_ response: Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func faresToAPlaceHaveTheContractShape() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let response = try test.get("/api/v1/fares?from=\(FareTestData.southOfCampus)&to=alpha")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        let json = try body(response)
        #expect(
            Set(json.keys) == [
                "from", "to", "areaId", "placeId", "distanceMeters", "straightLineMeters", "durationSeconds",
                "currency", "surge", "estimates",
            ])
        #expect(json["areaId"] as? String == "test-campus")
        #expect(json["placeId"] as? String == "alpha")
        #expect(json["currency"] as? String == "KRW")
        #expect(json["to"] as? [String: Double] == ["latitude": 35.235, "longitude": 129.08])

        let from = try Coordinate(parsing: FareTestData.southOfCampus)
        let expected = FareEstimate(
            schedule: FareTestData.won, from: from, to: TestApp.samplePlaces[0].coordinate)
        #expect(json["distanceMeters"] as? Int == expected.roadMeters)
        #expect(expected.roadMeters > 4000)
        #expect(
            json["durationSeconds"] as? [String: Int] == [
                "low": expected.durationSeconds.lowerBound, "high": expected.durationSeconds.upperBound,
            ])
        let estimates = try #require(json["estimates"] as? [[String: Any]])
        #expect(estimates.map { $0["rideType"] as? String } == ["taxi", "deluxe-taxi"])
        for (estimate, fare) in zip(estimates, expected.fares) {
            #expect(Set(estimate.keys) == ["rideType", "displayName", "capacity", "low", "high", "display"])
            #expect(estimate["low"] as? Double == NSDecimalNumber(decimal: fare.low).doubleValue)
            #expect(estimate["high"] as? Double == NSDecimalNumber(decimal: fare.high).doubleValue)
            #expect(fare.low < fare.high)
            #expect(estimate["display"] as? String == "₩\(grouped(fare.low))–₩\(grouped(fare.high))")
        }
        #expect(estimates[0]["displayName"] as? String == "Standard taxi")
        #expect(estimates[0]["capacity"] as? Int == 4)
    }

    private func grouped(_ amount: Decimal) -> String {
        let number = NSDecimalNumber(decimal: amount).intValue
        return number >= 1000 ? "\(number / 1000),\(String(number % 1000).leftPadded(to: 3))" : "\(number)"
    }

    @Test func faresSpeakTheCallersLanguage() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let response = try test.get(
            "/api/v1/fares?from=\(FareTestData.southOfCampus)&to=alpha", headers: ["Accept-Language": "ko"])
        let estimates = try #require(try body(response)["estimates"] as? [[String: Any]])
        #expect(estimates[0]["displayName"] as? String == "일반 택시")
        #expect((estimates[0]["display"] as? String)?.contains("~₩") == true)
    }

    @Test func identicalPointsCostTheMinimumFare() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let json = try body(try test.get("/api/v1/fares?from=37.335,-121.885&to=downtown-diner"))
        #expect(json["distanceMeters"] as? Int == 0)
        #expect(json["straightLineMeters"] as? Double == 0)
        #expect(json["durationSeconds"] as? [String: Int] == ["low": 0, "high": 0])
        #expect(json["currency"] as? String == "USD")
        let estimates = try #require(json["estimates"] as? [[String: Any]])
        #expect(estimates.map { $0["display"] as? String } == ["$13.00", "$18.00"])
        #expect(estimates.map { $0["low"] as? Double } == [13, 18])
    }

    @Test func aPointPricesUnderTheGivenAreaOrTheOneContainingIt() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let contained = try body(try test.get("/api/v1/fares?from=37.33,-121.89&to=37.335,-121.885"))
        #expect(contained["areaId"] as? String == "another-area")
        #expect(contained["placeId"] == nil)
        #expect(contained["currency"] as? String == "USD")
        let chosen = try body(try test.get("/api/v1/fares?from=37.33,-121.89&to=37.5,-121.5&area=test-campus"))
        #expect(chosen["areaId"] as? String == "test-campus")
        #expect(chosen["currency"] as? String == "KRW")
    }

    @Test func badFareRequestsNameTheParameter() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let cases: [(String, Int, String, String)] = [
            ("to=alpha", 400, "missing_parameter", "from: missing"),
            ("from=35.2,129.08", 400, "missing_parameter", "to: missing"),
            ("from=nan,129&to=alpha", 400, "invalid_coordinate", "from: coordinates must be finite numbers"),
            ("from=inf,0&to=alpha", 400, "invalid_coordinate", "from: coordinates must be finite numbers"),
            ("from=-infinity,0&to=alpha", 400, "invalid_coordinate", "from: coordinates must be finite numbers"),
            ("from=1e999,0&to=alpha", 400, "invalid_coordinate", "from: coordinates must be finite numbers"),
            ("from=90.5,0&to=alpha", 400, "invalid_coordinate", "from: latitude 90.5 is outside [-90, 90]"),
            ("from=0,-180.1&to=alpha", 400, "invalid_coordinate", "from: longitude -180.1 is outside [-180, 180]"),
            ("from=35.2&to=alpha", 400, "invalid_coordinate", "from: expected LAT,LON"),
            ("from=&to=alpha", 400, "invalid_coordinate", "from: expected LAT,LON"),
            ("from=a,b&to=alpha", 400, "invalid_coordinate", "from: expected LAT,LON"),
            ("from=35.2,129.08&to=", 400, "invalid_destination", "to: expected a place id or LAT,LON"),
            ("from=35.2,129.08&to=Alpha%20Hall", 400, "invalid_destination", "to: expected a place id or LAT,LON"),
            ("from=35.2,129.08&to=nan,0", 400, "invalid_destination", "to: coordinates must be finite numbers"),
            ("from=35.2,129.08&to=-91,0", 400, "invalid_destination", "to: latitude -91.0 is outside"),
            ("from=35.2,129.08&to=nowhere", 404, "not_found", "to: there is no place \"nowhere\""),
            ("from=35.2,129.08&to=alpha&area=atlantis", 404, "not_found", "area: there is no area \"atlantis\""),
            ("from=35.2,129.08&to=0,0&area=Not%20an%20id", 404, "not_found", "area: there is no area"),
            ("from=35.2,129.08&to=alpha&area=another-area", 400, "area_mismatch", "area: the place \"alpha\" is in"),
            ("from=35.2,129.08&to=0,0", 400, "area_required", "to: no area contains 0.0,0.0; give an area"),
        ]
        for (query, status, code, message) in cases {
            let response = try test.get("/api/v1/fares?\(query)")
            #expect(response.status.code == status, "\(query)")
            let error = try body(response)["error"] as? [String: String]
            #expect(error?["code"] == code, "\(query)")
            #expect(error?["message"]?.hasPrefix(message) == true, "\(query): \(error?["message"] ?? "")")
        }
    }

    @Test func anAreaWithoutRatesHasNoFares() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try test.get("/api/v1/fares?from=35.2,129.08&to=alpha")
        #expect(response.status == .notFound)
        let error = try body(response)["error"] as? [String: String]
        #expect(error?["code"] == "no_fare_schedule")
        #expect(error?["message"]?.contains("\"test-campus\" has no fare schedule") == true)
    }

    @Test func distanceHasTheContractShape() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let json = try body(try test.get("/api/v1/distance?from=37.3318,-121.8863&to=35.2316,129.0825"))
        #expect(Set(json.keys) == ["distanceMeters", "initialBearingDegrees", "finalBearingDegrees"])
        let expected = Geodesic.wgs84.inverse(
            from: try Coordinate(latitude: 37.3318, longitude: -121.8863),
            to: try Coordinate(latitude: 35.2316, longitude: 129.0825))
        #expect(json["distanceMeters"] as? Double == (expected.distanceMeters * 1000).rounded() / 1000)
        // JSONSerialization may read the last digit differently; the encoder writes every digit.
        let initial = try #require(json["initialBearingDegrees"] as? Double)
        let final = try #require(json["finalBearingDegrees"] as? Double)
        #expect(abs(initial - expected.initialBearingDegrees) < 1e-12)
        #expect(abs(final - expected.finalBearingDegrees) < 1e-12)
        let same = try body(try test.get("/api/v1/distance?from=35.2,129.08&to=35.2,129.08"))
        #expect(same["distanceMeters"] as? Double == 0)
    }

    @Test func badDistanceRequestsNameTheParameter() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let cases: [(String, String, String)] = [
            ("", "missing_parameter", "from: missing"),
            ("from=0,0", "missing_parameter", "to: missing"),
            ("to=0,0", "missing_parameter", "from: missing"),
            ("from=0,0&to=NaN,0", "invalid_coordinate", "to: coordinates must be finite numbers"),
            ("from=Infinity,0&to=0,0", "invalid_coordinate", "from: coordinates must be finite numbers"),
            ("from=0,0&to=0,200", "invalid_coordinate", "to: longitude 200.0 is outside [-180, 180]"),
            ("from=0;0&to=0,0", "invalid_coordinate", "from: expected LAT,LON"),
            ("from=0,0,0&to=0,0", "invalid_coordinate", "from: expected LAT,LON"),
        ]
        for (query, code, message) in cases {
            let response = try test.get("/api/v1/distance?\(query)")
            #expect(response.status == .badRequest, "\(query)")
            let error = try body(response)["error"] as? [String: String]
            #expect(error?["code"] == code, "\(query)")
            #expect(error?["message"]?.hasPrefix(message) == true, "\(query): \(error?["message"] ?? "")")
        }
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
