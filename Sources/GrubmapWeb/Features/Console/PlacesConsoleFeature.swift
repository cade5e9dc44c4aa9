import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// The console's places: each area's list with search, making and editing a place (names, kind, position, contact,
/// description, weekly hours with a preview), archiving and restoring. Every change is audited.
struct PlacesConsoleFeature: RouteCollection {
    let store: any ConsoleStore & FeedStore
    let scope: ConsolePlaceScope
    /// The tile server of the position picker's map (the public area map's `--tile-url`).
    let tileURL: String?

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.places, .area, list)
        routes.add(.get, Paths.Console.newPlace, .area, newPlace)
        routes.add(.post, Paths.Console.newPlace, .area, create)
        routes.add(.get, Paths.Console.place, scope.scope, edit)
        routes.add(.post, Paths.Console.place, scope.scope, update)
        routes.add(.post, Paths.Console.archivePlace, scope.scope, archive)
        routes.add(.post, Paths.Console.restorePlace, scope.scope, restore)
    }

    /// `GET /admin/areas/{id}/places[?q=…]`.
    func list(_ context: AreaConsoleContext) throws -> Response {
        let query = context.request.query
        let search = (query["q"] ?? "").trimmingCharacters(in: .whitespaces)
        let places = try store.consolePlaces(inArea: context.area.id).filter { Self.matches($0.place, search) }
        let notice: String? =
            switch query["done"] {
            case "archived": context.text.archivedNotice(Int(query["ended"] ?? "") ?? 0)
            case "restored": context.text.restoredNotice
            case "saved": context.text.savedNotice
            default: nil
            }
        let page = PlaceListPage(
            text: context.text, area: context.area, areas: try context.console.areas(),
            csrfToken: context.session.csrfToken, places: places, search: search, notice: notice)
        return .html(page.render())
    }

    /// `GET /admin/areas/{id}/places/new`.
    func newPlace(_ context: AreaConsoleContext) throws -> Response {
        var form = PlaceForm()
        form.latitude = String(context.area.center.latitude)
        form.longitude = String(context.area.center.longitude)
        form.kind = Place.Kind.restaurant.rawValue
        return .html(try editor(context.console, area: context.area, form: form, existing: nil).render())
    }

    /// `POST /admin/areas/{id}/places/new`.
    func create(_ context: AreaConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(PlaceForm.self, code: "invalid_place")
        switch form.place(in: context.area.id, fixedID: nil) {
        case .failure(let problems):
            return .html(
                try editor(context.console, area: context.area, form: form, existing: nil, problems: problems.byField)
                    .render(), status: .unprocessableContent)
        case .success(let place):
            guard try store.consolePlace(id: place.id) == nil else {
                let problems = ["id": "another place has this id already"]
                return .html(
                    try editor(context.console, area: context.area, form: form, existing: nil, problems: problems)
                        .render(), status: .unprocessableContent)
            }
            try store.savePlace(
                place,
                audit: context.console.audit(
                    "place.create", subject: place.id.rawValue, area: context.area.id, before: nil,
                    after: try Self.json(place)))
            return .redirect(to: Paths.Console.place(place.id, query: [("done", "saved")]))
        }
    }

    /// `GET /admin/places/{id}`.
    func edit(_ context: PlaceConsoleContext) throws -> Response {
        let text = context.text
        let notice: String? =
            switch context.request.query["done"] {
            case "saved": text.savedNotice
            case "feed-saved": text.feedSaved
            case "feed-removed": text.feedRemoved
            case "feed-fetched": text.feedFetched
            case "feed-busy": text.feedBusy
            case "feed-none": text.feedNotFetching
            default: nil
            }
        let page = try editor(
            context.console, area: context.area, form: PlaceForm(context.place.place), existing: context.place,
            notice: notice)
        return .html(page.render())
    }

    /// `POST /admin/places/{id}`: every field or none.
    func update(_ context: PlaceConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(PlaceForm.self, code: "invalid_place")
        let before = context.place.place
        switch form.place(in: before.areaID, fixedID: before.id) {
        case .failure(let problems):
            return .html(
                try editor(
                    context.console, area: context.area, form: form, existing: context.place,
                    problems: problems.byField
                ).render(), status: .unprocessableContent)
        case .success(let place):
            if place != before {
                try store.savePlace(
                    place,
                    audit: context.console.audit(
                        "place.update", subject: place.id.rawValue, area: place.areaID, before: try Self.json(before),
                        after: try Self.json(place)))
            }
            return .redirect(to: Paths.Console.place(place.id, query: [("done", "saved")]))
        }
    }

    /// `POST /admin/places/{id}/archive`: gone from public pages, check-ins ended; restorable.
    func archive(_ context: PlaceConsoleContext) throws -> Response {
        let place = context.place.place
        guard context.place.archivedAt == nil else {
            return .redirect(to: Paths.Console.places(place.areaID))
        }
        let ended = try store.archivePlace(
            id: place.id, at: context.now,
            audit: context.console.audit(
                "place.archive", subject: place.id.rawValue, area: place.areaID, before: "public", after: "archived"))
        return .redirect(
            to: Paths.Console.places(place.areaID, query: [("done", "archived"), ("ended", String(ended))]))
    }

    /// `POST /admin/places/{id}/restore`.
    func restore(_ context: PlaceConsoleContext) throws -> Response {
        let place = context.place.place
        if context.place.archivedAt != nil {
            try store.restorePlace(
                id: place.id,
                audit: context.console.audit(
                    "place.restore", subject: place.id.rawValue, area: place.areaID, before: "archived",
                    after: "public"))
        }
        return .redirect(to: Paths.Console.places(place.areaID, query: [("done", "restored")]))
    }

    private func editor(
        _ context: ConsoleContext, area: Area, form: PlaceForm, existing: ConsolePlace?,
        problems: [String: String] = [:], notice: String? = nil
    ) throws -> PlaceEditorPage {
        let preview = form.place(in: area.id, fixedID: existing?.place.id).map(\.openingHours)
        return PlaceEditorPage(
            text: context.text, strings: context.strings, area: area, areas: try context.areas(),
            csrfToken: context.session.csrfToken, form: form, existing: existing, problems: problems,
            preview: (try? preview.get()) ?? existing?.place.openingHours, notice: notice,
            feed: try existing.flatMap { try store.feed(placeID: $0.place.id) }, tileURL: tileURL)
    }

    /// Whether a place's id or any of its names contains `search`, ignoring case; every place for an empty search.
    static func matches(_ place: Place, _ search: String) -> Bool {
        guard !search.isEmpty else { return true }
        return ([place.id.rawValue] + place.name.values.values).contains {
            $0.range(of: search, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
    }

    /// The place as the audit log keeps it.
    static func json(_ place: Place) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(place), as: UTF8.self)
    }
}
