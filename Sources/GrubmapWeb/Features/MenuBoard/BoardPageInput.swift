import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Everything a menu board page is rendered from, and the key it is kept under (``CachedPage``): the area's reading
/// for the day, the reader's bookmarks among its places, their followed dishes among its meals', and the reader.
struct BoardPageInput: CachedPage {
    /// The area, the day and its menus as read (named by its serial).
    let reading: BoardReading
    /// The reader's bookmarks among the board's places, in their order.
    let bookmarks: [Place.ID]
    /// The reader's followed dishes among the board's meals' (their current ids).
    let followed: Set<Dish.ID>
    let reader: MenuPageReader
    /// Minutes on foot from the reader's position to the board's places, where the area has streets to walk.
    var walkingMinutes: [Place.ID: Int] = [:]

    func render(csrfToken: String, from sources: PageSources) throws -> [UInt8] {
        let area = reading.area
        let language = reader.language
        let query = reader.address.query
        let menuStrings = MenuStrings.forLanguage(language)
        let menuReading = reader.menuReading(in: area)
        // Checked by the handler before the page was looked for.
        let sortsByRating = query[BoardOrder.field] == BoardOrder.rating
        let day = BoardDay(today: reader.today, time: reader.time, instant: sources.now, selected: reading.date)
        let noticeFields = BookmarkNotice.toggle.fields.union(FollowNotice.toggle.fields)
        let follows = FollowStrings.forLanguage(language)
        let board = MenuBoard(
            date: day.selected, places: reading.places, menus: reading.menus, from: reader.position,
            language: language, bookmarks: bookmarks, filter: menuReading.filter, clock: day.clock,
            nextDayMenus: reading.nextDayMenus,
            rank: sortsByRating ? reading.ratings.bestMeals(of: reading.menus, dishes: reading.dishes) : nil)
        var page = MenuBoardPage(
            strings: Strings.forLanguage(language), area: area, areas: try sources.catalog.allAreas(),
            board: board, day: day, days: reading.calendar.dayKinds,
            reading: menuReading.pricing(reading.priceRoles).dishing(reading.dishes)
                .following(MealFollows(followed: followed, offersBell: !reader.isOfflineCopy)),
            units: reader.units, csrfToken: csrfToken,
            returnPath: reader.address.returnPath(dropping: noticeFields.union(["locate", "filter"])),
            bookmarkNotice: try BookmarkNotice.text(
                for: query, bookmarks: bookmarks, strings: menuStrings,
                name: { try sources.knownPlace($0)?.name.text(in: language) })
                ?? FollowNotice.text(
                    for: query, followed: followed, strings: follows,
                    name: { reading.dishes.dish(id: $0).map { FollowedDishesPage.name(of: $0, in: language) } }),
            keptQuery: query.pairs.filter {
                !["date", "locate", "filter"].contains($0.name) && !noticeFields.contains($0.name)
            },
            locatesOnLoad: query["locate"] == "1", hasPosition: reader.position != nil,
            isFilterOpen: query["filter"] == "open", sortsByRating: sortsByRating, soldOut: reading.soldOut,
            ratings: reading.ratings, photos: reading.photos,
            live: day.isToday && !reader.isOfflineCopy ? reading.live : nil)
        page.walkingMinutes = walkingMinutes
        page.followStrip =
            FollowStrip(
                strings: follows, board: board, dishes: reading.dishes, followed: followed,
                placeLink: { Paths.place($0, query: day.isToday ? [] : [("date", board.date.description)]) }
            ).node
        return page.render()
    }
}
