import GrubmapCore

/// The strings of what is happening now (busyness badges, "How's the line?", the live page script's words), in one
/// language.
struct LiveStrings: LocalizedStrings {
    let language: Language

    /// A badge's words for a level: short, so that with the count and the time they fit a phone's card on one line
    /// (the minutes each level means are on the answers of "How's the line?").
    func level(_ level: LineLevel) -> String {
        switch level {
        case .noLine: text(en: "No line", ko: "줄이 없어요")
        case .short: text(en: "Short line", ko: "줄이 짧아요")
        case .long: text(en: "Long line", ko: "줄이 길어요")
        case .veryLong: text(en: "Very long line", ko: "줄이 아주 길어요")
        }
    }

    /// A badge's count of the people checked in (at least 1).
    func checkedIn(_ count: Int) -> String { text(en: "\(count) checked in", ko: "\(count)명 체크인") }

    /// A button of "How's the line?": the answer, short, under the question.
    func answer(_ level: LineLevel) -> String {
        switch level {
        case .noLine: text(en: "No line", ko: "줄 없어요")
        case .short: text(en: "Short (under 5 min)", ko: "짧아요 (5분 미만)")
        case .long: text(en: "Long (5–15 min)", ko: "길어요 (5–15분)")
        case .veryLong: text(en: "Very long (over 15 min)", ko: "아주 길어요 (15분 넘게)")
        }
    }

    /// When the figures behind a badge were last changed, `minutes` ago (0: under a minute).
    func updated(minutesAgo minutes: Int) -> String {
        minutes < 1
            ? text(en: "updated just now", ko: "방금 업데이트")
            : text(en: "updated \(minutes) min ago", ko: "\(minutes)분 전 업데이트")
    }

    /// The place page's badge while there is no level: nobody reported the line and the place has no seats.
    var noReportsYet: String { text(en: "No reports yet", ko: "아직 제보가 없어요") }

    var howsTheLine: String { text(en: "How's the line?", ko: "지금 줄은 어때요?") }
    var howsTheLineHint: String {
        text(
            en: "One tap tells everyone here; it counts for 20 minutes.",
            ko: "한 번 누르면 모두에게 알려져요. 20분 동안 반영돼요.")
    }
    var reportThanks: String {
        text(en: "Thanks! Your report counts for 20 minutes.", ko: "알려 주셔서 고마워요. 20분 동안 반영돼요.")
    }
    /// After a second report within 10 minutes: when the person can report this place again.
    func reportAgainIn(minutes: Int) -> String {
        text(
            en: minutes <= 1
                ? "You reported this line a moment ago. You can report it again in a minute."
                : "You reported this line a moment ago. You can report it again in \(minutes) minutes.",
            ko: minutes <= 1
                ? "조금 전에 알려 주셨어요. 1분 뒤에 다시 알려 줄 수 있어요."
                : "조금 전에 알려 주셨어요. \(minutes)분 뒤에 다시 알려 줄 수 있어요.")
    }

    /// "Updated · Show": the live page's quiet link when too much changed to apply in place.
    var updatedShow: String { text(en: "Updated · Show", ko: "새 소식이 있어요 · 보기") }
    /// What the live script says of a bookmarked place whose line changed: "Geumjeong Hall: Long line".
    func liveAnnouncement(place: String, level: String) -> String {
        text(en: "\(place): \(level)", ko: "\(place): \(level)")
    }
    /// What the live script says of a bookmarked place whose meal sold out: "Geumjeong Hall: Pork cutlet sold out".
    func soldOutAnnouncement(place: String, meal: String) -> String {
        text(en: "\(place): \(meal) sold out", ko: "\(place): \(meal) 품절이에요")
    }

    static func forLanguage(_ language: Language) -> LiveStrings {
        switch language {
        case .english: .english
        case .korean: .korean
        }
    }

    static let english = LiveStrings(language: .english)

    static let korean = LiveStrings(language: .korean)
}
