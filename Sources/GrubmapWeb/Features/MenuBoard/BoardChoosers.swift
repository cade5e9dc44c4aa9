import GrubmapCore

/// The board's two choosers, each a form that posts to `/settings/menus` and comes back: "I pay as" (one button
/// per role, so one tap saves it, with or without JavaScript; only where the menus' prices are for more than one
/// role, so not at a venue whose prices are for everyone) and the dietary filter (a diet and the allergens to
/// hide). The filter's form is on the page only when asked for (`?filter=open`, a link the script follows in
/// place): most visits never open it, and its two dozen fields would be a tenth of the board.
struct BoardChoosers {
    let reading: MenuReading
    let csrfToken: String
    let returnPath: String
    /// The board with its filter open.
    let filterOpenLink: String
    /// The board with the filter closed, when it is open now; `nil` when it is closed.
    let filterCloseLink: String?

    private var strings: MenuStrings { reading.strings }

    var node: Node {
        fragment {
            if reading.namesRoles { roleChooser }
            filter
        }
    }

    private var hiddenFields: Node {
        fragment {
            el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
            el(.input, .type("hidden"), .name("return"), .value(returnPath))
        }
    }

    private var roleChooser: Node {
        el(.form, .class("role-chooser"), Attribute("method", "post"), Attribute("action", Paths.menuPreferences())) {
            hiddenFields
            el(.span, .class("label"), .id("pay-as")) { strings.payAs }
            el(.div, .class("segmented roles"), Attribute("role", "group"), Attribute("aria-labelledby", "pay-as")) {
                for role in PriceRole.allCases {
                    el(
                        .button, .type("submit"), .name(PreferenceKeys.priceRole.name), .value(role.rawValue),
                        Attribute("aria-pressed", role == reading.priceRole ? "true" : "false")
                    ) { strings.priceChoice(role) }
                }
            }
        }
    }

    private var filter: Node {
        let current = reading.filter
        let summary = fragment {
            el(.span, .class("filter-label")) { strings.filterLabel }
            el(.span, .class(current.isEmpty ? "filter-state" : "filter-state is-active")) {
                strings.filterSummary(current)
            }
        }
        guard let closeLink = filterCloseLink else {
            return el(.div, .class("diet-filter"), .id("filter")) {
                el(.a, .class("filter-toggle"), .href(filterOpenLink), Attribute("aria-expanded", "false")) { summary }
            }
        }
        return el(.div, .class("diet-filter is-open"), .id("filter")) {
            el(.a, .class("filter-toggle"), .href(closeLink), Attribute("aria-expanded", "true")) { summary }
            el(.form, Attribute("method", "post"), Attribute("action", Paths.menuPreferences())) {
                hiddenFields
                el(.fieldset, .class("field")) {
                    el(.legend) { strings.dietLabel }
                    el(.div, .class("choices inline")) {
                        for diet in Diet.allCases {
                            MenuPreferenceForm.box(
                                "radio", name: PreferenceKeys.diet.name, value: diet.rawValue,
                                isChecked: diet == current.diet, label: strings.dietName(diet), class: "choice")
                        }
                    }
                }
                MenuPreferenceForm.allergenField(strings: strings, avoiding: current.avoiding)
                el(.button, .type("submit"), .class("button")) { strings.apply }
            }
        }
    }
}
