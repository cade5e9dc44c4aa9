import Foundation
import GrubmapHTTP

/// Whose pages the service worker may keep and show offline: a short value made from the device id and the stored
/// session, so it changes when either does (cookies cleared, another person's device cookie, a session made, ended
/// or expired). It is handed to the browser in a cookie scripts can read (`grubmap_offline_key`, not `HttpOnly`) and
/// in a header on every page; the worker reads the cookie (`cookieStore`, where the browser gives workers one) or
/// the header, keeps its pages under that key, and deletes every page kept under another, offline too.
///
/// It is not a secret and proves nothing: an HMAC under the servers' secret, cut to 16 characters, so it tells
/// nothing about the session token or the device id it was made from, and a session's key is the same on every
/// server.
struct OfflineKey: Equatable {
    static let cookieName = "grubmap_offline_key"
    /// The response header that carries it on every page, for workers without `cookieStore`.
    static let header = "Grubmap-Offline-Key"

    let value: String

    /// The key of `deviceID` with `sessionToken` (none before the first stored change).
    init(deviceID: String, sessionToken: String?, signer: CookieSigner) {
        value = String(signer.signature(of: deviceID + "\n" + (sessionToken ?? ""), for: .offlineKey).prefix(16))
    }

    /// The `Set-Cookie` value that hands it over for `maxAgeSeconds` (the session's remaining life, or the device
    /// cookie's): readable by the page and the worker, sent only to this site.
    func cookieHeader(maxAgeSeconds: Int, secure: Bool) -> String {
        "\(Self.cookieName)=\(value); Path=/; Max-Age=\(maxAgeSeconds); SameSite=Lax" + (secure ? "; Secure" : "")
    }
}
