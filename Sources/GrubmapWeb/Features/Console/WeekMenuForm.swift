import Foundation
import GrubmapCore
import GrubmapHTTP

/// A week of a place's menus as the console's week form sends it: `week` (any day of it, `YYYY-MM-DD`) and, for
/// each day `d0` (Sunday) to `d6` (Saturday), a ``MenuDraft``'s fields after its prefix: `d2-closed`, `d2-note`,
/// `d2-c0-name`, `d2-c0-m1-student`, …
///
/// Checked whole: the menus of every day, or the problems of every field by its id (`d2-c0-m1-student`), so
/// nothing is saved while any remains.
struct WeekMenuForm {
    /// The week's days, Sunday first.
    let days: [CalendarDate]
    /// Each day's draft, in the order of ``days``.
    var drafts: [MenuDraft]

    static let dayCount = 7

    /// The field prefix of day `index`.
    static func prefix(_ index: Int) -> String { "d\(index)-" }

    /// The drafts of stored menus (`nil`: none that day).
    init(days: [CalendarDate], menus: [Menu?]) {
        self.days = days
        drafts = menus.map { $0.map(MenuDraft.init) ?? MenuDraft() }
    }

    /// The form sent. A missing or malformed `week`, a day past `d6`, or too many rows is a 400 that saves nothing.
    init(fields: QueryFields, badDate: String) throws(HTTPError) {
        let weekText = fields["week"] ?? ""
        guard weekText.utf8.count <= 10, let day = try? CalendarDate(parsing: weekText) else {
            throw .badRequest(badDate, code: "invalid_date")
        }
        days = day.week(startingOn: .sunday)
        for (name, _) in fields.pairs where name.first == "d" {
            let digits = name.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, name.dropFirst(1 + digits.count).first == "-" else { continue }
            guard let index = Int(digits), index < Self.dayCount else {
                throw .badRequest("A week has seven days, d0 to d6.", code: "invalid_menu")
            }
        }
        var drafts: [MenuDraft] = []
        for index in 0..<Self.dayCount {
            drafts.append(try MenuDraft(fields: fields, prefix: Self.prefix(index)))
        }
        self.drafts = drafts
    }

    /// Each day's menu (`nil`: the day has none), or the problems of every day by field id.
    func menus(currency: Currency, language: Language = .english) -> Result<[Menu?], MenuProblems> {
        var menus: [Menu?] = []
        var problems: [String: String] = [:]
        for (index, draft) in drafts.enumerated() {
            switch draft.menu(on: days[index], currency: currency, language: language) {
            case .success(let menu): menus.append(menu)
            case .failure(let dayProblems):
                for (field, problem) in dayProblems.byField { problems[Self.prefix(index) + field] = problem }
            }
        }
        return problems.isEmpty ? .success(menus) : .failure(MenuProblems(byField: problems))
    }

    /// The form with day `source`'s draft put on each of `targets` (the source itself and days past the week are
    /// left out); returns the days it was copied to.
    mutating func copy(day source: Int, to targets: [Int]) -> [Int] {
        guard drafts.indices.contains(source) else { return [] }
        let copied = Set(targets).filter { drafts.indices.contains($0) && $0 != source }.sorted()
        for target in copied { drafts[target] = drafts[source] }
        return copied
    }

    /// What saving `menus` over `stored` changes: the menus to write and the days to clear, in day order.
    static func changes(_ menus: [Menu?], over stored: [Menu?]) -> (replace: [Menu], remove: [CalendarDate]) {
        var replace: [Menu] = []
        var remove: [CalendarDate] = []
        for (new, old) in zip(menus, stored) where new != old {
            if let new { replace.append(new) } else if let old { remove.append(old.date) }
        }
        return (replace, remove)
    }
}
