import GrubmapCore
import GrubmapImport
import GrubmapStore
import Testing

/// Which due feeds a server's fetchers take: every transition of the dispatch, on its own.
@Suite struct FeedDispatchTests {
    static let busan = try! Area.ID("busan")
    static let venue = try! Area.ID("venue")

    static func due(_ id: String, _ area: Area.ID) -> DueFeed {
        DueFeed(placeID: try! Place.ID(id), areaID: area)
    }

    @Test func theSoonestDueAreTakenUpToTheThreadsAndTheAreasShare() {
        var dispatch = FeedDispatch(threads: 3, perArea: 2)
        let due = ["b1", "b2", "b3", "b4"].map { Self.due($0, Self.busan) } + [Self.due("v1", Self.venue)]
        // b3 and b4 wait for their area's share; v1 gets the third thread.
        #expect(dispatch.take(from: due) == [due[0], due[1], due[4]])
        #expect(dispatch.running.count == 3)
        #expect(dispatch.inFlight(in: Self.busan) == 2 && dispatch.inFlight(in: Self.venue) == 1)
        // Nothing more while every thread is busy, whatever is due.
        #expect(dispatch.take(from: due + [Self.due("v2", Self.venue)]).isEmpty)
    }

    @Test func aFeedAlreadyRunningIsNotTakenTwice() {
        var dispatch = FeedDispatch(threads: 4, perArea: 4)
        let feed = Self.due("b1", Self.busan)
        #expect(dispatch.take(from: [feed]) == [feed])
        #expect(dispatch.take(from: [feed, feed]).isEmpty)
        #expect(dispatch.running == [feed.placeID: Self.busan])
    }

    @Test func anEndedFetchFreesItsThreadAndItsAreasShare() {
        var dispatch = FeedDispatch(threads: 2, perArea: 1)
        let (b1, b2, v1) = (Self.due("b1", Self.busan), Self.due("b2", Self.busan), Self.due("v1", Self.venue))
        #expect(dispatch.take(from: [b1, b2, v1]) == [b1, v1])
        dispatch.finish(v1.placeID)
        // The free thread does not go to b2: busan's one share is still taken.
        #expect(dispatch.take(from: [b2]).isEmpty)
        dispatch.finish(b1.placeID)
        #expect(dispatch.take(from: [b2]) == [b2])
        // Finishing what is not running changes nothing.
        dispatch.finish(try! Place.ID("nowhere"))
        #expect(dispatch.running == [b2.placeID: Self.busan])
    }

    @Test func limitsBelowOneAreOne() {
        var dispatch = FeedDispatch(threads: 0, perArea: -3)
        #expect(dispatch.threads == 1 && dispatch.perArea == 1)
        #expect(dispatch.take(from: [Self.due("b1", Self.busan), Self.due("v1", Self.venue)]).count == 1)
        #expect(dispatch.take(from: []).isEmpty)
    }
}
