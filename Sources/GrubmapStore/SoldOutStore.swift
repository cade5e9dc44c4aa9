import Foundation
import GrubmapCore

/// Meals marked sold out, by operators and by people's reports (`sold_out_marks`, `sold_out_reports`). Marks and
/// reports are keyed by place, date and ``MealID``, not tied to the stored menu: a feed replacing today's menu keeps
/// them, and a renamed meal (a new id) is simply not marked.
public protocol SoldOutStore: Sendable {
    /// The marks of a place's meals on `date`.
    func soldOutMarks(placeID: Place.ID, on date: CalendarDate) throws -> [MealID: SoldOutMark]
    /// The marks of every place of an area on `date`, in one statement; places without marks are left out.
    func soldOutMarks(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: [MealID: SoldOutMark]]
    /// Records that `reporter` saw the meal sold out at `at`, in one transaction with the place's row locked: when
    /// the report makes `policy.reporters` different people within `policy.window`, the meal gets a `reports` mark at
    /// `at` unless it has a mark already. A repeat by the same reporter changes nothing. Throws
    /// ``StoreError/unknownPlace(id:)`` for a place that does not exist.
    func reportSoldOut(
        placeID: Place.ID, date: CalendarDate, mealID: MealID, reporter: ReporterKey, at: Date, policy: SoldOutPolicy
    ) throws -> SoldOutReportResult
    /// Marks a meal sold out by an operator (replacing a `reports` mark), with its audit entry in the same write.
    func markSoldOut(_ mark: SoldOutMark, operatorID: String?, audit: AuditEntry) throws
    /// Clears a meal's mark, with its audit entry in the same write; clearing a `reports` mark also deletes the
    /// reports behind it, so the count starts again. Returns whether there was a mark (without one, nothing is
    /// written, the audit entry neither).
    @discardableResult
    func clearSoldOut(placeID: Place.ID, date: CalendarDate, mealID: MealID, audit: AuditEntry) throws -> Bool
    /// Deletes marks and reports of dates before `date`; returns how many rows went.
    @discardableResult
    func pruneSoldOut(before date: CalendarDate) throws -> Int
}
