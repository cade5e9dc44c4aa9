import GrubmapCore

/// The welcome tour, in the person's chosen style, from one content definition.
///
/// Everything works without JavaScript: the basic sheet fully; slides and stories as pages with Next, Back
/// and Skip, each a link or a button of one form. The page script then turns slides into swipeable pages
/// and stories into pages that advance by themselves.
struct OnboardingPage {
    let strings: Strings
    let content: OnboardingContent
    /// Whether the person saw an older version, so the heading says what is new.
    let isWhatsNew: Bool
    let flow: OnboardingFlow<SystemElapsedClock>
    let csrfToken: String
    let intervalMilliseconds: Int

    func render() -> [UInt8] {
        let title = isWhatsNew ? content.whatsNewTitle : content.title
        return Layout(strings: strings, title: title).render {
            el(
                .section, .class("onboarding onboarding-\(flow.style.rawValue)"), Attribute("data-onboarding", nil),
                Attribute("data-style", flow.style.rawValue), Attribute("data-page", "\(flow.currentPage ?? 0)"),
                Attribute("data-interval-ms", "\(intervalMilliseconds)"), .ariaLabel(title)
            ) {
                el(.form, Attribute("method", "post"), Attribute("action", Paths.onboarding()), .class("sheet card")) {
                    el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
                    if flow.style == .progress { bars }
                    el(.div, .class("sheet-head")) {
                        el(.h1) { title }
                        if flow.style == .basic {
                            el(
                                .button, .type("submit"), .name("outcome"), .value("closed"), .class("close"),
                                .ariaLabel(strings.onboardingClose), .title(strings.onboardingClose)
                            ) { Icons.close }
                        }
                        if flow.style == .progress { pauseButton }
                    }
                    if flow.style == .basic {
                        // One sheet: the rows sit right under the page's heading.
                        features(content.allRows, heading: .h2)
                        el(.div, .class("sheet-foot")) {
                            el(.button, .type("submit"), .name("outcome"), .value("started"), .class("button")) {
                                strings.onboardingStart
                            }
                        }
                    } else {
                        pages
                        footer
                    }
                }
            }
        }
    }

    private var current: Int { flow.currentPage ?? 0 }

    /// Stops and restarts the pages that move on by themselves (WCAG 2.2.2); the script shows it and keeps its
    /// name in step, since without a script nothing moves.
    private var pauseButton: Node {
        el(
            .button, .type("button"), .class("close pause-button"), Attribute("data-action", "pause"),
            Attribute("hidden", nil), .ariaLabel(strings.onboardingPause), .title(strings.onboardingPause),
            .data("pause", strings.onboardingPause), .data("play", strings.onboardingPlay)
        ) {
            Icons.pause
            Icons.play
        }
    }

    private var bars: Node {
        el(.div, .class("bars"), Attribute("aria-hidden", "true")) {
            for (index, state) in flow.bars.enumerated() {
                el(.span, .class("bar"), Attribute("data-bar", "\(index)"), Attribute("data-state", "\(state)")) {
                    el(.span, .class("fill"))
                }
            }
        }
    }

    private var pages: Node {
        // The script makes this a polite live region while the person turns the pages, and silent while they turn
        // by themselves, so a screen reader reads a page the person asked for and is never talked over.
        el(.div, .class("slides"), .id("slides")) {
            for (index, page) in content.pages.enumerated() {
                let hidden: [Attribute] = index == current ? [] : [Attribute("hidden", nil)]
                el(
                    .section,
                    attributes: [.class("slide"), Attribute("data-slide", "\(index)"), .ariaLabel(page.title)] + hidden
                ) {
                    el(.h2) { page.title }
                    features(page.rows, heading: .h3)
                }
            }
        }
    }

    private var footer: Node {
        let last = flow.pageCount - 1
        return el(.div, .class("sheet-foot")) {
            el(.nav, .class("dots"), .ariaLabel(strings.onboardingPages)) {
                for index in 0...last {
                    let currentAttribute: [Attribute] = index == current ? [.ariaCurrent("step")] : []
                    el(
                        .a,
                        attributes: [
                            .href(Paths.onboarding(query: [("page", "\(index)")])), .class("dot"),
                            Attribute("data-go", "\(index)"),
                            .ariaLabel(strings.onboardingPageOf(index + 1, last + 1)),
                        ] + currentAttribute)
                }
            }
            el(.div, .class("actions")) {
                el(.button, .type("submit"), .name("outcome"), .value("skipped"), .class("button ghost")) {
                    strings.onboardingSkip
                }
                el(
                    .a,
                    attributes: [
                        .href(Paths.onboarding(query: [("page", "\(max(current - 1, 0))")])),
                        .class("button secondary"),
                        Attribute("data-action", "back"),
                    ]
                        + (current == 0 ? [Attribute("hidden", nil)] : [])
                ) { strings.onboardingBack }
                el(
                    .a,
                    attributes: [
                        .href(Paths.onboarding(query: [("page", "\(min(current + 1, last))")])), .class("button"),
                        Attribute("data-action", "next"),
                    ]
                        + (flow.isOnLastPage ? [Attribute("hidden", nil)] : [])
                ) { strings.onboardingNext }
                el(
                    .button,
                    attributes: [
                        .type("submit"), .name("outcome"), .value("started"), .class("button"),
                        Attribute("data-action", "start"),
                    ]
                        + (flow.isOnLastPage ? [] : [Attribute("hidden", nil)])
                ) { strings.onboardingStart }
            }
        }
    }

    /// The feature rows, each titled by a heading one level under the heading above them.
    private func features(_ rows: [OnboardingContent.Row], heading: Tag) -> Node {
        el(.ul, .class("features")) {
            for row in rows {
                el(.li) {
                    el(.span, .class("feature-badge")) { Icons.feature(row.icon) }
                    el(.div) {
                        el(heading) { row.title }
                        el(.p) { row.text }
                    }
                }
            }
        }
    }
}
