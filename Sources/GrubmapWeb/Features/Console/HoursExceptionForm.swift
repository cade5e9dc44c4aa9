import Foundation
import GrubmapCore

/// The console's form for one dated exception to a place's hours, as typed: `date` (as ``ConsoleDates`` reads it:
/// `Fri 4 Dec 2026`, `12월 4일`, `2026-12-04`), `closed` (`1` for closed all day, `0` for other hours), `hours`
/// (`11:00-14:00, 17:00-20:00`) and `note`.
struct HoursExceptionForm: Decodable, Sendable {
    var date: String?
    var closed: String?
    var hours: String?
    var note: String?

    init() {}

    /// How long past exceptions are kept when a place's exceptions are saved.
    static let keptDays = 30

    /// The exception the fields describe, given the area's today (`dates.today`), or the problems by field name
    /// (`exceptionDate`, `exceptionHours`, `exceptionNote`).
    func exception(dates: ConsoleDates, text: ConsoleStrings) -> Result<OpeningHours.Exception, PlaceForm.Problems> {
        let today = dates.today
        let words = ConsoleFormStrings.forLanguage(dates.language)
        var problems: [String: String] = [:]
        var day: CalendarDate?
        switch dates.date(date ?? "") {
        case .success(let found): day = found
        case .failure(.unreadable): problems["exceptionDate"] = words.dateUnreadable(dates.text(today.adding(days: 3)))
        case .failure(.noSuchDay): problems["exceptionDate"] = words.dateNoSuchDay
        case .failure(.wrongWeekday(_, let actual)):
            problems["exceptionDate"] = words.dateWrongWeekday(dates.weekdayName(actual.weekday))
        }
        if let chosen = day, chosen < today { problems["exceptionDate"] = text.exceptionDatePast }
        var ranges: [OpeningHours.Exception.Range] = []
        if closed != "1" {
            do throws(OpeningHoursError) {
                ranges = try PlaceForm.shifts(hours ?? "", on: .monday).map {
                    .init(opens: $0.opens, closes: $0.closes)
                }
                if ranges.isEmpty { problems["exceptionHours"] = text.exceptionHoursMissing }
            } catch {
                problems["exceptionHours"] = ConsoleProblemStrings.forLanguage(dates.language).hours(error)
            }
        }
        guard problems.isEmpty, let day else { return .failure(PlaceForm.Problems(byField: problems)) }
        do throws(OpeningHoursError) {
            return .success(try OpeningHours.Exception(date: day, hours: ranges, note: note))
        } catch {
            let field = if case .noteTooLong = error { "exceptionNote" } else { "exceptionHours" }
            return .failure(
                PlaceForm.Problems(byField: [field: ConsoleProblemStrings.forLanguage(dates.language).hours(error)]))
        }
    }

    /// `hours` with `exception` added (replacing one on its date) and exceptions more than ``keptDays`` before
    /// `today` dropped.
    static func adding(
        _ exception: OpeningHours.Exception, to hours: OpeningHours, today: CalendarDate
    ) throws(OpeningHoursError) -> OpeningHours {
        let kept = hours.droppingExceptions(before: today.adding(days: -keptDays)).exceptions.filter {
            $0.date != exception.date
        }
        return try OpeningHours(rules: hours.rules, exceptions: kept + [exception])
    }
}
