import GrubmapCore

/// The strings of the map's controls, clusters, card and attribution, of setting a position by hand, and of
/// opening hours "now", in one language.
struct MapStrings: LocalizedStrings {
    let language: Language
    var zoomIn: String { text(en: "Zoom in", ko: "확대") }
    var zoomOut: String { text(en: "Zoom out", ko: "축소") }
    var wholeArea: String { text(en: "Show the whole area", ko: "전체 지역 보기") }
    var controlsLabel: String { text(en: "Map controls", ko: "지도 조작") }
    var moveNorth: String { text(en: "Move the map north", ko: "지도를 북쪽으로 이동") }
    var moveSouth: String { text(en: "Move the map south", ko: "지도를 남쪽으로 이동") }
    var moveEast: String { text(en: "Move the map east", ko: "지도를 동쪽으로 이동") }
    var moveWest: String { text(en: "Move the map west", ko: "지도를 서쪽으로 이동") }
    /// A cluster: its places and the people checked in at them.
    func clusterLabel(_ places: Int, _ people: Int) -> String {
        text(
            en: "\(places) places"
                + (people == 0 ? "" : people == 1 ? ", 1 person checked in" : ", \(people) people checked in")
                + ". Zoom in to see them.",
            ko: "\(places)곳" + (people == 0 ? "" : ", \(people)명 체크인") + ". 확대하면 하나씩 보여요.")
    }
    /// Said after the script moved the map: the zoom level and the places in view.
    func viewSummary(_ zoom: Int, _ count: Int) -> String {
        text(
            en: "Map at zoom \(zoom), " + (count == 1 ? "1 place in view." : "\(count) places in view."),
            ko: "지도 확대 수준 \(zoom), 보이는 곳 \(count)곳.")
    }
    /// The card's link to the place's page ("Details": "Open" would read as "open now").
    var details: String { text(en: "Details", ko: "자세히") }
    var closeCard: String { text(en: "Close", ko: "닫기") }
    var nobodyHere: String { text(en: "Nobody checked in", ko: "체크인한 사람 없음") }
    func peopleHere(_ count: Int) -> String {
        text(en: count == 1 ? "1 person checked in" : "\(count) people checked in", ko: "\(count)명 체크인")
    }
    var openStreetMap: String { text(en: "OpenStreetMap", ko: "OpenStreetMap") }
    var contributors: String { text(en: "contributors", ko: "기여자") }
    var schematic: String { text(en: "Schematic streets", ko: "개략 도로") }
    var schematicHint: String {
        text(en: "drawn from estimates until an OpenStreetMap import", ko: "OpenStreetMap을 가져오기 전까지 추정으로 그린 도로")
    }
    func openUntil(_ name: String) -> String { text(en: "Open now · until \(name)", ko: "영업 중 · \(name)까지") }
    func closedOpensAt(_ name: String) -> String { text(en: "Closed · opens at \(name)", ko: "영업 전 · \(name)에 열림") }
    var closedNow: String { text(en: "Closed now", ko: "영업 종료") }
    var onlyOpenNow: String { text(en: "Open now", ko: "영업 중") }
    var noneOpen: String { text(en: "No place is open right now.", ko: "지금 영업 중인 곳이 없어요.") }
    // Setting a position by hand.
    var setPosition: String { text(en: "Set my position", ko: "내 위치 직접 정하기") }
    var setPositionIntro: String {
        text(
            en: "No location from your browser? Say where you are, and distances and rides use it.",
            ko: "브라우저 위치를 쓸 수 없나요? 있는 곳을 알려 주시면 거리와 차량 요금을 계산할 때 써요.")
    }
    var imAt: String { text(en: "I'm at…", ko: "지금 있는 곳") }
    var placesGroup: String { text(en: "Places", ko: "장소") }
    var landmarksGroup: String { text(en: "Landmarks", ko: "주요 지점") }
    func areaCenter(_ name: String) -> String { text(en: "\(name) (the middle)", ko: "\(name) (가운데)") }
    var useThis: String { text(en: "Use this position", ko: "이 위치 사용") }
    var tapTheMap: String { text(en: "Tap the map where I am", ko: "지도에서 내 위치 누르기") }
    var tapHint: String { text(en: "Tap the map where you are.", ko: "지도에서 있는 곳을 누르세요.") }
    var cancel: String { text(en: "Cancel", ko: "취소") }
    var coordinates: String { text(en: "Latitude and longitude", ko: "위도와 경도") }
    var coordinatesLabel: String { text(en: "Latitude, longitude", ko: "위도, 경도") }
    var coordinatesHint: String { text(en: "In degrees, like 37.3318, -121.8863", ko: "도 단위, 예: 35.2335, 129.0800") }
    func setNear(_ name: String) -> String {
        text(en: "Your position is set by you, near \(name).", ko: "직접 정한 위치: \(name) 근처.")
    }
    var clearPosition: String { text(en: "Clear my position", ko: "내 위치 지우기") }
    var positionSet: String {
        text(en: "Position set: places are listed nearest first.", ko: "위치를 정했어요. 가까운 곳부터 보여 드릴게요.")
    }
    var positionCleared: String { text(en: "Your position is cleared.", ko: "내 위치를 지웠어요.") }
    var yourSetPosition: String { text(en: "Your position (set by you)", ko: "내 위치 (직접 정함)") }
    var distancesFromSetPosition: String { text(en: "Distances from the position you set", ko: "직접 정한 위치에서 잰 거리") }

    static func forLanguage(_ language: Language) -> MapStrings {
        language == .korean ? .korean : .english
    }

    static let english = MapStrings(language: .english)

    static let korean = MapStrings(language: .korean)

    /// "Open now · until 21:30", "Closed · opens at 17:00", "Closed now", or `nil` without hours.
    func openingText(_ state: OpeningState?) -> String? {
        switch state {
        case .open(let until)?: openUntil(until.description)
        case .closed(let opensAt?)?: closedOpensAt(opensAt.description)
        case .closed(nil)?: closedNow
        case nil: nil
        }
    }
}
