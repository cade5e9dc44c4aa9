import Foundation
import GrubmapCore
import Testing

@testable import GrubmapWeb

/// "Open in": web links to the map apps people use, which phones hand to the apps; a website by its host name.
@Suite struct MapAppLinksTests {
    @Test func aPlaceInAKoreanAreaOpensInNaverKakaoAppleAndGoogle() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        for language in ["en", "ko"] {
            let html = try Person(test, language: language).html("/places/alpha")
            let apps = html.components(separatedBy: "data-app=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(apps == ["naver", "kakao", "apple", "google"], "\(language)")
            // The Korean name, which the apps search by, at the place's point (35.235, 129.08).
            #expect(
                html.contains(
                    "href=\"https://map.naver.com/p/search/%EC%95%8C%ED%8C%8C%EA%B4%80?c=129.080000,35.235000,17,0,0,0,dh\""
                ))
            #expect(
                html.contains(
                    "href=\"https://map.kakao.com/link/map/%EC%95%8C%ED%8C%8C%EA%B4%80,35.235000,129.080000\""))
            #expect(
                html.contains(
                    "href=\"https://maps.apple.com/?ll=35.235000,129.080000&amp;q=%EC%95%8C%ED%8C%8C%EA%B4%80\""))
            #expect(html.contains("href=\"https://www.google.com/maps/search/?api=1&amp;query=35.235000,129.080000\""))
            #expect(!html.contains("geo:"))
        }
        let korean = try Person(test, language: "ko").html("/places/alpha")
        #expect(korean.contains("<dt>지도 앱</dt>"))
        #expect(korean.contains(">네이버 지도</a>") && korean.contains(">카카오맵</a>"))
        #expect(korean.contains(">Apple 지도</a>") && korean.contains(">Google 지도</a>"))
    }

    @Test func aPlaceElsewhereOpensInAppleAndGoogle() throws {
        let place = Place(
            id: try Place.ID("diner"), areaID: TestApp.secondArea.id, name: LocalizedText("Joe's, the Diner"),
            kind: .restaurant, coordinate: try Coordinate(latitude: 37.3305, longitude: -121.8885))
        let test = try TestApp.make(seed: { try $0.save(area: TestApp.secondArea, places: [place]) })
        defer { test.cleanUp() }
        let html = try Person(test).html("/places/diner")
        let apps = html.components(separatedBy: "data-app=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(apps == ["apple", "google"])
        #expect(html.contains("<dt>Open in</dt>"))
        #expect(
            html.contains("href=\"https://maps.apple.com/?ll=37.330500,-121.888500&amp;q=Joe%27s%2C%20the%20Diner\""))
        #expect(html.contains(">Apple Maps</a>") && html.contains(">Google Maps</a>"))
    }

    @Test(arguments: [
        (
            "Joe's, the Diner",
            "https://map.kakao.com/link/map/Joe%27s%20%20the%20Diner,1.000000,2.000000"
        ),
        ("100% 국밥", "https://map.kakao.com/link/map/100%20%20%EA%B5%AD%EB%B0%A5,1.000000,2.000000"),
    ])
    func aCommaOrPercentNeverEndsAKakaoName(name: String, url: String) throws {
        #expect(MapApp.kakao.url(name: name, at: try Coordinate(latitude: 1, longitude: 2)) == url)
    }

    @Test(arguments: [
        ("https://www.pusan.ac.kr/kor/CMS/MenuMgr/menuListOnBuilding.do?mCode=MN202", "pusan.ac.kr"),
        ("https://dorm.pusan.ac.kr", "dorm.pusan.ac.kr"), ("http://Example.ORG:8080/menu/", "example.org"),
        ("HTTPS://WWW.EXAMPLE.ORG", "example.org"), ("https://www.", "www."),
    ])
    func aWebsiteShowsItsHostName(address: String, shown: String) {
        #expect(WebAddress(address)?.displayText == shown)
        #expect(WebAddress(address)?.text == address)
    }

    @Test(arguments: [
        "javascript:alert(1)", "ftp://example.org", "https://", "https://exa mple.org", "example.org", "",
    ])
    func anAddressThatIsNoWebsiteIsNoLink(address: String) {
        #expect(WebAddress(address) == nil)
    }
}
