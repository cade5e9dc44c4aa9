import GrubmapCore

/// The words of walks over an area's streets: minutes on foot on the list, the board, the map's pins and the place
/// page, the list's order by walking time, and the route drawn on the map.
struct WalkStrings: LocalizedStrings {
    let language: Language

    /// "6 min walk"
    func minutes(_ minutes: Int) -> String { text(en: "\(minutes) min walk", ko: "걸어서 \(minutes)분") }
    /// "6 min walk · 450 m on foot from your position"
    func summary(minutes: Int, distance: String) -> String {
        text(
            en: "\(minutes) min walk · \(distance) on foot from your position",
            ko: "내 위치에서 걸어서 \(minutes)분 · \(distance)")
    }
    var walkThere: String { text(en: "Walk there", ko: "걸어가는 길") }
    /// The list's order by minutes on foot.
    var byWalkingTime: String { text(en: "By walking time", ko: "도보 시간순") }
    var walkingTimesFromYou: String {
        text(en: "Nearest on foot from your position", ko: "내 위치에서 걸어서 가까운 순")
    }
    /// The route's line on the map, for a screen reader.
    func routeLabel(_ place: String) -> String {
        text(en: "Walking route to \(place)", ko: "\(place)까지 걷는 길")
    }
    /// "Walking route to Geumjeong Hall:", before the route's figures.
    func route(to place: String) -> String {
        text(en: "Walking route to \(place):", ko: "\(place)까지 걸어서")
    }
    /// "6 min · 450 m", kept on one line.
    func figures(minutes: Int, distance: String) -> String {
        text(en: "\(minutes) min · \(distance)", ko: "\(minutes)분 · \(distance)")
    }
    var hideRoute: String { text(en: "Hide the route", ko: "경로 숨기기") }
    func needsPosition(_ place: String) -> String {
        text(
            en: "Share your location or set your position to see the walk to \(place).",
            ko: "위치를 공유하거나 지정하면 \(place)까지 걷는 길을 볼 수 있어요.")
    }
    func noRoute(_ place: String) -> String {
        text(
            en: "No street Grubmap knows joins your position to \(place).",
            ko: "Grubmap이 아는 길로는 내 위치에서 \(place)까지 갈 수 없어요.")
    }
    /// "Your position is 16.7 km from the nearest street of this map; walks are drawn from within 300 m of one."
    func tooFar(_ distance: String, reach: String) -> String {
        text(
            en:
                "Your position is \(distance) from the nearest street of this map; walks are drawn from within \(reach) of one.",
            ko: "내 위치가 이 지도의 가장 가까운 길에서 \(distance) 떨어져 있어요. 걷는 길은 길에서 \(reach) 안에서만 그려요.")
    }
    var noStreets: String {
        text(
            en: "This area's streets are not on the map yet, so no walk can be drawn.",
            ko: "이 지역의 길 정보가 아직 없어 걷는 길을 그릴 수 없어요.")
    }

    static func forLanguage(_ language: Language) -> WalkStrings {
        switch language {
        case .english: .english
        case .korean: .korean
        }
    }

    static let english = WalkStrings(language: .english)
    static let korean = WalkStrings(language: .korean)
}
