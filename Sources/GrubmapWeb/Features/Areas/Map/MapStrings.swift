import GrubmapCore

/// The strings of the map's controls, clusters, card and attribution, of setting a position by hand, and of
/// opening hours "now", in one language.
struct MapStrings: Sendable {
    let zoomIn: String
    let zoomOut: String
    let wholeArea: String
    let controlsLabel: String
    let moveNorth: String
    let moveSouth: String
    let moveEast: String
    let moveWest: String
    /// A cluster: its places and the people checked in at them.
    let clusterLabel: @Sendable (Int, Int) -> String
    /// Said after the script moved the map: the zoom level and the places in view.
    let viewSummary: @Sendable (Int, Int) -> String
    /// The card's link to the place's page ("Details": "Open" would read as "open now").
    let details: String
    let closeCard: String
    let nobodyHere: String
    let peopleHere: @Sendable (Int) -> String
    let openStreetMap: String
    let contributors: String
    let schematic: String
    let schematicHint: String
    let openUntil: @Sendable (String) -> String
    let closedOpensAt: @Sendable (String) -> String
    let closedNow: String
    let onlyOpenNow: String
    let noneOpen: String
    // Setting a position by hand.
    let setPosition: String
    let setPositionIntro: String
    let imAt: String
    let placesGroup: String
    let landmarksGroup: String
    let areaCenter: @Sendable (String) -> String
    let useThis: String
    let tapTheMap: String
    let tapHint: String
    let cancel: String
    let coordinates: String
    let coordinatesLabel: String
    let coordinatesHint: String
    let setNear: @Sendable (String) -> String
    let clearPosition: String
    let positionSet: String
    let positionCleared: String
    let yourSetPosition: String
    let distancesFromSetPosition: String

    static func forLanguage(_ language: Language) -> MapStrings {
        language == .korean ? .korean : .english
    }

    static let english = MapStrings(
        zoomIn: "Zoom in", zoomOut: "Zoom out", wholeArea: "Show the whole area", controlsLabel: "Map controls",
        moveNorth: "Move the map north", moveSouth: "Move the map south", moveEast: "Move the map east",
        moveWest: "Move the map west",
        clusterLabel: { places, people in
            "\(places) places"
                + (people == 0 ? "" : people == 1 ? ", 1 person checked in" : ", \(people) people checked in")
                + ". Zoom in to see them."
        },
        viewSummary: { zoom, count in
            "Map at zoom \(zoom), " + (count == 1 ? "1 place in view." : "\(count) places in view.")
        },
        details: "Details", closeCard: "Close", nobodyHere: "Nobody checked in",
        peopleHere: { $0 == 1 ? "1 person checked in" : "\($0) people checked in" },
        openStreetMap: "OpenStreetMap", contributors: "contributors", schematic: "Schematic streets",
        schematicHint: "drawn from estimates until an OpenStreetMap import",
        openUntil: { "Open now · until \($0)" }, closedOpensAt: { "Closed · opens at \($0)" },
        closedNow: "Closed now", onlyOpenNow: "Open now", noneOpen: "No place is open right now.",
        setPosition: "Set my position",
        setPositionIntro: "No location from your browser? Say where you are, and distances and rides use it.",
        imAt: "I'm at…", placesGroup: "Places", landmarksGroup: "Landmarks", areaCenter: { "\($0) (the middle)" },
        useThis: "Use this position", tapTheMap: "Tap the map where I am",
        tapHint: "Tap the map where you are.", cancel: "Cancel", coordinates: "Latitude and longitude",
        coordinatesLabel: "Latitude, longitude", coordinatesHint: "In degrees, like 37.3318, -121.8863",
        setNear: { "Your position is set by you, near \($0)." },
        clearPosition: "Clear my position", positionSet: "Position set: places are listed nearest first.",
        positionCleared: "Your position is cleared.", yourSetPosition: "Your position (set by you)",
        distancesFromSetPosition: "Distances from the position you set")

    static let korean = MapStrings(
        zoomIn: "확대", zoomOut: "축소", wholeArea: "전체 지역 보기", controlsLabel: "지도 조작",
        moveNorth: "지도를 북쪽으로 이동", moveSouth: "지도를 남쪽으로 이동", moveEast: "지도를 동쪽으로 이동",
        moveWest: "지도를 서쪽으로 이동",
        clusterLabel: { places, people in
            "\(places)곳" + (people == 0 ? "" : ", \(people)명 체크인") + ". 확대하면 하나씩 보여요."
        },
        viewSummary: { zoom, count in "지도 확대 수준 \(zoom), 보이는 곳 \(count)곳." },
        details: "자세히", closeCard: "닫기", nobodyHere: "체크인한 사람 없음", peopleHere: { "\($0)명 체크인" },
        openStreetMap: "OpenStreetMap", contributors: "기여자", schematic: "개략 도로",
        schematicHint: "OpenStreetMap을 가져오기 전까지 추정으로 그린 도로",
        openUntil: { "영업 중 · \($0)까지" }, closedOpensAt: { "영업 전 · \($0)에 열림" },
        closedNow: "영업 종료", onlyOpenNow: "영업 중", noneOpen: "지금 영업 중인 곳이 없어요.",
        setPosition: "내 위치 직접 정하기",
        setPositionIntro: "브라우저 위치를 쓸 수 없나요? 있는 곳을 알려 주시면 거리와 차량 요금을 계산할 때 써요.",
        imAt: "지금 있는 곳", placesGroup: "장소", landmarksGroup: "주요 지점", areaCenter: { "\($0) (가운데)" },
        useThis: "이 위치 사용", tapTheMap: "지도에서 내 위치 누르기", tapHint: "지도에서 있는 곳을 누르세요.",
        cancel: "취소", coordinates: "위도와 경도", coordinatesLabel: "위도, 경도",
        coordinatesHint: "도 단위, 예: 35.2335, 129.0800",
        setNear: { "직접 정한 위치: \($0) 근처." }, clearPosition: "내 위치 지우기",
        positionSet: "위치를 정했어요. 가까운 곳부터 보여 드릴게요.", positionCleared: "내 위치를 지웠어요.",
        yourSetPosition: "내 위치 (직접 정함)", distancesFromSetPosition: "직접 정한 위치에서 잰 거리")

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
