import GrubmapOutbound
import Testing

/// URLs as the client reads them (with libcurl's parser), and the `--allow-outbound` prefixes matched on their
/// parts, never on their text.
@Suite struct OutboundURLTests {
    @Test func theCheckedPartsAreTheOnesLibcurlUses() throws {
        let url = try OutboundURL("HTTP://Feeds.Example.ORG/menus/../feed.xml?week=1")
        #expect(url.scheme == "http" && url.host == "feeds.example.org" && url.port == 80 && url.path == "/feed.xml")
        #expect(try OutboundURL("https://example.org").port == 443)
        #expect(try OutboundURL("https://example.org").path == "/")
        #expect(try OutboundURL("http://[::1]:8080/x").host == "[::1]")
        #expect(try OutboundURL("http://example.org/a").resolving("/b?c").text == "http://example.org/b?c")
        #expect(try OutboundURL("http://example.org/a/b").resolving("c").text == "http://example.org/a/c")
        #expect(try OutboundURL("http://example.org/").resolving("https://other.example/").host == "other.example")
        #expect(throws: OutboundError.unsupportedURL) { try OutboundURL("http://example.org/").resolving("ftp://x/") }
    }

    @Test(arguments: [
        "http://user:secret@example.org/feed.xml", "https://user@example.org/", "http://:secret@example.org/",
        "HTTPS://USER:PW@EXAMPLE.ORG",
    ])
    func credentialsAreRefused(text: String) {
        #expect(throws: OutboundError.credentialsInURL) { try OutboundURL(text) }
    }

    @Test(arguments: [
        "", "example.org/feed.xml", "ftp://example.org/", "file:///etc/passwd", "javascript:alert(1)", "http://",
        "http://a@b@example.org/", "http://example.org:99999/", "http://exa mple.org/", "http://example.org/\u{0}",
        "http://x/" + String(repeating: "a", count: 9000),
    ])
    func onlyHTTPAndHTTPSURLsWithAHostAreRead(text: String) {
        #expect(throws: OutboundError.unsupportedURL) { try OutboundURL(text) }
    }

    @Test func aPrefixAllowsItsSchemeHostPortAndPathsUnderIt() throws {
        let list = try OutboundAllowList(["http://127.0.0.1:8081/feeds", "https://menus.internal/"])
        for allowed in [
            "http://127.0.0.1:8081/feeds", "http://127.0.0.1:8081/feeds/", "http://127.0.0.1:8081/feeds/a.xml?x=1",
            "https://menus.internal/", "https://MENUS.internal:443/any/thing",
        ] {
            #expect(list.allows(try OutboundURL(allowed)), "\(allowed)")
        }
        for refused in [
            "http://127.0.0.1:8081/feedsx", "http://127.0.0.1:8081/", "http://127.0.0.1:8081/metrics",
            "http://127.0.0.1:18081/feeds", "http://127.0.0.1/feeds", "https://127.0.0.1:8081/feeds",
            "http://localhost:8081/feeds", "http://127.0.0.2:8081/feeds", "http://menus.internal/",
            "https://menus.internal:8443/", "http://127.0.0.1:8081/feeds/%2e%2e/metrics",
            "http://127.0.0.1:8081/feeds/..%2Fmetrics", "http://127.0.0.1:8081/feeds/..%5cmetrics",
        ] {
            #expect(!list.allows(try OutboundURL(refused)), "\(refused)")
        }
        // Dot segments are resolved before the match, as libcurl sends the path.
        #expect(!list.allows(try OutboundURL("http://127.0.0.1:8081/feeds/../metrics")))
        #expect(!OutboundAllowList().allows(try OutboundURL("http://127.0.0.1:8081/feeds")))
    }

    @Test(arguments: [
        "127.0.0.1:8081", "ftp://127.0.0.1/", "http://user:pw@127.0.0.1/", "http://127.0.0.1/?a=1",
        "http://127.0.0.1/#x", "",
    ])
    func aPrefixThatIsNotOneIsRefusedWithItsText(text: String) {
        let error = #expect(throws: OutboundAllowList.Problem.self) { try OutboundAllowList(["http://a/", text]) }
        #expect(error?.prefix == text)
    }
}
