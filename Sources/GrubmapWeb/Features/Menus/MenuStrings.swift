import GrubmapCore

/// The strings of menus, bookmarks and the default area in one language, apart from ``Strings`` so they can grow
/// on their own.
struct MenuStrings: LocalizedStrings {
    let language: Language
    var heading: String { text(en: "Menu", ko: "식단") }
    /// The day selector's label for assistive technology.
    var daysLabel: String { text(en: "Day of the week", ko: "요일 선택") }
    var today: String { text(en: "Today", ko: "오늘") }
    /// "Sun", "Mon", … / 일, 월, …
    func weekdayShort(_ day: Weekday) -> String {
        text(
            en: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][day.rawValue - 1],
            ko: ["월", "화", "수", "목", "금", "토", "일"][day.rawValue - 1])
    }
    /// "Monday, November 9" / "11월 9일 월요일"
    func longDate(_ date: CalendarDate) -> String {
        let (_, month, day) = date.components
        return text(
            en: "\(Strings.english.weekdayName(date.weekday)), \(Self.englishMonths[month - 1]) \(day)",
            ko: "\(month)월 \(day)일 \(Strings.korean.weekdayName(date.weekday))")
    }
    private static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
    var closed: String { text(en: "Closed this day.", ko: "이날은 운영하지 않아요.") }
    var noMenu: String { text(en: "No menu yet for this day.", ko: "이날 식단이 아직 없어요.") }
    var noMenuHint: String {
        text(en: "Menus show up here once the place publishes them.", ko: "식당에서 식단을 올리면 여기에 나와요.")
    }
    var backToToday: String { text(en: "Back to today", ko: "오늘로 돌아가기") }
    var servingNow: String { text(en: "Now", ko: "지금") }
    /// Under a meal an operator marked sold out at `time` ("12:40").
    func soldOutAt(_ time: String) -> String { text(en: "Sold out \(time)", ko: "\(time) 품절") }
    /// Under a meal three people reported sold out, the third at `time`.
    func reportedSoldOutAt(_ time: String) -> String {
        text(en: "Reported sold out \(time)", ko: "\(time) 품절 제보")
    }
    /// The button of a meal of today that reports it sold out.
    var soldOutQuestion: String { text(en: "Sold out?", ko: "품절이에요?") }
    /// The console's panel of today's meals.
    var soldOutToday: String { text(en: "Sold out today", ko: "오늘 품절") }
    var soldOutHint: String {
        text(
            en: "Tap a meal when it runs out, and again to undo. Pages show it at once; it clears at midnight.",
            ko: "다 떨어진 메뉴를 눌러 주세요. 다시 누르면 취소돼요. 바로 보이고 자정에 지워져요.")
    }
    func markedSoldOut(_ meal: String) -> String {
        text(en: "Marked \(meal) sold out.", ko: "‘\(meal)’ 메뉴를 품절로 표시했어요.")
    }
    func clearedSoldOut(_ meal: String) -> String {
        text(en: "\(meal) is no longer marked sold out.", ko: "‘\(meal)’ 메뉴의 품절 표시를 지웠어요.")
    }
    var soldOutThanks: String {
        text(
            en: "Thanks! Three reports within 30 minutes mark it sold out.",
            ko: "알려 주셔서 고마워요. 30분 안에 세 분이 알려 주면 품절로 표시돼요.")
    }
    func periodName(_ period: MealPeriod) -> String {
        switch period {
        case .breakfast: text(en: "Breakfast", ko: "조식")
        case .lunch: text(en: "Lunch", ko: "중식")
        case .dinner: text(en: "Dinner", ko: "석식")
        }
    }
    func roleName(_ role: PriceRole) -> String {
        switch role {
        case .student: text(en: "Students", ko: "학생")
        case .employee: text(en: "Staff", ko: "교직원")
        case .pupil: text(en: "Pupils", ko: "초중고생")
        case .other: text(en: "Guests", ko: "일반")
        }
    }
    /// "2 dishes" for a collapsed category.
    func mealCount(_ count: Int) -> String { text(en: count == 1 ? "1 dish" : "\(count) dishes", ko: "\(count)가지") }
    var notesLabel: String { text(en: "Notes", ko: "참고") }
    var pricesLabel: String { text(en: "Prices", ko: "가격") }
    /// "1 dish hidden by your filter", under a category whose meals the filter hid.
    func hiddenByFilter(_ count: Int) -> String {
        text(
            en: count == 1 ? "1 dish hidden by your filter" : "\(count) dishes hidden by your filter",
            ko: "필터로 \(count)가지 숨김")
    }
    /// An allergen as a note chip and a filter choice: "Eggs" / 난류.
    func allergenName(_ allergen: Allergen) -> String {
        switch allergen {
        case .eggs: text(en: "Eggs", ko: "난류")
        case .milk: text(en: "Milk", ko: "우유")
        case .wheat: text(en: "Wheat (gluten)", ko: "밀")
        case .soy: text(en: "Soy", ko: "대두")
        case .peanuts: text(en: "Peanuts", ko: "땅콩")
        case .treeNuts: text(en: "Tree nuts", ko: "견과류")
        case .fish: text(en: "Fish", ko: "생선")
        case .crustaceans: text(en: "Crustaceans", ko: "갑각류")
        case .molluscs: text(en: "Molluscs", ko: "연체류·조개류")
        case .sesame: text(en: "Sesame", ko: "참깨")
        case .celery: text(en: "Celery", ko: "셀러리")
        case .mustard: text(en: "Mustard", ko: "겨자")
        case .lupin: text(en: "Lupin", ko: "루핀")
        case .sulphites: text(en: "Sulphites", ko: "아황산류")
        case .buckwheat: text(en: "Buckwheat", ko: "메밀")
        case .peach: text(en: "Peach", ko: "복숭아")
        case .tomato: text(en: "Tomato", ko: "토마토")
        case .pork: text(en: "Pork", ko: "돼지고기")
        case .beef: text(en: "Beef", ko: "쇠고기")
        case .chicken: text(en: "Chicken", ko: "닭고기")
        }
    }
    /// A note's diet mark as a chip: "Vegan" / 비건.
    func dietMarkName(_ mark: DietMark) -> String {
        switch mark {
        case .vegan: text(en: "Vegan", ko: "비건")
        case .vegetarian: text(en: "Vegetarian", ko: "채식")
        case .vegetarianOnRequest: text(en: "Vegetarian on request", ko: "채식 가능")
        }
    }
    /// The person's price role as a choice: "Student" / 학생.
    func priceChoice(_ role: PriceRole) -> String {
        switch role {
        case .student: text(en: "Student", ko: "학생")
        case .employee: text(en: "Staff", ko: "교직원")
        case .pupil: text(en: "Pupil", ko: "초중고생")
        case .other: text(en: "Guest", ko: "일반")
        }
    }
    /// The legend of the price-role choice: "I pay as".
    var payAs: String { text(en: "I pay as", ko: "내 가격") }
    /// The dietary filter's button, its parts and its diets.
    var filterLabel: String { text(en: "Filter dishes", ko: "메뉴 필터") }
    var dietLabel: String { text(en: "Show dishes", ko: "보여줄 메뉴") }
    func dietName(_ diet: Diet) -> String {
        switch diet {
        case .all: text(en: "All dishes", ko: "모든 메뉴")
        case .vegetarian: text(en: "Vegetarian", ko: "채식")
        case .vegan: text(en: "Vegan", ko: "비건")
        }
    }
    var avoidLabel: String { text(en: "Hide dishes with", ko: "제외할 성분") }
    var apply: String { text(en: "Apply", ko: "적용") }
    /// The star's label: "Bookmark Geumjeong Hall"; `aria-pressed` says whether it is on.
    func bookmarkPlace(_ name: String) -> String { text(en: "Bookmark \(name)", ko: "\(name) 즐겨찾기") }
    var bookmark: String { text(en: "Bookmark", ko: "즐겨찾기") }
    /// Said after the star is pressed: "Geumjeong Hall is bookmarked." and "… is no longer bookmarked."
    func bookmarkAdded(_ name: String) -> String {
        text(en: "\(name) is bookmarked.", ko: "\(name, particle: .object) 즐겨찾기에 추가했어요.")
    }
    func bookmarkRemoved(_ name: String) -> String {
        text(en: "\(name) is no longer bookmarked.", ko: "\(name, particle: .object) 즐겨찾기에서 뺐어요.")
    }
    var makeDefaultArea: String { text(en: "Open Grubmap here", ko: "처음 화면으로 설정") }
    var isDefaultArea: String { text(en: "Grubmap opens here", ko: "처음 화면으로 설정됨") }

    static func forLanguage(_ language: Language) -> MenuStrings {
        switch language {
        case .english: .english
        case .korean: .korean
        }
    }

    static let english = MenuStrings(language: .english)

    static let korean = MenuStrings(language: .korean)
}

extension MenuStrings {
    /// What the filter does now: "Vegetarian, without eggs and milk" / "채식, 난류, 우유 제외".
    func filterSummary(_ filter: DietaryFilter) -> String {
        let names = filter.avoiding.map(allergenName)
        let without: String?
        switch language {
        case .english:
            let lowered = names.map { $0.lowercased() }
            without =
                lowered.isEmpty
                ? nil
                : "without "
                    + (lowered.count == 1
                        ? lowered[0] : lowered.dropLast().joined(separator: ", ") + " and " + lowered.last!)
        case .korean:
            without = names.isEmpty ? nil : names.joined(separator: ", ") + " 제외"
        }
        guard filter.diet != .all else {
            return without.map { language == .english ? "Dishes " + $0 : $0 } ?? dietName(.all)
        }
        return dietName(filter.diet) + (without.map { ", " + $0 } ?? "")
    }
}
