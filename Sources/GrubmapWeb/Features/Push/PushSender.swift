import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapOutbound
import GrubmapStore
import Synchronization

/// Sends each subscribed person one push message on a day dishes they follow are served, off the request path: a
/// loop of its own runs every area whose hour has come (``PushStore/pushHours()``, in the area's time zone) every
/// ``Settings/tickSeconds``, and at once when a menu is published (by this server, or another through the store's
/// feed) or a browser subscribes, so a menu or a subscription that comes after the hour is told the same day. The
/// messages go out from a bounded set of threads of its own through the one guarded ``OutboundHTTPClient``.
///
/// The database decides who was sent today: each subscription is claimed for the day before its message is
/// encrypted and sent (``PushStore/claimPushDay(subscriptionID:day:)``), so a person gets one message a day however
/// many runs and servers there are; a message that fails is unclaimed and tried at the next run, and a subscription
/// the push service says is gone (404, 410) is deleted.
public final class PushSender: Sendable {
    public struct Settings: Sendable, Equatable {
        /// Messages sent at once.
        public var threads = 16
        /// How often the loop looks for areas whose hour has come when no menu change wakes it.
        public var tickSeconds: TimeInterval = 60
        /// How long a push service keeps a message for a phone that is off (`TTL`): the rest of a day's meals.
        public var timeToLiveSeconds = 6 * 60 * 60
        /// The longest one message may take to hand over.
        public var timeoutSeconds: Double = 15

        public init() {}
    }

    /// What one run of an area came to.
    public struct Run: Sendable, Equatable {
        public var areaID: Area.ID
        public var day: CalendarDate
        /// Messages the push services took.
        public var sent = 0
        /// Subscriptions deleted because their push service said they are gone.
        public var gone = 0
        /// Messages that failed, to be tried again.
        public var failed = 0
    }

    private let store: any Store
    private let client: any OutboundHTTPClient
    private let keys: PushKeys
    private let metrics: PushMetrics
    private let settings: Settings
    private let now: @Sendable () -> Date
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())
    private let wakeUp = DispatchSemaphore(value: 0)

    private struct State {
        var watch: LiveWatch?
        var stopping = false
    }

    public init(
        store: any Store, client: any OutboundHTTPClient, keys: PushKeys, metrics: PushMetrics,
        settings: Settings = Settings(), now: @escaping @Sendable () -> Date,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.store = store
        self.client = client
        self.keys = keys
        self.metrics = metrics
        self.settings = settings
        self.now = now
        self.log = log
    }

    /// Watches menus being published and starts the loop.
    public func start() {
        let watch = (store as? any LiveChangeFeed)?.watch { [self] changes in
            let menus = changes.contains { change in
                if case .menu = change { true } else { false }
            }
            if menus { wake() }
        }
        state.withLock { $0.watch = watch }
        Thread.detachNewThread { [self] in
            while !state.withLock({ $0.stopping }) {
                do {
                    try tick()
                } catch {
                    log("push messages: \(error)")
                }
                _ = wakeUp.wait(timeout: .now() + settings.tickSeconds)
            }
        }
    }

    /// Runs the loop now (a browser subscribed): answers at once.
    public func wake() {
        wakeUp.signal()
    }

    public func stop() {
        let watch = state.withLock { state in
            state.stopping = true
            return state.watch
        }
        watch?.cancel()
        wakeUp.signal()
    }

    /// Runs every area whose hour has come today; returns the runs.
    @discardableResult
    public func tick() throws -> [Run] {
        let at = now()
        let hours = try store.pushHours()
        var runs: [Run] = []
        for area in try store.catalog().allAreas() {
            let (today, time) = CalendarDate.local(at, in: area.clockTimeZone)
            guard time.minutes >= (hours[area.id] ?? PushSchedule.defaultHour) * 60 else { continue }
            runs.append(try run(area, on: today, at: at))
        }
        return runs
    }

    /// Sends the area's day's message to every subscription not yet sent one that day whose person follows a dish
    /// on one of the area's menus of the day.
    func run(_ area: Area, on day: CalendarDate, at: Date) throws -> Run {
        let menu = try DayMenu(store, area: area, day: day)
        guard !menu.servings.isEmpty else { return Run(areaID: area.id, day: day) }
        let run = send(try messages(area, menu: menu, day: day), day: day, at: at, into: Run(areaID: area.id, day: day))
        metrics.sent.increment(by: run.sent)
        metrics.gone.increment(by: run.gone)
        metrics.failed.increment(by: run.failed)
        return run
    }

    /// The message of each subscription not yet sent one on `day` whose person follows a dish on `menu`; their
    /// followed dishes found through merges, each id looked up once.
    private func messages(_ area: Area, menu: DayMenu, day: CalendarDate) throws -> [(PushRecipient, PushMessage)] {
        var resolved: [Dish.ID: Dish.ID?] = [:]
        var messages: [(PushRecipient, PushMessage)] = []
        for recipient in try store.pushRecipients(notSentOn: day) {
            var dishes: [Dish.ID] = []
            for id in recipient.preferences[PreferenceKeys.followedDishes] {
                let dish = try resolved[id] ?? store.dish(id: id)?.id
                resolved[id] = dish
                if let dish, menu.servings[dish] != nil, !dishes.contains(dish) { dishes.append(dish) }
            }
            guard !dishes.isEmpty else { continue }
            let language =
                recipient.preferences[PreferenceKeys.language] ?? Language(rawValue: area.localLanguage) ?? .english
            var lines: [String] = []
            for serving in dishes.flatMap({ menu.servings[$0, default: []] }) {
                let line = serving.line(in: language)
                if !lines.contains(line) { lines.append(line) }
            }
            messages.append((recipient, PushMessage(lines: lines, area: area, day: day, language: language)))
        }
        return messages
    }

    /// Delivers `messages` from ``Settings/threads`` threads of the sender's own; each VAPID token (one per push
    /// service) is signed once per run.
    private func send(_ messages: [(PushRecipient, PushMessage)], day: CalendarDate, at: Date, into run: Run) -> Run {
        guard !messages.isEmpty else { return run }
        let vapid: VAPID
        do {
            vapid = try keys.vapid()
        } catch {
            log("push messages: no key to sign with: \(error)")
            return run
        }
        let expires = Int(at.timeIntervalSince1970) + 12 * 60 * 60
        let tokens = Mutex<[String: String]>([:])
        let outcomes = Mutex<Run>(run)
        let next = Atomic<Int>(0)
        let group = DispatchGroup()
        for _ in 0..<min(settings.threads, messages.count) {
            group.enter()
            Thread.detachNewThread { [self] in
                defer { group.leave() }
                while true {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < messages.count else { return }
                    let (recipient, message) = messages[index]
                    let outcome = deliver(message, to: recipient, day: day) { audience in
                        tokens.withLock { tokens in
                            if let token = tokens[audience] { return token }
                            let token = vapid.authorization(audience: audience, expires: expires)
                            tokens[audience] = token
                            return token
                        }
                    }
                    outcomes.withLock { run in
                        switch outcome {
                        case .sent: run.sent += 1
                        case .gone: run.gone += 1
                        case .failed: run.failed += 1
                        case .alreadySent: break
                        }
                    }
                }
            }
        }
        group.wait()
        return outcomes.withLock { $0 }
    }

    private enum Outcome {
        case sent, gone, failed, alreadySent
    }

    /// Claims the subscription's day, then encrypts and sends its message; a failure unclaims it.
    private func deliver(
        _ message: PushMessage, to recipient: PushRecipient, day: CalendarDate,
        authorization: (String) -> String
    ) -> Outcome {
        let subscription = recipient.subscription
        do {
            guard try store.claimPushDay(subscriptionID: recipient.id, day: day) else { return .alreadySent }
        } catch {
            log("push message to subscription \(recipient.id): \(error)")
            return .failed
        }
        do {
            let url = try OutboundURL(subscription.endpoint)
            let body = try WebPushEncryption.encrypt(
                message.payload, subscriberKey: subscription.p256dh, authSecret: subscription.auth)
            let request = OutboundRequest(
                url: subscription.endpoint,
                headers: [
                    .init("Authorization", authorization(Self.origin(url))),
                    .init("Content-Encoding", "aes128gcm"), .init("Content-Type", "application/octet-stream"),
                    .init("TTL", String(settings.timeToLiveSeconds)), .init("Urgency", "normal"),
                ], timeoutSeconds: settings.timeoutSeconds, maximumBytes: 4096)
            let response = try client.post(request, body: body)
            switch response.status {
            case 200..<300: return .sent
            case 404, 410:
                try store.deletePushSubscription(id: recipient.id)
                return .gone
            default:
                throw PushRefused(status: response.status)
            }
        } catch {
            log("push message to subscription \(recipient.id) at \(Self.origin(subscription.endpoint)): \(error)")
            try? store.releasePushDay(subscriptionID: recipient.id, day: day)
            return .failed
        }
    }

    /// A push service's answer other than success or "gone".
    private struct PushRefused: Error, CustomStringConvertible {
        let status: Int
        var description: String { "the push service answered \(status)" }
    }

    /// The endpoint's origin, the VAPID token's audience: `https://push.example.net` (a port only when not the
    /// scheme's own).
    static func origin(_ url: OutboundURL) -> String {
        let standard = (url.scheme == "https" && url.port == 443) || (url.scheme == "http" && url.port == 80)
        return "\(url.scheme)://\(url.host)" + (standard ? "" : ":\(url.port)")
    }

    /// The origin of an endpoint as stored, for logs: never its path, which identifies the browser.
    private static func origin(_ endpoint: String) -> String {
        (try? OutboundURL(endpoint)).map(origin) ?? "an unreadable endpoint"
    }
}

/// Counts of push messages since the server started, for `/metrics`.
public final class PushMetrics: Sendable {
    public let sent = Counter()
    public let gone = Counter()
    public let failed = Counter()

    public init() {}
}
