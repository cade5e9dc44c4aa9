import GrubmapCore
import GrubmapHTTP

extension App {
    /// `GET /settings`.
    func settingsPage(request: Request, visitor: Visitor) throws -> Response {
        let page = SettingsPage(
            strings: visitor.strings, areas: try environment.store.areas(), preferences: visitor.preferences,
            csrfToken: visitor.session?.csrfToken ?? "", isSaved: request.query["saved"] == "1")
        return .html(page.render())
    }

    /// `POST /settings`: saves every field or, when one is refused, none, and shows the form again with why.
    func saveSettings(request: Request, visitor: Visitor) throws -> Response {
        let form = try request.formFields()
        try requireCSRF(visitor, request: request, formToken: form["csrf"])
        var changes: [String: PreferenceValue] = [:]
        for name in ["defaultArea", "onboardingStyle", "units", "language"] {
            guard let value = form[name] else { continue }
            changes[name] = name == "language" && value == "auto" ? .null : .text(value)
        }
        do {
            try savePreferences(changes, session: visitor.session!)
            return .redirect(to: "/settings?saved=1")
        } catch let error as PreferenceError {
            let page = SettingsPage(
                strings: visitor.strings, areas: try environment.store.areas(), preferences: visitor.preferences,
                csrfToken: visitor.session?.csrfToken ?? "", problem: (error.field, error.message))
            return .html(page.render(), status: .badRequest)
        }
    }
}
