import Foundation
import GrubmapCore
import GrubmapStore

/// `/admin/areas/{id}/places`: the area's places, archived ones marked, with a search.
struct PlaceListPage {
    let text: ConsoleStrings
    let area: Area
    let areas: [Area]
    let csrfToken: String
    let places: [ConsolePlace]
    let search: String
    let notice: String?
    /// The hour of the area's daily push message.
    let pushHour: Int

    func render() -> [UInt8] {
        let language = text.language
        let title = "\(text.places) · \(area.name.text(in: language))"
        return ConsoleLayout(text: text, title: title, areas: areas, currentAreaID: area.id, csrfToken: csrfToken)
            .render {
                el(.h1) { title }
                el(.p, .class("console-links")) {
                    el(.a, .href(Paths.Console.dishes(area.id))) { text.dishes }
                    el(.a, .href(Paths.Console.moderation(area.id))) { text.moderation }
                    el(.a, .href(Paths.Console.audit(area.id))) { text.auditLog }
                }
                if let notice { el(.p, .class("notice success"), Attribute("role", "status")) { notice } }
                el(.div, .class("console-tools")) {
                    el(
                        .form, .class("console-search"), Attribute("method", "get"), Attribute("role", "search"),
                        Attribute("action", Paths.Console.places(area.id))
                    ) {
                        el(.label, Attribute("for", "q"), .class("visually-hidden")) { text.search }
                        el(
                            .input, .type("search"), .id("q"), .name("q"), .value(search),
                            Attribute("placeholder", text.search))
                        el(.button, .type("submit"), .class("button secondary")) { text.searchButton }
                    }
                    el(.a, .class("button"), .href(Paths.Console.newPlace(area.id))) { text.newPlace }
                }
                el(.p, .class("meta")) { text.placeCount(places.count) }
                if places.isEmpty { el(.p) { text.noPlacesFound } }
                el(.ul, .class("console-list")) {
                    for entry in places {
                        let place = entry.place
                        el(.li, .class("card console-row" + (entry.archivedAt == nil ? "" : " archived"))) {
                            el(.div) {
                                el(
                                    .a,
                                    attributes: [.href(Paths.Console.place(place.id))]
                                        + place.name.langAttributes(on: language)
                                ) { place.name.text(in: language) }
                                el(.span, .class("meta")) { " " + place.id.rawValue }
                                if entry.archivedAt != nil { el(.span, .class("badge")) { text.archived } }
                            }
                            el(.div, .class("console-links")) {
                                el(
                                    .a, .href(Paths.Console.menus(place.id)),
                                    .ariaLabel("\(text.menus): \(place.name.text(in: language))")
                                ) { text.menus }
                                PlaceActions(text: text, entry: entry, csrfToken: csrfToken).node
                            }
                        }
                    }
                }
                PushHourConsoleFeature.form(text: text, area: area.id, hour: pushHour, csrfToken: csrfToken)
            }
    }
}

/// Archive or restore, as a small form.
struct PlaceActions {
    let text: ConsoleStrings
    let entry: ConsolePlace
    let csrfToken: String

    var node: Node {
        let id = entry.place.id
        let isArchived = entry.archivedAt != nil
        let action = isArchived ? Paths.Console.restorePlace(id) : Paths.Console.archivePlace(id)
        let label = isArchived ? text.restore : text.archive
        return el(.form, .class("inline"), Attribute("method", "post"), Attribute("action", action)) {
            csrfField(csrfToken)
            el(
                .button, .type("submit"), .class("button secondary small"),
                .ariaLabel("\(label): \(entry.place.name.text(in: text.language))")
            ) { label }
        }
    }
}

/// `/admin/places/{id}` and `/admin/areas/{id}/places/new`: every field of a place, and its hours as the public
/// page shows them.
struct PlaceEditorPage {
    let text: ConsoleStrings
    let words: ConsoleFormStrings
    let strings: Strings
    let area: Area
    let areas: [Area]
    let csrfToken: String
    let form: PlaceForm
    let existing: ConsolePlace?
    let problems: [String: String]
    let preview: OpeningHours?
    let notice: String?
    let feed: MenuFeed?
    /// The area's map to pick the position on, marked where the fields say.
    let picker: ConsolePositionMap
    /// The console's dates and the area's today: exceptions from it on are listed and previewed.
    let dates: ConsoleDates
    /// The time the page is made at: a feed due by then is shown as queued.
    let now: Date
    /// The dated exception form as typed, when it had problems.
    var exceptionForm = HoursExceptionForm()
    /// Whether the notice warns (a day just closed has a menu) rather than says what went well.
    var noticeWarns = false

    private var today: CalendarDate { dates.today }

    private var fieldOrder: [(String, String)] {
        [
            ("nameEn", text.nameIn(.english)), ("nameKo", text.nameIn(.korean)), ("id", text.placeID),
            ("kind", text.kind), ("latitude", text.latitude), ("address", text.address), ("phone", text.phone),
            ("website", text.website), ("seats", text.seats), ("descriptionEn", text.descriptionIn(.english)),
            ("descriptionKo", text.descriptionIn(.korean)),
        ]
            + Weekday.allCases.map { ("hours" + $0.code, strings.weekdayName($0)) }
            + [
                ("exceptionDate", text.exceptionDate), ("exceptionHours", text.exceptionHours),
                ("exceptionNote", text.exceptionNote),
            ]
    }

    func render() -> [UInt8] {
        let language = text.language
        let title = existing.map { $0.place.name.text(in: language) } ?? text.newPlace
        let action = existing.map { Paths.Console.place($0.place.id) } ?? Paths.Console.newPlace(area.id)
        return ConsoleLayout(
            text: text, title: title, areas: areas, currentAreaID: area.id, csrfToken: csrfToken,
            scripts: ["console.js"]
        )
        .render {
            el(.p) { el(.a, .href(Paths.Console.places(area.id))) { text.backToPlaces } }
            el(.h1) { title }
            if let notice {
                el(.p, .class(noticeWarns ? "notice warning" : "notice success"), Attribute("role", "status")) {
                    notice
                }
            }
            if let existing, existing.archivedAt != nil {
                el(.p, .class("notice")) { text.archived }
            } else if let existing {
                el(.p, .class("console-links")) {
                    el(.a, .href(Paths.Console.menus(existing.place.id))) { text.menus }
                    el(.a, .href(Paths.place(existing.place.id))) { text.viewPublicPage }
                }
            }
            if !problems.isEmpty {
                ErrorSummary(
                    title: text.fixTheFields,
                    items: fieldOrder.compactMap { name, label in problems[name].map { (name, "\(label): \($0)") } }
                ).node
            }
            el(
                .form, .class("card panel console-form"), Attribute("method", "post"), Attribute("action", action),
                Attribute("novalidate", nil)
            ) {
                csrfField(csrfToken)
                el(.div, .class("two-columns")) {
                    field("nameEn", text.nameIn(.english), form.nameEn, lang: "en")
                    field("nameKo", text.nameIn(.korean), form.nameKo, lang: "ko")
                }
                if existing == nil {
                    ConsoleField(
                        name: "id", label: text.placeID, value: form.id ?? "", hint: words.placeIDHint,
                        problem: problems["id"],
                        extra: [
                            .data("id-from-name", "nameEn nameKo"),
                            .data("suggest-url", Paths.Console.newPlaceID(area.id)),
                            Attribute("autocapitalize", "none"), Attribute("spellcheck", "false"),
                        ]
                    ).node
                }
                kindField
                el(.fieldset, .class("position")) {
                    el(.legend) { strings.location }
                    el(.p, .id("position-hint"), .class("hint")) { words.positionHint }
                    el(.div, .class("two-columns")) {
                        field(
                            "latitude", text.latitude, form.latitude, inputMode: "decimal",
                            describedBy: "position-hint")
                        field(
                            "longitude", text.longitude, form.longitude, inputMode: "decimal",
                            describedBy: "position-hint")
                    }
                    picker.node
                }
                field("address", text.address, form.address)
                el(.div, .class("two-columns")) {
                    field("phone", text.phone, form.phone, type: "tel")
                    field("website", text.website, form.website, type: "url")
                }
                field("seats", text.seats, form.seats, hint: text.seatsHint, inputMode: "numeric")
                textArea("descriptionEn", text.descriptionIn(.english), form.descriptionEn, lang: "en")
                textArea("descriptionKo", text.descriptionIn(.korean), form.descriptionKo, lang: "ko")
                el(.fieldset, .class("week-hours")) {
                    el(.legend) { text.weeklyHours }
                    el(.p, .id("hours-hint"), .class("hint")) { text.weeklyHoursHint }
                    for day in Weekday.allCases {
                        field(
                            "hours" + day.code, strings.weekdayName(day), form.hours[day], hint: nil,
                            describedBy: "hours-hint", placeholder: "11:00-14:00, 17:00-20:00")
                    }
                }
                el(.div, .class("sheet-foot")) {
                    el(.button, .type("submit"), .class("button")) { text.savePlace }
                    el(.a, .class("button secondary"), .href(Paths.Console.places(area.id))) { text.cancel }
                }
            }
            if let preview {
                el(.section, .class("card panel"), Attribute("aria-labelledby", "hours-preview")) {
                    el(.h2, .id("hours-preview")) { text.hoursPreview }
                    HoursTable(strings: strings, hours: preview, from: today).node
                }
            }
            if let existing, existing.archivedAt == nil {
                exceptionsPanel(existing.place)
            }
            if let existing {
                FeedPanel(
                    text: text, place: existing.place, feed: feed, csrfToken: csrfToken,
                    timeZone: area.clockTimeZone, dates: dates, now: now
                ).node
                PlaceActions(text: text, entry: existing, csrfToken: csrfToken).node
            }
        }
    }

    /// The upcoming dated exceptions, each removable, and the form to add one (`#exceptions`).
    private func exceptionsPanel(_ place: Place) -> Node {
        let upcoming = place.openingHours.exceptions(from: today)
        let closed = exceptionForm.closed ?? "1"
        return el(.section, .class("card panel"), .id("exceptions"), Attribute("aria-labelledby", "exceptions-title")) {
            el(.h2, .id("exceptions-title")) { text.hoursExceptions }
            el(.p, .class("hint")) { text.hoursExceptionsHint }
            if upcoming.isEmpty {
                el(.p, .class("meta")) { text.noHoursExceptions }
            } else {
                el(.ul, .class("console-list")) {
                    for exception in upcoming {
                        let date = dates.text(exception.date)
                        el(.li, .class("console-row")) {
                            el(.div) {
                                el(.strong) { date }
                                " · "
                                exception.isClosed
                                    ? text.exceptionClosed
                                    : exception.hours.map { "\($0.opens)–\($0.closes)" }.joined(separator: ", ")
                                if let note = exception.note { el(.span, .class("meta")) { " · " + note } }
                            }
                            el(
                                .form, .class("inline"), Attribute("method", "post"),
                                Attribute("action", Paths.Console.removeHoursException(place.id))
                            ) {
                                csrfField(csrfToken)
                                el(.input, .type("hidden"), .name("date"), .value(exception.date.description))
                                el(
                                    .button, .type("submit"), .class("button secondary small"),
                                    .ariaLabel("\(text.removeException): \(date)")
                                ) { text.removeException }
                            }
                        }
                    }
                }
            }
            el(
                .form, .class("console-form"), Attribute("method", "post"),
                Attribute("action", Paths.Console.hoursException(place.id)), Attribute("novalidate", nil)
            ) {
                csrfField(csrfToken)
                // Typed as the console shows dates (a browser's date field would show its own locale's order).
                ConsoleField(
                    name: "date", label: text.exceptionDate, value: exceptionForm.date ?? "",
                    hint: words.dateHint(dates.shortText(today.adding(days: 3))), problem: problems["exceptionDate"],
                    extra: [Attribute("placeholder", dates.text(today.adding(days: 3)))], id: "exceptionDate"
                ).node
                el(.fieldset, .class("field")) {
                    el(.legend, .class("visually-hidden")) { text.hoursExceptions }
                    el(.div, .class("choices inline")) {
                        for (value, label) in [("1", text.exceptionClosed), ("0", text.exceptionOtherHours)] {
                            el(.label, .class("choice")) {
                                el(
                                    .input,
                                    attributes: [.type("radio"), .name("closed"), .value(value)]
                                        + (closed == value ? [Attribute("checked", nil)] : []))
                                el(.span) { label }
                            }
                        }
                    }
                }
                ConsoleField(
                    name: "hours", label: text.exceptionHours, value: exceptionForm.hours ?? "",
                    problem: problems["exceptionHours"], extra: [Attribute("placeholder", "11:00-14:00")],
                    id: "exceptionHours"
                ).node
                ConsoleField(
                    name: "note", label: text.exceptionNote, value: exceptionForm.note ?? "",
                    hint: text.exceptionNoteHint, problem: problems["exceptionNote"], id: "exceptionNote"
                ).node
                el(.button, .type("submit"), .class("button")) { text.addException }
            }
        }
    }

    private func field(
        _ name: String, _ label: String, _ value: String?, type: String = "text", hint: String? = nil,
        lang: String? = nil, inputMode: String? = nil, describedBy: String? = nil, placeholder: String? = nil
    ) -> Node {
        var extra: [Attribute] = []
        if let lang { extra.append(.lang(lang)) }
        if let inputMode { extra.append(Attribute("inputmode", inputMode)) }
        if let placeholder { extra.append(Attribute("placeholder", placeholder)) }
        if let describedBy, problems[name] == nil { extra.append(Attribute("aria-describedby", describedBy)) }
        return ConsoleField(
            name: name, label: label, value: value ?? "", type: type, hint: hint, problem: problems[name], extra: extra
        ).node
    }

    private func textArea(_ name: String, _ label: String, _ value: String?, lang: String) -> Node {
        let problem = problems[name]
        return el(.div, .class("field")) {
            el(.label, Attribute("for", name)) { label }
            el(
                .textarea,
                attributes: [.id(name), .name(name), Attribute("rows", "3"), .lang(lang)]
                    + (problem == nil
                        ? [] : [Attribute("aria-invalid", "true"), Attribute("aria-describedby", "\(name)-problem")])
            ) { value ?? "" }
            if let problem { el(.p, .id("\(name)-problem"), .class("problem")) { problem } }
        }
    }

    private var kindField: Node {
        el(.div, .class("field")) {
            el(.label, Attribute("for", "kind")) { text.kind }
            el(.select, .id("kind"), .name("kind")) {
                for kind in Place.Kind.allCases {
                    let selected: [Attribute] = form.kind == kind.rawValue ? [Attribute("selected", nil)] : []
                    el(.option, attributes: [.value(kind.rawValue)] + selected) { strings.kindName(kind) }
                }
            }
            if let problem = problems["kind"] { el(.p, .id("kind-problem"), .class("problem")) { problem } }
        }
    }
}
