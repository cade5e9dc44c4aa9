import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

@Suite struct RideEstimatesPageTests {
    /// The ride section of a page.
    private func rides(_ html: String) throws -> String {
        let start = try #require(html.range(of: "<section class=\"card panel wide rides\""))
        let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    private func expectedRange(_ id: String, from position: String, language: Language) throws -> String {
        let estimate = FareEstimate(
            schedule: FareTestData.won, from: try Coordinate(parsing: position), to: TestApp.samplePlaces[0].coordinate)
        let fare = try #require(estimate.fare(for: try RideType.ID(id)))
        return estimate.currency.formatRange(low: fare.low, high: fare.high, language: language)
    }

    @Test func withAPositionCardsShowPriceRangesDistanceAndDuration() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let section = try rides(try test.html("/places/alpha?near=\(FareTestData.southOfCampus)"))
        #expect(section.contains("<h2 id=\"rides-heading\">Ride there</h2>"))
        #expect(section.contains("Standard taxi"))
        #expect(section.contains("Deluxe taxi"))
        #expect(section.contains("4 seats"))
        // 3.9 km in a straight line, 5.0 km by road: 10.1 to 16.8 minutes at 30 to 18 km/h, rounded up.
        #expect(section.contains("5.0 km by road · 11–17 min · from your position"))
        let taxi = try expectedRange("taxi", from: FareTestData.southOfCampus, language: .english)
        #expect(taxi.contains("–"))
        let (low, high) = (taxi.split(separator: "–")[0], taxi.split(separator: "–")[1])
        #expect(section.contains("<span class=\"ride-price\"><span>\(low)–</span><span>\(high)</span></span>"))
        #expect(
            section.contains("<p class=\"ride-summary\" aria-live=\"polite\">Standard taxi for up to 4: \(taxi)</p>"))
        #expect(section.contains("value=\"taxi\" id=\"ride-taxi\" checked>"))
        #expect(!section.contains("value=\"deluxe-taxi\" id=\"ride-deluxe-taxi\" checked"))
        #expect(section.contains("<input type=\"hidden\" name=\"near\" value=\"\(FareTestData.southOfCampus)\">"))
        #expect(!section.contains("Share my location"))
        #expect(section.contains("<script src=\"/assets/rides.js?v="))
    }

    @Test func theRideParameterSelectsACard() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let chosen = try rides(try test.html("/places/alpha?near=\(FareTestData.southOfCampus)&ride=deluxe-taxi"))
        #expect(chosen.contains("<label class=\"ride selected\" for=\"ride-deluxe-taxi\""))
        #expect(chosen.contains("value=\"deluxe-taxi\" id=\"ride-deluxe-taxi\" checked>"))
        #expect(!chosen.contains("id=\"ride-taxi\" checked"))
        #expect(chosen.contains("Deluxe taxi for up to 4: "))
        for unknown in ["limousine", "Not%20an%20id", ""] {
            let section = try rides(try test.html("/places/alpha?near=\(FareTestData.southOfCampus)&ride=\(unknown)"))
            #expect(section.contains("value=\"taxi\" id=\"ride-taxi\" checked>"), "\(unknown)")
        }
    }

    @Test func theSharedPositionCookieCountsAsAPosition() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let section = try rides(
            try test.html("/places/alpha", cookie: "grubmap_position=35.2000%2C129.0800; other=1"))
        #expect(section.contains("from your position"))
        #expect(section.contains(try expectedRange("taxi", from: FareTestData.southOfCampus, language: .english)))
        #expect(!section.contains("name=\"near\""))
        // A malformed cookie is ignored, as if no position were known.
        let ignored = try rides(try test.html("/places/alpha", cookie: "grubmap_position=91%2C0"))
        #expect(ignored.contains("Share my location"))
    }

    @Test func withoutAPositionThePageSaysWhyAndOffersToShareIt() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let section = try rides(try test.html("/places/alpha"))
        #expect(
            section.contains(
                "Prices depend on how far you are from Alpha Hall. Share your location to see an estimate for each ride."
            ))
        #expect(section.contains("<button class=\"ride-button share-location\" type=\"button\" hidden"))
        #expect(section.contains("data-denied=\"Location access was denied."))
        #expect(section.contains("Share my location</button>"))
        #expect(section.contains("from ₩4,800"))
        #expect(section.contains("from ₩6,500"))
        #expect(!section.contains("ride-summary"))
        // Without JavaScript: a typed position, kept with the chosen ride.
        #expect(section.contains("<summary>Enter a position instead</summary>"))
        #expect(section.contains("<input type=\"hidden\" name=\"ride\" value=\"taxi\">"))
        #expect(section.contains("<input type=\"text\" name=\"near\" id=\"near-input\""))
    }

    @Test func cardsSpeakKorean() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let without = try rides(try test.html("/places/alpha", language: "ko-KR,ko;q=0.9"))
        #expect(without.contains("타고 가기"))
        #expect(without.contains("일반 택시"))
        #expect(without.contains("4인승"))
        #expect(without.contains("₩4,800부터"))
        #expect(without.contains("내 위치 공유"))
        #expect(without.contains("알파관까지의 거리에 따라"))
        let with = try rides(
            try test.html("/places/alpha?near=\(FareTestData.southOfCampus)", language: "ko-KR,ko;q=0.9"))
        #expect(with.contains("도로 5.0 km · 11~17분 · 현재 위치 기준"))
        let taxi = try expectedRange("taxi", from: FareTestData.southOfCampus, language: .korean)
        #expect(taxi.contains("~"))
        #expect(with.contains("일반 택시 · 최대 4명: \(taxi)"))
    }

    @Test func dollarsShowInTheAreasCurrencyAndThePersonsLanguage() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let english = try rides(try test.html("/places/downtown-diner?near=37.335,-121.885"))
        #expect(english.contains("0 m by road · 1 min"))
        #expect(english.contains("<span class=\"ride-price\">$13.00</span>"))
        #expect(english.contains("<p class=\"ride-summary\" aria-live=\"polite\">Grubmap Go for up to 4: $13.00</p>"))
        #expect(english.contains("data-summary=\"Grubmap XL for up to 6: $18.00\""))
        let korean = try rides(try test.html("/places/downtown-diner?near=37.335,-121.885", language: "ko"))
        #expect(korean.contains("그럽맵 Go · 최대 4명: $13.00"))
    }

    @Test func distancesFollowTheUnitGiven() throws {
        #expect(DistanceFormat.text(meters: 4823, unit: .kilometers) == "4.8 km")
        #expect(DistanceFormat.text(meters: 420, unit: .kilometers) == "420 m")
        #expect(DistanceFormat.text(meters: 8_950_000, unit: .kilometers) == "8,950 km")
        #expect(DistanceFormat.text(meters: 4823, unit: .miles) == "3.0 mi")
        #expect(DistanceFormat.text(meters: 100, unit: .miles) == "330 ft")
        #expect(FareStrings.english.duration(seconds: 0...30) == "1 min")
        #expect(FareStrings.english.duration(seconds: 600...1000) == "10–17 min")
        #expect(FareStrings.korean.duration(seconds: 600...1000) == "10~17분")
    }

    @Test func farAwayPositionsGetNoPrices() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let section = try rides(try test.html("/places/alpha?near=37.3318,-121.8863"))
        #expect(section.contains("You are 9,1"))
        #expect(section.contains("km away: too far for a ride estimate."))
        #expect(section.contains("from ₩4,800"))
        #expect(!section.contains("ride-summary"))
    }

    @Test func anAreaWithoutRatesSaysSo() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let section = try rides(try test.html("/places/alpha?near=35.2,129.08"))
        #expect(section.contains("No ride rates are listed for this area."))
        #expect(!section.contains("<form"))
    }

    @Test func rideNamesAreEscaped() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        var area = TestApp.sampleArea
        area.fareSchedule = try FareSchedule(
            currency: Currency(code: "KRW"),
            rideTypes: [
                FareTestData.rideType(
                    "evil", ["en": "<script>alert('x')</script>"], capacity: 4, base: "0", perKilometer: "0",
                    perMinute: "0", fee: "0", minimum: "0")
            ])
        try test.store.save(area: area, places: [])
        let html = try test.html("/places/alpha?near=35.2,129.08")
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
    }

    @Test func aMalformedNearIsABadRequestPage() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let response = try test.get("/places/alpha?near=nan,0")
        #expect(response.status == .badRequest)
    }
}
