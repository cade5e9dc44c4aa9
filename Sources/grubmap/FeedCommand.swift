import Foundation
import GrubmapCore
import GrubmapImport
import GrubmapStore
import GrubmapWeb

/// `grubmap feed set|list|remove|fetch`: which places' menus come from an OpenMensa feed. `grubmap serve` fetches
/// them; `fetch` fetches one at once, as the server would.
enum FeedCommand {
    static let database = SharedOptions.database()

    /// One definition an action, for the parser, the completions and the man page.
    static let definitions = [
        ("set", "Give a place an OpenMensa feed, fetched by serve"), ("list", "Every feed and its last fetch"),
        ("remove", "Take a place's feed away"), ("fetch", "Fetch a place's feed now and import it"),
    ].map { action, summary in
        CommandDefinition(
            words: ["feed", action], summary: summary,
            usage: """
                Usage: grubmap feed <action> [options]

                Actions:
                  set      Give a place an OpenMensa feed (v2 or v2.1): grubmap feed set --place ID URL
                  list     Every feed: place, URL, last fetch and its result, next fetch
                  remove   Take a place's feed away: grubmap feed remove --place ID
                  fetch    Fetch a place's feed now and import it, as grubmap serve does, printing what it found:
                           grubmap feed fetch --place ID [--allow-outbound URL-PREFIX]

                grubmap serve fetches each feed on its schedule (hourly unless serve is given another interval), sending
                the validators of the last answer, and imports it all or nothing as grubmap import menu does; a failure
                keeps the last good menus and is retried sooner, then less often. A feed's address may not hold a user name
                or password, and is fetched only from a public address unless --allow-outbound names it.
                """,
            options: [SharedOptions.place, database, OutboundOptions.allowOutbound])
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let chosen = try ChosenAction.read(arguments, of: definitions, help: definitions[0].help) else {
            return 0
        }
        let (action, command, options) = (chosen.name, chosen.command, chosen.options)
        let database = options[Self.database]
        switch action {
        case "list":
            try options.expectNoPositional()
            let feeds = try openStore(database).feeds()
            if feeds.isEmpty { print("no feeds yet; add one with grubmap feed set --place ID URL") }
            for feed in feeds {
                let last =
                    feed.lastFetchAt.map {
                        "last fetched \($0.formatted(.iso8601)): \(feed.lastResult?.rawValue ?? "?")"
                    }
                    ?? "not fetched yet"
                let url = MenuFeed.redacted(feed.url)
                print("\(feed.placeID)\t\(url)\t\(last)\tnext \(feed.nextFetchAt.formatted(.iso8601))")
                if let message = feed.lastMessage, feed.lastResult == .failed { print("\t\(message)") }
            }
            return 0
        case "fetch":
            try options.expectNoPositional()
            let placeID = try options.required(SharedOptions.place)
            let client = try OutboundOptions.client(options)
            let store = try openStore(database)
            let owner = "command-" + AppEnvironment.systemRandomBytes(8).map { String($0, radix: 16) }.joined()
            let run = try FeedScheduler(store: store, client: client, owner: owner).fetch(placeID: placeID, at: Date())
            switch run {
            case .imported(let days):
                print("\(placeID): imported \(days) days")
                return 0
            case .unchanged:
                print("\(placeID): unchanged since the last fetch (304 Not Modified)")
                return 0
            case .failed(let message):
                FileHandle.standardError.write(Data("grubmap \(command): \(placeID): \(message)\n".utf8))
                return 1
            case .busy:
                FileHandle.standardError.write(
                    Data(
                        "grubmap \(command): a server is fetching the feed of \(placeID) right now; try again soon\n"
                            .utf8))
                return 1
            case .noFeed:
                throw UsageError("grubmap \(command): \(placeID) has no feed (see grubmap feed set)")
            }
        case "set", "remove":
            let placeID = try options.required(SharedOptions.place)
            let store = try openStore(database)
            let existing = try store.feed(placeID: placeID)
            let area = try store.place(id: placeID)?.areaID
            if action == "remove" {
                try options.expectNoPositional()
                let removed = try store.removeFeed(
                    placeID: placeID,
                    audit: Actor.commandLine.audit(
                        "feed.remove", subject: placeID.rawValue, area: area, at: Date(),
                        before: existing.map { MenuFeed.redacted($0.url) }, after: nil))
                print(removed ? "removed the feed of \(placeID)" : "\(placeID) has no feed")
                return 0
            }
            let url = try options.single("URL")
            switch MenuFeed.problem(with: url) {
            case .notHTTP:
                throw UsageError("grubmap \(command): \"\(url.prefix(200))\" is not an http or https URL")
            case .credentials:
                throw UsageError(
                    "grubmap \(command): \"\(MenuFeed.redacted(String(url.prefix(200))))\" holds a user name or "
                        + "password, which Grubmap never sends; give the address without them")
            case nil: break
            }
            do {
                try store.setFeed(
                    placeID: placeID, url: url, at: Date(),
                    audit: Actor.commandLine.audit(
                        "feed.set", subject: placeID.rawValue, area: area, at: Date(),
                        before: existing.map { MenuFeed.redacted($0.url) }, after: url))
            } catch let error as StoreError {
                throw UsageError("grubmap \(command): --place: \(error.description)")
            }
            print(
                "\(placeID) now takes its menus from \(url); grubmap serve fetches it at once, then every --feed-interval"
            )
            return 0
        default:
            throw UsageError("grubmap feed: unknown action \"\(action)\" (see grubmap feed --help)")
        }
    }

    /// A duration like `30s`, `15m`, `1h` or `1d` in seconds; `nil` for anything else.
    static func seconds(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let number = Double(text.dropLast()), number.isFinite, number > 0 else {
            return nil
        }
        switch unit {
        case "s": return number
        case "m": return number * 60
        case "h": return number * 3600
        case "d": return number * 86400
        default: return nil
        }
    }
}
