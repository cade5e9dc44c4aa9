import Foundation
import GrubmapCore
import GrubmapStore

/// Names visitors suggest for dishes (migration 14): `name_suggestions` holds each, waiting (`pending`) or decided.
extension SQLStore {
    public func suggestName(
        _ name: String, language: Language, dishID: Dish.ID, by reporter: ReporterKey, at: Date,
        policy: NameSuggestionPolicy
    ) throws -> NameSuggestionReceipt {
        let cleaned: String
        switch DishName.clean(name) {
        case .success(let name): cleaned = name
        case .failure(let problem): throw NameSuggestionError.invalidName(problem)
        }
        return try write { connection in
            // The dish's row locked: one person's two suggestions for a dish are stored one after the other.
            guard let dish = try lockedDish(dishID, in: connection),
                let current = try Self.dishes(ids: [dish.id], in: connection)[dish.id]
            else { throw DishError.unknownDish(dishID) }
            guard current.names[language] != cleaned else { throw NameSuggestionError.sameAsCurrent(language) }
            let theirs = try connection.fetchOne(
                """
                SELECT id FROM name_suggestions
                WHERE reporter = \(reporter.hex) AND dish_id = \(dish.id) AND language = \(language.rawValue)
                    AND state = 'pending'
                """
            ).flatMap { try $0.value(named: "id", as: NameSuggestion.ID?.self) }
            let id: NameSuggestion.ID
            if let theirs {
                try connection.execute(
                    "UPDATE name_suggestions SET name = \(cleaned), suggested_at = \(at) WHERE id = \(theirs)")
                id = theirs
            } else {
                let waiting =
                    try connection.fetchOne(
                        """
                        SELECT count(*) AS waiting FROM name_suggestions
                        WHERE reporter = \(reporter.hex) AND state = 'pending'
                        """)?
                    .value(named: "waiting", as: Int.self) ?? 0
                guard waiting < policy.pendingPerPerson else { throw NameSuggestionError.tooMany(waiting) }
                let row = try connection.fetchOne(
                    """
                    INSERT INTO name_suggestions (dish_id, area_id, language, name, reporter, suggested_at)
                    VALUES (\(dish.id), \(dish.area), \(language.rawValue), \(cleaned), \(reporter.hex), \(at))
                    RETURNING id
                    """)
                guard let made = try row?.value(named: "id", as: NameSuggestion.ID?.self) else {
                    throw StoreError.unreadableRow(
                        table: "name_suggestions", id: "?", column: "id", reason: "no id was returned")
                }
                id = made
            }
            guard let suggestion = try Self.suggestion(id, in: connection) else {
                throw NameSuggestionError.unknownSuggestion(id)
            }
            return NameSuggestionReceipt(suggestion: suggestion, replaced: theirs != nil)
        }
    }

    public func pendingNameSuggestions(inArea id: Area.ID, limit: Int) throws -> [PendingNameSuggestion] {
        try read { connection in
            let suggestions = try connection.fetchAll(
                """
                SELECT \(sql: suggestionColumns) FROM name_suggestions s JOIN dishes d ON d.id = s.dish_id
                WHERE s.area_id = \(id) AND s.state = 'pending'
                ORDER BY s.suggested_at, s.id LIMIT \(max(0, limit))
                """
            ).compactMap(Self.suggestion)
            return try Self.withDishes(suggestions, in: connection)
        }
    }

    public func pendingNameSuggestionCount(inArea id: Area.ID) throws -> Int {
        try withConnection { connection in
            try connection.fetchOne(
                "SELECT count(*) AS waiting FROM name_suggestions WHERE area_id = \(id) AND state = 'pending'")?
                .value(named: "waiting", as: Int.self) ?? 0
        }
    }

    public func nameSuggestion(id: NameSuggestion.ID) throws -> PendingNameSuggestion? {
        try read { connection in
            try Self.withDishes([try Self.suggestion(id, in: connection)].compactMap { $0 }, in: connection).first
        }
    }

    @discardableResult
    public func approveNameSuggestion(_ id: NameSuggestion.ID, audit: AuditEntry) throws -> NameSuggestion {
        try decide(id, as: .approved, reason: nil, audit: audit) { suggestion, dish, connection in
            try Self.writeNames([suggestion.language: suggestion.name], dishID: dish, audit: nil, in: connection)
            // The others waiting for the same dish (or a dish merged into it) and language are answered by this one.
            try connection.execute(
                """
                UPDATE name_suggestions SET state = 'superseded', reporter = NULL, decided_at = \(audit.at),
                    decided_by = \(audit.actor)
                WHERE state = 'pending' AND language = \(suggestion.language.rawValue) AND id <> \(suggestion.id)
                    AND dish_id IN (SELECT id FROM dishes WHERE id = \(dish) OR merged_into = \(dish))
                """)
        }
    }

    @discardableResult
    public func rejectNameSuggestion(_ id: NameSuggestion.ID, reason: String?, audit: AuditEntry) throws
        -> NameSuggestion
    {
        try decide(id, as: .rejected, reason: reason, audit: audit) { _, _, _ in }
    }

    /// Decides a waiting suggestion, its row (and its dish's) locked, after `change`, with `audit`.
    private func decide(
        _ id: NameSuggestion.ID, as state: NameSuggestion.State, reason: String?, audit: AuditEntry,
        change: (NameSuggestion, Dish.ID, Pool.Connection) throws -> Void
    ) throws -> NameSuggestion {
        try write { connection in
            let locked = try connection.fetchOne(
                "SELECT id FROM name_suggestions WHERE id = \(id)\(sql: dialect.lockingClause)")
            guard locked != nil, let suggestion = try Self.suggestion(id, in: connection) else {
                throw NameSuggestionError.unknownSuggestion(id)
            }
            guard suggestion.state == .pending else { throw NameSuggestionError.decided(id, suggestion.state) }
            guard let dish = try lockedDish(suggestion.dishID, in: connection) else {
                throw DishError.unknownDish(suggestion.dishID)
            }
            try change(suggestion, dish.id, connection)
            try connection.execute(
                """
                UPDATE name_suggestions SET state = \(state.rawValue), reporter = NULL, decided_at = \(audit.at),
                    decided_by = \(audit.actor), reason = \(reason)
                WHERE id = \(id)
                """)
            try Self.insert(audit, in: connection)
            guard let decided = try Self.suggestion(id, in: connection) else {
                throw NameSuggestionError.unknownSuggestion(id)
            }
            return decided
        }
    }

    // MARK: Rows

    private static func suggestion(_ id: NameSuggestion.ID, in connection: Pool.Connection) throws -> NameSuggestion? {
        try connection.fetchOne(
            """
            SELECT \(sql: suggestionColumns) FROM name_suggestions s JOIN dishes d ON d.id = s.dish_id
            WHERE s.id = \(id)
            """
        ).flatMap(suggestion)
    }

    private static func suggestion(_ row: Row) throws -> NameSuggestion? {
        guard let id = try row.value(named: "id", as: NameSuggestion.ID?.self),
            let dish = try row.value(named: "dish_id", as: Dish.ID?.self),
            let language = Language(rawValue: try row.value(named: "language")),
            let state = NameSuggestion.State(rawValue: try row.value(named: "state"))
        else { return nil }
        return NameSuggestion(
            id: id, dishID: dish, areaID: try row.value(named: "area_id"), language: language,
            name: try row.value(named: "name"), suggestedAt: try row.value(named: "suggested_at"), state: state,
            decidedAt: try row.value(named: "decided_at"), decidedBy: try row.value(named: "decided_by"),
            reason: try row.value(named: "reason"))
    }

    /// Each suggestion with its dish, in their order; one whose dish is gone is left out.
    private static func withDishes(_ suggestions: [NameSuggestion], in connection: Pool.Connection) throws
        -> [PendingNameSuggestion]
    {
        let dishes = try dishes(ids: Set(suggestions.map(\.dishID)), in: connection)
        return suggestions.compactMap { suggestion in
            dishes[suggestion.dishID].map { PendingNameSuggestion(suggestion: suggestion, dish: $0) }
        }
    }
}

/// The columns `SQLStore.suggestion(_:)` reads, `dish_id` as the dish the suggestion's dish leads to.
private let suggestionColumns: SQL = """
    s.id AS id, COALESCE(d.merged_into, d.id) AS dish_id, s.area_id AS area_id, s.language AS language,
    s.name AS name, s.suggested_at AS suggested_at, s.state AS state, s.decided_at AS decided_at,
    s.decided_by AS decided_by, s.reason AS reason
    """
