import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@testable import GrubmapHTTP
@testable import GrubmapWeb

/// A place whose last person leaves shows on live pages what the places API says of it, on every database: with
/// seats, "no line" (level `none`), not nothing.
@Suite struct LiveQuietTests {
    static let area = TestApp.sampleArea
    static let seated: Place = {
        var place = TestApp.samplePlaces[0]
        place.seats = 40
        return place
    }()
    static let unseated = TestApp.samplePlaces[1]
    static let token = "session-ada-" + String(repeating: "x", count: 32)
    static let noon = Date(timeIntervalSince1970: 1_795_000_000)

    /// The `state` events a stream holds, in order (its `retry:` and `reload` left out).
    static func states(_ stream: EventStream) throws -> [API.LivePlace] {
        let text = String(decoding: stream.drainForTests(), as: UTF8.self)
        return try text.components(separatedBy: "\n\n").filter { $0.contains("event: state\n") }.map {
            try LiveEventsTests.state($0)
        }
    }

    @Test(arguments: StoreKind.tested)
    func theLastPersonLeavingASeatedPlaceSendsItsNoLineAsThePlacesAPIGivesIt(kind: StoreKind) throws {
        try kind.withStore { store throws in
            try store.save(area: Self.area, places: [Self.seated, Self.unseated])
            try store.createSession(
                Session(
                    token: Self.token, csrfToken: "c", createdAt: Self.noon, expiresAt: Self.noon + 86_400))
            try store.saveProfile(
                Profile(id: try Profile.ID("ada"), firstName: "Ada", lastName: "L"), sessionToken: Self.token,
                avatar: .keep)
            let hub = LiveHub(reader: .store(store), feed: nil, now: { Self.noon }, runsThreads: false)
            defer { hub.stop() }
            let stream = hub.open(area: Self.area.id, lastEventID: nil)
            hub.refresh()
            _ = stream.drainForTests()

            // What the places API says of each place: its busyness from the store's counts against its seats.
            func api(_ place: Place) throws -> API.Busyness {
                API.Busyness(try store.busyness(atPlace: place.id, at: Self.noon).busyness(seats: place.seats))
            }
            for place in [Self.seated, Self.unseated] {
                _ = try store.checkIn(
                    sessionToken: Self.token, at: place.id, from: Self.noon, until: Self.noon + 3600,
                    bucket: PopularTimes.Bucket(instant: Self.noon, timeZone: Self.area.clockTimeZone))
                hub.changed([.presence(Self.seated.id), .presence(Self.unseated.id)])
                hub.refresh()
                let here = try #require(try Self.states(stream).last { $0.placeId == place.id })
                #expect(here.busyness == (try api(place)) && here.checkedIn == 1)
                try store.checkOut(sessionToken: Self.token)
                hub.changed([.presence(place.id)])
                hub.refresh()
                let gone = try #require(try Self.states(stream).last)
                #expect(gone.placeId == place.id)
                #expect(gone.busyness == (try api(place)), "\(place.id)")
                #expect(gone.checkedIn == 0 && gone.soldOut.isEmpty)
            }
            // The seated place with nobody: no line; the other, no level.
            #expect(try api(Self.seated).level == .noLine)
            #expect(try api(Self.unseated).level == nil)
            // Both stay out of a reload (nothing live); a page shows the seated one's quiet from its own markup.
            let late = hub.open(area: Self.area.id, lastEventID: nil)
            let reload = String(decoding: late.drainForTests(), as: UTF8.self)
            #expect(try LiveEventsTests.reload(String(reload.split(separator: "\n\n")[1])).places == [])
            // Nothing changed: no event more.
            hub.changed([.presence(Self.seated.id)])
            hub.refresh()
            #expect(try Self.states(stream).isEmpty)
        }
    }

    @Test func pagesTellTheLiveScriptTheQuietLevelOfASeatedPlace() throws {
        let test = try TestApp.make(places: [Self.seated, Self.unseated])
        defer { test.cleanUp() }
        for path in ["/areas/test-campus?view=list", "/areas/test-campus?view=map"] {
            let page = String(decoding: try test.get(path).body, as: UTF8.self)
            // Every tag naming a quiet level is the seated place's (a badge, or a pin); the other place has none.
            let tags = page.matches(of: /<[^<>]*data-quiet-level="([a-z_]+)"[^<>]*>/)
            #expect(!tags.isEmpty, "\(path)")
            for tag in tags {
                #expect(tag.output.1 == "none" && tag.output.0.contains(#"data-place="alpha""#), "\(path)")
            }
        }
    }
}
