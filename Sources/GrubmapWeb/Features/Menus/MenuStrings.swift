import GrubmapCore

/// The strings of menus, bookmarks and the default area in one language, apart from ``Strings`` so they can grow
/// on their own.
struct MenuStrings: Sendable {
    let language: Language
    let heading: String
    /// The day selector's label for assistive technology.
    let daysLabel: String
    let today: String
    /// "Sun", "Mon", … / 일, 월, …
    let weekdayShort: @Sendable (Weekday) -> String
    /// "Monday, November 9" / "11월 9일 월요일"
    let longDate: @Sendable (CalendarDate) -> String
    let closed: String
    let noMenu: String
    let noMenuHint: String
    let backToToday: String
    let servingNow: String
    let periodName: @Sendable (MealPeriod) -> String
    let roleName: @Sendable (PriceRole) -> String
    /// "2 dishes" for a collapsed category.
    let mealCount: @Sendable (Int) -> String
    let notesLabel: String
    let pricesLabel: String
    /// "1 dish hidden by your filter", under a category whose meals the filter hid.
    let hiddenByFilter: @Sendable (Int) -> String
    /// An allergen as a note chip and a filter choice: "Eggs" / 난류.
    let allergenName: @Sendable (Allergen) -> String
    /// A note's diet mark as a chip: "Vegan" / 비건.
    let dietMarkName: @Sendable (DietMark) -> String
    /// The person's price role as a choice: "Student" / 학생.
    let priceChoice: @Sendable (PriceRole) -> String
    /// The legend of the price-role choice: "I pay as".
    let payAs: String
    /// The dietary filter's button, its parts and its diets.
    let filterLabel: String
    let dietLabel: String
    let dietName: @Sendable (Diet) -> String
    let avoidLabel: String
    let apply: String
    /// The star's label: "Bookmark Geumjeong Hall"; `aria-pressed` says whether it is on.
    let bookmarkPlace: @Sendable (String) -> String
    let bookmark: String
    /// Said after the star is pressed: "Geumjeong Hall is bookmarked." and "… is no longer bookmarked."
    let bookmarkAdded: @Sendable (String) -> String
    let bookmarkRemoved: @Sendable (String) -> String
    let makeDefaultArea: String
    let isDefaultArea: String

    static func forLanguage(_ language: Language) -> MenuStrings {
        switch language {
        case .english: .english
        case .korean: .korean
        }
    }

    static let english = MenuStrings(
        language: .english,
        heading: "Menu",
        daysLabel: "Day of the week",
        today: "Today",
        weekdayShort: { ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][$0.rawValue - 1] },
        longDate: { date in
            let (_, month, day) = date.components
            let months = [
                "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December",
            ]
            let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
            return "\(weekdays[date.weekday.rawValue - 1]), \(months[month - 1]) \(day)"
        },
        closed: "Closed this day.",
        noMenu: "No menu yet for this day.",
        noMenuHint: "Menus show up here once the place publishes them.",
        backToToday: "Back to today",
        servingNow: "Now",
        periodName: { period in
            switch period {
            case .breakfast: "Breakfast"
            case .lunch: "Lunch"
            case .dinner: "Dinner"
            }
        },
        roleName: { role in
            switch role {
            case .student: "Students"
            case .employee: "Staff"
            case .pupil: "Pupils"
            case .other: "Guests"
            }
        },
        mealCount: { $0 == 1 ? "1 dish" : "\($0) dishes" },
        notesLabel: "Notes",
        pricesLabel: "Prices",
        hiddenByFilter: { $0 == 1 ? "1 dish hidden by your filter" : "\($0) dishes hidden by your filter" },
        allergenName: { allergen in
            switch allergen {
            case .eggs: "Eggs"
            case .milk: "Milk"
            case .wheat: "Wheat (gluten)"
            case .soy: "Soy"
            case .peanuts: "Peanuts"
            case .treeNuts: "Tree nuts"
            case .fish: "Fish"
            case .crustaceans: "Crustaceans"
            case .molluscs: "Molluscs"
            case .sesame: "Sesame"
            case .celery: "Celery"
            case .mustard: "Mustard"
            case .lupin: "Lupin"
            case .sulphites: "Sulphites"
            case .buckwheat: "Buckwheat"
            case .peach: "Peach"
            case .tomato: "Tomato"
            case .pork: "Pork"
            case .beef: "Beef"
            case .chicken: "Chicken"
            }
        },
        dietMarkName: { mark in
            switch mark {
            case .vegan: "Vegan"
            case .vegetarian: "Vegetarian"
            case .vegetarianOnRequest: "Vegetarian on request"
            }
        },
        priceChoice: { role in
            switch role {
            case .student: "Student"
            case .employee: "Staff"
            case .pupil: "Pupil"
            case .other: "Guest"
            }
        },
        payAs: "I pay as",
        filterLabel: "Filter dishes",
        dietLabel: "Show dishes",
        dietName: { diet in
            switch diet {
            case .all: "All dishes"
            case .vegetarian: "Vegetarian"
            case .vegan: "Vegan"
            }
        },
        avoidLabel: "Hide dishes with",
        apply: "Apply",
        bookmarkPlace: { "Bookmark \($0)" },
        bookmark: "Bookmark",
        bookmarkAdded: { "\($0) is bookmarked." },
        bookmarkRemoved: { "\($0) is no longer bookmarked." },
        makeDefaultArea: "Open Grubmap here",
        isDefaultArea: "Grubmap opens here"
    )

    static let korean = MenuStrings(
        language: .korean,
        heading: "식단",
        daysLabel: "요일 선택",
        today: "오늘",
        weekdayShort: { ["월", "화", "수", "목", "금", "토", "일"][$0.rawValue - 1] },
        longDate: { date in
            let (_, month, day) = date.components
            let weekdays = ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"]
            return "\(month)월 \(day)일 \(weekdays[date.weekday.rawValue - 1])"
        },
        closed: "이날은 운영하지 않아요.",
        noMenu: "이날 식단이 아직 없어요.",
        noMenuHint: "식당에서 식단을 올리면 여기에 나와요.",
        backToToday: "오늘로 돌아가기",
        servingNow: "지금",
        periodName: { period in
            switch period {
            case .breakfast: "조식"
            case .lunch: "중식"
            case .dinner: "석식"
            }
        },
        roleName: { role in
            switch role {
            case .student: "학생"
            case .employee: "교직원"
            case .pupil: "초중고생"
            case .other: "일반"
            }
        },
        mealCount: { "\($0)가지" },
        notesLabel: "참고",
        pricesLabel: "가격",
        hiddenByFilter: { "필터로 \($0)가지 숨김" },
        allergenName: { allergen in
            switch allergen {
            case .eggs: "난류"
            case .milk: "우유"
            case .wheat: "밀"
            case .soy: "대두"
            case .peanuts: "땅콩"
            case .treeNuts: "견과류"
            case .fish: "생선"
            case .crustaceans: "갑각류"
            case .molluscs: "연체류·조개류"
            case .sesame: "참깨"
            case .celery: "셀러리"
            case .mustard: "겨자"
            case .lupin: "루핀"
            case .sulphites: "아황산류"
            case .buckwheat: "메밀"
            case .peach: "복숭아"
            case .tomato: "토마토"
            case .pork: "돼지고기"
            case .beef: "쇠고기"
            case .chicken: "닭고기"
            }
        },
        dietMarkName: { mark in
            switch mark {
            case .vegan: "비건"
            case .vegetarian: "채식"
            case .vegetarianOnRequest: "채식 가능"
            }
        },
        priceChoice: { role in
            switch role {
            case .student: "학생"
            case .employee: "교직원"
            case .pupil: "초중고생"
            case .other: "일반"
            }
        },
        payAs: "내 가격",
        filterLabel: "메뉴 필터",
        dietLabel: "보여줄 메뉴",
        dietName: { diet in
            switch diet {
            case .all: "모든 메뉴"
            case .vegetarian: "채식"
            case .vegan: "비건"
            }
        },
        avoidLabel: "제외할 성분",
        apply: "적용",
        bookmarkPlace: { "\($0) 즐겨찾기" },
        bookmark: "즐겨찾기",
        bookmarkAdded: { "\($0, particle: .object) 즐겨찾기에 추가했어요." },
        bookmarkRemoved: { "\($0, particle: .object) 즐겨찾기에서 뺐어요." },
        makeDefaultArea: "처음 화면으로 설정",
        isDefaultArea: "처음 화면으로 설정됨"
    )
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
