import GrubmapCore

/// The menu board's own strings and the area's tabs, in one language; the menu's shared ones are ``MenuStrings``.
struct BoardStrings: LocalizedStrings {
    let language: Language
    /// The page title: "Menus · PNU Busan".
    func title(_ name: String) -> String { text(en: "Menus · \(name)", ko: "식단 · \(name)") }
    /// The tabs' label for assistive technology, and each tab.
    var viewsLabel: String { text(en: "Views of the area", ko: "캠퍼스 보기") }
    var menusTab: String { text(en: "Menus", ko: "식단") }
    var mapTab: String { text(en: "Map", ko: "지도") }
    var listTab: String { text(en: "List", ko: "목록") }
    var previousDay: String { text(en: "Previous day", ko: "이전 날") }
    var nextDay: String { text(en: "Next day", ko: "다음 날") }
    /// The heading of the compact list at the end: "Not serving today" / "Not serving this day".
    func restingHeading(_ isToday: Bool) -> String {
        text(en: isToday ? "Not serving today" : "Not serving this day", ko: isToday ? "오늘 운영하지 않는 곳" : "이날 운영하지 않는 곳")
    }
    var closed: String { text(en: "Closed", ko: "휴무") }
    /// "Closed: 개교기념일": a closed day with the menu's reason.
    func closedBecause(_ name: String) -> String { text(en: "Closed: \(name)", ko: "휴무: \(name)") }
    var noMenuYet: String { text(en: "No menu yet", ko: "식단 미등록") }
    /// "4 places serving, 3 not": the board at a glance.
    func summary(_ serving: Int, _ resting: Int) -> String {
        text(
            en: (serving == 1 ? "1 place serving" : "\(serving) places serving")
                + (resting > 0 ? ", \(resting) not" : ""),
            ko: "\(serving)곳 운영" + (resting > 0 ? ", \(resting)곳 휴무·미등록" : ""))
    }
    var nothingServing: String { text(en: "No place serves food this day.", ko: "이날 운영하는 식당이 없어요.") }
    var noPlaces: String { text(en: "This area has no places yet.", ko: "이 캠퍼스에는 아직 식당이 없어요.") }
    /// The card's line on today's board, by the opening hours when known…
    func openUntil(_ time: TimeOfDay) -> String { text(en: "Open now · until \(time)", ko: "영업 중 · \(time)까지") }
    func closedNow(_ opens: TimeOfDay?) -> String {
        text(
            en: opens.map { "Closed now · opens \($0)" } ?? "Closed now",
            ko: opens.map { "영업 전 · \($0) 시작" } ?? "영업 종료")
    }
    /// …else by the menu's meal periods: "Lunch now", "Dinner next".
    func periodNow(_ name: String) -> String { text(en: "\(name) now", ko: "\(name) 시간") }
    func periodNext(_ name: String) -> String { text(en: "\(name) next", ko: "다음: \(name)") }
    /// "Dinner next · 17:00": the next period with the time it begins.
    func periodNextAt(_ name: String, _ time: TimeOfDay) -> String {
        text(en: "\(name) next · \(time)", ko: "다음: \(name) · \(time)")
    }
    func menuOfPlace(_ name: String) -> String { text(en: "Menu of \(name)", ko: "\(name) 식단") }
    /// The glance at the top of the board: its heading for assistive technology, and when each line's meal is
    /// served ("Lunch now", "Dinner at 17:00", "Tomorrow: Breakfast"), given the period's or the category's name.
    var glanceHeading: String { text(en: "Now and next", ko: "지금과 다음 식사") }
    func glanceNow(_ name: String) -> String { text(en: "\(name) now", ko: "지금 \(name)") }
    func glanceLater(_ name: String, _ time: TimeOfDay) -> String {
        text(en: "\(name) at \(time)", ko: "\(name) \(time)부터")
    }
    func glanceNextDay(_ name: String) -> String { text(en: "Tomorrow: \(name)", ko: "내일 \(name)") }
    /// A serving place with nothing left to serve today and no menu for tomorrow; the same with nothing left the
    /// reader's filter shows.
    var noMoreToday: String { text(en: "No more meals today", ko: "오늘 식사는 끝났어요") }
    var noMoreForFilter: String { text(en: "Nothing more for your filter today", ko: "오늘은 필터에 맞는 메뉴가 더 없어요") }
    /// The heading of the places the reader's filter empties, and each one's line: "Nothing vegetarian here today".
    var filteredHeading: String { text(en: "Nothing for your filter", ko: "필터에 맞는 메뉴가 없는 곳") }
    func nothingForFilter(_ filter: DietaryFilter, _ allergens: [String], _ isToday: Bool) -> String {
        let diet =
            switch filter.diet {
            case .all: text(en: "", ko: "메뉴")
            case .vegetarian: text(en: " vegetarian", ko: "채식 메뉴")
            case .vegan: text(en: " vegan", ko: "비건 메뉴")
            }
        return text(
            en: "Nothing\(diet)"
                + (allergens.isEmpty ? "" : " without " + Self.englishList(allergens.map { $0.lowercased() }))
                + " here " + (isToday ? "today" : "this day"),
            ko: (isToday ? "오늘은 " : "이 날은 ") + (allergens.isEmpty ? "" : allergens.joined(separator: "·") + " 제외 ")
                + diet + "가 없어요")
    }

    static func forLanguage(_ language: Language) -> BoardStrings {
        switch language {
        case .english: .english
        case .korean: .korean
        }
    }

    static let english = BoardStrings(language: .english)

    static let korean = BoardStrings(language: .korean)

    /// "eggs", "eggs and milk", "eggs, milk and soy".
    private static func englishList(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }
}
