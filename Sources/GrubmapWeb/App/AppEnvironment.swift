import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapOutbound
import GrubmapStore

/// Everything the web layer needs from outside, passed in explicitly: no globals, so tests control time,
/// randomness and storage.
public struct AppEnvironment: Sendable {
    /// Where data lives.
    public var store: any Store
    /// The current time.
    public var now: @Sendable () -> Date
    /// `count` cryptographically random bytes.
    public var randomBytes: @Sendable (Int) -> [UInt8]
    public var configuration: AppConfiguration
    /// Writes one line to the operator's log.
    public var log: @Sendable (String) -> Void
    /// Queues a place's menu feed for the server's fetchers (the console's "Fetch now"), which fetch on threads of
    /// their own; `nil` where this server fetches no feeds.
    public var feeds: (any MenuFeedRunner)?
    /// What this server's ``PushSender`` sent, for `/metrics`.
    public var pushMetrics = PushMetrics()
    /// Tells this server's ``PushSender`` a browser subscribed, so a dish served today is told today.
    public var pushSubscribed: @Sendable () -> Void = {}

    public init(
        store: any Store, now: @escaping @Sendable () -> Date = { Date() },
        randomBytes: @escaping @Sendable (Int) -> [UInt8] = AppEnvironment.systemRandomBytes,
        configuration: AppConfiguration, log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.store = store
        self.now = now
        self.randomBytes = randomBytes
        self.configuration = configuration
        self.log = log
    }

    /// Random bytes from the operating system's secure generator (libsodium's `randombytes_buf`).
    public static let systemRandomBytes: @Sendable (Int) -> [UInt8] = { count in Digest.randomBytes(count) }
}

/// Settings an operator chooses when starting Grubmap.
public struct AppConfiguration: Sendable, Equatable {
    /// What onboarding says.
    public var onboarding: OnboardingCatalog
    /// The area `/` opens when a person has not picked one; `nil` lets `/` find one for them (the area they last
    /// opened, the one nearest them) or offer the areas to choose from (``VisitorContext/frontArea()``).
    public var defaultAreaID: Area.ID?
    /// How long each page shows in the progress style of onboarding.
    public var onboardingInterval: Duration
    /// How long a session lasts without a visit.
    public var sessionLifetime: TimeInterval
    /// Whether cookies are marked `Secure` even when the request does not say it came over HTTPS
    /// (`X-Forwarded-Proto: https` from a trusted proxy always marks them).
    public var secureCookies: Bool
    /// The proxies whose forwarding headers (`X-Forwarded-For`, `Forwarded`, `X-Real-IP`, `X-Forwarded-Proto`)
    /// are believed; none by default, so the client is the connecting peer.
    public var trustedProxies = TrustedProxies.none
    /// An XYZ tile URL template (`https://tile.example.org/{z}/{x}/{y}.png`) drawn under the map, or `nil` for
    /// a clean map that needs nothing from outside.
    public var tileURL: String?
    /// When check-ins end.
    public var checkInPolicy: CheckInPolicy
    /// How many changes (form posts and API writes) one session may make per minute; more get 429.
    public var writesPerMinute: Int
    /// How many stored sessions one client address may start per minute, once its burst is used; more get 429.
    /// Only a first stored change (a bookmark, a profile, a check-in) or an API client makes one: reading pages,
    /// finishing the tour and settings need none, so a crowd behind one address is not refused.
    public var newSessionsPerMinute: Int
    /// How many stored sessions one client address may start at once before the per-minute rate applies.
    public var newSessionsBurst: Int
    /// Who may read `/metrics`.
    public var metricsAccess: MetricsAccess
    /// How long what was read or made for one request (a session, the places API's list, a page) serves the next
    /// ones, in seconds: a change made through another server shows within it (see ``AppCaches``); 0 keeps nothing.
    public var cacheLifetime: TimeInterval = AppCaches.defaultLifetime
    /// How many changes one operator may make in the console per minute (copying a week of menus is one).
    public var consoleWritesPerMinute = 120
    /// How many places of one area may take their menus from a feed (`--max-feeds-per-area`); the console refuses
    /// one more with 409.
    public var feedsPerArea = AppConfiguration.defaultFeedsPerArea
    /// The internal addresses the outbound client may reach (`--allow-outbound`): a push subscription's endpoint
    /// under one of them may be `http` and a loopback or private address, as a test's push service is.
    public var outboundAllowList = OutboundAllowList()
    /// Who push services can write to about this server's messages (`--push-contact`): the VAPID `sub`.
    public var pushContact = AppConfiguration.defaultPushContact
    /// A placeholder for servers that set none; push services that check it want a real address.
    public static let defaultPushContact = "mailto:operator@grubmap.invalid"
    /// 50: a campus has a handful of cafeterias, a venue a few dozen stands at most.
    public static let defaultFeedsPerArea = 50
    /// How operator passwords are hashed: Argon2id at libsodium's interactive cost; tests use the minimum.
    public var passwordHasher = PasswordHasher()

    public init(
        onboarding: OnboardingCatalog, defaultAreaID: Area.ID? = nil, onboardingInterval: Duration = .seconds(3),
        sessionLifetime: TimeInterval = 180 * 24 * 3600, secureCookies: Bool = false, tileURL: String? = nil,
        checkInPolicy: CheckInPolicy = CheckInPolicy(), writesPerMinute: Int = 30, newSessionsPerMinute: Int = 120,
        newSessionsBurst: Int = 600, metricsAccess: MetricsAccess = .loopback
    ) {
        self.metricsAccess = metricsAccess
        self.newSessionsPerMinute = newSessionsPerMinute
        self.newSessionsBurst = newSessionsBurst
        self.tileURL = tileURL
        self.checkInPolicy = checkInPolicy
        self.writesPerMinute = writesPerMinute
        self.onboarding = onboarding
        self.defaultAreaID = defaultAreaID
        self.onboardingInterval = onboardingInterval
        self.sessionLifetime = sessionLifetime
        self.secureCookies = secureCookies
    }
}
