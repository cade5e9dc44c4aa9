import GrubmapCore

/// The menu board's own strings and the area's tabs, in one language; the menu's shared ones are ``MenuStrings``.
struct BoardStrings: Sendable {
    let language: Language
    /// The page title: "Menus · PNU Busan".
    let title: @Sendable (String) -> String
    /// The tabs' label for assistive technology, and each tab.
    let viewsLabel: String
    let menusTab: String
    let mapTab: String
    let listTab: String
    let previousDay: String
    let nextDay: String
    /// The heading of the compact list at the end: "Not serving today" / "Not serving this day".
    let restingHeading: @Sendable (_ isToday: Bool) -> String
    let closed: String
    /// "Closed: 개교기념일": a closed day with the menu's reason.
    let closedBecause: @Sendable (String) -> String
    let noMenuYet: String
    /// "4 places serving, 3 not": the board at a glance.
    let summary: @Sendable (_ serving: Int, _ resting: Int) -> String
    let nothingServing: String
    let noPlaces: String
    /// The card's line on today's board, by the opening hours when known…
    let openUntil: @Sendable (TimeOfDay) -> String
    let closedNow: @Sendable (TimeOfDay?) -> String
    /// …else by the menu's meal periods: "Lunch now", "Dinner next".
    let periodNow: @Sendable (String) -> String
    let periodNext: @Sendable (String) -> String
    let menuOfPlace: @Sendable (String) -> String

    static func forLanguage(_ language: Language) -> BoardStrings {
        switch language {
        case .english: .english
        case .korean: .korean
        }
    }

    static let english = BoardStrings(
        language: .english,
        title: { "Menus · \($0)" },
        viewsLabel: "Views of the area",
        menusTab: "Menus",
        mapTab: "Map",
        listTab: "List",
        previousDay: "Previous day",
        nextDay: "Next day",
        restingHeading: { $0 ? "Not serving today" : "Not serving this day" },
        closed: "Closed",
        closedBecause: { "Closed: \($0)" },
        noMenuYet: "No menu yet",
        summary: { serving, resting in
            (serving == 1 ? "1 place serving" : "\(serving) places serving") + (resting > 0 ? ", \(resting) not" : "")
        },
        nothingServing: "No place serves food this day.",
        noPlaces: "This area has no places yet.",
        openUntil: { "Open now · until \($0)" },
        closedNow: { opens in opens.map { "Closed now · opens \($0)" } ?? "Closed now" },
        periodNow: { "\($0) now" },
        periodNext: { "\($0) next" },
        menuOfPlace: { "Menu of \($0)" }
    )

    static let korean = BoardStrings(
        language: .korean,
        title: { "식단 · \($0)" },
        viewsLabel: "캠퍼스 보기",
        menusTab: "식단",
        mapTab: "지도",
        listTab: "목록",
        previousDay: "이전 날",
        nextDay: "다음 날",
        restingHeading: { $0 ? "오늘 운영하지 않는 곳" : "이날 운영하지 않는 곳" },
        closed: "휴무",
        closedBecause: { "휴무: \($0)" },
        noMenuYet: "식단 미등록",
        summary: { serving, resting in "\(serving)곳 운영" + (resting > 0 ? ", \(resting)곳 휴무·미등록" : "") },
        nothingServing: "이날 운영하는 식당이 없어요.",
        noPlaces: "이 캠퍼스에는 아직 식당이 없어요.",
        openUntil: { "영업 중 · \($0)까지" },
        closedNow: { opens in opens.map { "영업 전 · \($0) 시작" } ?? "영업 종료" },
        periodNow: { "\($0) 시간" },
        periodNext: { "다음: \($0)" },
        menuOfPlace: { "\($0) 식단" }
    )
}
