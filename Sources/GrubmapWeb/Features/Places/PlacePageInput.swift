import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Everything a place's page is rendered from, and the key it is kept under (``CachedPage``): the day's reading,
/// the person's profile and check-in, whether they bookmarked the place, their followed dishes among its meals', and
/// the reader.
struct PlacePageInput: CachedPage {
    /// The place, its area and the day as read (named by its serial).
    let reading: PlaceReading
    let me: PersonReading
    let isBookmarked: Bool
    /// The reader's followed dishes among the day's meals' (their current ids).
    let followed: Set<Dish.ID>
    let reader: MenuPageReader
    /// The walk from the person's position over the area's streets, when both are known.
    var walk: WalkSummary? = nil
    /// The driving route's length from the person's position, when the area has a driving graph: rides are priced
    /// on it.
    var routedMeters: Double? = nil

    func render(csrfToken: String, from sources: PageSources) throws -> [UInt8] {
        let place = reading.place
        let area = reading.area
        let language = reader.language
        let query = reader.address.query
        let menuStrings = MenuStrings.forLanguage(language)
        // The notices of the stars and the bells, which the page's own forms leave out of their way back.
        let noticeFields = BookmarkNotice.toggle.fields.union(FollowNotice.toggle.fields)
        // An offline copy counts people but names no one: it stays on a device another person may use.
        let people =
            reader.isOfflineCopy ? PlacePeople(newest: [], count: reading.people.count) : reading.people
        var page = PlacePage(
            strings: Strings.forLanguage(language), place: place, area: area, areas: try sources.catalog.allAreas(),
            rides: RideEstimates.make(
                for: place, in: area, from: reader.position, query: query, language: language, units: reader.units,
                routedMeters: routedMeters),
            whosHere: WhosHere(
                strings: CheckInStrings.forLanguage(language), language: language, place: place,
                people: people, me: me.me,
                myCheckIn: me.checkIn.map { ($0, me.checkInPlace?.name.text(in: language) ?? "") },
                csrfToken: csrfToken, timeZone: TimeZone(identifier: area.timeZone) ?? .gmt,
                change: query["checked"].flatMap(CheckInChange.init(rawValue:)),
                isOfflineCopy: reader.isOfflineCopy))
        page.now = sources.now
        page.walk = walk.map {
            let strings = WalkStrings.forLanguage(language)
            // The map keeps a position given by address (`near`), as the page had it.
            let near = query["near"].map { [("near", $0)] } ?? []
            return PlacePage.Walk(
                summary: strings.summary(
                    minutes: $0.minutes, distance: DistanceFormat.text(meters: Double($0.meters), unit: reader.units)),
                linkText: strings.walkThere,
                link: Paths.area(
                    area.id, query: near + [("view", "map"), ("walk", place.id.rawValue)], fragment: "map-view"))
        }
        // Busyness is now: today's page only, and never on an offline copy, whose figures would be stale.
        if let counts = reading.live, !reader.isOfflineCopy {
            let live = LiveSnapshot(counts: [place.id: counts], now: sources.now)
            page.line = LineReportSection(
                strings: LiveStrings.forLanguage(language), badge: live.badge(place, language: language),
                place: place.id, csrfToken: csrfToken,
                returnPath: reader.address.returnPath(
                    dropping: noticeFields.union([SoldOutFeature.reportedField, LineReportNotice.field])),
                notice: LineReportNotice(query[LineReportNotice.field]))
            page.live = LiveEvents(area: area, date: reading.date, language: language, now: live.now, place: place.id)
        }
        // Today's meals offer "Sold out?" (not on an offline copy, whose posts would not go through).
        let isToday = reading.date == reader.today
        let marks = MealMarks(
            marks: reading.soldOut, timeZone: area.clockTimeZone,
            reportPath: isToday && !reader.isOfflineCopy ? Paths.soldOutReport(place.id) : nil,
            reported: query[SoldOutFeature.reportedField].flatMap(MealID.init))
        // Meals of today and the two days before offer "Rate" (not on an offline copy either).
        let ratings =
            RatingDraft.isRateable(reading.date, today: reader.today) && !reader.isOfflineCopy
            ? reading.ratings.offeringRating(at: place.id, on: reading.date) : reading.ratings
        page.menu = MenuSection(
            reading: reader.menuReading(in: area).marking(marks).dishing(reading.dishes).rating(ratings)
                .following(MealFollows(followed: followed, offersBell: !reader.isOfflineCopy)), place: place,
            today: reader.today, now: reader.time, selected: reading.date,
            day: PlaceDay(place: place, date: reading.date, menu: reading.menu),
            days: place.openingHours.dayKinds(reading.days, adding: reading.date.week(startingOn: .sunday)),
            keptQuery: query.pairs.filter {
                $0.name != "date" && $0.name != SoldOutFeature.reportedField && $0.name != LineReportNotice.field
                    && !noticeFields.contains($0.name)
            })
        page.popularTimes = reading.popularTimes.map {
            PopularTimesChart(
                strings: PopularTimesStrings.forLanguage(language), place: place.id, times: $0,
                timeZone: area.clockTimeZone, now: sources.now, day: try? PopularTimesChart.day(in: query),
                keptQuery: query.pairs.filter {
                    $0.name != PopularTimesChart.dayField && $0.name != SoldOutFeature.reportedField
                        && !noticeFields.contains($0.name)
                })
        }
        page.bookmark = (
            BookmarkButton(strings: menuStrings, place: place, isBookmarked: isBookmarked, style: "pill"),
            BookmarkForm(
                csrfToken: csrfToken,
                returnPath: reader.address.returnPath(
                    dropping: noticeFields.union([SoldOutFeature.reportedField, LineReportNotice.field])),
                notice: BookmarkNotice.text(
                    for: query, bookmarks: isBookmarked ? [place.id] : [], strings: menuStrings,
                    name: { $0 == place.id ? place.name.text(in: language) : nil })
                    ?? FollowNotice.text(
                        for: query, followed: followed, strings: FollowStrings.forLanguage(language),
                        name: { reading.dishes.dish(id: $0).map { FollowedDishesPage.name(of: $0, in: language) } }))
        )
        return page.render()
    }
}
