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

    /// The draft a form sent: the fields named `prefix` + the names above (`d3-c0-m1-name` for the prefix `d3-`);
    /// others are left alone. More than ``maximumCategories`` categories or ``maximumMeals`` meals in one is a 400.
    init(fields: QueryFields, prefix: String = "") throws(HTTPError) {
        var values: [String: String] = [:]
        for (name, value) in fields.pairs where name.hasPrefix(prefix) {
            let key = String(name.dropFirst(prefix.count))
            if values[key] == nil { values[key] = value }
        }
        try self.init(values: values)
    }

    /// The draft of fields named without a prefix (`closed`, `note`, `c0-name`, `c0-m0-name`, …).
    init(values: [String: String]) throws(HTTPError) {
        closed = ["1", "on", "true"].contains(values["closed"] ?? "")
        note = values["note"] ?? ""
        // Which categories and meals the form has, in order; gaps (rows a script removed) are skipped.
        var mealIndexes: [Int: Set<Int>] = [:]
        for name in values.keys {
            guard let (category, rest) = Self.index(in: name[...], after: "c") else { continue }
            guard category < Self.maximumCategories else {
                throw .badRequest("A day may have at most \(Self.maximumCategories) categories.", code: "invalid_menu")
            }
            if mealIndexes[category] == nil { mealIndexes[category] = [] }
            guard let (meal, _) = Self.index(in: rest, after: "m") else { continue }
            guard meal < Self.maximumMeals else {
                throw .badRequest("A category may have at most \(Self.maximumMeals) meals.", code: "invalid_menu")
            }
            mealIndexes[category, default: []].insert(meal)
        }
        for c in mealIndexes.keys.sorted() {
            let prefix = "c\(c)-"
            var category = CategoryDraft(name: values[prefix + "name"] ?? "")
            for m in (mealIndexes[c] ?? []).sorted() {
                let mealPrefix = prefix + "m\(m)-"
                var meal = MealDraft(name: values[mealPrefix + "name"] ?? "", notes: values[mealPrefix + "notes"] ?? "")
                for role in PriceRole.allCases { meal.prices[role] = values[mealPrefix + role.rawValue] ?? "" }
                category.meals.append(meal)
            }
            categories.append(category)
        }
    }

    /// The number after `letter` at the start of `name` and what follows its hyphen: `c12-m0-name` → (12,
    /// `m0-name`); `nil` when `name` does not start that way. A number too long to be an index reads as `Int.max`.
    private static func index(in name: Substring, after letter: Character) -> (Int, Substring)? {
        guard name.first == letter else { return nil }
        let digits = name.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, name.dropFirst(1 + digits.count).first == "-" else { return nil }
        return (Int(digits) ?? Int.max, name.dropFirst(2 + digits.count))
    }

    /// The menu for `date`, `nil` when the form says nothing (no meals and not closed: the day has no menu), or the
    /// problems by field id.
    func menu(on date: CalendarDate, currency: Currency, language: Language = .english) -> Result<Menu?, MenuProblems> {
        let say = ConsoleProblemStrings.forLanguage(language)
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
                        problems["\(id)-\(role.rawValue)"] = say.menu(error)
                    }
                }
                let notes = draft.notes.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
                do throws(MenuError) {
                    meals.append(try Meal(name: draft.name, notes: notes, prices: prices))
                } catch {
                    problems["\(id)-name"] = say.menu(error)
                }
            }
            if meals.isEmpty { continue }
            do throws(MenuError) {
                let made = try MenuCategory(name: category.name, meals: meals)
                // Rows under a category's name join it: how a form without a script adds meals to one.
                if let same = built.firstIndex(where: { $0.name == made.name }) {
                    built[same] = try MenuCategory(name: made.name, meals: built[same].meals + made.meals)
                } else {
                    built.append(made)
                }
            } catch {
                problems["c\(c)-name"] = say.menu(error)
            }
        }
        guard problems.isEmpty else { return .failure(MenuProblems(byField: problems)) }
        if !closed && built.isEmpty {
            if !cleanNote.isEmpty {
                return .failure(MenuProblems(byField: ["note": say.noteNeedsMeals]))
            }
            return .success(nil)
        }
        do throws(MenuError) {
            return .success(
                try Menu(
                    date: date, status: closed ? .closed : .serving(built), currency: currency,
                    note: cleanNote.isEmpty ? nil : cleanNote))
        } catch {
            return .failure(MenuProblems(byField: ["note": say.menu(error)]))
        }
    }

    /// The draft with empty rows to fill in, for a form without a script: a blank category of ``blankMeals`` meals
    /// at the end (named as another, its meals join that one). A blank one there already counts, so showing a draft
    /// again adds none, and no row moves: problems found by position still name the right fields.
    var withBlankRows: MenuDraft {
        var draft = self
        let lastIsBlank = draft.categories.last.map { $0.isBlank } ?? false
        if !lastIsBlank && draft.categories.count < Self.maximumCategories {
            draft.categories.append(CategoryDraft(meals: Array(repeating: MealDraft(), count: Self.blankMeals)))
        }
        return draft
    }

    /// The meals of the blank category a form offers.
    static let blankMeals = 2

    /// Whether the day says nothing: not closed, no note, every row blank.
    var isBlank: Bool {
        !closed && note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && categories.allSatisfy(\.isBlank)
    }

    /// Whether some meal has a name typed (a day that would serve).
    var hasMeals: Bool {
        categories.contains { $0.meals.contains { !$0.name.trimmingCharacters(in: .whitespaces).isEmpty } }
    }
}

extension MenuDraft.CategoryDraft {
    /// No name and every meal blank.
    var isBlank: Bool { name.trimmingCharacters(in: .whitespaces).isEmpty && meals.allSatisfy(\.isBlank) }
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
