import GrubmapCore

/// The console's words for the place form's map and id, the week of menus, dates and closed days.
struct ConsoleFormStrings: Sendable {
    let language: Language
    let placeIDHint: String
    let placeIDMissing: String
    let positionHint: String
    let positionMissing: String
    let mapPickerLabel: @Sendable (String, Int) -> String
    let positionSetUnsaved: String
    let weekTitle: @Sendable (String) -> String
    let weekHint: String
    let weekDays: String
    let closedByHours: String
    let closedOn: @Sendable (String?) -> String
    let otherHours: @Sendable (String) -> String
    let menuOnClosedDay: @Sendable (String) -> String
    let closedMenu: String
    let mealCount: @Sendable (Int) -> String
    let category: @Sendable (String) -> String
    let addMeal: String
    let morePrices: String
    let addCategory: String
    let copyDay: @Sendable (String) -> String
    let copyTo: String
    let copyButton: String
    let copiedUnsaved: String
    let copiedNone: String
    let copiedNotice: @Sendable (Int) -> String
    let saveWeek: String
    let weekSaved: String
    let weekSavedWithWarnings: @Sendable (Int) -> String
    let weekUnchanged: String
    let copyWeekTo: String
    let weekChoice: @Sendable (String) -> String
    let thisWeek: String
    let badDate: String
    let dateHint: @Sendable (String) -> String
    let datePlaceholder: @Sendable (String) -> String
    let dateUnreadable: @Sendable (String) -> String
    let dateNoSuchDay: String
    let dateWrongWeekday: @Sendable (String) -> String
    let exceptionOverMenu: @Sendable (String) -> String
    let dayField: @Sendable (String, String) -> String
}

extension ConsoleFormStrings {
    static func forLanguage(_ language: Language) -> ConsoleFormStrings {
        language == .korean ? korean : english
    }

    static let english = ConsoleFormStrings(
        language: .english,
        placeIDHint:
            "Made from the name; you may change it. Lowercase letters, digits and hyphens; it cannot change later.",
        placeIDMissing: "Type an id, or a name to make it from (letters or digits).",
        positionHint:
            "Click the place on the map, or type its coordinates in degrees as a map app shows them (35.2334, 129.0793).",
        positionMissing: "Set the position: click the place on the map, or type its latitude and longitude.",
        mapPickerLabel: { area, count in
            "Map of \(area) with its \(count == 1 ? "1 place" : "\(count) places"): a click sets the position"
        },
        positionSetUnsaved: "Position set from the map. The place is not saved yet.",
        weekTitle: { "Menus · \($0)" },
        weekHint:
            "Every day of the week on one page: fill in the meals, add rows, copy a day to others, then save the week once. Empty rows are left out; meals under a category's name join it.",
        weekDays: "Days of the week",
        closedByHours: "Closed (opening hours)",
        closedOn: { note in "Closed that day" + (note.map { ": \($0)" } ?? "") },
        otherHours: { "Other hours: \($0)" },
        menuOnClosedDay: { reason in
            "\(reason). A menu for this day is kept, but the public pages show the day as closed."
        },
        closedMenu: "Closed all day",
        mealCount: { $0 == 1 ? "1 meal" : "\($0) meals" },
        category: { "Category \($0)" }, addMeal: "Add a meal", morePrices: "More prices", addCategory: "Add a category",
        copyDay: { "Copy \($0) to other days" }, copyTo: "Copy to", copyButton: "Copy",
        copiedUnsaved: "Copied to {days}. Not saved yet: save the week to keep it.",
        copiedNone: "Tick the days to copy to first.",
        copiedNotice: {
            $0 == 1
                ? "Copied to 1 day. Not saved yet: save the week to keep it."
                : "Copied to \($0) days. Not saved yet: save the week to keep it."
        },
        saveWeek: "Save the week",
        weekSaved: "Saved. The public pages show the week now.",
        weekSavedWithWarnings: { count in
            "Saved. \(count == 1 ? "1 day with a menu is" : "\(count) days with menus are") closed: see below."
        },
        weekUnchanged: "Nothing had changed.",
        copyWeekTo: "Copy this week's menus to", weekChoice: { "the week of \($0)" }, thisWeek: "This week",
        badDate: "That is not a date the console knows. Open the week from the place's page.",
        dateHint: { "Like \($0); without a year, the next such day." },
        datePlaceholder: { $0 },
        dateUnreadable: { "Type a date like \($0)." },
        dateNoSuchDay: "There is no such day.",
        dateWrongWeekday: { "That date is \($0)." },
        exceptionOverMenu: { date in
            "Saved. \(date) has a menu: it is kept, but the public pages show the day as closed."
        },
        dayField: { day, field in "\(day) · \(field)" })

    static let korean = ConsoleFormStrings(
        language: .korean,
        placeIDHint: "이름에서 만들어져요. 바꿔도 돼요. 영문 소문자, 숫자, 하이픈만 쓰고, 나중에는 바꿀 수 없어요.",
        placeIDMissing: "아이디를 입력하거나, 아이디를 만들 이름(글자나 숫자)을 입력하세요.",
        positionHint: "지도에서 장소를 누르거나, 지도 앱에 나오는 좌표를 도 단위로 입력하세요(35.2334, 129.0793).",
        positionMissing: "위치를 정해 주세요. 지도에서 장소를 누르거나 위도와 경도를 입력하세요.",
        mapPickerLabel: { area, count in "\(area) 지도, 장소 \(count)곳: 누르면 위치가 정해져요" },
        positionSetUnsaved: "지도에서 위치를 정했어요. 아직 저장하지 않았어요.",
        weekTitle: { "메뉴 · \($0)" },
        weekHint:
            "한 주의 모든 날을 한 페이지에서 입력해요. 메뉴를 채우고, 줄을 더하고, 하루를 다른 날로 복사한 뒤 한 번에 저장하세요. 빈 줄은 저장하지 않고, 같은 이름의 분류에 적은 메뉴는 그 분류로 합쳐져요.",
        weekDays: "요일",
        closedByHours: "휴무(영업시간)",
        closedOn: { note in "그날 휴무" + (note.map { ": \($0)" } ?? "") },
        otherHours: { "변경 영업: \($0)" },
        menuOnClosedDay: { reason in "\(reason). 이날 메뉴는 저장되지만 공개 페이지에는 휴무로 나와요." },
        closedMenu: "하루 종일 휴무",
        mealCount: { "메뉴 \($0)개" },
        category: { "분류 \($0)" }, addMeal: "메뉴 추가", morePrices: "다른 가격", addCategory: "분류 추가",
        copyDay: { "\($0) 메뉴를 다른 날로 복사" }, copyTo: "복사할 날", copyButton: "복사",
        copiedUnsaved: "{days}에 복사했어요. 아직 저장하지 않았어요. 한 주를 저장해야 남아요.",
        copiedNone: "먼저 복사할 날을 고르세요.",
        copiedNotice: { "\($0)개 요일에 복사했어요. 아직 저장하지 않았어요. 한 주를 저장해야 남아요." },
        saveWeek: "한 주 저장",
        weekSaved: "저장했어요. 공개 페이지에 바로 나와요.",
        weekSavedWithWarnings: { "저장했어요. 메뉴가 있는데 휴무인 날이 \($0)개 있어요. 아래를 보세요." },
        weekUnchanged: "바뀐 것이 없어요.",
        copyWeekTo: "이번 주 메뉴를 복사할 주", weekChoice: { "\($0) 주" }, thisWeek: "이번 주",
        badDate: "관리 화면이 아는 날짜가 아니에요. 장소 페이지에서 주를 여세요.",
        dateHint: { "\($0)처럼 입력하세요. 연도가 없으면 다가오는 그날이에요." },
        datePlaceholder: { $0 },
        dateUnreadable: { "\($0)처럼 날짜를 입력하세요." },
        dateNoSuchDay: "없는 날짜예요.",
        dateWrongWeekday: { "그날은 \($0)이에요." },
        exceptionOverMenu: { date in "저장했어요. \(date)에 메뉴가 있어요. 메뉴는 남지만 공개 페이지에는 휴무로 나와요." },
        dayField: { day, field in "\(day) · \(field)" })
}
