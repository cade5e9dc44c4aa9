import GrubmapCore

/// `/admin/areas/{id}/dishes`: a card per dish with its names and keys; its forms fold away under "Change" so a
/// long list stays short on a phone, and open on the dish whose form had a problem.
struct DishesConsolePage {
    let text: ConsoleStrings
    let area: Area
    let areas: [Area]
    let csrfToken: String
    let dishes: [Dish]
    /// Problems by field id (``fieldID(_:_:)``).
    let problems: [String: String]
    /// The dish whose forms are shown open.
    let open: Dish.ID?
    let notice: String?

    /// The id of the list of every dish that "Merge into…" offers.
    static let choicesID = "dish-choices"

    /// The id of a dish's card, the fragment its changes come back to.
    static func rowID(_ dish: Dish.ID) -> String { "dish-\(dish)" }

    /// The id of a field of a dish's forms: `ko`, `en`, `into`, `key`, `split-ko`, `split-en`.
    static func fieldID(_ dish: Dish.ID, _ field: String) -> String { "dish-\(dish)-\(field)" }

    func render() -> [UInt8] {
        let language = text.language
        let title = "\(text.dishes) · \(area.name.text(in: language))"
        return ConsoleLayout(text: text, title: title, areas: areas, currentAreaID: area.id, csrfToken: csrfToken)
            .render {
                el(.h1) { title }
                el(.p, .class("console-links")) {
                    el(.a, .href(Paths.Console.places(area.id))) { text.places }
                    el(.a, .href(Paths.Console.nameSuggestions(area.id))) { text.nameSuggestions }
                    el(.a, .href(Paths.Console.audit(area.id, query: [("action", "dish.merge")]))) { text.auditLog }
                }
                el(.p, .class("meta")) { text.dishesIntro }
                if let notice { el(.p, .class("notice success"), Attribute("role", "status")) { notice } }
                if !problems.isEmpty {
                    // Each problem links to its field, inside the dish's open form further down.
                    ErrorSummary(
                        title: text.fixTheFields,
                        items: problems.sorted { $0.key < $1.key }.map { (fieldID: $0.key, message: $0.value) }
                    ).node
                }
                if dishes.isEmpty { el(.p) { text.noDishes } }
                el(.ul, .class("console-list dishes")) {
                    for dish in dishes { row(dish) }
                }
                el(.datalist, .id(Self.choicesID)) {
                    for dish in dishes { el(.option, .value(dish.id.description)) { summary(dish) } }
                }
            }
    }

    private func row(_ dish: Dish) -> Node {
        let name = dish.names[text.language] ?? dish.names.values.sorted().first ?? dish.keys.first?.rawValue ?? ""
        let isOpen = open == dish.id
        return el(
            .li, .class("card dish-row"), .id(Self.rowID(dish.id)),
            Attribute("aria-labelledby", "\(Self.rowID(dish.id))-name")
        ) {
            el(.div, .class("dish-head")) {
                el(.h2, .id("\(Self.rowID(dish.id))-name")) {
                    el(.a, .href(Paths.dish(dish.id))) { name }
                }
                el(.span, .class("meta")) { "#\(dish.id)" }
            }
            el(.p, .class("meta dish-keys")) {
                text.dishKeys(dish.keys.count) + " "
                for (index, key) in dish.keys.enumerated() {
                    if index > 0 { ", " }
                    el(.code) { key.rawValue }
                }
            }
            el(.details, attributes: isOpen ? [Attribute("open", nil)] : []) {
                el(.summary) { text.changeDish }
                namesForm(dish)
                if dishes.count > 1 { mergeForm(dish) }
                // With one key there is nothing to split; the form stays to show why a split was refused.
                if dish.keys.count > 1 || problems[Self.fieldID(dish.id, "key")] != nil { splitForm(dish) }
            }
        }
    }

    private func namesForm(_ dish: Dish) -> Node {
        el(
            .form, .class("console-form"), Attribute("method", "post"),
            Attribute("action", Paths.Console.dishNames(dish.id))
        ) {
            csrfField(csrfToken)
            nameField(dish.id, "ko", name: "ko", label: text.koreanName, value: dish.names[.korean] ?? "")
            nameField(dish.id, "en", name: "en", label: text.englishName, value: dish.names[.english] ?? "")
            el(.button, .type("submit"), .class("button secondary")) { text.saveNames }
        }
    }

    /// "Merge into…" takes the other dish's number, offered from the page's one list of dishes (``choicesID``), so
    /// the page does not grow with the square of the dishes.
    private func mergeForm(_ dish: Dish) -> Node {
        let id = Self.fieldID(dish.id, "into")
        return el(
            .form, .class("console-form"), Attribute("method", "post"),
            Attribute("action", Paths.Console.mergeDish(dish.id))
        ) {
            csrfField(csrfToken)
            ConsoleField(
                name: "into", label: text.mergeInto, hint: text.mergeHint, problem: problems[id], required: true,
                extra: [Attribute("list", Self.choicesID), Attribute("inputmode", "numeric")], id: id
            ).node
            el(.button, .type("submit"), .class("button secondary")) { text.merge }
        }
    }

    private func splitForm(_ dish: Dish) -> Node {
        el(
            .form, .class("console-form"), Attribute("method", "post"),
            Attribute("action", Paths.Console.splitDish(dish.id))
        ) {
            csrfField(csrfToken)
            choice(Self.fieldID(dish.id, "key"), name: "key", label: text.splitKey, hint: text.splitHint) {
                for key in dish.keys { el(.option, .value(key.rawValue)) { key.rawValue } }
            }
            nameField(dish.id, "split-ko", name: "ko", label: text.newDishKoreanName, value: "")
            nameField(dish.id, "split-en", name: "en", label: text.newDishEnglishName, value: "")
            el(.button, .type("submit"), .class("button secondary")) { text.split }
        }
    }

    private func nameField(_ dish: Dish.ID, _ field: String, name: String, label: String, value: String) -> Node {
        let id = Self.fieldID(dish, field)
        return ConsoleField(
            name: name, label: label, value: value, hint: text.dishNameHint, problem: problems[id],
            extra: [Attribute("lang", field.hasSuffix("ko") ? "ko" : "en")], id: id
        ).node
    }

    /// A labelled `select`, with its hint and problem tied to it.
    private func choice(
        _ id: String, name: String, label: String, hint: String, @NodeBuilder options: () -> [Node]
    ) -> Node {
        let problem = problems[id]
        var attributes: [Attribute] = [
            .id(id), .name(name),
            Attribute("aria-describedby", "\(id)-hint" + (problem == nil ? "" : " \(id)-problem")),
        ]
        if problem != nil { attributes.append(Attribute("aria-invalid", "true")) }
        return el(.div, .class("field")) {
            el(.label, Attribute("for", id)) { label }
            el(.select, attributes: attributes) { options() }
            el(.small, .id("\(id)-hint"), .class("hint")) { hint }
            if let problem { el(.p, .id("\(id)-problem"), .class("problem")) { problem } }
        }
    }

    /// A dish as an option names it: its names, else its first key.
    private func summary(_ dish: Dish) -> String {
        let names = [dish.names[.korean], dish.names[.english]].compactMap { $0 }
        return names.isEmpty ? dish.keys.first?.rawValue ?? "" : names.joined(separator: " / ")
    }
}
