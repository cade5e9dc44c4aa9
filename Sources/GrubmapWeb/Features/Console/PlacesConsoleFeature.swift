import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// The console's places: each area's list with search, making and editing a place (names, an id made from them,
/// kind, a position picked on the area's map or typed, contact, description, weekly hours with a preview, dated
/// exceptions to them), archiving and restoring. Every change is audited.
struct PlacesConsoleFeature: RouteCollection {
    let store: any ConsoleStore & FeedStore & MenuStore & BasemapStore & PushStore
    let scope: ConsolePlaceScope
    /// The tile server of the position picker's map (the public area map's `--tile-url`).
    let tileURL: String?
    /// The basemap layers the picker draws from, as the area maps keep them.
    let caches: MapCaches

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.places, .area, list)
        routes.add(.get, Paths.Console.newPlace, .area, newPlace)
        routes.add(.post, Paths.Console.newPlace, .area, create)
        routes.add(.get, Paths.Console.newPlaceID, .area, newPlaceID)
        routes.add(.get, Paths.Console.place, scope.scope, edit)
        routes.add(.post, Paths.Console.place, scope.scope, update)
        routes.add(.post, Paths.Console.archivePlace, scope.scope, archive)
        routes.add(.post, Paths.Console.restorePlace, scope.scope, restore)
        routes.add(.post, Paths.Console.hoursException, scope.scope, addException)
        routes.add(.post, Paths.Console.removeHoursException, scope.scope, removeException)
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
            case PushHourConsoleFeature.doneValue: context.text.pushHourNotice
            default: nil
            }
        let page = PlaceListPage(
            text: context.text, area: context.area, areas: try context.console.areas(),
            csrfToken: context.session.csrfToken, places: places, search: search, notice: notice,
            pushHour: try store.pushHours()[context.area.id] ?? PushSchedule.defaultHour)
        return .html(page.render())
    }

    /// `GET /admin/areas/{id}/places/new`: no position until one is clicked or typed.
    func newPlace(_ context: AreaConsoleContext) throws -> Response {
        var form = PlaceForm()
        form.kind = Place.Kind.restaurant.rawValue
        return .html(try editor(context.console, area: context.area, form: form, existing: nil).render())
    }

    /// `GET /admin/areas/{id}/places/new/id?name=…`: the id a new place of that name would get, for the form's
    /// script to show as the name is typed.
    func newPlaceID(_ context: AreaConsoleContext) throws -> Response {
        var form = PlaceForm()
        form.nameEn = String((context.request.query["name"] ?? "").prefix(PlaceForm.textLimit))
        let id = try form.placeID { try store.consolePlace(id: $0) != nil }
        var response = Response.json(["id": id?.rawValue ?? ""])
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// `POST /admin/areas/{id}/places/new`: a click on the map shows the form again with the position set; else the
    /// place is made, with an id from its name when none was typed.
    func create(_ context: AreaConsoleContext) throws -> Response {
        var form = try context.request.decodeForm(PlaceForm.self, code: "invalid_place")
        let words = ConsoleFormStrings.forLanguage(context.text.language)
        if let picked = try picked(context.request, area: context.area, words: words, into: &form) {
            return .html(
                try editor(context.console, area: context.area, form: form, existing: nil, notice: picked).render())
        }
        if (form.id ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            form.id = try form.placeID { try store.consolePlace(id: $0) != nil }?.rawValue
        }
        switch form.place(in: context.area.id, fixedID: nil, words: words) {
        case .failure(let problems):
            return .html(
                try editor(context.console, area: context.area, form: form, existing: nil, problems: problems.byField)
                    .render(), status: .unprocessableContent)
        case .success(let place):
            do {
                try store.createPlace(
                    place,
                    audit: context.console.audit(
                        "place.create", subject: place.id.rawValue, area: context.area.id, before: nil,
                        after: try Self.json(place)))
            } catch StoreError.placeIDTaken(let id) {
                // Taken in any area, this operator's or not: the form again, nothing saved.
                let problems = ["id": context.text.placeIDTaken(id)]
                return .html(
                    try editor(context.console, area: context.area, form: form, existing: nil, problems: problems)
                        .render(), status: .conflict)
            }
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
            case "feed-queued": text.feedQueued
            case "feed-busy": text.feedBusy
            case "feed-none": text.feedNotFetching
            case "exception-added": text.exceptionAdded
            case "exception-removed": text.exceptionRemoved
            default: nil
            }
        let warning = context.request.query["done"] == "exception-added" ? try closedOverMenu(context) : nil
        var page = try editor(
            context.console, area: context.area, form: PlaceForm(context.place.place), existing: context.place,
            notice: warning ?? notice)
        page.noticeWarns = warning != nil
        return .html(page.render())
    }

    /// The warning for a day just closed that has a menu (`menu=YYYY-MM-DD` after adding an exception), when it
    /// still has one and is still closed.
    private func closedOverMenu(_ context: PlaceConsoleContext) throws -> String? {
        let place = context.place.place
        guard let text = context.request.query["menu"], text.utf8.count == 10,
            let date = try? CalendarDate(parsing: text), DayClosure.of(place, on: date) != nil,
            try store.menu(placeID: place.id, on: date).map({ !$0.isClosed }) == true
        else { return nil }
        let dates = MenusConsoleFeature.dates(context)
        return ConsoleFormStrings.forLanguage(dates.language).exceptionOverMenu(dates.text(date))
    }

    /// `POST /admin/places/{id}`: every field or none; a click on the map shows the form again with the position
    /// set, unsaved.
    func update(_ context: PlaceConsoleContext) throws -> Response {
        var form = try context.request.decodeForm(PlaceForm.self, code: "invalid_place")
        let words = ConsoleFormStrings.forLanguage(context.text.language)
        if let picked = try picked(context.request, area: context.area, words: words, into: &form) {
            return .html(
                try editor(context.console, area: context.area, form: form, existing: context.place, notice: picked)
                    .render())
        }
        let before = context.place.place
        switch form.place(in: before.areaID, fixedID: before.id, words: words) {
        case .failure(let problems):
            return .html(
                try editor(
                    context.console, area: context.area, form: form, existing: context.place,
                    problems: problems.byField
                ).render(), status: .unprocessableContent)
        case .success(var place):
            // The weekly form leaves the dated exceptions as they are; they have their own form.
            place.openingHours = try OpeningHours(
                rules: place.openingHours.rules, exceptions: before.openingHours.exceptions)
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

    /// `POST /admin/places/{id}/exceptions`: one date closed or with other hours, replacing that date's exception.
    /// A day closed that has a menu is saved all the same (the menu is kept, shown as closed), and the page warns.
    func addException(_ context: PlaceConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(HoursExceptionForm.self, code: "invalid_exception")
        let before = context.place.place
        let dates = MenusConsoleFeature.dates(context)
        let hours: OpeningHours
        let exception: OpeningHours.Exception
        do {
            exception = try form.exception(dates: dates, text: context.text).get()
            hours = try HoursExceptionForm.adding(exception, to: before.openingHours, today: dates.today)
        } catch let error as PlaceForm.Problems {
            return try exceptionProblems(context, form: form, problems: error.byField)
        } catch let error as OpeningHoursError {
            return try exceptionProblems(
                context, form: form,
                problems: ["exceptionDate": ConsoleProblemStrings.forLanguage(dates.language).hours(error)])
        }
        var place = before
        place.openingHours = hours
        if place != before {
            try store.savePlace(
                place,
                audit: context.console.audit(
                    "place.exception.add", subject: place.id.rawValue, area: place.areaID,
                    before: try before.openingHours.exception(on: exception.date).map(Self.json),
                    after: try Self.json(exception)))
        }
        var query = [("done", "exception-added")]
        if exception.isClosed, try store.menu(placeID: place.id, on: exception.date).map({ !$0.isClosed }) == true {
            query.append(("menu", exception.date.description))
        }
        return .redirect(to: Paths.Console.place(place.id, query: query, fragment: "exceptions"))
    }

    /// `POST /admin/places/{id}/exceptions/remove` with `date`.
    func removeException(_ context: PlaceConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(HoursExceptionForm.self, code: "invalid_exception")
        let before = context.place.place
        guard let date = try? CalendarDate(parsing: form.date ?? ""),
            let removed = before.openingHours.exception(on: date)
        else {
            throw HTTPError.badRequest(context.text.exceptionDateProblem, code: "invalid_exception")
        }
        var place = before
        place.openingHours = try OpeningHours(
            rules: before.openingHours.rules, exceptions: before.openingHours.exceptions.filter { $0.date != date })
        try store.savePlace(
            place,
            audit: context.console.audit(
                "place.exception.remove", subject: place.id.rawValue, area: place.areaID,
                before: try Self.json(removed), after: nil))
        return .redirect(
            to: Paths.Console.place(place.id, query: [("done", "exception-removed")], fragment: "exceptions"))
    }

    private func exceptionProblems(
        _ context: PlaceConsoleContext, form: HoursExceptionForm, problems: [String: String]
    ) throws -> Response {
        var page = try editor(
            context.console, area: context.area, form: PlaceForm(context.place.place), existing: context.place,
            problems: problems)
        page.exceptionForm = form
        return .html(page.render(), status: .unprocessableContent)
    }

    private func editor(
        _ context: ConsoleContext, area: Area, form: PlaceForm, existing: ConsolePlace?,
        problems: [String: String] = [:], notice: String? = nil
    ) throws -> PlaceEditorPage {
        let exceptions = existing?.place.openingHours.exceptions ?? []
        let preview = form.place(in: area.id, fixedID: existing?.place.id).map {
            (try? OpeningHours(rules: $0.openingHours.rules, exceptions: exceptions)) ?? $0.openingHours
        }
        let others = try store.consolePlaces(inArea: area.id).filter {
            $0.archivedAt == nil && $0.place.id != existing?.place.id
        }.map(\.place)
        let words = ConsoleFormStrings.forLanguage(context.text.language)
        let picker = ConsolePositionMap(
            area: area, places: others, basemap: tileURL == nil ? try store.basemap(areaID: area.id) : nil,
            tileURL: tileURL, caches: caches, language: context.text.language, picked: form.coordinate,
            label: words.mapPickerLabel(area.name.text(in: context.text.language), others.count),
            pickedText: context.text.positionPicked, mapStrings: MapStrings.forLanguage(context.text.language))
        return PlaceEditorPage(
            text: context.text, words: words, strings: context.strings, area: area, areas: try context.areas(),
            csrfToken: context.session.csrfToken, form: form, existing: existing, problems: problems,
            preview: (try? preview.get()) ?? existing?.place.openingHours, notice: notice,
            feed: try existing.flatMap { try store.feed(placeID: $0.place.id) }, picker: picker,
            dates: ConsoleDates(
                language: context.text.language,
                today: CalendarDate.local(context.base.now, in: area.clockTimeZone).date),
            now: context.base.now)
    }

    /// The position a click on the picker's map sent (`pick-narrow.x`, `pick-narrow.y`, or the wide map's), set
    /// into `form`; returns the notice to show, or `nil` when the form was sent otherwise. A click at 0,0 is how
    /// browsers send Enter in a field of the form (its first submit button is the map): that saves, as it should.
    private func picked(
        _ request: Request, area: Area, words: ConsoleFormStrings, into form: inout PlaceForm
    ) throws -> String? {
        let fields = try request.formFields()
        for variant in ConsolePositionMap.Variant.allCases {
            guard let xText = fields[variant.fieldName + ".x"], let yText = fields[variant.fieldName + ".y"] else {
                continue
            }
            guard let x = Double(xText), let y = Double(yText), x.isFinite, y.isFinite else {
                throw HTTPError.badRequest("A click on the map sends two numbers.", code: "invalid_place")
            }
            if x == 0 && y == 0 { return nil }
            let layout = ConsolePositionMap.Layout(bounds: area.bounds, variant: variant)
            guard let coordinate = layout.coordinate(x: x, y: y) else {
                throw HTTPError.badRequest("The click was outside the map.", code: "invalid_place")
            }
            form.latitude = FixedPoint.text(coordinate.latitude, digits: 6)
            form.longitude = FixedPoint.text(coordinate.longitude, digits: 6)
            return words.positionSetUnsaved
        }
        return nil
    }

    /// Whether a place's id or any of its names contains `search`, ignoring case; every place for an empty search.
    static func matches(_ place: Place, _ search: String) -> Bool {
        guard !search.isEmpty else { return true }
        return ([place.id.rawValue] + place.name.values.values).contains {
            $0.range(of: search, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
    }

    /// The place (or an exception to its hours) as the audit log keeps it.
    static func json(_ place: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(place), as: UTF8.self)
    }
}
