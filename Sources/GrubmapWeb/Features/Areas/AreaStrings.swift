import GrubmapCore

/// The strings of the area page's paged list and of a map that shows some of many places, in one language.
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
        })

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
        })
}
