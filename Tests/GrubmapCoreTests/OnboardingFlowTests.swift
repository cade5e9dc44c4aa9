import Testing

@testable import GrubmapCore

@Suite struct OnboardingFlowTests {
    typealias Flow = OnboardingFlow<ManualClock>

    func started(_ style: OnboardingStyle, pages: Int = 3, clock: ManualClock = ManualClock()) -> Flow {
        var flow = Flow(style: style, pageCount: pages, interval: .seconds(3), clock: clock)
        #expect(flow.handle(.start) == .show(page: 0))
        return flow
    }

    @Test func idleFlowIgnoresEverythingButStart() {
        var flow = Flow(style: .slides, pageCount: 3, clock: ManualClock())
        for event: Flow.Event in [.next, .back, .skip, .finish, .close, .tick, .pause, .resume] {
            #expect(flow.handle(event) == .none)
            #expect(flow.phase == .idle)
        }
        #expect(flow.bars == [.waiting, .waiting, .waiting])
        #expect(flow.handle(.start) == .show(page: 0))
    }

    @Test func nextAndBackStepThroughPages() {
        var flow = started(.slides)
        #expect(flow.handle(.back) == .none)
        #expect(flow.handle(.next) == .show(page: 1))
        #expect(flow.handle(.next) == .show(page: 2))
        #expect(flow.isOnLastPage)
        #expect(flow.handle(.back) == .show(page: 1))
        #expect(flow.handle(.next) == .show(page: 2))
        #expect(flow.handle(.next) == .complete(.started))
        #expect(flow.phase == .finished(.started))
    }

    @Test(arguments: [OnboardingStyle.basic, .slides, .progress])
    func skipFinishAndCloseEndTheFlowFromAnyStyle(style: OnboardingStyle) {
        for (event, outcome) in [(Flow.Event.skip, Flow.Outcome.skipped), (.finish, .started), (.close, .closed)] {
            var flow = started(style)
            #expect(flow.handle(event) == .complete(outcome))
            #expect(flow.phase == .finished(outcome))
            // A finished flow stays finished.
            for later: Flow.Event in [.start, .next, .back, .skip, .tick, .pause, .resume] {
                #expect(flow.handle(later) == .none)
            }
        }
    }

    @Test func startWhileShowingDoesNothing() {
        var flow = started(.slides)
        _ = flow.handle(.next)
        #expect(flow.handle(.start) == .none)
        #expect(flow.currentPage == 1)
    }

    @Test func basicStyleIsOnePage() {
        var flow = started(.basic, pages: 4)
        #expect(flow.pageCount == 1)
        #expect(flow.isOnLastPage)
        #expect(flow.handle(.next) == .complete(.started))
    }

    @Test func progressAdvancesAfterTheIntervalAndFinishesAfterTheLastPage() {
        let clock = ManualClock()
        var flow = started(.progress, clock: clock)
        clock.advance(by: .milliseconds(2999))
        #expect(flow.handle(.tick) == .none)
        #expect(abs(flow.currentPageProgress - 0.9997) < 0.001)
        clock.advance(by: .milliseconds(1))
        #expect(flow.handle(.tick) == .show(page: 1))
        #expect(flow.bars == [.done, .filling, .waiting])
        #expect(flow.currentPageProgress == 0)
        clock.advance(by: .seconds(3))
        #expect(flow.handle(.tick) == .show(page: 2))
        clock.advance(by: .seconds(3))
        #expect(flow.handle(.tick) == .complete(.started))
        #expect(flow.bars == [.done, .done, .done])
    }

    @Test func ticksDoNothingOutsideTheProgressStyle() {
        let clock = ManualClock()
        var flow = started(.slides, clock: clock)
        clock.advance(by: .seconds(60))
        #expect(flow.handle(.tick) == .none)
        #expect(flow.currentPage == 0)
    }

    @Test func pauseHoldsProgressAndResumeContinuesWhereItStopped() {
        let clock = ManualClock()
        var flow = started(.progress, clock: clock)
        clock.advance(by: .seconds(2))
        #expect(flow.handle(.pause) == .none)
        #expect(flow.isPaused)
        #expect(flow.handle(.pause) == .none)
        clock.advance(by: .seconds(30))
        #expect(flow.handle(.tick) == .none)
        #expect(abs(flow.currentPageProgress - 2.0 / 3) < 1e-9)
        #expect(flow.handle(.resume) == .none)
        #expect(!flow.isPaused)
        #expect(flow.handle(.resume) == .none)
        clock.advance(by: .milliseconds(999))
        #expect(flow.handle(.tick) == .none)
        clock.advance(by: .milliseconds(1))
        #expect(flow.handle(.tick) == .show(page: 1))
    }

    @Test func pausedFlowStillStepsByHandAndStaysPaused() {
        let clock = ManualClock()
        var flow = started(.progress, clock: clock)
        _ = flow.handle(.pause)
        #expect(flow.handle(.next) == .show(page: 1))
        clock.advance(by: .seconds(10))
        #expect(flow.handle(.tick) == .none)
        #expect(flow.isPaused)
        _ = flow.handle(.resume)
        clock.advance(by: .seconds(3))
        #expect(flow.handle(.tick) == .show(page: 2))
    }

    @Test func showingRebuildsAFlowAtAPageAndClamps() {
        let clock = ManualClock()
        #expect(Flow.showing(page: 2, style: .slides, pageCount: 3, clock: clock).currentPage == 2)
        #expect(Flow.showing(page: 9, style: .slides, pageCount: 3, clock: clock).currentPage == 2)
        #expect(Flow.showing(page: -4, style: .slides, pageCount: 3, clock: clock).currentPage == 0)
        #expect(Flow.showing(page: 2, style: .basic, pageCount: 3, clock: clock).currentPage == 0)
    }

    @Test func manualClockNeverRunsBackwards() {
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        clock.advance(by: .seconds(-3))
        #expect(clock.elapsed == .seconds(5))
    }
}
