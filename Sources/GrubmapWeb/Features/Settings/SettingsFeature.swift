import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// What a person chose: `/settings` (default area, tour style, units, language, how menus are read), the area
/// page's "Open Grubmap here", and `/api/v1/me/preferences`; plus `POST /api/v1/sessions`, which gives an API
/// client its session.
///
/// A device's own preferences are kept in its signed cookie until the person has a stored session; the API's
/// changes (bookmarks among them) always go to a session.
struct SettingsFeature: RouteCollection {
    let preferences: PreferenceWriter
    let sessions: SessionFactory
    let configuration: AppConfiguration

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.settings, .page, .optional, settingsPage)
        routes.add(.post, Paths.settings, .page, .optional, saveSettings)
        routes.add(.post, Paths.defaultArea, .page, .optional, saveDefaultArea)
        routes.add(.post, Paths.API.sessions, .api, .none, createSession)
        routes.add(.get, Paths.API.preferences, .api, .optional, apiPreferences)
        routes.add(.patch, Paths.API.preferences, .api, .required, apiUpdatePreferences)
    }

    /// `GET /settings`.
    func settingsPage(_ context: VisitorContext) throws -> Response {
        let page = SettingsPage(
            strings: context.strings, areas: try context.headerAreas(), preferences: context.preferences,
            browserUnits: context.visitor.browserUnits, csrfToken: context.visitor.csrfToken,
            isSaved: context.request.query["saved"] == "1")
        return .html(page.render())
    }

    /// `POST /settings`: saves every field or, when one is refused, none, and shows the form again with why.
    func saveSettings(_ context: VisitorContext) throws -> Response {
        let form = try context.request.decodeForm(SettingsForm.self, code: "invalid_preference")
        var changes = form.changes
        changes.values.merge(MenuPreferenceForm.values(from: try context.request.formFields())) { $1 }
        do {
            try preferences.save(changes, for: context)
            return .redirect(to: Paths.settings(query: [("saved", "1")]))
        } catch let error as PreferenceError {
            // Nothing was saved, but the form shows every choice the person made that could have been.
            var typed = context.preferences
            for (name, value) in form.changes.values {
                try? PreferenceChanges([name: value]).apply(to: &typed, catalog: context.catalog, places: [])
            }
            let page = SettingsPage(
                strings: context.strings, areas: try context.headerAreas(), preferences: typed,
                browserUnits: context.visitor.browserUnits, csrfToken: context.visitor.csrfToken,
                problem: (error.field, error.message))
            return .html(page.render(), status: .badRequest)
        }
    }

    /// `POST /settings/default-area`: the area `/` opens, from the area page's button; back to `return`.
    func saveDefaultArea(_ context: VisitorContext) throws -> Response {
        let form = try context.request.decodeForm(DefaultAreaForm.self, code: "invalid_preference")
        try preferences.save(PreferenceChanges(["defaultArea": .text(form.defaultArea)]), for: context)
        let fallback = (try? Area.ID(form.defaultArea)).map { Paths.area($0) } ?? Paths.home()
        return .redirect(to: Request.localPath(form.return) ?? fallback)
    }

    /// `POST /api/v1/sessions`: a new session for an API client; send its token as `Authorization: Bearer`.
    func createSession(_ context: RequestContext) throws -> Response {
        let session = try sessions.make(
            for: context, csrfToken: nil, preferences: Preferences(), lifetime: configuration.sessionLifetime)
        return .json(API.SessionCreated(token: session.token, expiresAt: session.expiresAt), status: .created)
    }

    /// `GET /api/v1/me/preferences`: every preference, defaults included.
    func apiPreferences(_ context: VisitorContext) throws -> Response {
        .json(
            API.PreferencesBody(
                context.preferences, bookmarks: try context.bookmarks(), browserUnits: context.visitor.browserUnits))
    }

    /// `PATCH /api/v1/me/preferences`: changes the given fields, all or none; 400 names the refused field.
    func apiUpdatePreferences(_ context: SessionContext) throws -> Response {
        let changes = try context.request.decodeJSON(PreferenceChanges.self, code: "invalid_preference")
        let saved = try preferences.save(changes, for: context)
        return .json(
            API.PreferencesBody(
                saved, bookmarks: try context.parent.existingPlaces(saved[PreferenceKeys.bookmarks]),
                browserUnits: context.visitor.browserUnits))
    }

    /// The settings form: each field it sends is a change; `auto` (for the default area, the units and the language)
    /// unsets the choice, so `/`, distances and the language follow the browser again.
    private struct SettingsForm: Decodable {
        let changes: PreferenceChanges

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            var values: [String: PreferenceValue] = [:]
            for key in CodingKeys.allCases {
                guard let text = try container.decodeIfPresent(String.self, forKey: key) else { continue }
                values[key.rawValue] = key != .onboardingStyle && text == "auto" ? .null : .text(text)
            }
            changes = PreferenceChanges(values)
        }

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case defaultArea, onboardingStyle, units, language
        }
    }

    private struct DefaultAreaForm: Decodable {
        let defaultArea: String
        let `return`: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard let area = try container.decodeIfPresent(String.self, forKey: .defaultArea) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .defaultArea, in: container, debugDescription: "expected an area id")
            }
            defaultArea = area
            `return` = try container.decodeIfPresent(String.self, forKey: .return)
        }

        private enum CodingKeys: String, CodingKey {
            case defaultArea, `return`
        }
    }
}
