import GrubmapCore

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

    static func forLanguage(_ language: Language) -> DishStrings {
        language == .korean ? korean : english
    }

    static let english = DishStrings(language: .english)
    static let korean = DishStrings(language: .korean)
}
