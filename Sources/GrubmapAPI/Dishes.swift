import Foundation
import GrubmapCore

extension API {
    /// A dish's or a meal's name per language: `en`, `ko`, each left out when there is none.
    public struct DishNames: Codable, Sendable, Equatable {
        public let en: String?
        public let ko: String?

        public init(en: String?, ko: String?) {
            self.en = en
            self.ko = ko
        }

        /// The names a dish has.
        public init(_ names: [Language: String]) {
            self.init(en: names[.english], ko: names[.korean])
        }

        /// The names of a meal of `dish`: the dish's, with the menu's own text in the language it is written in.
        public init(meal name: String, dish: Dish) {
            var names = dish.names
            names[Language.ofMealName(name)] = name
            self.init(names)
        }
    }

    /// A day a dish is on a place's menu.
    public struct DishServingBody: Codable, Sendable, Equatable {
        public let placeId: Place.ID
        public let date: CalendarDate

        public init(placeId: Place.ID, date: CalendarDate) {
            self.placeId = placeId
            self.date = date
        }

        public init(_ serving: DishServing) {
            self.init(placeId: serving.placeID, date: serving.date)
        }
    }

    /// `GET /api/v1/dishes/{id}`: a dish of an area, the days it was served up to today (newest first, at most
    /// ``DishBody/servedLimit``), and the first published menu from today on that serves it. The id of a dish that
    /// was merged into another answers the other (whose `id` this body gives).
    public struct DishBody: Codable, Sendable, Equatable {
        /// The most servings a body lists.
        public static let servedLimit = 60

        public let id: Dish.ID
        public let areaId: Area.ID
        public let names: DishNames
        /// People's ratings of the dish over every day and place; absent while nobody rated it.
        public let rating: RatingBody?
        public let served: [DishServingBody]
        public let next: DishServingBody?
        /// People's photos of the dish that no operator hid, newest first, at most ``photoLimit``.
        public let photos: [PhotoBody]

        /// The most photos a body lists.
        public static let photoLimit = 30

        public init(
            id: Dish.ID, areaId: Area.ID, names: DishNames, rating: RatingBody? = nil, served: [DishServingBody],
            next: DishServingBody?, photos: [PhotoBody] = []
        ) {
            self.id = id
            self.areaId = areaId
            self.names = names
            self.rating = rating
            self.served = served
            self.next = next
            self.photos = photos
        }
    }
}

extension API {
    /// A dish as the admin API gives it: its names and the keys (normalised meal names) whose meals are it.
    public struct AdminDishBody: Codable, Sendable, Equatable {
        public let id: Dish.ID
        public let areaId: Area.ID
        public let names: DishNames
        public let keys: [String]

        public init(id: Dish.ID, areaId: Area.ID, names: DishNames, keys: [String]) {
            self.id = id
            self.areaId = areaId
            self.names = names
            self.keys = keys
        }

        public init(_ dish: Dish) {
            self.init(id: dish.id, areaId: dish.areaID, names: DishNames(dish.names), keys: dish.keys.map(\.rawValue))
        }
    }

    /// `GET /api/v1/admin/areas/{id}/dishes`: every dish of the area that was not merged away, by id.
    public struct AdminDishesBody: Codable, Sendable, Equatable {
        public let dishes: [AdminDishBody]

        public init(dishes: [AdminDishBody]) {
            self.dishes = dishes
        }
    }

    /// `PUT /api/v1/admin/dishes/{id}/names`: per language code, a name to set or `null` to remove it; a language
    /// left out keeps its name.
    public struct DishNamesChange: Codable, Sendable, Equatable {
        public let names: [String: String?]

        public init(names: [Language: String?]) {
            self.names = Dictionary(uniqueKeysWithValues: names.map { ($0.key.rawValue, $0.value) })
        }
    }

    /// `POST /api/v1/admin/dishes/{id}/merge`: the dish that takes the merged dish's keys.
    public struct DishMerge: Codable, Sendable, Equatable {
        public let into: Dish.ID

        public init(into: Dish.ID) {
            self.into = into
        }
    }

    /// `POST /api/v1/admin/dishes/{id}/split`: the key that becomes a dish of its own, and that dish's names.
    public struct DishSplit: Codable, Sendable, Equatable {
        public let key: String
        public let names: [String: String]?

        public init(key: String, names: [Language: String]) {
            self.key = key
            self.names = Dictionary(uniqueKeysWithValues: names.map { ($0.key.rawValue, $0.value) })
        }
    }
}
