import GrubmapCore
import GrubmapCrypto

/// The person behind a request: their device, their session when they have one, what they chose, and the language
/// to speak.
struct Visitor {
    /// How the request proved its session.
    enum Credential: Equatable {
        case none, cookie, bearer
    }

    /// The stored session, or `nil`: a first visit, and every visit until the person's first stored change.
    let session: Session?
    let credential: Credential
    /// The browser's signed device cookie (a fresh one when it sent none that counts).
    let device: DeviceCookie
    /// Whether ``device`` came with the request, rather than being made now.
    let deviceIsKnown: Bool
    /// The session's preferences when there is a session, else the device's.
    let preferences: Preferences
    /// The interface language: the person's setting, else the browser's, else English.
    let language: Language
    /// The unit the browser's region reads distances in (``DistanceUnit/customary(acceptLanguage:)``), kilometres
    /// when its languages name no region.
    let browserUnits: DistanceUnit
    /// The token this visitor's forms carry: the session's, else one derived from the device id, so a first
    /// visit's forms work without anything stored.
    let csrfToken: String

    /// The unit distances are shown in: the person's setting, else their browser's region's.
    var units: DistanceUnit { preferences[PreferenceKeys.units] ?? browserUnits }

    /// Whether `token` is this visitor's CSRF token (compared in constant time).
    func hasCSRFToken(_ token: String?) -> Bool {
        guard let token else { return false }
        return Digest.constantTimeEqual(Array(csrfToken.utf8), Array(token.utf8))
    }
}

/// What the response to a visitor must carry, gathered while the handler runs and added by ``VisitorResolution``.
///
/// A class: the handler's context is a value, but the middleware that made it must see what the handler changed.
/// Used by one request on one thread.
final class VisitorCookies {
    /// The device cookie to send, when it is new or its preferences changed.
    var device: DeviceCookie?
    /// A session made or renewed by this request, to hand to the browser (and, when new, to API clients).
    var session: (session: Session, isNew: Bool)?
    /// The area whose page this request opened, for the device cookie to remember (``DeviceCookie/lastArea``) when
    /// the person opened it (``VisitorResolution/isNavigation(_:)``).
    var openedArea: Area.ID?
}
