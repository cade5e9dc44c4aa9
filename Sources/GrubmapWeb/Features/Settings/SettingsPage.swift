import GrubmapCore

/// `/settings`: default area, onboarding style, units, how menus are read (price role, diet, allergens),
/// language, notifications of followed dishes, and replaying onboarding.
struct SettingsPage {
    let strings: Strings
    let areas: [Area]
    let preferences: Preferences
    /// The unit of the browser's region, which "Same as my region" stands for.
    let browserUnits: DistanceUnit
    let csrfToken: String
    /// Shown after a save.
    var isSaved = false
    /// A refused field and why, shown next to the form; nothing was saved.
    var problem: (field: String, message: String)?

    func render() -> [UInt8] {
        Layout(strings: strings, title: strings.settings, areas: areas).render {
            el(.h1) { strings.settings }
            if isSaved {
                el(.p, .class("notice success"), Attribute("role", "status"), .data("flash", "")) {
                    strings.settingsSaved
                }
            }
            if let problem {
                ErrorSummary(
                    title: strings.settingsNotSaved,
                    items: [
                        (
                            fieldID(problem.field),
                            "\(label(problem.field)): \(strings.settingsProblem(field: problem.field, message: problem.message))"
                        )
                    ]
                ).node
            }
            el(
                .form, .id("settings-form"), Attribute("method", "post"), Attribute("action", Paths.settings()),
                .class("card panel settings")
            ) {
                el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
                areaField
                radios(
                    "onboardingStyle", legend: strings.onboardingStyleLabel,
                    options: OnboardingStyle.allCases.map {
                        ($0.rawValue, strings.onboardingStyleName($0), strings.onboardingStyleHint($0))
                    }, selected: preferences[PreferenceKeys.onboardingStyle].rawValue)
                radios(
                    "units", legend: strings.unitsLabel,
                    options: [("auto", strings.unitsAutomatic(browserUnits), nil)]
                        + DistanceUnit.allCases.map { ($0.rawValue, strings.unitName($0), nil) },
                    selected: preferences[PreferenceKeys.units]?.rawValue ?? "auto")
                let menus = MenuStrings.forLanguage(strings.language)
                radios(
                    PreferenceKeys.priceRole.name, legend: menus.payAs,
                    options: PriceRole.allCases.map { ($0.rawValue, menus.priceChoice($0), nil) },
                    selected: preferences[PreferenceKeys.priceRole].rawValue)
                radios(
                    PreferenceKeys.diet.name, legend: menus.dietLabel,
                    options: Diet.allCases.map { ($0.rawValue, menus.dietName($0), nil) },
                    selected: preferences[PreferenceKeys.diet].rawValue)
                MenuPreferenceForm.allergenField(strings: menus, avoiding: preferences[PreferenceKeys.avoidAllergens])
                radios(
                    "language", legend: strings.languageLabel,
                    options: [("auto", strings.languageAutomatic, nil), ("en", "English", nil), ("ko", "한국어", nil)],
                    languages: ["en": "en", "ko": "ko"],
                    selected: preferences[PreferenceKeys.language]?.rawValue ?? "auto")
                el(.div, .class("sheet-foot")) {
                    el(.button, .type("submit"), .class("button")) { strings.save }
                }
            }
            el(.p, .class("card panel settings-link")) {
                el(.a, .href(Paths.followedDishes())) { FollowStrings.forLanguage(strings.language).settingsLink }
            }
            notifications
            el(
                .form, Attribute("method", "post"), Attribute("action", Paths.replayOnboarding()),
                .class("card panel replay")
            ) {
                el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
                el(.p, .class("meta")) { strings.replayOnboardingHint }
                el(.button, .type("submit"), .class("button secondary")) { strings.replayOnboarding }
            }
        }
    }

    /// Push notifications of followed dishes: the button app.js shows and works (it subscribes this browser through
    /// the service worker and `POST /api/v1/me/push-subscriptions`); without it, or in a browser without push, the
    /// section says what notifications need.
    private var notifications: Node {
        let push = PushStrings(language: strings.language)
        return el(
            .section, .class("card panel notifications"), Attribute("aria-labelledby", "notifications-heading"),
            .data("push", ""), .data("csrf", csrfToken), .data("turn-on", push.turnOn), .data("turn-off", push.turnOff),
            .data("on", push.on), .data("denied", push.denied), .data("failed", push.failed)
        ) {
            el(.h2, .id("notifications-heading")) { push.heading }
            el(.p, .class("meta")) { push.explanation }
            el(.p, .class("notice"), .data("push-unsupported", "")) { push.needsJavaScript }
            el(.p, Attribute("role", "status"), .data("push-status", ""), Attribute("hidden", nil)) { "" }
            el(.button, .type("button"), .class("button secondary"), .data("action", "push"), Attribute("hidden", nil))
            {
                push.turnOn
            }
        }
    }

    /// The id of the control a summary's link for `field` goes to: the select, or a group's first choice.
    private func fieldID(_ field: String) -> String {
        switch field {
        case "defaultArea": "default-area"
        case "onboardingStyle": "onboardingStyle-\(OnboardingStyle.allCases[0].rawValue)"
        case "units": "units-auto"
        case "language": "language-auto"
        default: "settings-form"
        }
    }

    /// A field's label, as the form shows it.
    private func label(_ field: String) -> String {
        switch field {
        case "defaultArea": strings.defaultAreaLabel
        case "onboardingStyle": strings.onboardingStyleLabel
        case "units": strings.unitsLabel
        case "language": strings.languageLabel
        case PreferenceKeys.priceRole.name: MenuStrings.forLanguage(strings.language).payAs
        case PreferenceKeys.diet.name: MenuStrings.forLanguage(strings.language).dietLabel
        case PreferenceKeys.avoidAllergens.name: MenuStrings.forLanguage(strings.language).avoidLabel
        default: field
        }
    }

    /// The problem under a field, when it is the refused one.
    private func problemNode(_ field: String) -> Node {
        guard let problem, problem.field == field else { return .fragment([]) }
        return el(.p, .id("\(field)-problem"), .class("problem")) {
            strings.settingsProblem(field: problem.field, message: problem.message)
        }
    }

    /// `aria-describedby` for the refused field, and `aria-invalid` when it is one control (not a group).
    private func problemAttributes(_ field: String, isControl: Bool = true) -> [Attribute] {
        guard problem?.field == field else { return [] }
        return [Attribute("aria-describedby", "\(field)-problem")]
            + (isControl ? [Attribute("aria-invalid", "true")] : [])
    }

    private var areaField: Node {
        let selected = preferences[PreferenceKeys.defaultArea]
        return el(.div, .class("field")) {
            el(.label, Attribute("for", "default-area")) { strings.defaultAreaLabel }
            el(.select, attributes: [.id("default-area"), .name("defaultArea")] + problemAttributes("defaultArea")) {
                // Without a choice `/` finds the area (the one opened last, the nearest); saving the form must not
                // turn whatever option comes first into one.
                el(.option, attributes: [.value("auto")] + (selected == nil ? [Attribute("selected", nil)] : [])) {
                    strings.defaultAreaAutomatic
                }
                for area in areas {
                    el(
                        .option,
                        attributes: [.value(area.id.rawValue)]
                            + (area.id == selected ? [Attribute("selected", nil)] : [])
                            + area.name.langAttributes(on: strings.language)
                    ) { area.name.text(in: strings.language) }
                }
            }
            problemNode("defaultArea")
        }
    }

    /// A group of choices; `languages` gives the language of a choice's label by value (each language's own name
    /// is written in that language).
    private func radios(
        _ name: String, legend: String, options: [(String, String, String?)], languages: [String: String] = [:],
        selected: String
    ) -> Node {
        el(.fieldset, attributes: [.class("field")] + problemAttributes(name, isControl: false)) {
            el(.legend) { legend }
            problemNode(name)
            el(.div, .class("choices")) {
                for (value, label, hint) in options {
                    el(.label, .class("choice")) {
                        el(
                            .input,
                            attributes: [.type("radio"), .name(name), .value(value), .id("\(name)-\(value)")]
                                + (value == selected ? [Attribute("checked", nil)] : []))
                        el(.span, attributes: TextLanguage.attributes(languages[value], on: strings.language)) {
                            el(.strong) { label }
                            if let hint { el(.small) { hint } }
                        }
                    }
                }
            }
        }
    }
}
