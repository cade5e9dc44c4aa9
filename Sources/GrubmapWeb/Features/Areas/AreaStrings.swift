import GrubmapCore

/// The strings of the area page's paged list, of a map that shows some of many places, and of the areas to choose
/// from, in one language.
struct AreaStrings: LocalizedStrings {
    let language: Language
    /// The link to the next page of the list.
    var morePlaces: String { text(en: "More places", ko: "더 보기") }
    /// The link back to the list's first page.
    var firstPlaces: String { text(en: "Back to the first places", ko: "처음으로") }
    /// The name of the list's page links, for screen readers.
    var pagerLabel: String { text(en: "Pages of the list", ko: "목록 페이지") }
    /// Which places of how many the list shows: first (from 1), last, total.
    func showingPlaces(_ first: Int, _ last: Int, _ total: Int) -> String {
        text(
            en:
                "Places \(DistanceFormat.grouped(first))–\(DistanceFormat.grouped(last)) of \(DistanceFormat.grouped(total))",
            ko: "\(DistanceFormat.grouped(total))곳 중 \(DistanceFormat.grouped(first))–\(DistanceFormat.grouped(last))번째"
        )
    }
    /// Under a map that shows only some of the places: how many, of how many, and whether nearest the person
    /// (else nearest the map's middle).
    func mapShowsSome(_ shown: Int, _ total: Int) -> String {
        text(
            en: "The map shows the \(shown) places nearest its middle of "
                + "\(DistanceFormat.grouped(total)); the list has them all.",
            ko: "지도에는 \(DistanceFormat.grouped(total))곳 중 지도 가운데에서 가까운 \(shown)곳만 "
                + "표시해요. 목록에는 모두 있어요.")
    }
    /// The chooser `/` shows when nothing says which area to open: its title, what it says under the title, and
    /// each area's kind (a campus opens on its menus, a venue on its map and list).
    var chooserTitle: String { text(en: "Where are you eating?", ko: "어디에서 식사하시나요?") }
    var chooserIntro: String {
        text(en: "Choose where to start. Next time, Grubmap opens there.", ko: "시작할 곳을 골라 주세요. 다음부터는 고른 곳이 바로 열려요.")
    }
    var campus: String { text(en: "Campus", ko: "캠퍼스") }
    var venue: String { text(en: "Venue", ko: "행사장") }
    /// What the area opens on: today's menus (a campus) or the map and list (a venue).
    var opensOnMenus: String { text(en: "Today’s menus first", ko: "오늘의 식단부터 보여요") }
    var opensOnMap: String { text(en: "Map and list first", ko: "지도와 목록부터 보여요") }
    /// Said when there is no area at all.
    var noAreas: String {
        text(
            en: "Grubmap has no areas yet. Start it with --demo, or import places.",
            ko: "아직 등록된 지역이 없어요. --demo로 시작하거나 장소를 가져와 주세요.")
    }

    static func forLanguage(_ language: Language) -> AreaStrings {
        switch language {
        case .english: .english
        case .korean: .korean
        }
    }

    static let english = AreaStrings(language: .english)

    static let korean = AreaStrings(language: .korean)
}
