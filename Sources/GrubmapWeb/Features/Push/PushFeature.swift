import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapOutbound
import GrubmapStore
import Synchronization

/// Web Push subscriptions: `GET /api/v1/push/key` gives the key a browser subscribes with, and
/// `GET`/`POST`/`DELETE /api/v1/me/push-subscriptions` list, keep or drop the session's subscriptions, whose
/// followed dishes ``PushSender`` then tells them about.
struct PushFeature: RouteCollection {
    let push: any PushStore
    let keys: PushKeys
    let allowList: OutboundAllowList
    /// Wakes the sender.
    let subscribed: @Sendable () -> Void

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.API.pushKey, .api, .none, publicKey)
        routes.add(.get, Paths.API.pushSubscriptions, .api, .required, subscriptions)
        routes.add(.post, Paths.API.pushSubscriptions, .api, .required, subscribe)
        routes.add(.delete, Paths.API.pushSubscriptions, .api, .required, unsubscribe)
    }

    /// `GET /api/v1/push/key`: `{"publicKey"}`, the VAPID key made at the first start.
    func publicKey(_ context: RequestContext) throws -> Response {
        .json(API.PushKeyBody(publicKey: Base64URL.encode(try keys.vapid().key.publicKey)))
    }

    /// `POST /api/v1/me/push-subscriptions` with a `PushSubscription`'s JSON: 201, or 400 `invalid_subscription`
    /// naming the field (nothing stored).
    func subscribe(_ context: SessionContext) throws -> Response {
        let body = try context.request.decodeJSON(API.PushSubscriptionRequest.self, code: "invalid_subscription")
        let subscription = try PushSubscriptionCheck(allowList: allowList).subscription(body)
        guard try push.subscribe(subscription, sessionToken: context.session.token, at: context.now) else {
            throw HTTPError(.unauthorized, code: "unauthorized", message: "The session has ended; start a new one.")
        }
        subscribed()
        return .json(API.PushSubscriptionBody(endpoint: subscription.endpoint, subscribed: true), status: .created)
    }

    /// `GET /api/v1/me/push-subscriptions`: `{"endpoints"}`, the session's, oldest first.
    func subscriptions(_ context: SessionContext) throws -> Response {
        .json(
            API.PushSubscriptionsBody(
                endpoints: try push.pushSubscriptions(sessionToken: context.session.token).map(\.endpoint)))
    }

    /// `DELETE /api/v1/me/push-subscriptions?endpoint=`: the session's subscription there ends (200 either way).
    func unsubscribe(_ context: SessionContext) throws -> Response {
        guard let endpoint = context.request.query["endpoint"], !endpoint.isEmpty else {
            throw HTTPError.badRequest(
                "endpoint: name the subscription's endpoint (?endpoint=).", code: "missing_parameter", field: "endpoint"
            )
        }
        try push.unsubscribe(endpoint: endpoint, sessionToken: context.session.token)
        return .json(API.PushSubscriptionBody(endpoint: endpoint, subscribed: false))
    }
}

/// The server's VAPID identity, read from the store (made and kept there the first time) once per process.
public final class PushKeys: Sendable {
    private let store: any PushStore
    private let contact: String
    private let loaded = Mutex<VAPID?>(nil)

    public init(store: any PushStore, contact: String) {
        self.store = store
        self.contact = contact
    }

    /// The key and contact messages are signed with.
    public func vapid() throws -> VAPID {
        if let vapid = loaded.withLock({ $0 }) { return vapid }
        let stored = try store.pushKey(orCreate: { P256PrivateKey().rawRepresentation })
        guard let key = P256PrivateKey(rawRepresentation: stored) else {
            throw StoreError.unhealthy("the stored push key is not a P-256 key")
        }
        let vapid = VAPID(key: key, subject: contact)
        loaded.withLock { $0 = vapid }
        return vapid
    }
}

/// What a subscription must be before it is kept: an endpoint the outbound client will send to (`https`, or under
/// an `--allow-outbound` prefix; not an address inside when written as one), and keys of the right lengths.
struct PushSubscriptionCheck {
    let allowList: OutboundAllowList

    func subscription(_ body: API.PushSubscriptionRequest) throws(HTTPError) -> PushSubscription {
        let url: OutboundURL
        do {
            url = try OutboundURL(body.endpoint)
        } catch {
            throw Self.problem("endpoint", "\(error)")
        }
        let allowed = allowList.allows(url)
        guard url.scheme == "https" || allowed else { throw Self.problem("endpoint", "must be an https URL") }
        let host = url.host.hasPrefix("[") ? String(url.host.dropFirst().dropLast()) : url.host
        if !allowed, let address = IPAddress(host), let refusal = PublicAddressRule.refusal(for: address) {
            throw Self.problem("endpoint", "the address is not public (\(refusal))")
        }
        guard let p256dh = Base64URL.decode(body.keys.p256dh), P256.isPublicKey(p256dh) else {
            throw Self.problem("keys.p256dh", "must be an uncompressed P-256 point, 65 bytes in base64url")
        }
        guard let auth = Base64URL.decode(body.keys.auth), auth.count == 16 else {
            throw Self.problem("keys.auth", "must be 16 bytes in base64url")
        }
        return PushSubscription(endpoint: body.endpoint, p256dh: p256dh, auth: auth)
    }

    private static func problem(_ field: String, _ message: String) -> HTTPError {
        .badRequest("\(field): \(message). Nothing was stored.", code: "invalid_subscription", field: field)
    }
}
