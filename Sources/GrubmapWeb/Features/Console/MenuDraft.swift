import Foundation
import GrubmapCore
import GrubmapHTTP

/// A day's menu as the console's form holds it: closed with a note, or categories of meals with notes and prices
/// per role, as typed. Blank rows are ignored, so the form can offer empty ones to fill in without a script.
///
/// Fields: `closed`, `note`, and for category `c` and meal `m`: `c0-name`, `c0-m0-name`, `c0-m0-notes` (comma
/// separated), `c0-m0-student`, `c0-m0-employee`, `c0-m0-pupil`, `c0-m0-other`.
struct MenuDraft: Equatable {
    struct MealDraft: Equatable {
        var name = ""
        var notes = ""
        var prices: [PriceRole: String] = [:]

        var isBlank: Bool {
            name.trimmingCharacters(in: .whitespaces).isEmpty && notes.trimmingCharacters(in: .whitespaces).isEmpty
                && prices.values.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
    }

    struct CategoryDraft: Equatable {
        var name = ""
        var meals: [MealDraft] = []
    }

    /// The most categories and meals per category a form may send; more is refused, not truncated silently.
    static let maximumCategories = 12
    static let maximumMeals = 30

    var closed = false
    var note = ""
    var categories: [CategoryDraft] = []

    init() {}

    /// The draft of a stored menu.
    init(_ menu: Menu) {
        closed = menu.isClosed
        note = menu.note ?? ""
        categories = menu.categories.map { category in
            CategoryDraft(
                name: category.name,
                meals: category.meals.map { meal in
                    MealDraft(
                        name: meal.name, notes: meal.notes.joined(separator: ", "),
                        prices: Dictionary(
                            meal.prices.map { ($0.role, NSDecimalNumber(decimal: $0.amount).stringValue) },
                            uniquingKeysWith: { first, _ in first }))
                })
        }
    }

    /// The draft a form sent.
    init(fields: QueryFields) throws(HTTPError) {
        closed = ["1", "on", "true"].contains(fields["closed"] ?? "")
        note = fields["note"] ?? ""
        for c in 0..<(Self.maximumCategories + 1) {
            let prefix = "c\(c)-"
            guard fields.pairs.contains(where: { $0.name.hasPrefix(prefix) }) else { continue }
            guard c < Self.maximumCategories else {
                throw .badRequest("A day may have at most \(Self.maximumCategories) categories.", code: "invalid_menu")
            }
            var category = CategoryDraft(name: fields[prefix + "name"] ?? "")
            for m in 0..<(Self.maximumMeals + 1) {
                let mealPrefix = prefix + "m\(m)-"
                guard fields.pairs.contains(where: { $0.name.hasPrefix(mealPrefix) }) else { continue }
                guard m < Self.maximumMeals else {
                    throw .badRequest("A category may have at most \(Self.maximumMeals) meals.", code: "invalid_menu")
                }
                var meal = MealDraft(name: fields[mealPrefix + "name"] ?? "", notes: fields[mealPrefix + "notes"] ?? "")
                for role in PriceRole.allCases { meal.prices[role] = fields[mealPrefix + role.rawValue] ?? "" }
                category.meals.append(meal)
            }
            categories.append(category)
        }
    }

    /// The menu for `date`, `nil` when the form says nothing (no meals and not closed: the day has no menu), or the
    /// problems by field id.
    func menu(on date: CalendarDate, currency: Currency) -> Result<Menu?, MenuProblems> {
        var problems: [String: String] = [:]
        let cleanNote = note.trimmingCharacters(in: .whitespacesAndNewlines)
        var built: [MenuCategory] = []
        for (c, category) in categories.enumerated() {
            var meals: [Meal] = []
            for (m, draft) in category.meals.enumerated() where !draft.isBlank {
                let id = "c\(c)-m\(m)"
                var prices: [MealPrice] = []
                for role in PriceRole.allCases {
                    let text = (draft.prices[role] ?? "").trimmingCharacters(in: .whitespaces)
                    guard !text.isEmpty else { continue }
                    do throws(MenuError) {
                        prices.append(
                            MealPrice(role: role, amount: try MealPrice.amount(parsing: text, currency: currency)))
                    } catch {
                        problems["\(id)-\(role.rawValue)"] = error.description
                    }
                }
                let notes = draft.notes.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
                do throws(MenuError) {
                    meals.append(try Meal(name: draft.name, notes: notes, prices: prices))
                } catch {
                    problems["\(id)-name"] = error.description
                }
            }
            if meals.isEmpty { continue }
            do throws(MenuError) {
                built.append(try MenuCategory(name: category.name, meals: meals))
            } catch {
                problems["c\(c)-name"] = error.description
            }
        }
        guard problems.isEmpty else { return .failure(MenuProblems(byField: problems)) }
        if !closed && built.isEmpty {
            if !cleanNote.isEmpty {
                return .failure(MenuProblems(byField: ["note": "a note needs meals, or the day marked closed"]))
            }
            return .success(nil)
        }
        do throws(MenuError) {
            return .success(
                try Menu(
                    date: date, status: closed ? .closed : .serving(built), currency: currency,
                    note: cleanNote.isEmpty ? nil : cleanNote))
        } catch {
            return .failure(MenuProblems(byField: ["note": error.description]))
        }
    }

    /// The draft with empty rows to fill in: two more meals in each category and one more category with three.
    var withBlankRows: MenuDraft {
        var draft = self
        for index in draft.categories.indices where draft.categories[index].meals.count < Self.maximumMeals {
            draft.categories[index].meals += Array(
                repeating: MealDraft(), count: min(2, Self.maximumMeals - draft.categories[index].meals.count))
        }
        if draft.categories.count < Self.maximumCategories {
            draft.categories.append(CategoryDraft(meals: Array(repeating: MealDraft(), count: 3)))
        }
        return draft
    }
}

/// Problems with a menu form by field id.
struct MenuProblems: Error {
    let byField: [String: String]
}

extension Menu {
    /// One line for the audit log and the week view: `closed (Holiday)`, or each category and its meals.
    var summary: String {
        if isClosed { return "closed" + (note.map { " (\($0))" } ?? "") }
        return categories.map { category in
            category.name + ": " + category.meals.map(\.name).joined(separator: ", ")
        }.joined(separator: "; ") + (note.map { " (\($0))" } ?? "")
    }

    /// The same menu on another date.
    func moved(to date: CalendarDate) throws(MenuError) -> Menu {
        try Menu(date: date, status: status, currency: currency, note: note)
    }
}
