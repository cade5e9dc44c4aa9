import GrubmapCore
import GrubmapHTTP

/// The person behind a request: their session (if any), what they chose, and the language to speak.
struct Visitor {
    /// How the request proved its session.
    enum Credential: Equatable {
        case none, cookie, bearer
    }

    /// The session, or `nil` for a request that needs none and brought none.
    var session: Session?
    /// Whether the session was made while answering this request, so the response must hand it over.
    var isNew = false
    /// Whether this request moved the session's expiry, so the browser's cookie must be renewed too.
    var isRenewed = false
    var credential: Credential
    var preferences: Preferences
    /// The interface language: the person's setting, else the browser's, else English.
    var language: Language

    /// Every string of the interface in the visitor's language.
    var strings: Strings { Strings.forLanguage(language) }

    /// Whether `token` is this visitor's CSRF token (compared in constant time).
    func hasCSRFToken(_ token: String?) -> Bool {
        guard let expected = session?.csrfToken, let token else { return false }
        let left = Array(expected.utf8)
        let right = Array(token.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
