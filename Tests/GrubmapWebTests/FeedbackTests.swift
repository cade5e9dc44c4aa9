import Foundation
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

/// What a change says once made, as the server writes it for pages without JavaScript (the page after the form's
/// redirect); the script's side, and changes tried offline, are in `Tests/Browser/test_feedback.py`.
@Suite struct FeedbackTests {
    @Test func aStarsRedirectSaysWhatItDidOnThePageItCameFrom() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        for page in ["/areas/test-campus?sort=name", "/areas/test-campus/menus", "/places/alpha"] {
            let added = try person.post("/places/alpha/bookmark", [("bookmarked", "1"), ("return", page)])
            let location = try #require(added.headers["Location"])
            #expect(location == page + (page.contains("?") ? "&" : "?") + "bookmarked=alpha")
            let html = try person.html(location)
            #expect(
                html.contains(#"<p class="toast" role="status" data-flash="">Alpha Hall is bookmarked.</p>"#), "\(page)"
            )
            // The page's own forms and links leave the notice out, so it is said once, and the next star says only
            // what it did.
            #expect(!html.contains("name=\"return\" value=\"\(location)\""))
            #expect(html.components(separatedBy: "bookmarked=alpha").count == 1, "\(page)")

            let removed = try person.post("/places/alpha/bookmark", [("bookmarked", "0"), ("return", location)])
            let back = try #require(removed.headers["Location"])
            #expect(back.hasSuffix("unbookmarked=alpha") && !back.contains("&bookmarked="))
            #expect(try person.html(back).contains("Alpha Hall is no longer bookmarked."))
        }
    }

    @Test func aNoticeThatIsNotTrueIsNotShown() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        // A link cannot make a page claim a bookmark the person does not have, or name a place that is not there.
        for target in [
            "/places/alpha?bookmarked=alpha", "/areas/test-campus?bookmarked=bravo",
            "/areas/test-campus/menus?bookmarked=atlantis", "/areas/test-campus?bookmarked=%3Cb%3E",
        ] {
            let response = try person.get(target)
            #expect(response.status == .ok, "\(target)")
            #expect(!String(decoding: response.body, as: UTF8.self).contains("data-flash"), "\(target)")
        }
        _ = try person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        #expect(!(try person.html("/places/alpha?unbookmarked=alpha")).contains("data-flash"))
    }

    @Test func theNoticesSpeakKoreanPolitely() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test, language: "ko")
        let added = try person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        let page = try person.html(try #require(added.headers["Location"]))
        #expect(page.contains("알파관을 즐겨찾기에 추가했어요."))
        let settings = try person.post("/settings", [("units", "mi")])
        #expect(try person.html(try #require(settings.headers["Location"])).contains("설정을 저장했어요."))
        let profile = try person.post("/profile", [("firstName", "아다"), ("lastName", "러브레이스")])
        #expect(try person.html(try #require(profile.headers["Location"])).contains("프로필을 저장했어요."))
    }

    @Test func aProfileMadeToCheckInSaysSoBackAtThePlace() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        // Checking in without a profile sends the person to make one, with the place to come back to.
        let checkIn = try person.post("/places/alpha/checkin", [])
        let profilePage = try #require(checkIn.headers["Location"])
        #expect(profilePage == "/profile?next=/places/alpha")
        let saved = try person.post(
            "/profile", [("firstName", "Ada"), ("lastName", "Lovelace"), ("next", "/places/alpha#check-in-status")])
        #expect(saved.headers["Location"] == "/places/alpha?checked=profile#check-in-status")
        let place = try person.html("/places/alpha?checked=profile")
        #expect(place.contains("Your profile is saved. You can check in now."))
        #expect(place.contains("action=\"/places/alpha/checkin\""))
        // Saved from the profile page itself: the notice there, said to screen readers by the page script.
        let again = try person.post("/profile", [("firstName", "Ada"), ("lastName", "King")])
        #expect(again.headers["Location"] == "/profile?saved=1")
        #expect(try person.html("/profile?saved=1").contains(#"role="status" data-flash="">Your profile is saved."#))
    }

    @Test func aFieldAddedToAPathKeepsItsQueryAndFragment() {
        #expect(Request.adding(("saved", "1"), to: "/settings") == "/settings?saved=1")
        #expect(Request.adding(("saved", "1"), to: "/a?b=c#d") == "/a?b=c&saved=1#d")
        #expect(Request.adding(("saved", "1"), to: "/a?saved=0&x=1") == "/a?x=1&saved=1")
        #expect(Request.adding(("n", "1"), to: "/a?m=2&o=3", dropping: ["m"]) == "/a?o=3&n=1")
        // A query that is not well formed stays as it was, with the field after it.
        #expect(Request.adding(("saved", "1"), to: "/a?b=%zz") == "/a?b=%zz&saved=1")
    }
}
