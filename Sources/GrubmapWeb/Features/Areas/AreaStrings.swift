import GrubmapCore

/// The strings of the area page's paged list, of a map that shows some of many places, and of the areas to choose
/// from, in one language.
struct AreaStrings: Sendable {
    /// The link to the next page of the list.
    let morePlaces: String
    /// The link back to the list's first page.
    let firstPlaces: String
    /// The name of the list's page links, for screen readers.
    let pagerLabel: String
    /// Which places of how many the list shows: first (from 1), last, total.
    let showingPlaces: @Sendable (Int, Int, Int) -> String
    /// Under a map that shows only some of the places: how many, of how many, and whether nearest the person
    /// (else nearest the map's middle).
    let mapShowsSome: @Sendable (Int, Int) -> String
    /// The chooser `/` shows when nothing says which area to open: its title, what it says under the title, and
    /// each area's kind (a campus opens on its menus, a venue on its map and list).
    let chooserTitle: String
    let chooserIntro: String
    let campus: String
    let venue: String
    /// What the area opens on: today's menus (a campus) or the map and list (a venue).
    let opensOnMenus: String
    let opensOnMap: String
    /// Said when there is no area at all.
    let noAreas: String

    static func forLanguage(_ language: Language) -> AreaStrings {
        switch language {
        case .english: .english
        case .korean: .korean
        }
    }

    static let english = AreaStrings(
        morePlaces: "More places",
        firstPlaces: "Back to the first places",
        pagerLabel: "Pages of the list",
        showingPlaces: { first, last, total in
            "Places \(DistanceFormat.grouped(first))–\(DistanceFormat.grouped(last)) of \(DistanceFormat.grouped(total))"
        },
        mapShowsSome: { shown, total in
            "The map shows the \(shown) places nearest its middle of "
                + "\(DistanceFormat.grouped(total)); the list has them all."
        },
        chooserTitle: "Where are you eating?",
        chooserIntro: "Choose where to start. Next time, Grubmap opens there.",
        campus: "Campus", venue: "Venue", opensOnMenus: "Today’s menus first", opensOnMap: "Map and list first",
        noAreas: "Grubmap has no areas yet. Start it with --demo, or import places.")

    static let korean = AreaStrings(
        morePlaces: "더 보기",
        firstPlaces: "처음으로",
        pagerLabel: "목록 페이지",
        showingPlaces: { first, last, total in
            "\(DistanceFormat.grouped(total))곳 중 \(DistanceFormat.grouped(first))–\(DistanceFormat.grouped(last))번째"
        },
        mapShowsSome: { shown, total in
            "지도에는 \(DistanceFormat.grouped(total))곳 중 지도 가운데에서 가까운 \(shown)곳만 "
                + "표시해요. 목록에는 모두 있어요."
        },
        chooserTitle: "어디에서 식사하시나요?",
        chooserIntro: "시작할 곳을 골라 주세요. 다음부터는 고른 곳이 바로 열려요.",
        campus: "캠퍼스", venue: "행사장", opensOnMenus: "오늘의 식단부터 보여요", opensOnMap: "지도와 목록부터 보여요",
        noAreas: "아직 등록된 지역이 없어요. --demo로 시작하거나 장소를 가져와 주세요.")
}
