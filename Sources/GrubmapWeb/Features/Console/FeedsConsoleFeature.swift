import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// A place's OpenMensa feed in the console: its URL set or removed, what the last fetch found, and "Fetch now".
/// The servers fetch every feed on their own schedule (`--feed-interval`), on threads of their own; this only
/// changes which URL and when, and never waits for a fetch.
struct FeedsConsoleFeature: RouteCollection {
    let store: any FeedStore
    /// The server's feed fetchers; `nil` where nothing fetches (then "Fetch now" says so).
    let runner: (any MenuFeedRunner)?
    /// The most feeds one area may have (`--max-feeds-per-area`).
    let feedsPerArea: Int
    let scope: ConsolePlaceScope

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.post, Paths.Console.feed, scope.scope, save)
        routes.add(.post, Paths.Console.fetchFeed, scope.scope, fetchNow)
    }

    /// `POST /admin/places/{id}/feed` with `url`, or `remove=1`.
    func save(_ context: PlaceConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(FeedForm.self, code: "invalid_feed")
        let place = context.place.place
        let existing = try store.feed(placeID: place.id)
        if form.remove == "1" || (form.url ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            try store.removeFeed(
                placeID: place.id,
                audit: context.console.audit(
                    "feed.remove", subject: place.id.rawValue, area: place.areaID,
                    before: existing.map { MenuFeed.redacted($0.url) }, after: nil))
            return .redirect(to: Paths.Console.place(place.id, query: [("done", "feed-removed")], fragment: "feed"))
        }
        let url = (form.url ?? "").trimmingCharacters(in: .whitespaces)
        switch MenuFeed.problem(with: url) {
        case .notHTTP: throw HTTPError.badRequest(context.text.feedURLProblem, code: "invalid_feed")
        case .credentials: throw HTTPError.badRequest(context.text.feedURLCredentials, code: "invalid_feed")
        case nil: break
        }
        if url != existing?.url {
            do {
                try store.setFeed(
                    placeID: place.id, url: url, at: context.now,
                    audit: context.console.audit(
                        "feed.set", subject: place.id.rawValue, area: place.areaID,
                        before: existing.map { MenuFeed.redacted($0.url) }, after: url),
                    limitPerArea: feedsPerArea)
            } catch StoreError.feedLimitReached(_, let limit) {
                throw HTTPError(.conflict, code: "feed_limit", message: context.text.feedLimitReached(limit))
            }
            // A new address is due at once; the fetchers hear of it now rather than at their next look.
            _ = try runner?.queueFetch(placeID: place.id, at: context.now)
        }
        return .redirect(to: Paths.Console.place(place.id, query: [("done", "feed-saved")], fragment: "feed"))
    }

    /// `POST /admin/places/{id}/feed/fetch`: queues the fetch for the server's fetchers and answers at once; the
    /// page says so, and shows the result on the next visit.
    func fetchNow(_ context: PlaceConsoleContext) throws -> Response {
        let place = context.place.place
        let queueing = try runner?.queueFetch(placeID: place.id, at: context.now)
        let outcome =
            switch queueing {
            case .queued: "feed-queued"
            case .fetchingNow: "feed-busy"
            case .noFeed, nil: "feed-none"
            }
        return .redirect(to: Paths.Console.place(place.id, query: [("done", outcome)], fragment: "feed"))
    }

    private struct FeedForm: Decodable {
        let url: String?
        let remove: String?
    }
}

/// The feed part of a place's console page: the URL, what the last fetch found, when the next one is, and the
/// buttons.
struct FeedPanel {
    let text: ConsoleStrings
    let place: Place
    let feed: MenuFeed?
    let csrfToken: String
    let timeZone: TimeZone
    /// How the console shows dates, and the area's today.
    let dates: ConsoleDates
    /// The time the page is made at: a feed due by then is shown as queued.
    let now: Date

    var node: Node {
        el(.section, .class("card panel feed"), .id("feed"), Attribute("aria-labelledby", "feed-title")) {
            el(.h2, .id("feed-title")) { text.menuFeed }
            el(.p, .class("hint")) { text.feedIntro }
            el(
                .form, .class("console-form"), Attribute("method", "post"),
                Attribute("action", Paths.Console.feed(place.id))
            ) {
                csrfField(csrfToken)
                ConsoleField(
                    name: "url", label: text.feedURL, value: feed.map { MenuFeed.redacted($0.url) } ?? "", type: "url",
                    extra: [Attribute("placeholder", "https://…/feed.xml")]
                ).node
                el(.div, .class("console-links")) {
                    el(.button, .type("submit"), .class("button secondary")) { text.saveFeed }
                    if feed != nil {
                        el(.button, .type("submit"), .name("remove"), .value("1"), .class("button secondary")) {
                            text.removeFeed
                        }
                    }
                }
            }
            if let feed {
                el(.dl, .class("feed-status")) {
                    el(.dt) { text.lastFetch }
                    el(.dd, .id("feed-last")) {
                        if let at = feed.lastFetchAt, let result = feed.lastResult {
                            el(.strong, .class("feed-result \(result.rawValue)")) { text.feedResult(result) }
                            " · " + dates.text(at, in: timeZone)
                            el(.p, .class("meta")) { text.feedResultMeaning(result) }
                            if let message = feed.lastMessage {
                                el(.p, .id("feed-message")) {
                                    text.feedRecordLabel
                                    el(.span, attributes: TextLanguage.attributes("en", on: text.language)) { message }
                                }
                            }
                        } else {
                            text.neverFetched
                        }
                    }
                    if let success = feed.lastSuccessAt {
                        el(.dt) { text.lastGoodFetch }
                        el(.dd) { dates.text(success, in: timeZone) }
                    }
                    el(.dt) { text.nextFetch }
                    el(.dd, .id("feed-next")) {
                        if feed.isFetching(at: now) {
                            text.feedFetching
                        } else if feed.nextFetchAt <= now {
                            text.feedWaiting
                        } else {
                            dates.text(feed.nextFetchAt, in: timeZone)
                        }
                    }
                }
                el(.form, Attribute("method", "post"), Attribute("action", Paths.Console.fetchFeed(place.id))) {
                    csrfField(csrfToken)
                    el(.button, .type("submit"), .class("button")) { text.fetchNow }
                }
            }
        }
    }
}
