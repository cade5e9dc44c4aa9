import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// "How's the line?" on the place page, without JavaScript: four submit buttons of one form post
/// `POST /places/{id}/line-report` with `level`, and the page comes back (303) saying thanks, or when the person may
/// report again. The same rules as ``LineReportsAPI``: 20 minutes counting, once per person and place per 10 minutes.
struct LineReportFormFeature: RouteCollection {
    let live: any LiveStore
    var policy = LineReportPolicy.standard

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.post, Paths.lineReport, .page, .optional, report)
    }

    /// Stores the report and goes back to `return` (the place page by default) with ``LineReportNotice``; 400
    /// `invalid_level` naming `level` for anything but `none`, `short`, `long` or `very_long`, storing nothing.
    func report(_ context: VisitorContext, id: Place.ID) throws -> Response {
        let fields = try context.request.formFields()
        let place = try context.place(id)
        guard let text = fields["level"], let level = LineLevel(code: text) else {
            throw HTTPError.badRequest(
                "level: \"\((fields["level"] ?? "").prefix(32))\" is not a line level; give none, short, long or "
                    + "very_long.",
                code: "invalid_level", field: "level")
        }
        let area = try context.area(place.areaID)
        let result: LineReportResult
        do {
            result = try live.reportLine(
                placeID: id, reporter: try context.visitor.reporterKey(), level: level, at: context.now,
                bucket: PopularTimes.Bucket(instant: context.now, timeZone: area.clockTimeZone), policy: policy)
        } catch StoreError.unknownPlace {
            throw HTTPError.notFound("There is no place \"\(id)\".")
        }
        let notice: LineReportNotice =
            switch result {
            case .stored: .thanks
            case .tooSoon(let seconds): .again(minutes: (seconds + 59) / 60)
            }
        let back = Request.localPath(fields["return"]) ?? Paths.place(id)
        return .redirect(
            to: Request.adding((LineReportNotice.field, notice.value), to: back, dropping: [LineReportNotice.field])
                + "#line")
    }
}

/// What the last "How's the line?" did, as the page it comes back to says it: `lineReport=thanks`, or
/// `lineReport=again-N` when the person reported less than 10 minutes ago and may again in N minutes.
enum LineReportNotice: Equatable {
    case thanks
    case again(minutes: Int)

    /// The query field of the page a report comes back to.
    static let field = "lineReport"

    var value: String {
        switch self {
        case .thanks: "thanks"
        case .again(let minutes): "again-\(minutes)"
        }
    }

    /// The notice a page's query asks for; `nil` for none, or anything else (a minute count outside 1…10).
    init?(_ text: String?) {
        guard let text else { return nil }
        if text == "thanks" {
            self = .thanks
        } else if text.hasPrefix("again-"), let minutes = Int(text.dropFirst("again-".count)),
            (1...10).contains(minutes)
        {
            self = .again(minutes: minutes)
        } else {
            return nil
        }
    }

    func text(_ strings: LiveStrings) -> String {
        switch self {
        case .thanks: strings.reportThanks
        case .again(let minutes): strings.reportAgainIn(minutes: minutes)
        }
    }
}

/// The place page's "How's the line?": the place's badge, the question, the four answers as submit buttons of one
/// form (each names its level), and the notice of the last report.
struct LineReportSection {
    let strings: LiveStrings
    let badge: BusyBadge
    let place: Place.ID
    let csrfToken: String
    /// Where the form comes back to: the page as it is.
    let returnPath: String
    var notice: LineReportNotice? = nil
    /// Whether the form is offered (not on an offline copy, whose post would not go through).
    var offersReport = true

    /// The badge, saying "No reports yet" until there is a level, so the line under the heading never reads as a gap.
    private var quietBadge: BusyBadge {
        var badge = badge
        badge.quietWords = strings.noReportsYet
        return badge
    }

    var node: Node {
        el(.section, .class("card panel wide line-report"), .id("line"), Attribute("aria-labelledby", "line-heading")) {
            el(.h2, .id("line-heading")) { strings.howsTheLine }
            quietBadge.node
            if let notice {
                el(.p, .class("notice success"), Attribute("role", "status"), .data("flash", "")) {
                    notice.text(strings)
                }
            }
            if offersReport {
                el(.form, Attribute("method", "post"), Attribute("action", Paths.lineReport(place))) {
                    el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
                    el(.input, .type("hidden"), .name("return"), .value(returnPath))
                    el(.p, .class("meta")) { strings.howsTheLineHint }
                    el(.div, .class("line-answers"), Attribute("role", "group"), .ariaLabel(strings.howsTheLine)) {
                        for level in LineLevel.allCases {
                            el(.button, .type("submit"), .name("level"), .value(level.code)) {
                                el(
                                    .svg, .class("icon busy-icon"), Attribute("width", "16"), Attribute("height", "16"),
                                    .ariaHidden(), Attribute("focusable", "false")
                                ) { element("use", [.href(BusyBadge.icon(level))]) }
                                el(.span) { strings.answer(level) }
                            }
                        }
                    }
                }
            }
        }
    }
}
