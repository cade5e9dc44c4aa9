import GrubmapCore
import GrubmapHTTP

/// The menu fields of a form (the board's choosers and the settings page): `priceRole`, `diet`, and
/// `avoidAllergens` once per allergen, where an empty value says the list was on the form (so no box ticked
/// clears it); read from a request, and drawn.
enum MenuPreferenceForm {
    /// The fields' values, for ``PreferenceChanges``.
    static func values(from fields: QueryFields) -> [String: PreferenceValue] {
        var values: [String: PreferenceValue] = [:]
        for key in [PreferenceKeys.priceRole.name, PreferenceKeys.diet.name] {
            if let text = fields[key] { values[key] = .text(text) }
        }
        let allergens = fields.values(for: PreferenceKeys.avoidAllergens.name)
        if !allergens.isEmpty {
            values[PreferenceKeys.avoidAllergens.name] = .list(allergens.filter { !$0.isEmpty }.map { .text($0) })
        }
        return values
    }

    /// The allergens to hide, one box each (the settings page shows the same).
    static func allergenField(strings: MenuStrings, avoiding: [Allergen]) -> Node {
        el(.fieldset, .class("field")) {
            el(.legend) { strings.avoidLabel }
            // Says the list was on the form, so sending no box clears it.
            el(.input, .type("hidden"), .name(PreferenceKeys.avoidAllergens.name), .value(""))
            el(.div, .class("allergens")) {
                for allergen in Allergen.allCases {
                    box(
                        "checkbox", name: PreferenceKeys.avoidAllergens.name, value: allergen.rawValue,
                        isChecked: avoiding.contains(allergen), label: strings.allergenName(allergen),
                        class: "allergen-choice")
                }
            }
        }
    }

    /// A radio button or a check box inside its label.
    static func box(
        _ type: String, name: String, value: String, isChecked: Bool, label: String, class className: String
    ) -> Node {
        el(.label, .class(className)) {
            el(
                .input,
                attributes: [.type(type), .name(name), .value(value)] + (isChecked ? [Attribute("checked", nil)] : []))
            el(.span) { label }
        }
    }
}
