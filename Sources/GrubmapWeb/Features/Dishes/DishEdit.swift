import GrubmapCore
import GrubmapStore

/// What the console and the admin API share about changing a dish: how a change reads in the audit log, and the
/// code each refusal of the store is answered with.
enum DishEdit {
    /// A dish's names as the audit log keeps them: `en: Pork cutlet · ko: 돈까스`, languages in code order.
    static func summary(_ names: [Language: String]) -> String {
        names.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue): \($0.value)" }
            .joined(separator: " · ")
    }

    /// A dish as the audit log keeps it before a merge: its names and keys.
    static func summary(_ dish: Dish) -> String {
        ([summary(dish.names)].filter { !$0.isEmpty } + [dish.keys.map(\.rawValue).joined(separator: ", ")])
            .joined(separator: " · ")
    }

    /// `names` after a change that sets or removes (`nil`) the languages it gives.
    static func applying(_ change: [Language: String?], to names: [Language: String]) -> [Language: String] {
        var names = names
        for (language, name) in change { names[language] = name }
        return names
    }

    /// Sets `names` on `dish` when they change anything, audited by `audit(before, after)` (the names as the audit
    /// log keeps them); a form or body that changes nothing stores nothing and writes no audit entry.
    static func setNames(
        _ names: [Language: String?], of dish: Dish, in store: any DishStore,
        audit: (_ before: String, _ after: String) -> AuditEntry
    ) throws {
        guard names.contains(where: { dish.names[$0.key] != $0.value }) else { return }
        try store.setDishNames(
            names, dishID: dish.id,
            audit: audit(summary(dish.names), summary(applying(names, to: dish.names))))
    }

    /// The error code of a refusal.
    static func code(_ error: DishError) -> String {
        switch error {
        case .unknownDish: "unknown_dish"
        case .mergeIntoItself: "merge_into_itself"
        case .differentAreas: "different_areas"
        case .unknownKey: "unknown_key"
        case .onlyKey: "only_key"
        }
    }
}
