import GrubmapCore
import GrubmapStore

/// `/admin/areas/{id}/name-suggestions`: a card per suggestion waiting, oldest first: the dish with its names now,
/// the name suggested and when, "Approve", and "Reject" with an optional reason.
struct NameSuggestionsConsolePage {
    let text: ConsoleStrings
    let area: Area
    let areas: [Area]
    let csrfToken: String
    let waiting: [PendingNameSuggestion]
    /// How many wait in all (the page lists the oldest ``NameSuggestionEdit/queueLimit``).
    let count: Int
    /// Problems by field id (``reasonID(_:)``).
    let problems: [String: String]
    /// The reason typed in the form that had a problem.
    let typedReason: String
    let notice: String?
    let dates: ConsoleDates

    /// The id of a suggestion's card.
    static func rowID(_ id: NameSuggestion.ID) -> String { "suggestion-\(id)" }

    /// The id of a suggestion's reason field.
    static func reasonID(_ id: NameSuggestion.ID) -> String { "suggestion-\(id)-reason" }

    func render() -> [UInt8] {
        let title = "\(text.nameSuggestions) · \(area.name.text(in: text.language))"
        return ConsoleLayout(text: text, title: title, areas: areas, currentAreaID: area.id, csrfToken: csrfToken)
            .render {
                el(.h1) { title }
                el(.p, .class("console-links")) {
                    el(.a, .href(Paths.Console.dishes(area.id))) { text.dishes }
                    el(.a, .href(Paths.Console.audit(area.id, query: [("action", NameSuggestionEdit.approveAction)]))) {
                        text.auditLog
                    }
                }
                el(.p, .class("meta")) { text.nameSuggestionsIntro }
                if let notice { el(.p, .class("notice success"), Attribute("role", "status")) { notice } }
                if !problems.isEmpty {
                    ErrorSummary(
                        title: text.fixTheFields,
                        items: problems.sorted { $0.key < $1.key }.map { (fieldID: $0.key, message: $0.value) }
                    ).node
                }
                if waiting.isEmpty {
                    el(.p) { text.noNameSuggestions }
                } else if count > waiting.count {
                    el(.p, .class("meta")) { text.oldestSuggestionsShown(waiting.count, of: count) }
                }
                el(.ul, .class("console-list suggestions")) {
                    for pending in waiting { row(pending) }
                }
            }
    }

    private func row(_ pending: PendingNameSuggestion) -> Node {
        let suggestion = pending.suggestion
        let dish = pending.dish
        let rowID = Self.rowID(suggestion.id)
        return el(.li, .class("card suggestion-row"), .id(rowID), Attribute("aria-labelledby", "\(rowID)-name")) {
            el(.h2, .id("\(rowID)-name"), .lang(suggestion.language.rawValue)) { suggestion.name }
            el(.dl, .class("suggestion-facts")) {
                el(.dt) { text.suggestedFor(suggestion.language) }
                el(.dd) {
                    el(.a, .href(Paths.Console.dishes(area.id, fragment: DishesConsolePage.rowID(dish.id)))) {
                        text.dishNumber(dish.id)
                    }
                }
                for language in [Language.korean, .english] {
                    el(.dt) { language == .korean ? text.koreanName : text.englishName }
                    if let name = dish.names[language] {
                        el(.dd, .lang(language.rawValue)) { name }
                    } else {
                        el(.dd, .class("meta")) { text.noNameYet }
                    }
                }
                el(.dt) { text.suggestedAt }
                el(.dd) { dates.text(suggestion.suggestedAt, in: area.clockTimeZone) }
            }
            el(.div, .class("suggestion-actions")) {
                el(
                    .form, Attribute("method", "post"),
                    Attribute("action", Paths.Console.approveNameSuggestion(suggestion.id))
                ) {
                    csrfField(csrfToken)
                    el(.button, .type("submit"), .class("button"), Attribute("aria-describedby", "\(rowID)-name")) {
                        text.approve
                    }
                }
                rejectForm(suggestion, rowID: rowID)
            }
        }
    }

    private func rejectForm(_ suggestion: NameSuggestion, rowID: String) -> Node {
        let id = Self.reasonID(suggestion.id)
        let problem = problems[id]
        return el(
            .form, .class("console-form"), Attribute("method", "post"),
            Attribute("action", Paths.Console.rejectNameSuggestion(suggestion.id))
        ) {
            csrfField(csrfToken)
            ConsoleField(
                name: "reason", label: text.rejectReason, value: problem == nil ? "" : typedReason,
                hint: text.rejectReasonHint, problem: problem, id: id
            ).node
            el(.button, .type("submit"), .class("button secondary"), Attribute("aria-describedby", "\(rowID)-name")) {
                text.reject
            }
        }
    }
}
