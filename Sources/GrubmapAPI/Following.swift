import Foundation
import GrubmapCore

extension API {
    /// A dish the caller follows: its names and the first published menu from today on that serves it.
    public struct FollowedDishBody: Codable, Sendable, Equatable {
        public let id: Dish.ID
        public let areaId: Area.ID
        public let names: DishNames
        public let next: DishServingBody?

        public init(id: Dish.ID, areaId: Area.ID, names: DishNames, next: DishServingBody?) {
            self.id = id
            self.areaId = areaId
            self.names = names
            self.next = next
        }
    }

    /// `GET /api/v1/me/followed-dishes`: the dishes the caller follows, in the order they followed them.
    public struct FollowedDishesBody: Codable, Sendable, Equatable {
        public let dishes: [FollowedDishBody]

        public init(dishes: [FollowedDishBody]) {
            self.dishes = dishes
        }
    }

    /// `GET /api/v1/me/calendar`: the address of the caller's private calendar feed (RFC 5545), which calendar apps
    /// subscribe to without signing in; `DELETE` revokes it.
    public struct CalendarFeedBody: Codable, Sendable, Equatable {
        public let url: String

        public init(url: String) {
            self.url = url
        }
    }
}
