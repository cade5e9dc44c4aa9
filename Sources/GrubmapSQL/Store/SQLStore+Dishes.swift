import Foundation
import GrubmapCore
import GrubmapStore

/// Dishes (migration 13): `dish_keys` maps an area's ``DishKey`` to a row of `dishes`, `dish_names` holds the names,
/// and each meal row carries its key (`menu_meals.dish_key`), so a dish's servings are one join.
extension SQLStore {
    public func dishes(forKeys keys: Set<DishKey>, inArea id: Area.ID) throws -> [DishKey: Dish] {
        guard !keys.isEmpty else { return [:] }
        return try read { connection in
            var found: [DishKey: Dish.ID] = [:]
            for list in SQL.inLists(keys.sorted()) {
                for row in try connection.fetchAll(
                    "SELECT dish_key, dish_id FROM dish_keys WHERE area_id = \(id) AND dish_key IN (\(sql: list))")
                {
                    guard let key = try row.value(named: "dish_key", as: DishKey?.self),
                        let dish = try row.value(named: "dish_id", as: Dish.ID?.self)
                    else { continue }
                    found[key] = dish
                }
            }
            let dishes = try Self.dishes(ids: Set(found.values), in: connection)
            return found.compactMapValues { dishes[$0] }
        }
    }

    public func dish(id: Dish.ID) throws -> Dish? {
        try read { connection in
            guard let surviving = try Self.survivor(of: id, in: connection) else { return nil }
            return try Self.dishes(ids: [surviving], in: connection)[surviving]
        }
    }

    public func dishes(ids: Set<Dish.ID>) throws -> [Dish.ID: Dish] {
        guard !ids.isEmpty else { return [:] }
        return try read { connection in
            var survivors: [Dish.ID: Dish.ID] = [:]
            for list in SQL.inLists(ids.sorted()) {
                for row in try connection.fetchAll("SELECT id, merged_into FROM dishes WHERE id IN (\(sql: list))") {
                    guard let id = try row.value(named: "id", as: Dish.ID?.self) else { continue }
                    survivors[id] = try row.value(named: "merged_into", as: Dish.ID?.self) ?? id
                }
            }
            let dishes = try Self.dishes(ids: Set(survivors.values), in: connection)
            return survivors.compactMapValues { dishes[$0] }
        }
    }

    public func dishes(inArea id: Area.ID) throws -> [Dish] {
        try read { connection in
            let ids = try connection.fetchAll(
                "SELECT id FROM dishes WHERE area_id = \(id) AND merged_into IS NULL ORDER BY id"
            ).compactMap { try $0.value(named: "id", as: Dish.ID?.self) }
            let dishes = try Self.dishes(ids: Set(ids), in: connection)
            return ids.compactMap { dishes[$0] }
        }
    }

    public func servings(ofDish id: Dish.ID, through date: CalendarDate, limit: Int) throws -> [DishServing] {
        try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT DISTINCT m.place_id AS place_id, m.date AS date
                FROM dish_keys k
                JOIN menu_meals m ON m.dish_key = k.dish_key AND m.date <= \(date.description)
                JOIN places p ON p.id = m.place_id AND p.area_id = k.area_id AND p.archived_at IS NULL
                WHERE k.dish_id = \(id)
                ORDER BY m.date DESC, m.place_id LIMIT \(max(0, limit))
                """
            ).compactMap(Self.serving)
        }
    }

    public func nextServing(ofDish id: Dish.ID, from date: CalendarDate) throws -> DishServing? {
        try withConnection { connection in
            try connection.fetchOne(
                """
                SELECT m.place_id AS place_id, m.date AS date
                FROM dish_keys k
                JOIN menu_meals m ON m.dish_key = k.dish_key AND m.date >= \(date.description)
                JOIN places p ON p.id = m.place_id AND p.area_id = k.area_id AND p.archived_at IS NULL
                WHERE k.dish_id = \(id)
                ORDER BY m.date, m.place_id LIMIT 1
                """
            ).flatMap(Self.serving)
        }
    }

    public func servings(ofDishes ids: Set<Dish.ID>, from: CalendarDate, through: CalendarDate, limit: Int) throws
        -> [(dish: Dish.ID, serving: DishServing)]
    {
        guard !ids.isEmpty, limit > 0 else { return [] }
        return try withConnection { connection in
            var servings: [(dish: Dish.ID, serving: DishServing)] = []
            for list in SQL.inLists(ids.sorted()) {
                for row in try connection.fetchAll(
                    """
                    SELECT DISTINCT k.dish_id AS dish_id, m.place_id AS place_id, m.date AS date
                    FROM dish_keys k
                    JOIN menu_meals m ON m.dish_key = k.dish_key AND m.date >= \(from.description)
                        AND m.date <= \(through.description)
                    JOIN places p ON p.id = m.place_id AND p.area_id = k.area_id AND p.archived_at IS NULL
                    WHERE k.dish_id IN (\(sql: list))
                    ORDER BY m.date, m.place_id, k.dish_id LIMIT \(limit)
                    """)
                {
                    guard let dish = try row.value(named: "dish_id", as: Dish.ID?.self),
                        let serving = try Self.serving(row)
                    else { continue }
                    servings.append((dish, serving))
                }
            }
            servings.sort {
                ($0.serving.date, $0.serving.placeID.rawValue, $0.dish)
                    < ($1.serving.date, $1.serving.placeID.rawValue, $1.dish)
            }
            return Array(servings.prefix(limit))
        }
    }

    public func setDishNames(_ names: [Language: String?], dishID: Dish.ID, audit: AuditEntry?) throws {
        try write { connection in
            guard let dish = try lockedDish(dishID, in: connection) else { throw DishError.unknownDish(dishID) }
            try Self.writeNames(names, dishID: dish.id, audit: audit, in: connection)
        }
    }

    public func mergeDish(_ dishID: Dish.ID, into target: Dish.ID, audit: AuditEntry) throws {
        try write { connection in
            guard let from = try lockedDish(dishID, in: connection) else { throw DishError.unknownDish(dishID) }
            guard let into = try lockedDish(target, in: connection) else { throw DishError.unknownDish(target) }
            guard from.id != into.id else { throw DishError.mergeIntoItself(dishID) }
            guard from.area == into.area else { throw DishError.differentAreas(dishID, target) }
            try connection.execute("UPDATE dish_keys SET dish_id = \(into.id) WHERE dish_id = \(from.id)")
            try connection.execute(
                """
                INSERT INTO dish_names (dish_id, language, name)
                SELECT \(into.id), language, name FROM dish_names WHERE dish_id = \(from.id)
                ON CONFLICT (dish_id, language) DO NOTHING
                """)
            try connection.execute("DELETE FROM dish_names WHERE dish_id = \(from.id)")
            // Dishes merged into the one going away now lead to the one it goes into.
            try connection.execute("UPDATE dishes SET merged_into = \(into.id) WHERE merged_into = \(from.id)")
            try connection.execute("UPDATE dishes SET merged_into = \(into.id) WHERE id = \(from.id)")
            try Self.insert(audit, in: connection)
        }
    }

    @discardableResult
    public func splitDish(_ dishID: Dish.ID, key: DishKey, names: [Language: String], audit: AuditEntry) throws
        -> Dish
    {
        try write { connection in
            guard let dish = try lockedDish(dishID, in: connection) else { throw DishError.unknownDish(dishID) }
            let keys = try connection.fetchAll("SELECT dish_key FROM dish_keys WHERE dish_id = \(dish.id)")
                .compactMap { try $0.value(named: "dish_key", as: DishKey?.self) }
            guard keys.contains(key) else { throw DishError.unknownKey(dish.id, key) }
            guard keys.count > 1 else { throw DishError.onlyKey(dish.id, key) }
            let new = try Self.insertDish(area: dish.area, in: connection)
            try connection.execute(
                "UPDATE dish_keys SET dish_id = \(new) WHERE area_id = \(dish.area) AND dish_key = \(key)")
            for (language, name) in names { try Self.setName(name, language: language, dishID: new, in: connection) }
            try Self.insert(audit, in: connection)
            guard let made = try Self.dishes(ids: [new], in: connection)[new] else { throw DishError.unknownDish(new) }
            return made
        }
    }

    @discardableResult
    public func resolveDishesOfStoredMenus() throws -> Int {
        var keyed = 0
        while true {
            // A batch per transaction, so a big database's backfill does not hold the write lock for long.
            let count = try write { connection -> Int in
                let rows = try connection.fetchAll(
                    """
                    SELECT m.place_id AS place_id, m.date AS date, m.category_position AS category_position,
                        m.position AS position, m.name AS name, p.area_id AS area_id
                    FROM menu_meals m JOIN places p ON p.id = m.place_id
                    WHERE m.dish_key IS NULL
                    ORDER BY m.place_id, m.date, m.category_position, m.position LIMIT 500
                    """)
                var meals: [(area: Area.ID, name: String)] = []
                for row in rows {
                    let name: String = try row.value(named: "name")
                    let area: Area.ID = try row.value(named: "area_id")
                    let placeID: String = try row.value(named: "place_id")
                    let date: String = try row.value(named: "date")
                    let category: Int = try row.value(named: "category_position")
                    let position: Int = try row.value(named: "position")
                    try connection.execute(
                        """
                        UPDATE menu_meals SET dish_key = \(DishKey(mealName: name))
                        WHERE place_id = \(placeID) AND date = \(date) AND category_position = \(category)
                            AND position = \(position)
                        """)
                    meals.append((area, name))
                }
                for (area, group) in Dictionary(grouping: meals, by: \.area) {
                    try Self.resolveDishes(mealNames: group.map(\.name), area: area, in: connection)
                }
                return rows.count
            }
            keyed += count
            if count < 500 { return keyed }
        }
    }

    // MARK: In a write

    /// Gives each key of `mealNames` a dish of `area` if it has none: a new dish, named by the first meal with the
    /// key in that meal's language. Of two writers making one key's dish at once, the key goes to the first to
    /// commit; the other's spare dish is deleted before it commits.
    static func resolveDishes(mealNames: [String], area: Area.ID, in connection: Pool.Connection) throws {
        var firstName: [DishKey: String] = [:]
        var order: [DishKey] = []
        for name in mealNames {
            let key = DishKey(mealName: name)
            if firstName[key] == nil {
                firstName[key] = name
                order.append(key)
            }
        }
        for key in order {
            let known = try connection.fetchOne(
                "SELECT dish_id FROM dish_keys WHERE area_id = \(area) AND dish_key = \(key)")
            guard known == nil, let name = firstName[key] else { continue }
            let dish = try insertDish(area: area, in: connection)
            try connection.execute(
                """
                INSERT INTO dish_keys (area_id, dish_key, dish_id) VALUES (\(area), \(key), \(dish))
                ON CONFLICT (area_id, dish_key) DO NOTHING
                """)
            if connection.changes == 0 {
                try connection.execute("DELETE FROM dishes WHERE id = \(dish)")
            } else {
                try setName(name, language: .ofMealName(name), dishID: dish, in: connection)
            }
        }
    }

    /// Sets or removes (`nil`) the dish's name in each language given, with its audit entry: the one way names
    /// change, for operators' edits and approved suggestions alike.
    static func writeNames(
        _ names: [Language: String?], dishID: Dish.ID, audit: AuditEntry?, in connection: Pool.Connection
    ) throws {
        for (language, name) in names.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let name {
                try setName(name, language: language, dishID: dishID, in: connection)
            } else {
                try connection.execute(
                    "DELETE FROM dish_names WHERE dish_id = \(dishID) AND language = \(language.rawValue)")
            }
        }
        if let audit { try insert(audit, in: connection) }
    }

    private static func insertDish(area: Area.ID, in connection: Pool.Connection) throws -> Dish.ID {
        let row = try connection.fetchOne("INSERT INTO dishes (area_id) VALUES (\(area)) RETURNING id")
        guard let id = try row?.value(named: "id", as: Dish.ID?.self) else {
            throw StoreError.unreadableRow(table: "dishes", id: "?", column: "id", reason: "no id was returned")
        }
        return id
    }

    private static func setName(_ name: String, language: Language, dishID: Dish.ID, in connection: Pool.Connection)
        throws
    {
        try connection.execute(
            """
            INSERT INTO dish_names (dish_id, language, name) VALUES (\(dishID), \(language.rawValue), \(name))
            ON CONFLICT (dish_id, language) DO UPDATE SET name = excluded.name
            """)
    }

    /// The dish `id` leads to (itself, or the dish it was merged into), with its area, its row locked on
    /// PostgreSQL; `nil` when there is none.
    func lockedDish(_ id: Dish.ID, in connection: Pool.Connection) throws -> (id: Dish.ID, area: Area.ID)? {
        guard let surviving = try Self.survivor(of: id, in: connection),
            let row = try connection.fetchOne(
                "SELECT area_id FROM dishes WHERE id = \(surviving)\(sql: dialect.lockingClause)")
        else { return nil }
        return (surviving, try row.value(named: "area_id"))
    }

    /// The dish `id` leads to: itself when it was not merged, else the dish it was merged into (merges point
    /// straight at a surviving dish: ``mergeDish(_:into:audit:)`` moves earlier merges along).
    private static func survivor(of id: Dish.ID, in connection: Pool.Connection) throws -> Dish.ID? {
        guard let row = try connection.fetchOne("SELECT id, merged_into FROM dishes WHERE id = \(id)") else {
            return nil
        }
        return try row.value(named: "merged_into", as: Dish.ID?.self) ?? id
    }

    /// The dishes with these ids, with their names and keys, in three statements.
    static func dishes(ids: Set<Dish.ID>, in connection: Pool.Connection) throws -> [Dish.ID: Dish] {
        guard !ids.isEmpty else { return [:] }
        var areas: [Dish.ID: Area.ID] = [:]
        var names: [Dish.ID: [Language: String]] = [:]
        var keys: [Dish.ID: [DishKey]] = [:]
        for list in SQL.inLists(ids.sorted()) {
            for row in try connection.fetchAll("SELECT id, area_id FROM dishes WHERE id IN (\(sql: list))") {
                guard let id = try row.value(named: "id", as: Dish.ID?.self) else { continue }
                areas[id] = try row.value(named: "area_id")
            }
            for row in try connection.fetchAll(
                "SELECT dish_id, language, name FROM dish_names WHERE dish_id IN (\(sql: list))")
            {
                guard let id = try row.value(named: "dish_id", as: Dish.ID?.self),
                    let language = Language(rawValue: try row.value(named: "language"))
                else { continue }
                names[id, default: [:]][language] = try row.value(named: "name")
            }
            for row in try connection.fetchAll(
                "SELECT dish_id, dish_key FROM dish_keys WHERE dish_id IN (\(sql: list)) ORDER BY dish_key")
            {
                guard let id = try row.value(named: "dish_id", as: Dish.ID?.self),
                    let key = try row.value(named: "dish_key", as: DishKey?.self)
                else { continue }
                keys[id, default: []].append(key)
            }
        }
        var dishes: [Dish.ID: Dish] = [:]
        for (id, area) in areas {
            dishes[id] = Dish(id: id, areaID: area, names: names[id] ?? [:], keys: (keys[id] ?? []).sorted())
        }
        return dishes
    }

    private static func serving(_ row: Row) throws -> DishServing? {
        guard let place = try row.value(named: "place_id", as: Place.ID?.self),
            let date = try? CalendarDate(parsing: try row.value(named: "date", as: String.self))
        else { return nil }
        return DishServing(placeID: place, date: date)
    }
}

extension DishKey: DatabaseValueConvertible {
    /// A key is stored as its text.
    public var databaseValue: DatabaseValue { .text(rawValue) }

    /// Text that is not empty; anything else reads as `nil`.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> DishKey? {
        guard case .text(let text) = value else { return nil }
        return DishKey(rawValue: text)
    }
}
