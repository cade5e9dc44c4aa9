import GrubmapCore

/// The console's words for the place form's map and id, the week of menus, dates and closed days.
struct ConsoleFormStrings: LocalizedStrings {
    let language: Language
    var placeIDHint: String {
        text(
            en: "Made from the name; you may change it. Lowercase letters, digits and hyphens; it cannot change later.",
            ko: "이름에서 만들어져요. 바꿔도 돼요. 영문 소문자, 숫자, 하이픈만 쓰고, 나중에는 바꿀 수 없어요.")
    }
    var placeIDMissing: String {
        text(
            en: "Type an id, or a name to make it from (letters or digits).",
            ko: "아이디를 입력하거나, 아이디를 만들 이름(글자나 숫자)을 입력하세요.")
    }
    var positionHint: String {
        text(
            en:
                "Click the place on the map, or type its coordinates in degrees as a map app shows them (35.2334, 129.0793).",
            ko: "지도에서 장소를 누르거나, 지도 앱에 나오는 좌표를 도 단위로 입력하세요(35.2334, 129.0793).")
    }
    var positionMissing: String {
        text(
            en: "Set the position: click the place on the map, or type its latitude and longitude.",
            ko: "위치를 정해 주세요. 지도에서 장소를 누르거나 위도와 경도를 입력하세요.")
    }
    func mapPickerLabel(_ area: String, _ count: Int) -> String {
        text(
            en: "Map of \(area) with its \(count == 1 ? "1 place" : "\(count) places"): a click sets the position",
            ko: "\(area) 지도, 장소 \(count)곳: 누르면 위치가 정해져요")
    }
    var positionSetUnsaved: String {
        text(en: "Position set from the map. The place is not saved yet.", ko: "지도에서 위치를 정했어요. 아직 저장하지 않았어요.")
    }
    func weekTitle(_ name: String) -> String { text(en: "Menus · \(name)", ko: "메뉴 · \(name)") }
    var weekHint: String {
        text(
            en:
                "Every day of the week on one page: fill in the meals, add rows, copy a day to others, then save the week once. Empty rows are left out; meals under a category's name join it.",
            ko:
                "한 주의 모든 날을 한 페이지에서 입력해요. 메뉴를 채우고, 줄을 더하고, 하루를 다른 날로 복사한 뒤 한 번에 저장하세요. 빈 줄은 저장하지 않고, 같은 이름의 분류에 적은 메뉴는 그 분류로 합쳐져요."
        )
    }
    var weekDays: String { text(en: "Days of the week", ko: "요일") }
    var closedByHours: String { text(en: "Closed (opening hours)", ko: "휴무(영업시간)") }
    func closedOn(_ note: String?) -> String {
        text(en: "Closed that day" + (note.map { ": \($0)" } ?? ""), ko: "그날 휴무" + (note.map { ": \($0)" } ?? ""))
    }
    func otherHours(_ name: String) -> String { text(en: "Other hours: \(name)", ko: "변경 영업: \(name)") }
    func menuOnClosedDay(_ reason: String) -> String {
        text(
            en: "\(reason). A menu for this day is kept, but the public pages show the day as closed.",
            ko: "\(reason). 이날 메뉴는 저장되지만 공개 페이지에는 휴무로 나와요.")
    }
    var closedMenu: String { text(en: "Closed all day", ko: "하루 종일 휴무") }
    func mealCount(_ count: Int) -> String { text(en: count == 1 ? "1 meal" : "\(count) meals", ko: "메뉴 \(count)개") }
    func category(_ name: String) -> String { text(en: "Category \(name)", ko: "분류 \(name)") }
    var addMeal: String { text(en: "Add a meal", ko: "메뉴 추가") }
    var morePrices: String { text(en: "More prices", ko: "다른 가격") }
    var addCategory: String { text(en: "Add a category", ko: "분류 추가") }
    func copyDay(_ name: String) -> String { text(en: "Copy \(name) to other days", ko: "\(name) 메뉴를 다른 날로 복사") }
    var copyTo: String { text(en: "Copy to", ko: "복사할 날") }
    var copyButton: String { text(en: "Copy", ko: "복사") }
    var copiedUnsaved: String {
        text(
            en: "Copied to {days}. Not saved yet: save the week to keep it.",
            ko: "{days}에 복사했어요. 아직 저장하지 않았어요. 한 주를 저장해야 남아요.")
    }
    var copiedNone: String { text(en: "Tick the days to copy to first.", ko: "먼저 복사할 날을 고르세요.") }
    func copiedNotice(_ count: Int) -> String {
        text(
            en: count == 1
                ? "Copied to 1 day. Not saved yet: save the week to keep it."
                : "Copied to \(count) days. Not saved yet: save the week to keep it.",
            ko: "\(count)개 요일에 복사했어요. 아직 저장하지 않았어요. 한 주를 저장해야 남아요.")
    }
    var saveWeek: String { text(en: "Save the week", ko: "한 주 저장") }
    var weekSaved: String { text(en: "Saved. The public pages show the week now.", ko: "저장했어요. 공개 페이지에 바로 나와요.") }
    func weekSavedWithWarnings(_ count: Int) -> String {
        text(
            en: "Saved. \(count == 1 ? "1 day with a menu is" : "\(count) days with menus are") closed: see below.",
            ko: "저장했어요. 메뉴가 있는데 휴무인 날이 \(count)개 있어요. 아래를 보세요.")
    }
    var weekUnchanged: String { text(en: "Nothing had changed.", ko: "바뀐 것이 없어요.") }
    var copyWeekTo: String { text(en: "Copy this week's menus to", ko: "이번 주 메뉴를 복사할 주") }
    func weekChoice(_ name: String) -> String { text(en: "the week of \(name)", ko: "\(name) 주") }
    var thisWeek: String { text(en: "This week", ko: "이번 주") }
    var badDate: String {
        text(
            en: "That is not a date the console knows. Open the week from the place's page.",
            ko: "관리 화면이 아는 날짜가 아니에요. 장소 페이지에서 주를 여세요.")
    }
    func dateHint(_ name: String) -> String {
        text(en: "Like \(name); without a year, the next such day.", ko: "\(name)처럼 입력하세요. 연도가 없으면 다가오는 그날이에요.")
    }
    func datePlaceholder(_ name: String) -> String { text(en: name, ko: name) }
    func dateUnreadable(_ name: String) -> String { text(en: "Type a date like \(name).", ko: "\(name)처럼 날짜를 입력하세요.") }
    var dateNoSuchDay: String { text(en: "There is no such day.", ko: "없는 날짜예요.") }
    func dateWrongWeekday(_ name: String) -> String { text(en: "That date is \(name).", ko: "그날은 \(name)이에요.") }
    func exceptionOverMenu(_ date: String) -> String {
        text(
            en: "Saved. \(date) has a menu: it is kept, but the public pages show the day as closed.",
            ko: "저장했어요. \(date)에 메뉴가 있어요. 메뉴는 남지만 공개 페이지에는 휴무로 나와요.")
    }
    func dayField(_ day: String, _ field: String) -> String { text(en: "\(day) · \(field)", ko: "\(day) · \(field)") }
}

extension ConsoleFormStrings {
    static func forLanguage(_ language: Language) -> ConsoleFormStrings {
        language == .korean ? korean : english
    }

    static let english = ConsoleFormStrings(language: .english)

    static let korean = ConsoleFormStrings(language: .korean)
}
