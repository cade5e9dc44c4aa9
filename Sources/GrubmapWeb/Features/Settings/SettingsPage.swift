import GrubmapCore

/// `/settings`: default area, onboarding style, units, language, and replaying onboarding.
struct SettingsPage {
    let strings: Strings
    let areas: [Area]
    let preferences: Preferences
    let csrfToken: String
    /// Shown after a save.
    var isSaved = false
    /// A refused field and why, shown next to the form; nothing was saved.
    var problem: (field: String, message: String)?

    func render() -> String {
        Layout(strings: strings, title: strings.settings, areas: areas).render {
            el(.h1) { strings.settings }
            if isSaved {
                el(.p, .class("notice success"), Attribute("role", "status")) { strings.settingsSaved }
            }
            if let problem {
                el(.p, .class("notice"), Attribute("role", "alert")) { "\(problem.field): \(problem.message)" }
            }
            el(.form, Attribute("method", "post"), Attribute("action", Paths.settings()), .class("card panel settings"))
            {
                el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
                areaField
                radios(
                    "onboardingStyle", legend: strings.onboardingStyleLabel,
                    options: OnboardingStyle.allCases.map {
                        ($0.rawValue, strings.onboardingStyleName($0), strings.onboardingStyleHint($0))
                    }, selected: preferences[PreferenceKeys.onboardingStyle].rawValue)
                radios(
                    "units", legend: strings.unitsLabel,
                    options: DistanceUnit.allCases.map { ($0.rawValue, strings.unitName($0), nil) },
                    selected: preferences[PreferenceKeys.units].rawValue)
                radios(
                    "language", legend: strings.languageLabel,
                    options: [("auto", strings.languageAutomatic, nil), ("en", "English", nil), ("ko", "한국어", nil)],
                    selected: preferences[PreferenceKeys.language]?.rawValue ?? "auto")
                el(.div, .class("sheet-foot")) {
                    el(.button, .type("submit"), .class("button")) { strings.save }
                }
            }
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

    private var areaField: Node {
        let selected = preferences[PreferenceKeys.defaultArea]
        return el(.div, .class("field")) {
            el(.label, Attribute("for", "default-area")) { strings.defaultAreaLabel }
            el(.select, .id("default-area"), .name("defaultArea")) {
                for area in areas {
                    el(
                        .option,
                        attributes: [.value(area.id.rawValue)]
                            + (area.id == selected ? [Attribute("selected", nil)] : [])
                    ) { area.name.text(in: strings.language) }
                }
            }
        }
    }

    private func radios(_ name: String, legend: String, options: [(String, String, String?)], selected: String) -> Node
    {
        el(.fieldset, .class("field")) {
            el(.legend) { legend }
            el(.div, .class("choices")) {
                for (value, label, hint) in options {
                    el(.label, .class("choice")) {
                        el(
                            .input,
                            attributes: [.type("radio"), .name(name), .value(value)]
                                + (value == selected ? [Attribute("checked", nil)] : []))
                        el(.span) {
                            el(.strong) { label }
                            if let hint { el(.small) { hint } }
                        }
                    }
                }
            }
        }
    }
}
