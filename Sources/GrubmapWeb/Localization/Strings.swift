import GrubmapCore

/// Every string of Grubmap's interface in one language. A new string is a new property, so the compiler
/// lists every language that still lacks it.
struct Strings: LocalizedStrings {
    let language: Language
    var appName: String { text(en: "Grubmap", ko: "Grubmap") }
    var tagline: String { text(en: "Where to eat nearby", ko: "가까운 곳에서 뭐 먹지") }
    var areasHeading: String { text(en: "Areas", ko: "지역") }
    var placesHeading: String { text(en: "Places to eat", ko: "먹을 곳") }
    func placeCount(_ count: Int) -> String {
        text(
            en: count == 1 ? "1 place" : "\(DistanceFormat.grouped(count)) places",
            ko: "\(DistanceFormat.grouped(count))곳")
    }
    var sortedByName: String { text(en: "By name", ko: "이름순") }
    var sortedByDistance: String { text(en: "By distance", ko: "거리순") }
    var sortLabel: String { text(en: "Sort", ko: "정렬") }
    var noPlaces: String { text(en: "No places here yet.", ko: "아직 등록된 곳이 없어요.") }
    func distancesFrom(_ name: String) -> String { text(en: "Distances from \(name)", ko: "\(name)에서 잰 거리") }
    var distancesFromGivenPoint: String { text(en: "Distances from the position you gave", ko: "지정한 위치에서 잰 거리") }
    var distancesFromYou: String { text(en: "Distances from where you are", ko: "내 위치에서 잰 거리") }
    func away(_ name: String) -> String { text(en: "\(name) away", ko: "\(name) 거리") }
    func kindName(_ kind: Place.Kind) -> String {
        switch kind {
        case .restaurant: text(en: "Restaurant", ko: "식당")
        case .cafeteria: text(en: "Cafeteria", ko: "학생식당")
        case .cafe: text(en: "Café", ko: "카페")
        case .dormitory: text(en: "Dormitory restaurant", ko: "기숙사 식당")
        }
    }
    var address: String { text(en: "Address", ko: "주소") }
    var phone: String { text(en: "Phone", ko: "전화") }
    var website: String { text(en: "Website", ko: "웹사이트") }
    var hours: String { text(en: "Opening hours", ko: "영업시간") }
    var hoursUnknown: String {
        text(en: "Hours not listed. Check with the place before you go.", ko: "영업시간 정보가 없어요. 가기 전에 확인해 보세요.")
    }
    /// A dated exception to the hours, by its long date: closed all day, or other hours that day.
    func closedOn(_ name: String) -> String { text(en: "Closed on \(name)", ko: "\(name) 휴무") }
    func otherHoursOn(_ name: String) -> String { text(en: "Other hours on \(name)", ko: "\(name) 변경된 영업시간") }
    /// Closed for the rest of the day, opening on a later day (its weekday or date) at a time.
    func closedUntil(_ day: String, _ time: TimeOfDay) -> String {
        text(en: "Closed now · opens \(day) \(time)", ko: "영업 종료 · \(day) \(time) 시작")
    }
    var location: String { text(en: "Location", ko: "위치") }
    var openInMaps: String { text(en: "Open in", ko: "지도 앱") }
    /// A map app's name, as a link on a place's page: "Apple Maps" / "Apple 지도".
    func mapAppName(_ app: MapApp) -> String {
        switch app {
        case .apple: text(en: "Apple Maps", ko: "Apple 지도")
        case .google: text(en: "Google Maps", ko: "Google 지도")
        case .naver: text(en: "Naver Map", ko: "네이버 지도")
        case .kakao: text(en: "Kakao Map", ko: "카카오맵")
        }
    }
    func backTo(_ name: String) -> String { text(en: "Back to \(name)", ko: "\(name, particle: .toward) 돌아가기") }
    func weekdayName(_ day: Weekday) -> String {
        switch day {
        case .monday: text(en: "Monday", ko: "월요일")
        case .tuesday: text(en: "Tuesday", ko: "화요일")
        case .wednesday: text(en: "Wednesday", ko: "수요일")
        case .thursday: text(en: "Thursday", ko: "목요일")
        case .friday: text(en: "Friday", ko: "금요일")
        case .saturday: text(en: "Saturday", ko: "토요일")
        case .sunday: text(en: "Sunday", ko: "일요일")
        }
    }
    var notFoundTitle: String { text(en: "Not found", ko: "찾을 수 없음") }
    var badRequestTitle: String { text(en: "That didn't work", ko: "요청을 처리할 수 없어요") }
    var serverErrorTitle: String { text(en: "Something went wrong on our side", ko: "서버에 문제가 생겼어요") }
    var unavailableTitle: String { text(en: "Grubmap is unavailable", ko: "Grubmap을 사용할 수 없어요") }
    var goToStart: String { text(en: "Go to the start page", ko: "첫 화면으로") }
    var skipToContent: String { text(en: "Skip to content", ko: "본문으로 건너뛰기") }
    var locationHeading: String { text(en: "Your location", ko: "내 위치") }
    var useMyLocation: String { text(en: "Use my location", ko: "내 위치 사용") }
    var updateLocation: String { text(en: "Update my location", ko: "내 위치 새로고침") }
    var locating: String { text(en: "Finding your position…", ko: "위치를 찾는 중…") }
    /// What to do for each way getting the position can fail, keyed by the reason the page script reports.
    var locationProblems: KeyValuePairs<String, String> {
        [
            "denied": text(
                en:
                    "Location is off for Grubmap. To see distances, allow location for this site in your browser's settings, then try again.",
                ko: "Grubmap의 위치 권한이 꺼져 있어요. 거리를 보려면 브라우저 설정에서 이 사이트의 위치 접근을 허용한 뒤 다시 시도해 주세요."),
            "unavailable": text(
                en: "Your position isn't available right now. Check that location services are on, then try again.",
                ko: "지금은 위치를 알 수 없어요. 위치 서비스가 켜져 있는지 확인한 뒤 다시 시도해 주세요."),
            "timeout": text(
                en: "Finding your position took too long. Try again, ideally near a window or outdoors.",
                ko: "위치를 찾는 데 시간이 너무 오래 걸렸어요. 창가나 야외에서 다시 시도해 보세요."),
            "unsupported": text(
                en: "This browser can't share a position. Grubmap works without it; you just won't see distances.",
                ko: "이 브라우저는 위치를 공유할 수 없어요. 거리만 보이지 않을 뿐 Grubmap은 그대로 쓸 수 있어요."),
            "insecure": text(
                en:
                    "Browsers share positions only over a secure connection. Open Grubmap through its https:// address to see distances.",
                ko: "브라우저는 보안 연결에서만 위치를 공유해요. 거리를 보려면 https:// 주소로 Grubmap을 열어 주세요."),
        ]
    }
    var onboardingClose: String { text(en: "Close", ko: "닫기") }
    var onboardingStart: String { text(en: "Start", ko: "시작하기") }
    var onboardingSkip: String { text(en: "Skip", ko: "건너뛰기") }
    var onboardingNext: String { text(en: "Next", ko: "다음") }
    var onboardingBack: String { text(en: "Back", ko: "이전") }
    func onboardingPageOf(_ count: Int, _ count2: Int) -> String {
        text(en: "Page \(count) of \(count2)", ko: "\(count2)쪽 중 \(count)쪽")
    }
    var onboardingPages: String { text(en: "Pages", ko: "페이지") }
    /// The name of the button that stops the pages moving on by themselves, and of the one that restarts them.
    var onboardingPause: String { text(en: "Pause the tour", ko: "안내 멈추기") }
    var onboardingPlay: String { text(en: "Play the tour", ko: "안내 계속 넘기기") }
    /// Said once the person's position is found and the list is in distance order.
    var locatedNearestFirst: String {
        text(en: "Found your position: places are listed nearest first.", ko: "위치를 찾았어요. 가까운 곳부터 보여 드릴게요.")
    }
    /// The heading over the settings form's problems; nothing was saved.
    var settingsNotSaved: String { text(en: "Your settings were not saved", ko: "설정을 저장하지 못했어요") }
    /// Why a settings field was refused, by the field (its key, like `units`); English says the message the
    /// preferences gave, which names the allowed values.
    func settingsProblem(field: String, message: String) -> String {
        switch field {
        case "defaultArea":
            text(en: message, ko: "그런 지역이 없어요. 목록에 있는 지역이나 마지막으로 본 곳을 골라 주세요.")
        case "onboardingStyle": text(en: message, ko: "안내 방식은 한 장으로, 슬라이드, 스토리 가운데에서 골라 주세요.")
        case "units": text(en: message, ko: "거리 단위는 내 지역 기준, 킬로미터, 마일 가운데에서 골라 주세요.")
        case "language": text(en: message, ko: "언어는 브라우저 설정 따르기, English, 한국어 가운데에서 골라 주세요.")
        case "priceRole": text(en: message, ko: "내 가격은 학생, 교직원, 초중고생, 일반 가운데에서 골라 주세요.")
        case "diet": text(en: message, ko: "보여줄 메뉴는 모든 메뉴, 채식, 비건 가운데에서 골라 주세요.")
        case "avoidAllergens": text(en: message, ko: "제외할 성분은 목록에 있는 알레르기 성분만 고를 수 있어요.")
        case "bookmarks": text(en: message, ko: "즐겨찾기에는 있는 장소만, 정해진 개수까지 넣을 수 있어요.")
        case "seenOnboardingVersion": text(en: message, ko: "본 안내 버전은 정수이거나 비어 있어야 해요.")
        default: text(en: message, ko: "바꿀 수 있는 설정이 아니에요.")
        }
    }
    var settings: String { text(en: "Settings", ko: "설정") }
    var settingsSaved: String { text(en: "Your settings are saved.", ko: "설정을 저장했어요.") }
    var defaultAreaLabel: String { text(en: "Open Grubmap at", ko: "처음 열 곳") }
    /// The default-area choice that leaves `/` to find the area: the one opened last, the nearest.
    var defaultAreaAutomatic: String { text(en: "Where I was last", ko: "마지막으로 본 곳") }
    var onboardingStyleLabel: String { text(en: "Welcome tour style", ko: "안내 방식") }
    func onboardingStyleName(_ style: OnboardingStyle) -> String {
        switch style {
        case .basic: text(en: "One sheet", ko: "한 장으로")
        case .slides: text(en: "Slides", ko: "슬라이드")
        case .progress: text(en: "Stories", ko: "스토리")
        }
    }
    func onboardingStyleHint(_ style: OnboardingStyle) -> String {
        switch style {
        case .basic: text(en: "Everything on one page.", ko: "모든 내용을 한 페이지에 보여 줘요.")
        case .slides: text(en: "One page at a time; swipe or tap Next.", ko: "한 페이지씩 보여 줘요. 밀거나 다음을 눌러 넘겨요.")
        case .progress: text(en: "Pages move on by themselves every few seconds.", ko: "몇 초마다 저절로 다음 페이지로 넘어가요.")
        }
    }
    var unitsLabel: String { text(en: "Distances in", ko: "거리 단위") }
    func unitName(_ value: DistanceUnit) -> String {
        text(en: value == .kilometers ? "Kilometres" : "Miles", ko: value == .kilometers ? "킬로미터" : "마일")
    }
    /// The units choice that follows the browser's region, naming the unit it gives now.
    func unitsAutomatic(_ value: DistanceUnit) -> String {
        text(
            en: "Same as my region (\(value == .kilometers ? "kilometres" : "miles"))",
            ko: "내 지역 기준 (\(value == .kilometers ? "킬로미터" : "마일"))")
    }
    var languageLabel: String { text(en: "Language", ko: "언어") }
    var languageAutomatic: String { text(en: "Same as my browser", ko: "브라우저 설정 따르기") }
    var save: String { text(en: "Save", ko: "저장") }
    var replayOnboarding: String { text(en: "Show the welcome tour again", ko: "안내 다시 보기") }
    var replayOnboardingHint: String {
        text(en: "See the welcome tour again, in the style chosen above.", ko: "위에서 고른 방식으로 안내를 다시 봐요.")
    }

    static func forLanguage(_ language: Language) -> Strings {
        switch language {
        case .english: .english
        case .korean: .korean
        }
    }

    static let english = Strings(language: .english)

    static let korean = Strings(language: .korean)
}
