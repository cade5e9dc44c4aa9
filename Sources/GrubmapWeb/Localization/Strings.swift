import GrubmapCore

/// Every string of Grubmap's interface in one language. A new string is a new property, so the compiler
/// lists every language that still lacks it.
struct Strings: Sendable {
    let language: Language
    let appName: String
    let tagline: String
    let areasHeading: String
    let placesHeading: String
    let placeCount: @Sendable (Int) -> String
    let sortedByName: String
    let sortedByDistance: String
    let sortLabel: String
    let noPlaces: String
    let distancesFrom: @Sendable (String) -> String
    let distancesFromGivenPoint: String
    let distancesFromYou: String
    let away: @Sendable (String) -> String
    let kindName: @Sendable (Place.Kind) -> String
    let address: String
    let phone: String
    let website: String
    let hours: String
    let hoursUnknown: String
    /// A dated exception to the hours, by its long date: closed all day, or other hours that day.
    let closedOn: @Sendable (String) -> String
    let otherHoursOn: @Sendable (String) -> String
    /// Closed for the rest of the day, opening on a later day (its weekday or date) at a time.
    let closedUntil: @Sendable (String, TimeOfDay) -> String
    let location: String
    let openInMaps: String
    /// A map app's name, as a link on a place's page: "Apple Maps" / "Apple 지도".
    let mapAppName: @Sendable (MapApp) -> String
    let backTo: @Sendable (String) -> String
    let weekdayName: @Sendable (Weekday) -> String
    let notFoundTitle: String
    let badRequestTitle: String
    let serverErrorTitle: String
    let unavailableTitle: String
    let goToStart: String
    /// What an error page says for an error code, in this language; `nil` means the error's own English message.
    let errorExplanation: @Sendable (String) -> String?
    let skipToContent: String
    let locationHeading: String
    let useMyLocation: String
    let updateLocation: String
    let locating: String
    /// What to do for each way getting the position can fail, keyed by the reason the page script reports.
    let locationProblems: KeyValuePairs<String, String>
    let onboardingClose: String
    let onboardingStart: String
    let onboardingSkip: String
    let onboardingNext: String
    let onboardingBack: String
    let onboardingPageOf: @Sendable (Int, Int) -> String
    let onboardingPages: String
    /// The name of the button that stops the pages moving on by themselves, and of the one that restarts them.
    let onboardingPause: String
    let onboardingPlay: String
    /// Said once the person's position is found and the list is in distance order.
    let locatedNearestFirst: String
    /// The heading over the settings form's problems; nothing was saved.
    let settingsNotSaved: String
    /// Why a settings field was refused, from the English message the preferences give.
    let settingsProblem: @Sendable (String) -> String
    let settings: String
    let settingsSaved: String
    let defaultAreaLabel: String
    /// The default-area choice that leaves `/` to find the area: the one opened last, the nearest.
    let defaultAreaAutomatic: String
    let onboardingStyleLabel: String
    let onboardingStyleName: @Sendable (OnboardingStyle) -> String
    let onboardingStyleHint: @Sendable (OnboardingStyle) -> String
    let unitsLabel: String
    let unitName: @Sendable (DistanceUnit) -> String
    /// The units choice that follows the browser's region, naming the unit it gives now.
    let unitsAutomatic: @Sendable (DistanceUnit) -> String
    let languageLabel: String
    let languageAutomatic: String
    let save: String
    let replayOnboarding: String
    let replayOnboardingHint: String

    static func forLanguage(_ language: Language) -> Strings {
        switch language {
        case .english: .english
        case .korean: .korean
        }
    }

    static let english = Strings(
        language: .english,
        appName: "Grubmap",
        tagline: "Where to eat nearby",
        areasHeading: "Areas",
        placesHeading: "Places to eat",
        placeCount: { $0 == 1 ? "1 place" : "\(DistanceFormat.grouped($0)) places" },
        sortedByName: "By name",
        sortedByDistance: "By distance",
        sortLabel: "Sort",
        noPlaces: "No places here yet.",
        distancesFrom: { "Distances from \($0)" },
        distancesFromGivenPoint: "Distances from the position you gave",
        distancesFromYou: "Distances from where you are",
        away: { "\($0) away" },
        kindName: { kind in
            switch kind {
            case .restaurant: "Restaurant"
            case .cafeteria: "Cafeteria"
            case .cafe: "Café"
            case .dormitory: "Dormitory restaurant"
            }
        },
        address: "Address",
        phone: "Phone",
        website: "Website",
        hours: "Opening hours",
        hoursUnknown: "Hours not listed. Check with the place before you go.",
        closedOn: { "Closed on \($0)" },
        otherHoursOn: { "Other hours on \($0)" },
        closedUntil: { day, time in "Closed now · opens \(day) \(time)" },
        location: "Location",
        openInMaps: "Open in",
        mapAppName: { app in
            switch app {
            case .apple: "Apple Maps"
            case .google: "Google Maps"
            case .naver: "Naver Map"
            case .kakao: "Kakao Map"
            }
        },
        backTo: { "Back to \($0)" },
        weekdayName: { day in
            ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][day.rawValue - 1]
        },
        notFoundTitle: "Not found",
        badRequestTitle: "That didn't work",
        serverErrorTitle: "Something went wrong on our side",
        unavailableTitle: "Grubmap is unavailable",
        goToStart: "Go to the start page",
        errorExplanation: { code in
            code == "too_large" ? "What you sent is too large. Pictures may be at most 1 MiB." : nil
        },
        skipToContent: "Skip to content",
        locationHeading: "Your location",
        useMyLocation: "Use my location",
        updateLocation: "Update my location",
        locating: "Finding your position…",
        locationProblems: [
            "denied":
                "Location is off for Grubmap. To see distances, allow location for this site in your browser's settings, then try again.",
            "unavailable":
                "Your position isn't available right now. Check that location services are on, then try again.",
            "timeout": "Finding your position took too long. Try again, ideally near a window or outdoors.",
            "unsupported":
                "This browser can't share a position. Grubmap works without it; you just won't see distances.",
            "insecure":
                "Browsers share positions only over a secure connection. Open Grubmap through its https:// address to see distances.",
        ],
        onboardingClose: "Close",
        onboardingStart: "Start",
        onboardingSkip: "Skip",
        onboardingNext: "Next",
        onboardingBack: "Back",
        onboardingPageOf: { "Page \($0) of \($1)" },
        onboardingPages: "Pages",
        onboardingPause: "Pause the tour",
        onboardingPlay: "Play the tour",
        locatedNearestFirst: "Found your position: places are listed nearest first.",
        settingsNotSaved: "Your settings were not saved",
        settingsProblem: { $0 },
        settings: "Settings",
        settingsSaved: "Your settings are saved.",
        defaultAreaLabel: "Open Grubmap at",
        defaultAreaAutomatic: "Where I was last",
        onboardingStyleLabel: "Welcome tour style",
        onboardingStyleName: { style in
            switch style {
            case .basic: "One sheet"
            case .slides: "Slides"
            case .progress: "Stories"
            }
        },
        onboardingStyleHint: { style in
            switch style {
            case .basic: "Everything on one page."
            case .slides: "One page at a time; swipe or tap Next."
            case .progress: "Pages move on by themselves every few seconds."
            }
        },
        unitsLabel: "Distances in",
        unitName: { $0 == .kilometers ? "Kilometres" : "Miles" },
        unitsAutomatic: { "Same as my region (\($0 == .kilometers ? "kilometres" : "miles"))" },
        languageLabel: "Language",
        languageAutomatic: "Same as my browser",
        save: "Save",
        replayOnboarding: "Show the welcome tour again",
        replayOnboardingHint: "See the welcome tour again, in the style chosen above."
    )

    static let korean = Strings(
        language: .korean,
        appName: "Grubmap",
        tagline: "가까운 곳에서 뭐 먹지",
        areasHeading: "지역",
        placesHeading: "먹을 곳",
        placeCount: { "\(DistanceFormat.grouped($0))곳" },
        sortedByName: "이름순",
        sortedByDistance: "거리순",
        sortLabel: "정렬",
        noPlaces: "아직 등록된 곳이 없어요.",
        distancesFrom: { "\($0)에서 잰 거리" },
        distancesFromGivenPoint: "지정한 위치에서 잰 거리",
        distancesFromYou: "내 위치에서 잰 거리",
        away: { "\($0) 거리" },
        kindName: { kind in
            switch kind {
            case .restaurant: "식당"
            case .cafeteria: "학생식당"
            case .cafe: "카페"
            case .dormitory: "기숙사 식당"
            }
        },
        address: "주소",
        phone: "전화",
        website: "웹사이트",
        hours: "영업시간",
        hoursUnknown: "영업시간 정보가 없어요. 가기 전에 확인해 보세요.",
        closedOn: { "\($0) 휴무" },
        otherHoursOn: { "\($0) 변경된 영업시간" },
        closedUntil: { day, time in "영업 종료 · \(day) \(time) 시작" },
        location: "위치",
        openInMaps: "지도 앱",
        mapAppName: { app in
            switch app {
            case .apple: "Apple 지도"
            case .google: "Google 지도"
            case .naver: "네이버 지도"
            case .kakao: "카카오맵"
            }
        },
        backTo: { "\($0, particle: .toward) 돌아가기" },
        weekdayName: { day in ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"][day.rawValue - 1] },
        notFoundTitle: "찾을 수 없음",
        badRequestTitle: "요청을 처리할 수 없어요",
        serverErrorTitle: "서버에 문제가 생겼어요",
        unavailableTitle: "Grubmap을 사용할 수 없어요",
        goToStart: "첫 화면으로",
        errorExplanation: { code in
            switch code {
            case "not_found": "이 주소에는 아무것도 없어요. 주소를 확인하거나 첫 화면에서 다시 찾아보세요."
            case "csrf": "양식이 만료되었거나 Grubmap에서 보낸 양식이 아니에요. 페이지를 새로 고친 뒤 다시 시도해 주세요."
            case "method_not_allowed": "이 주소는 그런 요청을 받지 않아요."
            case "invalid_coordinate", "invalid_date", "invalid_bookmark", "invalid_preference", "bad_query",
                "bad_path", "bad_request", "bad_form":
                "주소나 양식에 알아볼 수 없는 값이 있어요. 다시 확인해 주세요."
            case "internal_error": "요청을 처리하지 못했어요. 잠시 뒤에 다시 시도해 주세요."
            case "too_large": "보내신 내용이 너무 커요. 사진은 1 MiB까지 올릴 수 있어요."
            case "database_unavailable", "server_busy", "too_many_connections":
                "지금은 Grubmap이 응답하기 어려워요. 잠시 뒤에 다시 시도해 주세요."
            case "rate_limited": "짧은 시간에 너무 많이 바꾸셨어요. 잠시 뒤에 다시 시도해 주세요."
            default: nil
            }
        },
        skipToContent: "본문으로 건너뛰기",
        locationHeading: "내 위치",
        useMyLocation: "내 위치 사용",
        updateLocation: "내 위치 새로고침",
        locating: "위치를 찾는 중…",
        locationProblems: [
            "denied": "Grubmap의 위치 권한이 꺼져 있어요. 거리를 보려면 브라우저 설정에서 이 사이트의 위치 접근을 허용한 뒤 다시 시도해 주세요.",
            "unavailable": "지금은 위치를 알 수 없어요. 위치 서비스가 켜져 있는지 확인한 뒤 다시 시도해 주세요.",
            "timeout": "위치를 찾는 데 시간이 너무 오래 걸렸어요. 창가나 야외에서 다시 시도해 보세요.",
            "unsupported": "이 브라우저는 위치를 공유할 수 없어요. 거리만 보이지 않을 뿐 Grubmap은 그대로 쓸 수 있어요.",
            "insecure": "브라우저는 보안 연결에서만 위치를 공유해요. 거리를 보려면 https:// 주소로 Grubmap을 열어 주세요.",
        ],
        onboardingClose: "닫기",
        onboardingStart: "시작하기",
        onboardingSkip: "건너뛰기",
        onboardingNext: "다음",
        onboardingBack: "이전",
        onboardingPageOf: { "\($1)쪽 중 \($0)쪽" },
        onboardingPages: "페이지",
        onboardingPause: "안내 멈추기",
        onboardingPlay: "안내 계속 넘기기",
        locatedNearestFirst: "위치를 찾았어요. 가까운 곳부터 보여 드릴게요.",
        settingsNotSaved: "설정을 저장하지 못했어요",
        settingsProblem: { _ in "목록에 있는 것 가운데에서 골라 주세요." },
        settings: "설정",
        settingsSaved: "설정을 저장했어요.",
        defaultAreaLabel: "처음 열 곳",
        defaultAreaAutomatic: "마지막으로 본 곳",
        onboardingStyleLabel: "안내 방식",
        onboardingStyleName: { style in
            switch style {
            case .basic: "한 장으로"
            case .slides: "슬라이드"
            case .progress: "스토리"
            }
        },
        onboardingStyleHint: { style in
            switch style {
            case .basic: "모든 내용을 한 페이지에 보여 줘요."
            case .slides: "한 페이지씩 보여 줘요. 밀거나 다음을 눌러 넘겨요."
            case .progress: "몇 초마다 저절로 다음 페이지로 넘어가요."
            }
        },
        unitsLabel: "거리 단위",
        unitName: { $0 == .kilometers ? "킬로미터" : "마일" },
        unitsAutomatic: { "내 지역 기준 (\($0 == .kilometers ? "킬로미터" : "마일"))" },
        languageLabel: "언어",
        languageAutomatic: "브라우저 설정 따르기",
        save: "저장",
        replayOnboarding: "안내 다시 보기",
        replayOnboardingHint: "위에서 고른 방식으로 안내를 다시 봐요."
    )
}
