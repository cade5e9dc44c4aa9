import GrubmapCore

/// What the installable app says about being offline, in each language.
struct OfflineStrings: Sendable {
    /// The line over a saved copy of a page; `{time}` is the time it was saved (HH:MM).
    let savedAt: String
    let title: String
    let notSaved: String
    let refused: String
    let tryAgain: String

    static func forLanguage(_ language: Language) -> OfflineStrings {
        switch language {
        case .english: english
        case .korean: korean
        }
    }

    static let english = OfflineStrings(
        savedAt: "Saved at {time}, offline",
        title: "You are offline",
        notSaved: "This page was not saved on this device. Pages you opened before, your area's menus for this week "
            + "and your bookmarked places open without a network.",
        refused: "Nothing was changed: bookmarks, check-ins and settings need a network. Try again when you are back "
            + "online.",
        tryAgain: "Go to the start")

    static let korean = OfflineStrings(
        savedAt: "{time}에 저장됨, 오프라인",
        title: "오프라인이에요",
        notSaved: "이 페이지는 이 기기에 저장되지 않았어요. 전에 연 페이지, 이번 주 기본 지역의 메뉴, 즐겨찾기한 곳은 "
            + "네트워크 없이도 열려요.",
        refused: "아무것도 바뀌지 않았어요. 즐겨찾기, 체크인, 설정은 네트워크에 연결되어 있어야 해요. 다시 연결되면 "
            + "다시 시도해 주세요.",
        tryAgain: "처음으로")
}
