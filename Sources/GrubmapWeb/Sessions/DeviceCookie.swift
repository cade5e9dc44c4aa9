import Foundation
import GrubmapCore
import GrubmapHTTP

/// What a browser keeps for itself without a stored session: the web's `@AppStorage`. A signed cookie holding a
/// random device id (the root of the visitor's CSRF token), the device's own preferences (the tour seen and its
/// version, its style, units, language, default area, and how menus are read: price role, diet, allergens), and the
/// area the browser last opened, which `/` opens when nothing else says where to go.
///
/// `grubmap_device=PAYLOAD.SIGNATURE`, where PAYLOAD is URL-encoded fields (`id`, `t` the issue time in seconds,
/// `lastArea` the id of the area last opened, and each preference by name with its stored JSON text) and SIGNATURE
/// its HMAC-SHA-256 under the servers' secret.
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

    /// The payload field of ``lastArea``.
    private static let lastAreaField = "lastArea"

    /// 128 random bits, base64url.
    let id: String
    let issuedAt: Date
    /// Only the device's own keys (``keys``).
    let preferences: Preferences
    /// The area whose page or menu board this browser opened last; kept for every visitor, with a session or not,
    /// since it is where the browser was rather than a choice the person made.
    let lastArea: Area.ID?

    init(id: String, issuedAt: Date, preferences: Preferences, lastArea: Area.ID? = nil) {
        self.id = id
        self.issuedAt = issuedAt
        self.preferences = Preferences(storage: preferences.storage.filter { Self.keys.contains($0.key) })
        self.lastArea = lastArea
    }

    /// A new device, with default preferences.
    static func fresh(now: Date, randomBytes: (Int) -> [UInt8]) -> DeviceCookie {
        DeviceCookie(id: Base64URL.encode(randomBytes(16)), issuedAt: now, preferences: Preferences())
    }

    /// The same device with `preferences` (their device keys), issued at `now`.
    func with(_ preferences: Preferences, at now: Date) -> DeviceCookie {
        DeviceCookie(id: id, issuedAt: now, preferences: preferences, lastArea: lastArea)
    }

    /// The same device having opened `area` last, issued at `now`.
    func opening(_ area: Area.ID, at now: Date) -> DeviceCookie {
        DeviceCookie(id: id, issuedAt: now, preferences: preferences, lastArea: area)
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
        return DeviceCookie(
            id: id, issuedAt: issuedAt, preferences: Preferences(storage: storage),
            lastArea: fields[lastAreaField].flatMap { try? Area.ID($0) })
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
        if let lastArea { fields.append((Self.lastAreaField, lastArea.rawValue)) }
        for name in Self.keys {
            if let value = preferences.storage[name] { fields.append((name, value)) }
        }
        let payload = QueryFields(fields.map { (name: $0.0, value: $0.1) }).encoded
        let value = payload + "." + signer.signature(of: payload, for: .deviceCookie)
        return "\(Self.name)=\(value); Path=/; Max-Age=\(Int(Self.lifetime)); HttpOnly; SameSite=Lax"
            + (secure ? "; Secure" : "")
    }
}
