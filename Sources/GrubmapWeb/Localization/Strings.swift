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
    let away: @Sendable (String) -> String
    let kindName: @Sendable (Place.Kind) -> String
    let address: String
    let phone: String
    let website: String
    let hours: String
    let hoursUnknown: String
    let location: String
    let openInMaps: String
    let backTo: @Sendable (String) -> String
    let weekdayName: @Sendable (Weekday) -> String
    let notFoundTitle: String
    let badRequestTitle: String
    let serverErrorTitle: String
    let unavailableTitle: String
    let goToStart: String
    let skipToContent: String

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
        placeCount: { $0 == 1 ? "1 place" : "\($0) places" },
        sortedByName: "By name",
        sortedByDistance: "By distance",
        sortLabel: "Sort",
        noPlaces: "No places here yet.",
        distancesFrom: { "Distances from \($0)" },
        distancesFromGivenPoint: "Distances from the position you gave",
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
        location: "Location",
        openInMaps: "Open in Maps",
        backTo: { "Back to \($0)" },
        weekdayName: { day in
            ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][day.rawValue - 1]
        },
        notFoundTitle: "Not found",
        badRequestTitle: "That didn't work",
        serverErrorTitle: "Something went wrong on our side",
        unavailableTitle: "Grubmap is unavailable",
        goToStart: "Go to the start page",
        skipToContent: "Skip to content"
    )

    static let korean = Strings(
        language: .korean,
        appName: "Grubmap",
        tagline: "가까운 곳에서 뭐 먹지",
        areasHeading: "지역",
        placesHeading: "먹을 곳",
        placeCount: { "\($0)곳" },
        sortedByName: "이름순",
        sortedByDistance: "거리순",
        sortLabel: "정렬",
        noPlaces: "아직 등록된 곳이 없습니다.",
        distancesFrom: { "\($0)에서 잰 거리" },
        distancesFromGivenPoint: "지정한 위치에서 잰 거리",
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
        hoursUnknown: "영업시간 정보가 없습니다. 가기 전에 확인하세요.",
        location: "위치",
        openInMaps: "지도 앱에서 열기",
        backTo: { "\($0)(으)로 돌아가기" },
        weekdayName: { day in ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"][day.rawValue - 1] },
        notFoundTitle: "찾을 수 없음",
        badRequestTitle: "요청을 처리할 수 없습니다",
        serverErrorTitle: "서버에 문제가 생겼습니다",
        unavailableTitle: "Grubmap을 사용할 수 없습니다",
        goToStart: "첫 화면으로",
        skipToContent: "본문으로 건너뛰기"
    )
}
