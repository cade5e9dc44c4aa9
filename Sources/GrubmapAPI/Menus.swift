import Foundation
import GrubmapCore

extension API {
    /// `GET /api/v1/places/{id}/menu`: one day's menu.
    ///
    /// `status` is `serving`, `closed` or `unknown` (no menu yet); `closed` repeats it as the contract's boolean, and
    /// `categories` is empty unless serving. A closed day wins over a published menu: a date the place's hours close
    /// says closed with the hours' note even when a menu is stored for it, and `closedBy` says what closed it (`menu`,
    /// `exception` for a dated closed day, `weeklyHours`). Prices are exact decimals in `currency`'s major unit,
    /// keyed by role (`student`, `employee`, `pupil`, `other`).
    public struct MenuBody: Codable, Sendable, Equatable {
        public struct Category: Codable, Sendable, Equatable {
            public let name: String
            /// `breakfast`, `lunch` or `dinner` when the name says one.
            public let period: String?
            public let meals: [MealBody]

            public init(name: String, period: String?, meals: [MealBody]) {
                self.name = name
                self.period = period
                self.meals = meals
            }
        }

        public struct MealBody: Codable, Sendable, Equatable {
            /// The meal's id (``MealID``): the same for this place, date and meal in every read and on every server.
            public let id: MealID
            public let name: String
            /// As the menu wrote them: allergens, diets, anything else.
            public let notes: [String]
            public let prices: [String: Decimal]
            /// When the meal is sold out today: since when, and who said so; absent otherwise (and on other days).
            public let soldOut: SoldOutBody?
            /// The dish of the area the meal is (`GET /api/v1/dishes/{id}`); every stored meal has one.
            public let dishId: Dish.ID?
            /// The meal's name per language: its dish's names, with the menu's own text in its language.
            public let names: DishNames?
            /// People's ratings of this meal of this day at this place; absent while nobody rated it.
            public let rating: RatingBody?

            public init(
                id: MealID, name: String, notes: [String], prices: [String: Decimal], soldOut: SoldOutBody? = nil,
                dishId: Dish.ID? = nil, names: DishNames? = nil, rating: RatingBody? = nil
            ) {
                self.id = id
                self.name = name
                self.notes = notes
                self.prices = prices
                self.soldOut = soldOut
                self.dishId = dishId
                self.names = names
                self.rating = rating
            }
        }

        public let placeId: Place.ID
        public let date: CalendarDate
        public let status: String
        public let closed: Bool
        public let currency: String
        public let note: String?
        /// What closed the day, when it is closed: `menu`, `exception` or `weeklyHours`. The admin API gives the
        /// stored menu as it was sent, with `closedBy` set when the place's hours close the day all the same.
        public let closedBy: String?
        public let categories: [Category]

        public init(
            placeId: Place.ID, date: CalendarDate, status: String, closed: Bool, currency: String, note: String?,
            closedBy: String? = nil, categories: [Category]
        ) {
            self.placeId = placeId
            self.date = date
            self.status = status
            self.closed = closed
            self.currency = currency
            self.note = note
            self.closedBy = closedBy
            self.categories = categories
        }
    }

    /// `GET /api/v1/areas/{id}/menus`: the day, its week's marks, and every place's menu in board order.
    public struct BoardBody: Codable, Sendable, Equatable {
        public struct Day: Codable, Sendable, Equatable {
            public let date: CalendarDate
            /// `serving` when any place serves, `closed` when every place with a menu is closed, else `unknown`.
            public let status: String

            public init(date: CalendarDate, status: String) {
                self.date = date
                self.status = status
            }
        }

        /// One place's menu, as `/api/v1/places/{id}/menu` gives it, with the place's name, whether the caller
        /// bookmarked it, its distance from `near`, and how busy it is now: one flat object.
        public struct Entry: Codable, Sendable, Equatable {
            public let menu: MenuBody
            public let name: String
            public let bookmarked: Bool
            public let distanceMeters: Double?
            public let busyness: Busyness

            public init(menu: MenuBody, name: String, bookmarked: Bool, distanceMeters: Double?, busyness: Busyness) {
                self.menu = menu
                self.name = name
                self.bookmarked = bookmarked
                self.distanceMeters = distanceMeters
                self.busyness = busyness
            }

            private enum CodingKeys: String, CodingKey {
                case name, bookmarked, distanceMeters, busyness
            }

            public init(from decoder: any Decoder) throws {
                menu = try MenuBody(from: decoder)
                let container = try decoder.container(keyedBy: CodingKeys.self)
                name = try container.decode(String.self, forKey: .name)
                bookmarked = try container.decode(Bool.self, forKey: .bookmarked)
                distanceMeters = try container.decodeIfPresent(Double.self, forKey: .distanceMeters)
                busyness = try container.decode(Busyness.self, forKey: .busyness)
            }

            public func encode(to encoder: any Encoder) throws {
                try menu.encode(to: encoder)
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try container.encode(bookmarked, forKey: .bookmarked)
                try container.encodeIfPresent(distanceMeters, forKey: .distanceMeters)
                try container.encode(busyness, forKey: .busyness)
            }
        }

        public let areaId: Area.ID
        public let date: CalendarDate
        /// Today in the area's time zone.
        public let today: CalendarDate
        /// The date's week, Sunday to Saturday.
        public let days: [Day]
        /// Serving places first, then closed ones and those without a menu; each group bookmarks first.
        public let menus: [Entry]

        public init(areaId: Area.ID, date: CalendarDate, today: CalendarDate, days: [Day], menus: [Entry]) {
            self.areaId = areaId
            self.date = date
            self.today = today
            self.days = days
            self.menus = menus
        }
    }
}

extension API {
    /// A meal's sold-out mark: `at` (ISO 8601) and `by`, `operator` or `reports` (three people within 30 minutes).
    public struct SoldOutBody: Codable, Sendable, Equatable {
        public let at: Date
        public let by: String

        public init(at: Date, by: String) {
            self.at = at
            self.by = by
        }
    }

    /// `POST /api/v1/places/{id}/menu/sold-out-reports`, and the admin API's sold-out calls: a meal of a day.
    public struct SoldOutRequest: Codable, Sendable, Equatable {
        /// The date, which must be today in the area's time zone.
        public let date: CalendarDate
        public let mealId: MealID

        public init(date: CalendarDate, mealId: MealID) {
            self.date = date
            self.mealId = mealId
        }
    }

    /// The answer to a sold-out report: how many different people reported the meal in the last 30 minutes, and
    /// its mark when it has one.
    public struct SoldOutReportBody: Codable, Sendable, Equatable {
        public let placeId: Place.ID
        public let date: CalendarDate
        public let mealId: MealID
        public let reports: Int
        public let soldOut: SoldOutBody?

        public init(placeId: Place.ID, date: CalendarDate, mealId: MealID, reports: Int, soldOut: SoldOutBody?) {
            self.placeId = placeId
            self.date = date
            self.mealId = mealId
            self.reports = reports
            self.soldOut = soldOut
        }
    }
}

extension API.SoldOutBody {
    /// The body of a mark.
    public init(_ mark: SoldOutMark) {
        self.init(at: mark.at, by: mark.by.rawValue)
    }
}
