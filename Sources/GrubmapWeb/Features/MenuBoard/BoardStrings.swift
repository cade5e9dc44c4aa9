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
    /// "Dinner next · 17:00": the next period with the time it begins.
    let periodNextAt: @Sendable (String, TimeOfDay) -> String
    let menuOfPlace: @Sendable (String) -> String
    /// The glance at the top of the board: its heading for assistive technology, and when each line's meal is
    /// served ("Lunch now", "Dinner at 17:00", "Tomorrow: Breakfast"), given the period's or the category's name.
    let glanceHeading: String
    let glanceNow: @Sendable (String) -> String
    let glanceLater: @Sendable (String, TimeOfDay) -> String
    let glanceNextDay: @Sendable (String) -> String
    /// A serving place with nothing left to serve today and no menu for tomorrow; the same with nothing left the
    /// reader's filter shows.
    let noMoreToday: String
    let noMoreForFilter: String
    /// The heading of the places the reader's filter empties, and each one's line: "Nothing vegetarian here today".
    let filteredHeading: String
    let nothingForFilter: @Sendable (DietaryFilter, _ allergenNames: [String], _ isToday: Bool) -> String

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
        periodNextAt: { "\($0) next · \($1)" },
        menuOfPlace: { "Menu of \($0)" },
        glanceHeading: "Now and next",
        glanceNow: { "\($0) now" },
        glanceLater: { "\($0) at \($1)" },
        glanceNextDay: { "Tomorrow: \($0)" },
        noMoreToday: "No more meals today",
        noMoreForFilter: "Nothing more for your filter today",
        filteredHeading: "Nothing for your filter",
        nothingForFilter: { filter, allergens, isToday in
            let diet: String =
                switch filter.diet {
                case .all: ""
                case .vegetarian: " vegetarian"
                case .vegan: " vegan"
                }
            let without = allergens.isEmpty ? "" : " without " + englishList(allergens.map { $0.lowercased() })
            return "Nothing\(diet)\(without) here " + (isToday ? "today" : "this day")
        }
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
        periodNextAt: { "다음: \($0) · \($1)" },
        menuOfPlace: { "\($0) 식단" },
        glanceHeading: "지금과 다음 식사",
        glanceNow: { "지금 \($0)" },
        glanceLater: { "\($0) \($1)부터" },
        glanceNextDay: { "내일 \($0)" },
        noMoreToday: "오늘 식사는 끝났어요",
        noMoreForFilter: "오늘은 필터에 맞는 메뉴가 더 없어요",
        filteredHeading: "필터에 맞는 메뉴가 없는 곳",
        nothingForFilter: { filter, allergens, isToday in
            let without = allergens.isEmpty ? "" : allergens.joined(separator: "·") + " 제외 "
            let diet: String =
                switch filter.diet {
                case .all: "메뉴"
                case .vegetarian: "채식 메뉴"
                case .vegan: "비건 메뉴"
                }
            return (isToday ? "오늘은 " : "이 날은 ") + without + diet + "가 없어요"
        }
    )

    /// "eggs", "eggs and milk", "eggs, milk and soy".
    private static func englishList(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }
}
