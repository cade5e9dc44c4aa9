import GrubmapCore
import GrubmapStore

/// The words of dish pages, in one language.
struct DishStrings: LocalizedStrings {
    let language: Language

    var servedHeading: String { text(en: "Served", ko: "나온 날") }
    var nextHeading: String { text(en: "Next on the menu", ko: "다음에 나오는 날") }
    var notScheduled: String {
        text(en: "Not on any published menu yet.", ko: "아직 올라온 식단에 없어요.")
    }
    var neverServed: String { text(en: "Not served yet.", ko: "아직 나온 적이 없어요.") }
    var namesHeading: String { text(en: "Names", ko: "이름") }
    /// A language's name, in this table's language.
    func languageName(_ language: Language) -> String {
        switch language {
        case .english: text(en: "English", ko: "영어")
        case .korean: text(en: "Korean", ko: "한국어")
        }
    }
    var noName: String { text(en: "No name yet", ko: "아직 이름이 없어요") }
    /// "Served 12 times" under the heading, when the list is cut.
    func servedCount(_ count: Int) -> String {
        text(en: count == 1 ? "Once" : "\(count) times", ko: "\(count)번")
    }
    /// "Geumjeong Hall, Monday, December 7"
    func serving(place: String, date: String) -> String {
        text(en: "\(place), \(date)", ko: "\(place), \(date)")
    }
    var today: String { text(en: "today", ko: "오늘") }

    var suggestHeading: String { text(en: "Suggest a name", ko: "이름 제안하기") }
    var suggestHint: String {
        text(
            en: "Know what it is called? An operator looks at suggestions before they show.",
            ko: "이 요리를 뭐라고 부르는지 아시나요? 제안은 운영자가 확인한 뒤에 보여요.")
    }
    /// "Suggest a name in English"
    func suggestLabel(_ language: Language) -> String {
        switch language {
        case .english: text(en: "Suggest a name in English", ko: "영어 이름 제안")
        case .korean: text(en: "Suggest a name in Korean", ko: "한국어 이름 제안")
        }
    }
    /// The field's hint: the name it has now, if any.
    func suggestFieldHint(_ current: String?) -> String {
        guard let current else {
            return text(en: "It has no name in this language yet.", ko: "아직 이 언어로 된 이름이 없어요.")
        }
        return text(en: "Now: \(current)", ko: "지금 이름: \(current)")
    }
    var suggestButton: String { text(en: "Suggest", ko: "제안하기") }
    var suggestThanks: String {
        text(
            en: "Thank you: an operator will look at your suggestion.",
            ko: "고마워요. 운영자가 제안을 확인할 거예요.")
    }
    /// Why a suggestion was not stored, beside its field.
    func problem(_ error: NameSuggestionError) -> String {
        switch error {
        case .invalidName(.empty): text(en: "Type a name.", ko: "이름을 적어 주세요.")
        case .invalidName(.tooLong):
            text(en: "At most \(DishName.maximumLength) characters.", ko: "\(DishName.maximumLength)자 이내로 적어 주세요.")
        case .sameAsCurrent: text(en: "That is its name already.", ko: "이미 그 이름이에요.")
        case .tooMany(let count):
            text(
                en: "You have \(count) suggestions waiting already; suggest more once operators have looked at them.",
                ko: "확인을 기다리는 제안이 이미 \(count)개 있어요. 운영자가 확인한 뒤에 더 제안해 주세요.")
        case .unknownSuggestion, .decided: text(en: "Try again.", ko: "다시 해 주세요.")
        }
    }

    static func forLanguage(_ language: Language) -> DishStrings {
        language == .korean ? korean : english
    }

    static let english = DishStrings(language: .english)
    static let korean = DishStrings(language: .korean)
}
