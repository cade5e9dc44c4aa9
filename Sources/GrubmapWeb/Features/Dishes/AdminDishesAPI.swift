import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Dishes in the admin API: an area's dishes listed, a dish's names set or removed, a dish merged into another, one
/// of its keys split off as a dish of its own. Each change is audited under the key's label; bad bodies are 400
/// naming the field, and change nothing.
struct AdminDishesAPI: RouteCollection {
    let dishes: any DishStore
    let scope: AdminDishScope

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.API.Admin.dishes, .area, list)
        routes.add(.put, Paths.API.Admin.dishNames, scope.scope, setNames)
        routes.add(.post, Paths.API.Admin.mergeDish, scope.scope, merge)
        routes.add(.post, Paths.API.Admin.splitDish, scope.scope, split)
    }

    /// `GET /api/v1/admin/areas/{id}/dishes`.
    func list(_ context: AdminAPIContext) throws -> Response {
        .json(API.AdminDishesBody(dishes: try dishes.dishes(inArea: context.area.id).map(API.AdminDishBody.init)))
    }

    /// `PUT /api/v1/admin/dishes/{id}/names` with `{"names": {"en"?: "…" | null, "ko"?: "…" | null}}`: 200 with the
    /// dish.
    func setNames(_ context: AdminDishContext) throws -> Response {
        let body = try context.request.decodeJSON(API.DishNamesChange.self, code: "invalid_dish")
        let names = try Self.names(body.names)
        let dish = context.dish
        try DishEdit.setNames(names, of: dish, in: dishes) { before, after in
            context.api.audit("dish.names", subject: dish.id.description, before: before, after: after)
        }
        return .json(API.AdminDishBody(try stored(dish.id)))
    }

    /// `POST /api/v1/admin/dishes/{id}/merge` with `{"into": id}`: 200 with the dish that remains.
    func merge(_ context: AdminDishContext) throws -> Response {
        let body = try context.request.decodeJSON(API.DishMerge.self, code: "invalid_dish")
        guard let into = try dishes.dish(id: body.into), into.areaID == context.area.id else {
            throw HTTPError.badRequest(
                "into: there is no dish \(body.into) in the area \(context.area.id); nothing was changed.",
                code: "unknown_dish", field: "into")
        }
        try Self.answering {
            try dishes.mergeDish(
                context.dish.id, into: into.id,
                audit: context.api.audit(
                    "dish.merge", subject: context.dish.id.description, before: DishEdit.summary(context.dish),
                    after: "→ \(into.id)"))
        }
        return .json(API.AdminDishBody(try stored(into.id)))
    }

    /// `POST /api/v1/admin/dishes/{id}/split` with `{"key": "…", "names"?: {"en"?, "ko"?}}`: 201 with the new dish.
    func split(_ context: AdminDishContext) throws -> Response {
        let body = try context.request.decodeJSON(API.DishSplit.self, code: "invalid_dish")
        guard let key = context.dish.keys.first(where: { $0.rawValue == body.key }) else {
            throw HTTPError.badRequest(
                "key: dish \(context.dish.id) has no key \"\(body.key)\"; its keys are "
                    + context.dish.keys.map { "\"\($0)\"" }.joined(separator: ", ") + "; nothing was changed.",
                code: "unknown_key", field: "key")
        }
        let names = try Self.names((body.names ?? [:]).mapValues { $0 }).compactMapValues { $0 }
        let made = try Self.answering {
            try dishes.splitDish(
                context.dish.id, key: key, names: names,
                audit: context.api.audit(
                    "dish.split", subject: context.dish.id.description, before: key.rawValue,
                    after: DishEdit.summary(names)))
        }
        return .json(API.AdminDishBody(made), status: .created)
    }

    /// The dish as stored now.
    private func stored(_ id: Dish.ID) throws -> Dish {
        guard let dish = try dishes.dish(id: id) else { throw HTTPError.notFound("There is no dish \(id).") }
        return dish
    }

    /// The names of a body by language, each cleaned (`nil` kept: remove that name), or 400 naming the first bad one.
    static func names(_ given: [String: String?]) throws -> [Language: String?] {
        var names: [Language: String?] = [:]
        for (code, name) in given.sorted(by: { $0.key < $1.key }) {
            guard let language = Language(rawValue: code) else {
                throw HTTPError.badRequest(
                    "names.\(code): names are given in en and ko only; nothing was changed.", code: "invalid_dish",
                    field: "names.\(code)")
            }
            guard let name else {
                names[language] = .some(nil)
                continue
            }
            switch DishName.clean(name) {
            case .success(let cleaned): names[language] = cleaned
            case .failure(let problem):
                throw HTTPError.badRequest(
                    "names.\(code): \(problem); nothing was changed.", code: "invalid_dish", field: "names.\(code)")
            }
        }
        return names
    }

    /// Runs a change, answering the store's refusal as 400 naming it.
    private static func answering<Value>(_ change: () throws -> Value) throws -> Value {
        do {
            return try change()
        } catch let error as DishError {
            throw HTTPError.badRequest("\(error).", code: DishEdit.code(error))
        }
    }
}

/// An admin API call about a dish of the key's area (followed to the dish it was merged into, if it was).
@dynamicMemberLookup
struct AdminDishContext {
    let api: AdminAPIContext
    let dish: Dish

    @inline(__always) subscript<Value>(dynamicMember keyPath: KeyPath<AdminAPIContext, Value>) -> Value {
        api[keyPath: keyPath]
    }
}

/// Where a dish's scope reads dishes from.
struct AdminDishScope: Sendable {
    let dishes: any DishStore

    /// A dish of the key's area; one of another area is 404, as if it did not exist.
    var scope: AdminAPIScope<Dish.ID, AdminDishContext> {
        let dishes = dishes
        return AdminAPIScope { context, id in
            guard let dish = try dishes.dish(id: id), dish.areaID == context.key.areaID else {
                throw AdminAPIScopes.notFound
            }
            return AdminDishContext(api: context, dish: dish)
        }
    }
}
