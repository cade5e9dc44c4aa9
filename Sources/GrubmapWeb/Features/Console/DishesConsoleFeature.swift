import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// An area's dishes in the console: every dish with its names and keys, a form to set or clear each language's
/// name, "Merge into…" another dish of the area, and "Split" one of its keys off as a dish of its own. Each change
/// is audited; a form with a problem is shown again with the problem beside its field, and nothing changes.
struct DishesConsoleFeature: RouteCollection {
    let dishes: any DishStore
    let scope: ConsoleDishScope

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.dishes, .area, page)
        routes.add(.post, Paths.Console.dishNames, scope.scope, setNames)
        routes.add(.post, Paths.Console.mergeDish, scope.scope, merge)
        routes.add(.post, Paths.Console.splitDish, scope.scope, split)
    }

    /// `GET /admin/areas/{id}/dishes[?done=names|merged|split&dish=N]`.
    func page(_ context: AreaConsoleContext) throws -> Response {
        let query = context.request.query
        let notice = query["done"].flatMap { done in
            query["dish"].flatMap(Dish.ID.init).flatMap { context.text.dishDone(done, dish: $0) }
        }
        return .html(try view(context.console, area: context.area, notice: notice).render())
    }

    /// `POST /admin/dishes/{id}/names` with `ko` and `en`: an empty field removes that name.
    func setNames(_ context: DishConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(NamesForm.self, code: "invalid_dish")
        let dish = context.dish
        let (names, problems) = Self.names(ko: form.ko, en: form.en, of: dish.id, prefix: "", context.text)
        guard problems.isEmpty else { return try refused(context, problems) }
        try DishEdit.setNames(names, of: dish, in: dishes) { before, after in
            context.console.audit(
                "dish.names", subject: dish.id.description, area: dish.areaID, before: before, after: after)
        }
        return done(context, "names", dish: dish.id)
    }

    /// `POST /admin/dishes/{id}/merge` with `into`, another dish of the area.
    func merge(_ context: DishConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(MergeForm.self, code: "invalid_dish")
        let dish = context.dish
        let typed = (form.into ?? "").trimmingCharacters(in: .whitespaces)
        guard let id = Dish.ID(typed.hasPrefix("#") ? String(typed.dropFirst()) : typed),
            let into = try dishes.dish(id: id), into.areaID == dish.areaID,
            into.id != dish.id
        else {
            return try refused(context, [DishesConsolePage.fieldID(dish.id, "into"): context.text.chooseAnotherDish])
        }
        try dishes.mergeDish(
            dish.id, into: into.id,
            audit: context.console.audit(
                "dish.merge", subject: dish.id.description, area: dish.areaID, before: DishEdit.summary(dish),
                after: "→ \(into.id)"))
        return done(context, "merged", dish: into.id)
    }

    /// `POST /admin/dishes/{id}/split` with `key`, one of the dish's keys (not its only one), and the new dish's
    /// `ko` and `en` names (either may be empty).
    func split(_ context: DishConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(SplitForm.self, code: "invalid_dish")
        let dish = context.dish
        let text = context.text
        var (typed, problems) = Self.names(ko: form.ko, en: form.en, of: dish.id, prefix: "split-", text)
        let key = dish.keys.first { $0.rawValue == form.key }
        if key == nil || dish.keys.count < 2 {
            problems[DishesConsolePage.fieldID(dish.id, "key")] = text.chooseAKeyToSplit
        }
        guard let key, problems.isEmpty else { return try refused(context, problems) }
        let names = typed.compactMapValues { $0 }
        let made = try dishes.splitDish(
            dish.id, key: key, names: names,
            audit: context.console.audit(
                "dish.split", subject: dish.id.description, area: dish.areaID, before: key.rawValue,
                after: DishEdit.summary(names)))
        return done(context, "split", dish: made.id)
    }

    /// The names typed in a form, cleaned, an empty field as `nil`; an over-long one is a problem of the field
    /// `prefix` + its language.
    private static func names(ko: String?, en: String?, of dish: Dish.ID, prefix: String, _ text: ConsoleStrings)
        -> (names: [Language: String?], problems: [String: String])
    {
        var names: [Language: String?] = [:]
        var problems: [String: String] = [:]
        for (language, typed) in [(Language.korean, ko), (.english, en)] {
            switch DishName.clean(typed ?? "") {
            case .success(let name): names[language] = name
            case .failure(.empty): names[language] = .some(nil)
            case .failure(.tooLong):
                problems[DishesConsolePage.fieldID(dish, prefix + language.rawValue)] = text.dishNameTooLong
            }
        }
        return (names, problems)
    }

    private func done(_ context: DishConsoleContext, _ outcome: String, dish: Dish.ID) -> Response {
        .redirect(
            to: Paths.Console.dishes(
                context.area.id, query: [("done", outcome), ("dish", dish.description)],
                fragment: DishesConsolePage.rowID(dish)))
    }

    /// The page again with the problems beside their fields, 422.
    private func refused(_ context: DishConsoleContext, _ problems: [String: String]) throws -> Response {
        .html(
            try view(context.console, area: context.area, problems: problems, open: context.dish.id).render(),
            status: .unprocessableContent)
    }

    private func view(
        _ console: ConsoleContext, area: Area, problems: [String: String] = [:], open: Dish.ID? = nil,
        notice: String? = nil
    ) throws -> DishesConsolePage {
        DishesConsolePage(
            text: console.text, area: area, areas: try console.areas(), csrfToken: console.session.csrfToken,
            dishes: try dishes.dishes(inArea: area.id), problems: problems, open: open, notice: notice)
    }

    private struct NamesForm: Decodable {
        let ko: String?
        let en: String?
    }

    private struct MergeForm: Decodable {
        let into: String?
    }

    private struct SplitForm: Decodable {
        let key: String?
        let ko: String?
        let en: String?
    }
}

/// A console page about one dish of an area the operator may change.
@dynamicMemberLookup
struct DishConsoleContext {
    let console: ConsoleContext
    let area: Area
    let dish: Dish

    @inline(__always) subscript<Value>(dynamicMember keyPath: KeyPath<ConsoleContext, Value>) -> Value {
        console[keyPath: keyPath]
    }
}

/// Where a dish's scope reads dishes from.
struct ConsoleDishScope: Sendable {
    let dishes: any DishStore

    /// A dish (followed to the one it was merged into) in an area of the operator's.
    var scope: ConsoleScope<Dish.ID, DishConsoleContext> {
        let dishes = dishes
        return ConsoleScope { context, id in
            guard let dish = try dishes.dish(id: id), context.account.mayEdit(dish.areaID),
                let area = try context.catalog.area(dish.areaID)
            else {
                throw ConsoleScopes.notFound
            }
            return DishConsoleContext(console: context, area: area, dish: dish)
        }
    }
}
