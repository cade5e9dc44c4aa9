import CImaging
import Foundation
import GrubmapAPI
import GrubmapClient
import GrubmapCore
import GrubmapHTTP
import GrubmapImport
import GrubmapSQL
import GrubmapStore
import GrubmapTestTiers
import GrubmapWeb
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// GrubmapClient against a real `grubmap` server (the app on libmicrohttpd, on 127.0.0.1 and a free port) with the
/// demo data, over URLSession: what an app would do, from reading areas to checking in.
@Suite(.serialized, .tags(.slow), .leftOutOfMakeCheck) struct LiveClientTests {
    /// A served demo: started per test, stopped by ``stop()``; ``restart()`` stops its HTTP server and serves the
    /// same app on the same port again, as a restarted process would (with the same hub).
    final class LiveServer: Sendable {
        private let current: Mutex<HTTPServer>
        let app: App
        let store: SQLiteStore
        let folder: URL
        /// The server's clock: 07:00 in Busan on the first weekday from today, before the demo's breakfast ends, so
        /// today's board serves and every meal period is still ahead whenever the tests run.
        let now: Date

        init() throws {
            now = Self.weekdayMorningInBusan(from: Date())
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "grubmap-client-\(UUID().uuidString)")
            store = try SQLiteStore(path: folder.appendingPathComponent("demo.sqlite").path)
            _ = try DemoData.load(into: store)
            _ = try DemoMenus.load(into: store, now: now)
            _ = try DemoPopularTimes.load(into: store, now: now)
            let now = now
            app = App(
                environment: AppEnvironment(
                    store: store, now: { now },
                    configuration: AppConfiguration(onboarding: try OnboardingCatalog.bundled())))
            let server = Self.server(for: app, port: 0)
            try server.start()
            current = Mutex(server)
        }

        static func weekdayMorningInBusan(from date: Date) -> Date {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "Asia/Seoul")!
            var morning = calendar.date(bySettingHour: 7, minute: 0, second: 0, of: date)!
            while calendar.isDateInWeekend(morning) {
                morning = calendar.date(byAdding: .day, value: 1, to: morning)!
            }
            return morning
        }

        private static func server(for app: App, port: UInt16) -> HTTPServer {
            var configuration = ServerConfiguration(port: port, threading: .pool(threads: 2), workerCount: 4)
            configuration.bodyLimits = app.bodyLimits
            return HTTPServer(
                configuration: configuration, inlineResponder: app.inlineResponder,
                responder: RequestIdentity().wrapping(app.responder))
        }

        var server: HTTPServer { current.withLock { $0 } }
        var url: URL { URL(string: "http://127.0.0.1:\(server.port)/")! }

        /// Stops the HTTP server (ending every stream) and serves the same app on the same port again.
        func restart() throws {
            let old = server
            let port = old.port
            old.shutdown(gracePeriod: .seconds(1))
            let new = Self.server(for: app, port: port)
            try new.start()
            current.withLock { $0 = new }
        }

        func stop() {
            server.shutdown(gracePeriod: .seconds(1))
            try? FileManager.default.removeItem(at: folder)
        }
    }

    @Test func readsTheCatalogMenusAndFares() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        let client = GrubmapClient(baseURL: live.url)
        let areas = try await client.areas()
        #expect(areas.map(\.id.rawValue).contains("pnu-busan"))
        let busan = try Area.ID("pnu-busan")
        let near = try Coordinate(latitude: 35.2325, longitude: 129.0828)
        let places = try await client.places(inArea: busan, near: near)
        #expect(!places.isEmpty)
        #expect(places.allSatisfy { $0.distanceMeters != nil })
        let detail = try await client.place(places[0].id)
        #expect(detail.areaId == busan)
        let menu = try await client.menu(place: places[0].id)
        #expect(["serving", "closed", "unknown"].contains(menu.status))
        let board = try await client.menuBoard(area: busan, near: near)
        #expect(board.days.count == 7)
        #expect(board.menus.count == places.count)
        let fares = try await client.fares(from: near, to: .place(places[0].id))
        #expect(fares.currency == "KRW" && !fares.estimates.isEmpty)
        let distance = try await client.distance(from: near, to: try Coordinate(latitude: 35.24, longitude: 129.09))
        #expect(distance.distanceMeters > 0)
        let geoJSON = try await client.placesGeoJSON(inArea: busan)
        #expect(String(decoding: geoJSON, as: UTF8.self).contains("FeatureCollection"))
        #expect(try await client.health() == API.Health(status: "ok", database: "ok"))
    }

    /// A meal of today's board reported sold out through the client: counted once per session, and shown on the
    /// menu with the same id; yesterday's report is refused as the API documents.
    @Test func reportsAMealOfTodaySoldOut() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        let client = GrubmapClient(baseURL: live.url)
        let busan = try Area.ID("pnu-busan")
        let board = try await client.menuBoard(area: busan)
        let entry = try #require(board.menus.first(where: { $0.menu.status == "serving" }))
        let meal = try #require(entry.menu.categories.first?.meals.first)
        let first = try await client.reportSoldOut(place: entry.menu.placeId, date: board.today, meal: meal.id)
        #expect(first.reports == 1 && first.soldOut == nil)
        let again = try await client.reportSoldOut(place: entry.menu.placeId, date: board.today, meal: meal.id)
        #expect(again.reports == 1)
        let menu = try await client.menu(place: entry.menu.placeId)
        #expect(menu.categories.first?.meals.first?.id == meal.id)
        var refusal: GrubmapClientError?
        do {
            _ = try await client.reportSoldOut(
                place: entry.menu.placeId, date: board.today.adding(days: -1), meal: meal.id)
        } catch {
            refusal = error
        }
        guard case .api(let status, let code, _, _)? = refusal else {
            Issue.record("yesterday's report was not refused as the API says: \(String(describing: refusal))")
            return
        }
        #expect(status == 400 && code == "not_today")
    }

    /// A meal of the demo's board rated through the client: refused until the caller has a profile, then its
    /// ratings in the answer, on the menu and on the dish; a day outside the window is refused as the API says.
    @Test func ratesAMealOnceItHasAProfile() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        let client = GrubmapClient(baseURL: live.url)
        let busan = try Area.ID("pnu-busan")
        // The newest day of the three that can be rated on which a demo place serves (not every day is one).
        let today = try await client.menuBoard(area: busan).today
        var found: (date: CalendarDate, entry: API.BoardBody.Entry)?
        for back in 0...2 where found == nil {
            let date = today.adding(days: -back)
            let board = try await client.menuBoard(area: busan, on: date)
            found = board.menus.first { !$0.menu.categories.isEmpty }.map { (date, $0) }
        }
        let (date, entry) = try #require(found, "the demo serves a menu on one of three days in a row")
        let meal = try #require(entry.menu.categories.first?.meals.first)
        let dish = try #require(meal.dishId)
        func refusal(_ call: () async throws -> Void) async -> (Int, String)? {
            do {
                try await call()
                return nil
            } catch {
                guard case .api(let status, let code, _, _)? = error as? GrubmapClientError else { return nil }
                return (status, code)
            }
        }
        let first = await refusal {
            _ = try await client.rate(place: entry.menu.placeId, date: date, dish: dish, stars: 4)
        }
        #expect(first.map { $0 == (409, "profile_required") } == true)
        _ = try await client.saveProfile(API.ProfileRequest(firstName: "Ada", lastName: "Lovelace"))
        let rated = try await client.rate(
            place: entry.menu.placeId, date: date, dish: dish, stars: 4, comment: "Crisp")
        #expect(rated.rating == API.RatingBody(average: 4, count: 1) && rated.comment == "Crisp")
        let menu = try await client.menu(place: entry.menu.placeId, on: date)
        #expect(menu.categories.first?.meals.first?.rating == API.RatingBody(average: 4, count: 1))
        #expect(try await client.dish(dish).rating == API.RatingBody(average: 4, count: 1))
        let old = await refusal {
            _ = try await client.rate(
                place: entry.menu.placeId, date: today.adding(days: -3), dish: dish, stars: 4)
        }
        #expect(old.map { $0 == (400, "not_rateable") } == true)

        // A photo of the rated meal, over the server's 1 MiB limit for other bodies: a grainy 1600×1200 JPEG.
        var seed: UInt32 = 7
        let rgb = (0..<(1600 * 1200 * 3)).map { _ -> UInt8 in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: seed >> 24)
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        #expect(gm_encode_jpeg(rgb, 1600, 1200, 95, &output, &size) == GM_IMAGE_OK)
        let jpeg = Data(bytes: try #require(output), count: size)
        gm_free(output)
        #expect(jpeg.count > 1 << 20)
        let photo = try await client.uploadPhoto(
            jpeg, contentType: "image/jpeg", place: entry.menu.placeId, date: date, dish: dish)
        #expect(photo.url == "/photos/\(photo.id).jpg" && photo.thumbnailUrl == "/photos/\(photo.id)/thumbnail.jpg")
        #expect(try await client.dish(dish).photos == [API.PhotoBody(url: photo.url, thumbnailUrl: photo.thumbnailUrl)])
        let wrongType = await refusal {
            _ = try await client.uploadPhoto(
                jpeg, contentType: "image/gif", place: entry.menu.placeId, date: date, dish: dish)
        }
        #expect(wrongType.map { $0 == (415, "unsupported_media_type") } == true)
    }

    /// Following a demo dish: listed with its next serving, in the calendar feed a plain HTTP read gets without the
    /// session, and gone from both once stopped and revoked.
    @Test func followsADishAndReadsItsCalendarFeed() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        let client = GrubmapClient(baseURL: live.url)
        let board = try await client.menuBoard(area: try Area.ID("pnu-busan"))
        let entry = try #require(board.menus.first { !$0.menu.categories.isEmpty })
        let meal = try #require(entry.menu.categories.first?.meals.first)
        let dish = try #require(meal.dishId)
        try await client.follow(dish: dish)
        let followed = try await client.followedDishes()
        #expect(followed.map(\.id) == [dish])
        #expect(followed.first?.next == API.DishServingBody(placeId: entry.menu.placeId, date: board.today))

        let feed = try await client.calendarFeed()
        #expect(try await client.calendarFeed() == feed)
        let (data, response) = try await URLSession.shared.data(from: feed)
        #expect(
            (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "text/calendar; charset=utf-8")
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        #expect(text.contains("/dishes/\(dish)\r\n"), "each event links its dish's page")

        try await client.unfollow(dish: dish)
        #expect(try await client.followedDishes().isEmpty)
        try await client.revokeCalendarFeed()
        let (_, gone) = try await URLSession.shared.data(from: feed)
        #expect((gone as? HTTPURLResponse)?.statusCode == 404)
        #expect(try await client.calendarFeed() != feed)
    }

    /// A demo place's popular times: the sample history in 7 days of 24 hours, its busiest hour 100, labelled
    /// sample; an unknown place is the API's 404.
    @Test func readsAPlacesPopularTimes() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        let client = GrubmapClient(baseURL: live.url)
        let place = try Place.ID("pnu-busan-geumjeong-hall")
        let times = try await client.popularTimes(place: place)
        #expect(times.placeId == place)
        #expect(times.timeZone == "Asia/Seoul")
        #expect(times.days.map(\.weekday) == Array(0...6))
        #expect(times.days.allSatisfy { $0.hours.count == 24 })
        #expect(times.days.flatMap(\.hours).max() == 100)
        #expect(times.sample)
        #expect(times.now != nil)
        let atlantis = try Place.ID("atlantis")
        var refusal: GrubmapClientError?
        do {
            _ = try await client.popularTimes(place: atlantis)
        } catch {
            refusal = error
        }
        guard case .api(let status, _, _, _)? = refusal else {
            Issue.record("an unknown place was not refused: \(String(describing: refusal))")
            return
        }
        #expect(status == 404)
    }

    @Test func aDayTheHoursCloseIsClosedAndSaysWhy() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        let client = GrubmapClient(baseURL: live.url)
        // The demo's Mezcal is open Monday to Saturday (sample hours): next week's Sunday is closed by them.
        let today = CalendarDate.local(live.now, in: try #require(TimeZone(identifier: "America/Los_Angeles"))).date
        let sunday = today.week(startingOn: .sunday)[0].adding(days: 7)
        let menu = try await client.menu(place: try Place.ID("mezcal-restaurant"), on: sunday)
        #expect(menu.closed && menu.status == "closed")
        #expect(menu.closedBy == "weeklyHours")
        #expect(menu.categories.isEmpty)
    }

    /// The admin API's dish calls with an API key of the area as the client's token: names set and removed, a merge
    /// and the split that undoes it, and a refusal typed by its code.
    @Test func anAPIKeyNamesMergesAndSplitsDishes() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        let busan = try Area.ID("pnu-busan")
        let client = try Self.adminClient(live, area: busan)
        let dishes = try await client.adminDishes(area: busan)
        #expect(dishes.count >= 2)
        let (first, second) = (dishes[0], dishes[1])
        let named = try await client.setDishNames([.english: "Test dish", .korean: nil], dish: first.id)
        #expect(named.names == API.DishNames(en: "Test dish", ko: nil))
        let merged = try await client.mergeDish(second.id, into: first.id)
        #expect(merged.id == first.id && merged.keys.count == first.keys.count + second.keys.count)
        let split = try await client.splitDish(first.id, key: second.keys[0], names: [.korean: "나눈 요리"])
        #expect(split.keys == [second.keys[0]] && split.names.ko == "나눈 요리")
        do {
            _ = try await client.mergeDish(first.id, into: first.id)
            Issue.record("a dish was merged into itself")
        } catch {
            #expect(error.code == "merge_into_itself")
        }
    }

    /// A client with a new write key of `area` as its token.
    static func adminClient(_ live: LiveServer, area: Area.ID) throws -> GrubmapClient {
        let token = APIKey.tokenPrefix + Base64URL.encode(AppEnvironment.systemRandomBytes(32))
        let now = live.now
        try live.store.createAPIKey(
            APIKey(
                id: try APIKey.ID(AppEnvironment.systemRandomBytes(8).map { String(format: "%02x", $0) }.joined()),
                areaID: area, scope: .write,
                label: "script", createdBy: "boss@example.org", createdAt: now),
            token: token,
            audit: AuditEntry(
                at: now, actor: "cli", actorName: "test", areaID: area, action: "api-key.create", subject: "script",
                before: nil, after: "write"))
        return GrubmapClient(baseURL: live.url, sessionToken: token)
    }

    /// A visitor suggests names (a second one replacing their first), and the admin API lists, approves and rejects
    /// them: the approved name is the dish's, and a decided suggestion is refused by its code.
    @Test func aVisitorSuggestsNamesAndAnAPIKeyApprovesAndRejectsThem() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        let busan = try Area.ID("pnu-busan")
        let admin = try Self.adminClient(live, area: busan)
        let dishes = try await admin.adminDishes(area: busan)
        let (first, second) = (dishes[0], dishes[1])
        let visitor = GrubmapClient(baseURL: live.url)
        _ = try await visitor.suggestName("First try", in: .english, dish: first.id)
        let replaced = try await visitor.suggestName("Client dish", in: .english, dish: first.id)
        #expect(replaced.name == "Client dish" && replaced.state == .pending)
        _ = try await visitor.suggestName("다른 이름", in: .korean, dish: second.id)
        let waiting = try await admin.adminNameSuggestions(area: busan)
        #expect(waiting.map(\.name) == ["Client dish", "다른 이름"])
        let approved = try await admin.approveNameSuggestion(replaced.id)
        #expect(approved.state == .approved && approved.names.en == "Client dish")
        #expect(try await visitor.dish(first.id).names.en == "Client dish")
        let rejected = try await admin.rejectNameSuggestion(waiting[1].id, reason: "Not its name")
        #expect(rejected.state == .rejected && rejected.reason == "Not its name")
        do {
            _ = try await admin.approveNameSuggestion(replaced.id)
            Issue.record("a decided suggestion was approved again")
        } catch {
            #expect(error.code == "suggestion_decided")
        }
    }

    /// A walk over the demo's schematic streets through the client, and a place of another area typed from its error
    /// body.
    @Test func walksToAPlaceOverTheAreasStreets() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        try DemoBasemaps.load(into: live.store)
        let client = GrubmapClient(baseURL: live.url)
        let near = try Coordinate(latitude: 35.2335, longitude: 129.0818)
        let route = try await client.walkingRoute(from: near, to: .place(try Place.ID("pnu-busan-woongbi-hall")))
        #expect(route.areaId.rawValue == "pnu-busan" && route.distanceMeters > 100)
        #expect(route.geometry.type == "LineString" && route.geometry.coordinates.count >= 2)
        #expect(route.durationSeconds == Int((route.distanceMeters / 4.8 * 3.6).rounded()))
        let sanJose = try Area.ID("san-jose-convention-center")
        let hall = try Place.ID("pnu-busan-woongbi-hall")
        do {
            _ = try await client.walkingRoute(from: near, to: .place(hall), area: sanJose)
            Issue.record("walked to a place of another area")
        } catch {
            #expect(error.code == "area_mismatch")
        }
    }

    @Test func errorsAreTypedFromTheErrorBody() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        let client = GrubmapClient(baseURL: live.url)
        let unknown = try Place.ID("no-such-place")
        do {
            _ = try await client.place(unknown)
            Issue.record("an unknown place was found")
        } catch {
            #expect(error.code == "not_found")
            if case .api(let status, _, let message, _) = error {
                #expect(status == 404 && !message.isEmpty)
            }
        }
        let far = try Coordinate(latitude: -45, longitude: 170)
        await #expect(throws: GrubmapClientError.self) { _ = try await client.fares(from: far, to: .point(far)) }
        let hall = try Place.ID("pnu-busan-geumjeong-hall")
        do {
            _ = try await client.checkIn(at: hall)
            Issue.record("checked in without a profile")
        } catch {
            #expect(error.code == "profile_required")
        }
        let unreachable = GrubmapClient(baseURL: URL(string: "http://127.0.0.1:1/")!)
        do {
            _ = try await unreachable.areas()
        } catch {
            if case .transport = error {} else { Issue.record("expected a transport error, got \(error)") }
        }
    }

    @Test func aBearerSessionCarriesProfilePreferencesAndCheckIns() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        let client = GrubmapClient(baseURL: live.url, language: .korean)
        #expect(try await client.profile() == nil)
        let created = try await client.startSession()
        #expect(await client.sessionToken == created.token)
        let profile = try await client.saveProfile(API.ProfileRequest(firstName: "Ada", lastName: "Kim", bio: "Hi"))
        #expect(profile.firstName == "Ada")
        let place = try Place.ID("pnu-busan-geumjeong-hall")
        let checkIn = try await client.checkIn(at: place)
        #expect(checkIn.placeId == place && checkIn.expiresAt > checkIn.startedAt)
        #expect(try await client.place(place).checkedIn.map(\.firstName) == ["Ada"])
        let preferences = try await client.updatePreferences(
            API.PreferencesPatch(defaultArea: .some(try Area.ID("pnu-busan")), bookmarks: [place], diet: .vegan))
        #expect(preferences.bookmarks == [place] && preferences.diet == .vegan)
        let cleared = try await client.updatePreferences(API.PreferencesPatch(defaultArea: .some(nil)))
        #expect(cleared.defaultArea == nil && cleared.bookmarks == [place])
        let nowhere = try Place.ID("nowhere")
        do {
            _ = try await client.updatePreferences(API.PreferencesPatch(bookmarks: [nowhere]))
            Issue.record("a bookmark of no place was saved")
        } catch {
            #expect(error.code == "invalid_preference")
        }
        #expect(try await client.checkOut() == true)
        #expect(try await client.checkOut() == false)
        // Another client given the same token is the same person.
        let again = GrubmapClient(baseURL: live.url, sessionToken: created.token)
        #expect(try await again.profile()?.lastName == "Kim")
    }

    @Test func aFirstChangeMakesASessionFirst() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        let client = GrubmapClient(baseURL: live.url)
        _ = try await client.saveProfile(API.ProfileRequest(firstName: "Bo", lastName: "Lee"))
        let token = try #require(await client.sessionToken)
        #expect(!token.isEmpty)
        #expect(try await client.profile()?.firstName == "Bo")
    }

    // MARK: Live updates

    /// A place's live state as a `state` event carries it (the fields these tests read).
    struct PlaceState: Decodable {
        let placeId: String
        let checkedIn: Int
    }

    static let busanEvents = "areas/pnu-busan/events"
    static let hall = "pnu-busan-geumjeong-hall"

    /// The next raw event that is not `state` of another place than the hall.
    static func nextForTheHall(_ events: inout ServerSentEvents.Iterator) async throws -> SSEParser.Event {
        while let event = try await events.next() {
            if event.type == "state", try decode(PlaceState.self, event).placeId != hall { continue }
            return event
        }
        throw GrubmapClientError.transport("the stream ended")
    }

    static func decode<Body: Decodable>(_ type: Body.Type, _ event: SSEParser.Event) throws -> Body {
        try JSONDecoder().decode(type, from: Data(event.data.utf8))
    }

    /// Someone with a profile, through a client of their own.
    static func person(on live: LiveServer) async throws -> GrubmapClient {
        let client = GrubmapClient(baseURL: live.url)
        _ = try await client.saveProfile(API.ProfileRequest(firstName: "Min", lastName: "Park"))
        return client
    }

    /// The next typed event that is not `state` of another place than the hall.
    static func nextForTheHall(_ events: inout LiveEvents.Iterator) async throws -> API.LiveEvent {
        while let event = try await events.next() {
            if case .state(let place) = event, place.placeId.rawValue != hall { continue }
            return event
        }
        throw GrubmapClientError.transport("the stream ended")
    }

    @Test(.timeLimit(.minutes(1))) func anotherClientsCheckInAndLineReportArriveOnTheStream() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        let busan = try Area.ID("pnu-busan")
        var events = GrubmapClient(baseURL: live.url).events(area: busan).makeAsyncIterator()
        guard case .reload(let reload)? = try await events.next() else {
            Issue.record("a stream starts with reload")
            return
        }
        #expect(reload.areaId == busan)
        #expect(reload.places?.contains { $0.placeId.rawValue == Self.hall } == false)

        let other = try await Self.person(on: live)
        let hall = try Place.ID(Self.hall)
        _ = try await other.checkIn(at: hall)
        guard case .state(let checkedIn) = try await Self.nextForTheHall(&events) else {
            Issue.record("a check-in is a state event")
            return
        }
        #expect(checkedIn.checkedIn == 1 && checkedIn.busyness.checkedIn == 1)
        #expect(checkedIn.date == reload.date)
        _ = try await other.reportLine(place: hall, level: .veryLong)
        guard case .state(let reported) = try await Self.nextForTheHall(&events) else {
            Issue.record("a line report is a state event")
            return
        }
        #expect(reported.busyness.level == .veryLong && reported.busyness.reports == 1)
    }

    /// A connection cut between client and server (a proxy or NAT dropping it) while the server goes on: the client
    /// connects again with `Last-Event-ID` and gets what it missed meanwhile, with no `reload`.
    @Test(.timeLimit(.minutes(1))) func aCutConnectionResumesAfterTheLastEventReceived() async throws {
        let live = try LiveServer()
        let relay = try TCPRelay(to: live.server.port)
        defer {
            relay.close()
            live.stop()
        }
        // A stream straight to the server keeps the area's recent events there while the other is cut.
        var kept = GrubmapClient(baseURL: live.url).serverSentEvents(Self.busanEvents).makeAsyncIterator()
        #expect(try await kept.next()?.type == "reload")
        let relayed = GrubmapClient(baseURL: URL(string: "http://127.0.0.1:\(relay.port)/")!)
        var events = relayed.serverSentEvents(Self.busanEvents).makeAsyncIterator()
        #expect(try await events.next()?.type == "reload")
        let other = try await Self.person(on: live)
        _ = try await other.checkIn(at: try Place.ID(Self.hall))
        let checkedIn = try await Self.nextForTheHall(&events)
        #expect(try Self.decode(PlaceState.self, checkedIn).checkedIn == 1)

        #expect(try await Self.nextForTheHall(&kept).type == "state")
        relay.cut()
        // Missed while cut: the client waits the stream's retry (3 to 8 s) before it connects again.
        #expect(try await other.checkOut())
        let checkedOut = try await Self.nextForTheHall(&kept)
        #expect(try Self.decode(PlaceState.self, checkedOut).checkedIn == 0)

        let resumed = try await Self.nextForTheHall(&events)
        #expect(resumed.type == "state", "resumed, not reloaded")
        #expect(try Self.decode(PlaceState.self, resumed).checkedIn == 0)
        #expect(resumed.lastEventID == checkedOut.lastEventID)
        #expect(relay.accepted == 2, "one connection, cut, then one more")
    }

    /// The server restarted: every stream ends, and the client comes back to the new process, whose `reload`
    /// carries what changed while it was away.
    @Test(.timeLimit(.minutes(1))) func aStreamEndedByARestartComesBackWithTheState() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        var events = GrubmapClient(baseURL: live.url).events(area: try Area.ID("pnu-busan")).makeAsyncIterator()
        guard case .reload? = try await events.next() else {
            Issue.record("a stream starts with reload")
            return
        }
        try live.restart()
        let other = try await Self.person(on: live)
        _ = try await other.checkIn(at: try Place.ID(Self.hall))
        guard case .reload(let reload) = try await Self.nextForTheHall(&events) else {
            Issue.record("a stream of a restarted server starts with reload")
            return
        }
        #expect(reload.places?.first { $0.placeId.rawValue == Self.hall }?.checkedIn == 1)
    }

    @Test func anUnknownAreasStreamEndsWithTheServersError() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        var events = GrubmapClient(baseURL: live.url).events(area: try Area.ID("nowhere")).makeAsyncIterator()
        var failure: GrubmapClientError?
        do {
            _ = try await events.next()
        } catch {
            failure = error
        }
        #expect(failure?.code == "not_found")
        #expect(try await events.next() == nil, "a failed stream stays ended")
    }

    /// A line report through the client: counted in the place's busyness; a second within 10 minutes is refused
    /// with how long to wait.
    @Test func reportsTheLineAndIsToldWhenToReportAgain() async throws {
        let live = try LiveServer()
        defer { live.stop() }
        let client = GrubmapClient(baseURL: live.url)
        let hall = try Place.ID(Self.hall)
        let busyness = try await client.reportLine(place: hall, level: .long)
        #expect(busyness.level == .long && busyness.reports == 1)
        do {
            _ = try await client.reportLine(place: hall, level: .short)
            Issue.record("a second report within 10 minutes was taken")
        } catch {
            guard case .api(let status, let code, _, let retryAfter) = error else {
                Issue.record("expected the server's refusal, got \(error)")
                return
            }
            #expect(status == 429 && code == "rate_limited")
            #expect(retryAfter.map { (1...600).contains($0) } == true)
        }
        #expect(try await client.place(hall).busyness.level == .long)
    }
}
