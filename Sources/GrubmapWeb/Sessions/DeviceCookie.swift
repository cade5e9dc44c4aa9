import Foundation
import GrubmapCore
import GrubmapHTTP

/// What a browser keeps for itself without a stored session: the web's `@AppStorage`. A signed cookie holding a
/// random device id (the root of the visitor's CSRF token) and the device's own preferences: the tour seen and its
/// version, its style, units, language, default area, and how menus are read (price role, diet, allergens).
///
/// `grubmap_device=PAYLOAD.SIGNATURE`, where PAYLOAD is URL-encoded fields (`id`, `t` the issue time in seconds, and
/// each preference by name with its stored JSON text) and SIGNATURE its HMAC-SHA-256 under the servers' secret.
/// A cookie that is forged, malformed, or older than ``lifetime`` is ignored, never an error: the browser is a new
/// device. For a visitor with a stored session, the session's preferences rule and the cookie mirrors them, so
/// error pages speak the person's language even while the database is down.
struct DeviceCookie: Equatable {
    static let name = "grubmap_device"
    /// How long a cookie counts after it was issued; every change issues it anew.
    static let lifetime: TimeInterval = 400 * 24 * 3600
    /// The preferences a device keeps; bookmarks, profiles and check-ins need a stored session.
    static let keys = [
        PreferenceKeys.seenOnboardingVersion.name, PreferenceKeys.onboardingStyle.name,
        PreferenceKeys.defaultArea.name, PreferenceKeys.units.name, PreferenceKeys.language.name,
        PreferenceKeys.priceRole.name, PreferenceKeys.diet.name, PreferenceKeys.avoidAllergens.name,
    ]

    /// 128 random bits, base64url.
    let id: String
    let issuedAt: Date
    /// Only the device's own keys (``keys``).
    let preferences: Preferences

    init(id: String, issuedAt: Date, preferences: Preferences) {
        self.id = id
        self.issuedAt = issuedAt
        self.preferences = Preferences(storage: preferences.storage.filter { Self.keys.contains($0.key) })
    }

    /// A new device, with default preferences.
    static func fresh(now: Date, randomBytes: (Int) -> [UInt8]) -> DeviceCookie {
        DeviceCookie(id: Base64URL.encode(randomBytes(16)), issuedAt: now, preferences: Preferences())
    }

    /// The same device with `preferences` (their device keys), issued at `now`.
    func with(_ preferences: Preferences, at now: Date) -> DeviceCookie {
        DeviceCookie(id: id, issuedAt: now, preferences: preferences)
    }

    /// The request's cookie when it is genuine and current, else `nil`.
    static func read(from request: Request, signer: CookieSigner, now: Date) -> DeviceCookie? {
        guard let value = request.cookie(name), value.utf8.count <= 2048,
            let dot = value.lastIndex(of: "."),
            signer.verifies(value[value.index(after: dot)...], of: String(value[..<dot]), for: .deviceCookie),
            let fields = try? QueryFields(urlEncoded: String(value[..<dot])),
            let id = fields["id"], id.utf8.count == 22,
            let seconds = fields["t"].flatMap(Int64.init)
        else { return nil }
        let issuedAt = Date(timeIntervalSince1970: Double(seconds))
        guard now.timeIntervalSince(issuedAt) < lifetime else { return nil }
        var storage: [String: String] = [:]
        for name in keys { storage[name] = fields[name] }
        return DeviceCookie(id: id, issuedAt: issuedAt, preferences: Preferences(storage: storage))
    }

    /// The language a request's device cookie names, without checking its signature: only for choosing the
    /// language of an answer made before the visitor is known (an error page while the database is down).
    static func unverifiedLanguage(in request: Request) -> Language? {
        guard let value = request.cookie(name), value.utf8.count <= 2048, let dot = value.lastIndex(of: "."),
            let fields = try? QueryFields(urlEncoded: String(value[..<dot]))
        else { return nil }
        return Preferences(storage: [PreferenceKeys.language.name: fields[PreferenceKeys.language.name] ?? ""])[
            PreferenceKeys.language]
    }

    /// The `Set-Cookie` header value that hands this cookie to the browser.
    func header(signer: CookieSigner, secure: Bool) -> String {
        var fields: [(String, String)] = [("id", id), ("t", String(Int64(issuedAt.timeIntervalSince1970)))]
        for name in Self.keys {
            if let value = preferences.storage[name] { fields.append((name, value)) }
        }
        let payload = QueryFields(fields.map { (name: $0.0, value: $0.1) }).encoded
        let value = payload + "." + signer.signature(of: payload, for: .deviceCookie)
        return "\(Self.name)=\(value); Path=/; Max-Age=\(Int(Self.lifetime)); HttpOnly; SameSite=Lax"
            + (secure ? "; Secure" : "")
    }
}
