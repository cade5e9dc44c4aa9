/// The onboarding flow as a pure state machine: events in, an action out, no I/O.
///
/// The server uses it to decide which page to render and what each control does; the tests drive every
/// transition with a ``ManualClock``. In the progress style a page advances once it has been shown, unpaused,
/// for ``interval``; after the last page the flow finishes rather than looping.
public struct OnboardingFlow<Clock: ElapsedClock>: Sendable {
    /// Where the flow is.
    public enum Phase: Equatable, Sendable {
        /// Not shown yet.
        case idle
        /// Showing a page (0-based).
        case showing(page: Int)
        /// Over, and how it ended.
        case finished(Outcome)
    }

    /// How onboarding ended; each records the content version as seen.
    public enum Outcome: String, Equatable, Sendable, CaseIterable {
        /// The person pressed Start (or the progress style ran past its last page).
        case started
        /// The person skipped the remaining pages.
        case skipped
        /// The person closed the sheet with its X.
        case closed
    }

    /// What happens to the flow.
    public enum Event: Equatable, Sendable {
        case start, next, back, skip, finish, close, tick, pause, resume
    }

    /// What the caller should do after an event.
    public enum Action: Equatable, Sendable {
        /// Nothing changes on screen.
        case none
        /// Show this page (0-based).
        case show(page: Int)
        /// Onboarding is over: record the version and leave.
        case complete(Outcome)
    }

    /// How a page's progress bar looks in the progress style.
    public enum BarState: Equatable, Sendable {
        case done, filling, waiting
    }

    public let style: OnboardingStyle
    public let pageCount: Int
    /// How long a page stays in the progress style.
    public let interval: Duration
    public private(set) var phase: Phase = .idle
    /// Whether auto-advance is held (touched, hovered, or reduced motion).
    public private(set) var isPaused = false

    private let clock: Clock
    /// Time the current page has been shown unpaused, up to the moment it was last paused.
    private var shownBeforePause: Duration = .zero
    /// When the current stretch of unpaused showing began; `nil` while paused or not showing.
    private var runningSince: Duration?

    /// Makes a flow for content of `pageCount` pages (the basic style shows them all as one).
    public init(style: OnboardingStyle, pageCount: Int, interval: Duration = .seconds(3), clock: Clock) {
        self.style = style
        self.pageCount = style == .basic ? 1 : max(pageCount, 1)
        self.interval = interval
        self.clock = clock
    }

    /// The page being shown, or `nil` when idle or finished.
    public var currentPage: Int? {
        if case .showing(let page) = phase { return page }
        return nil
    }

    /// Whether the page shown is the last, where Start replaces Next.
    public var isOnLastPage: Bool { currentPage == pageCount - 1 }

    /// How far the current page's bar is filled, from 0 to 1 (progress style).
    public var currentPageProgress: Double {
        guard currentPage != nil else { return 0 }
        return min(shownTime / interval, 1)
    }

    /// Each page's bar in the progress style.
    public var bars: [BarState] {
        guard let current = currentPage else {
            return Array(repeating: phase == .idle ? .waiting : .done, count: pageCount)
        }
        return (0..<pageCount).map { $0 < current ? .done : $0 == current ? .filling : .waiting }
    }

    /// Applies `event` and says what to do.
    public mutating func handle(_ event: Event) -> Action {
        switch (phase, event) {
        case (.idle, .start):
            return show(0)
        case (.idle, _), (.finished, _):
            return .none
        case (.showing(let page), .next):
            return page + 1 < pageCount ? show(page + 1) : finish(.started)
        case (.showing(let page), .back):
            return page > 0 ? show(page - 1) : .none
        case (.showing, .skip):
            return finish(.skipped)
        case (.showing, .finish):
            return finish(.started)
        case (.showing, .close):
            return finish(.closed)
        case (.showing, .start):
            return .none
        case (.showing(let page), .tick):
            guard style == .progress, !isPaused, shownTime >= interval else { return .none }
            return page + 1 < pageCount ? show(page + 1) : finish(.started)
        case (.showing, .pause):
            guard !isPaused else { return .none }
            shownBeforePause = shownTime
            runningSince = nil
            isPaused = true
            return .none
        case (.showing, .resume):
            guard isPaused else { return .none }
            isPaused = false
            runningSince = clock.elapsed
            return .none
        }
    }

    private var shownTime: Duration {
        shownBeforePause + (runningSince.map { clock.elapsed - $0 } ?? .zero)
    }

    private mutating func show(_ page: Int) -> Action {
        phase = .showing(page: page)
        shownBeforePause = .zero
        runningSince = isPaused ? nil : clock.elapsed
        return .show(page: page)
    }

    private mutating func finish(_ outcome: Outcome) -> Action {
        phase = .finished(outcome)
        runningSince = nil
        return .complete(outcome)
    }
}

extension OnboardingFlow {
    /// A flow already showing `page` (clamped to the pages there are), as the server rebuilds it from a URL.
    public static func showing(
        page: Int, style: OnboardingStyle, pageCount: Int, interval: Duration = .seconds(3), clock: Clock
    ) -> OnboardingFlow {
        var flow = OnboardingFlow(style: style, pageCount: pageCount, interval: interval, clock: clock)
        _ = flow.handle(.start)
        for _ in 0..<min(max(page, 0), flow.pageCount - 1) { _ = flow.handle(.next) }
        return flow
    }
}
