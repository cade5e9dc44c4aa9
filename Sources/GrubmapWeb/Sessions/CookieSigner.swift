import GrubmapCore
import GrubmapCrypto
import GrubmapStore
import Synchronization

/// Signs and checks what Grubmap hands browsers without storing it: device cookies and the CSRF tokens of visitors
/// without a session. The key is the servers' shared secret from the database, so any server checks what another
/// signed.
struct CookieSigner: Sendable {
    /// The key absorbed once, with each purpose's line after it (a first visit signs three things; each signature
    /// then goes on from there with its text).
    private let deviceCookie: PreparedHMACSHA256
    private let csrf: PreparedHMACSHA256
    private let offlineKey: PreparedHMACSHA256

    init(key: [UInt8]) {
        func prepared(_ purpose: Purpose) -> PreparedHMACSHA256 {
            PreparedHMACSHA256(key: key, start: Array((purpose.rawValue + "\n").utf8))
        }
        deviceCookie = prepared(.deviceCookie)
        csrf = prepared(.csrf)
        offlineKey = prepared(.offlineKey)
    }

    /// The base64url HMAC-SHA-256 of `text` for `purpose` (of the purpose's name, a line break and `text`); a
    /// signature for one purpose never passes for another.
    func signature(of text: String, for purpose: Purpose) -> String {
        let prepared =
            switch purpose {
            case .deviceCookie: deviceCookie
            case .csrf: csrf
            case .offlineKey: offlineKey
            }
        return Base64URL.encode(prepared.code(for: text.utf8))
    }

    /// Whether `signature` is `text`'s for `purpose` (compared in constant time).
    func verifies(_ signature: some StringProtocol, of text: String, for purpose: Purpose) -> Bool {
        Digest.constantTimeEqual(Array(signature.utf8), Array(self.signature(of: text, for: purpose).utf8))
    }

    /// What a signature is for.
    enum Purpose: String {
        case deviceCookie = "grubmap-device-cookie"
        case csrf = "grubmap-csrf"
        case offlineKey = "grubmap-offline-key"
    }
}

/// The signer, made from the database's secret on first use and kept: the secret never changes.
final class SignerCache: Sendable {
    private let signer = Mutex<CookieSigner?>(nil)

    /// The signer; reads (or first makes) the secret in the database the first time.
    func signer(store: any SessionStore, randomBytes: (Int) -> [UInt8]) throws -> CookieSigner {
        if let ready = signer.withLock({ $0 }) { return ready }
        let made = CookieSigner(key: try store.serverSecret(orCreate: { randomBytes(32) }))
        signer.withLock { $0 = made }
        return made
    }
}
