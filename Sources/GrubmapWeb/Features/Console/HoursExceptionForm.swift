import Foundation
import GrubmapCore

/// The console's form for one dated exception to a place's hours, as typed: `date` (`YYYY-MM-DD`), `closed` (`1`
/// for closed all day, `0` for other hours), `hours` (`11:00-14:00, 17:00-20:00`) and `note`.
struct HoursExceptionForm: Decodable, Sendable {
    var date: String?
    var closed: String?
    var hours: String?
    var note: String?

    init() {}

    /// How long past exceptions are kept when a place's exceptions are saved.
    static let keptDays = 30

    /// The exception the fields describe, given the area's `today`, or the problems by field name
    /// (`exceptionDate`, `exceptionHours`, `exceptionNote`).
    func exception(today: CalendarDate, text: ConsoleStrings) -> Result<OpeningHours.Exception, PlaceForm.Problems> {
        var problems: [String: String] = [:]
        var day: CalendarDate?
        do throws(CalendarDateError) {
            day = try CalendarDate(parsing: (date ?? "").trimmingCharacters(in: .whitespaces))
        } catch {
            problems["exceptionDate"] = text.exceptionDateProblem
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
                problems["exceptionHours"] = error.description
            }
        }
        guard problems.isEmpty, let day else { return .failure(PlaceForm.Problems(byField: problems)) }
        do throws(OpeningHoursError) {
            return .success(try OpeningHours.Exception(date: day, hours: ranges, note: note))
        } catch {
            let field = if case .noteTooLong = error { "exceptionNote" } else { "exceptionHours" }
            return .failure(PlaceForm.Problems(byField: [field: error.description]))
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
