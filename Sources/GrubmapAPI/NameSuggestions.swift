import Foundation
import GrubmapCore

extension API {
    /// `POST /api/v1/dishes/{id}/name-suggestions`: a name for the dish in `en` or `ko`. Both are read as text, so a
    /// bad value is named by its own field.
    public struct NameSuggestionRequest: Codable, Sendable, Equatable {
        public let language: String
        public let name: String

        public init(language: Language, name: String) {
            self.language = language.rawValue
            self.name = name
        }
    }

    /// A suggestion as its suggester sees it: 201 when stored, 200 when it replaced theirs for the same dish and
    /// language.
    public struct NameSuggestionBody: Codable, Sendable, Equatable {
        public let id: NameSuggestion.ID
        public let dishId: Dish.ID
        public let language: Language
        public let name: String
        public let suggestedAt: Date
        public let state: NameSuggestion.State

        public init(
            id: NameSuggestion.ID, dishId: Dish.ID, language: Language, name: String, suggestedAt: Date,
            state: NameSuggestion.State
        ) {
            self.id = id
            self.dishId = dishId
            self.language = language
            self.name = name
            self.suggestedAt = suggestedAt
            self.state = state
        }

        public init(_ suggestion: NameSuggestion) {
            self.init(
                id: suggestion.id, dishId: suggestion.dishID, language: suggestion.language, name: suggestion.name,
                suggestedAt: suggestion.suggestedAt, state: suggestion.state)
        }
    }

    /// A suggestion in the admin API: the suggestion, its dish's names as they are now, and once decided when and
    /// why.
    public struct AdminNameSuggestionBody: Codable, Sendable, Equatable {
        public let id: NameSuggestion.ID
        public let dishId: Dish.ID
        public let areaId: Area.ID
        public let language: Language
        public let name: String
        public let suggestedAt: Date
        public let state: NameSuggestion.State
        /// The dish's names now.
        public let names: DishNames
        public let decidedAt: Date?
        public let reason: String?

        public init(_ suggestion: NameSuggestion, names: [Language: String]) {
            id = suggestion.id
            dishId = suggestion.dishID
            areaId = suggestion.areaID
            language = suggestion.language
            name = suggestion.name
            suggestedAt = suggestion.suggestedAt
            state = suggestion.state
            self.names = DishNames(names)
            decidedAt = suggestion.decidedAt
            reason = suggestion.reason
        }
    }

    /// `GET /api/v1/admin/areas/{id}/name-suggestions`: the suggestions waiting in the area, oldest first.
    public struct AdminNameSuggestionsBody: Codable, Sendable, Equatable {
        public let suggestions: [AdminNameSuggestionBody]

        public init(suggestions: [AdminNameSuggestionBody]) {
            self.suggestions = suggestions
        }
    }

    /// `POST /api/v1/admin/name-suggestions/{id}/reject`: `{}`, or why, which the audit log keeps.
    public struct NameSuggestionRejection: Codable, Sendable, Equatable {
        public let reason: String?

        public init(reason: String?) {
            self.reason = reason
        }
    }
}
