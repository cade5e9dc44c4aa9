import GrubmapCore

/// Why a console form's field was refused, in the operator's language: the place, opening hours, dated exception
/// and menu forms. English says what the core's errors say; Korean says it by case, with the same values.
struct ConsoleProblemStrings: LocalizedStrings {
    let language: Language

    static let english = ConsoleProblemStrings(language: .english)
    static let korean = ConsoleProblemStrings(language: .korean)

    static func forLanguage(_ language: Language) -> ConsoleProblemStrings {
        language == .korean ? korean : english
    }

    func textTooLong(_ limit: Int) -> String { text(en: "at most \(limit) characters", ko: "\(limit)자 이하로 적어 주세요.") }
    var nameMissing: String {
        text(en: "give the place a name in at least one language", ko: "장소 이름을 한 언어 이상으로 적어 주세요.")
    }
    var kindMissing: String { text(en: "choose a kind", ko: "종류를 골라 주세요.") }
    var positionNotNumbers: String {
        text(
            en: "type the latitude and longitude as numbers, like 35.2334 and 129.0793",
            ko: "위도와 경도를 35.2334, 129.0793처럼 숫자로 적어 주세요.")
    }
    var websiteProblem: String {
        text(en: "an address starting with https:// or http://", ko: "https:// 또는 http://로 시작하는 주소를 적어 주세요.")
    }
    var seatsProblem: String {
        text(en: "a whole number from 1 to 100000, or nothing", ko: "1부터 100000까지의 정수를 적거나 비워 두세요.")
    }
    var noteNeedsMeals: String {
        text(
            en: "a note needs meals, or the day marked closed",
            ko: "메모만 저장할 수는 없어요. 메뉴를 적거나 하루 휴무로 표시해 주세요.")
    }

    func id(_ error: SlugError) -> String {
        switch error {
        case .empty: text(en: error.description, ko: "아이디를 비워 둘 수 없어요.")
        case .tooLong(let length):
            text(en: error.description, ko: "아이디는 \(Slug<Never>.maximumLength)자까지 쓸 수 있어요(지금 \(length)자).")
        case .invalid(let typed):
            text(en: error.description, ko: "아이디로 쓸 수 없어요(“\(typed)”). 영문 소문자와 숫자, 그 사이의 하이픈 하나만 쓰세요.")
        }
    }

    func position(_ error: CoordinateError) -> String {
        switch error {
        case .notFinite: text(en: error.description, ko: "좌표는 유한한 숫자여야 해요.")
        case .latitudeOutOfRange(let value): text(en: error.description, ko: "위도는 -90에서 90 사이여야 해요(지금 \(value)).")
        case .longitudeOutOfRange(let value):
            text(en: error.description, ko: "경도는 -180에서 180 사이여야 해요(지금 \(value)).")
        case .malformed(let typed): text(en: error.description, ko: "위도,경도를 도 단위로 적어 주세요(“\(typed)”).")
        }
    }

    func hours(_ error: OpeningHoursError) -> String {
        switch error {
        case .noDays: text(en: error.description, ko: "영업시간에는 요일이 하나 이상 있어야 해요.")
        case .badDays(let typed): text(en: error.description, ko: "요일을 알아볼 수 없어요(“\(typed)”). Mo-Fr나 Sa,Su처럼 적어 주세요.")
        case .badTime(let typed): text(en: error.description, ko: "시각을 알아볼 수 없어요(“\(typed)”). 09:30처럼 적어 주세요.")
        case .tooManyRanges(let date):
            text(en: error.description, ko: "\(date)에는 영업시간을 \(OpeningHours.Exception.rangeLimit)개까지 적을 수 있어요.")
        case .overlappingRanges(let date): text(en: error.description, ko: "\(date)의 영업시간이 서로 겹쳐요.")
        case .noteTooLong(let date):
            text(en: error.description, ko: "\(date)의 메모는 \(OpeningHours.Exception.noteLimit)자 이하로 적어 주세요.")
        case .tooManyExceptions:
            text(en: error.description, ko: "날짜별 영업은 한 장소에 \(OpeningHours.exceptionLimit)개까지 둘 수 있어요.")
        case .duplicateDate(let date): text(en: error.description, ko: "\(date)에 예외가 두 개 있어요. 날짜마다 하나만 적어 주세요.")
        }
    }

    func menu(_ error: MenuError) -> String {
        switch error {
        case .noCategories: text(en: error.description, ko: "휴무가 아닌 날에는 분류가 하나 이상 있어야 해요.")
        case .noMeals(let category): text(en: error.description, ko: "분류에 메뉴가 없어요(“\(category.prefix(64))”).")
        case .badText(let field, let reason):
            text(
                en: error.description,
                ko: Self.koreanMenuField(field)
                    + (reason.hasPrefix("must not be empty") ? "을 적어 주세요." : "이 너무 길어요. 더 짧게 적어 주세요."))
        case .duplicatePriceRole(let role):
            text(en: error.description, ko: "한 메뉴에 같은 가격 기준(\(role.rawValue))이 두 번 있어요.")
        case .badPrice(let typed, let reason):
            text(
                en: error.description,
                ko: reason.hasPrefix("a price must be under")
                    ? "가격은 10억보다 작아야 해요(“\(typed)”)."
                    : reason.hasPrefix("write it")
                        ? "가격을 알아볼 수 없어요(“\(typed)”). 2.60처럼 숫자로 적어 주세요."
                        : "소수점 아래 자릿수가 이 지역의 통화에 맞지 않아요(“\(typed)”).")
        }
    }

    /// The menu's field names as ``MenuError/badText(field:reason:)`` gives them, in Korean with a final consonant
    /// (the particles after them are 을 and 이).
    private static func koreanMenuField(_ field: String) -> String {
        switch field {
        case "note": "메모 내용"
        case "category name": "분류 이름"
        default: "메뉴 이름"
        }
    }
}
