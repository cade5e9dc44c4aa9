import Foundation

extension API {
    /// `GET /api/v1/push/key`: the server's VAPID public key (base64url, an uncompressed P-256 point), which a browser
    /// passes as `applicationServerKey` to `pushManager.subscribe`.
    public struct PushKeyBody: Codable, Sendable, Equatable {
        public let publicKey: String

        public init(publicKey: String) {
            self.publicKey = publicKey
        }
    }

    /// `POST /api/v1/me/push-subscriptions`: a browser's `PushSubscription` as its `toJSON()` writes it, so the
    /// session is sent a message on a day a dish it follows is served. Other fields (`expirationTime`) are ignored.
    public struct PushSubscriptionRequest: Codable, Sendable, Equatable {
        public let endpoint: String
        public let keys: Keys

        /// Both base64url: `p256dh` the browser's P-256 public key (65 bytes), `auth` its secret (16 bytes).
        public struct Keys: Codable, Sendable, Equatable {
            public let p256dh: String
            public let auth: String

            public init(p256dh: String, auth: String) {
                self.p256dh = p256dh
                self.auth = auth
            }
        }

        public init(endpoint: String, keys: Keys) {
            self.endpoint = endpoint
            self.keys = keys
        }
    }

    /// `POST /api/v1/me/push-subscriptions` (201) and `DELETE /api/v1/me/push-subscriptions?endpoint=`: the endpoint,
    /// and whether it is subscribed now.
    public struct PushSubscriptionBody: Codable, Sendable, Equatable {
        public let endpoint: String
        public let subscribed: Bool

        public init(endpoint: String, subscribed: Bool) {
            self.endpoint = endpoint
            self.subscribed = subscribed
        }
    }

    /// `GET /api/v1/me/push-subscriptions`: the endpoints the session is subscribed at, oldest first.
    public struct PushSubscriptionsBody: Codable, Sendable, Equatable {
        public let endpoints: [String]

        public init(endpoints: [String]) {
            self.endpoints = endpoints
        }
    }
}
