import GrubmapCore

/// The words of ratings, in one language: the stars under a meal, and the page that rates one.
struct RatingStrings: LocalizedStrings {
    let language: Language

    /// What the stars of a meal of a day say to a screen reader: "4.3 of 5 stars, 37 ratings".
    func dayLabel(_ summary: RatingSummary) -> String {
        text(
            en: "\(summary.shownAverage) of 5 stars, \(count(summary.count))",
            ko: "별점 5점 만점에 \(summary.shownAverage)점, \(summary.count)명 평가")
    }
    /// "★ 4.3 (37)": the same in both languages.
    static func stars(_ summary: RatingSummary) -> String {
        "★ \(summary.shownAverage) (\(summary.count))"
    }
    /// The dish's stars over all days, after the day's ("all days ★ 4.1 (210)").
    var allDays: String { text(en: "all days", ko: "전체") }
    /// The rating page's heading of the dish's stars over all days.
    var allDaysHeading: String { text(en: "All days", ko: "전체 기간") }
    func allDaysLabel(_ summary: RatingSummary) -> String {
        text(
            en: "All days: \(summary.shownAverage) of 5 stars, \(count(summary.count))",
            ko: "전체 기간 별점 5점 만점에 \(summary.shownAverage)점, \(summary.count)명 평가")
    }
    private func count(_ count: Int) -> String { count == 1 ? "1 rating" : "\(count) ratings" }

    /// The board's toggle that puts the places with the best-rated meals first.
    var bestRatedFirst: String { text(en: "Best rated first", ko: "평점 높은 순") }
    /// The link under a meal that can be rated.
    var rate: String { text(en: "Rate", ko: "평가하기") }
    func rateLabel(_ meal: String) -> String { text(en: "Rate \(meal)", ko: "\(meal) 평가하기") }

    /// The rating page's title and heading.
    func title(_ meal: String) -> String { text(en: "Rate \(meal)", ko: "\(meal) 평가") }
    var starsLegend: String { text(en: "How was it?", ko: "어땠나요?") }
    func starsChoice(_ stars: Int) -> String {
        text(en: stars == 1 ? "1 star" : "\(stars) stars", ko: "별 \(stars)개")
    }
    var comment: String { text(en: "Comment (optional)", ko: "한마디 (선택)") }
    var commentHint: String {
        text(en: "At most 140 characters.", ko: "140자까지 쓸 수 있어요.")
    }
    var save: String { text(en: "Save rating", ko: "평가 저장") }
    var saved: String { text(en: "Thanks! Your rating is saved.", ko: "고마워요! 평가를 저장했어요.") }
    var changeHint: String {
        text(en: "You rated this meal. Send again to change it.", ko: "이 메뉴를 이미 평가했어요. 다시 보내면 바뀌어요.")
    }
    var profileNeeded: String {
        text(
            en: "Ratings come from people with a profile, so each person counts once. Make yours, then rate.",
            ko: "평가는 프로필이 있는 분만 할 수 있어요. 한 사람이 한 번씩만 세어지도록요. 프로필을 만든 뒤 평가해 주세요.")
    }
    var makeProfile: String { text(en: "Make your profile", ko: "프로필 만들기") }
    var backToMenu: String { text(en: "Back to the menu", ko: "식단으로 돌아가기") }
    /// The rating page's link to the dish page, where the comments are.
    var aboutTheDish: String { text(en: "What others say about it", ko: "다른 분들의 한마디") }
    var noRatings: String { text(en: "No ratings yet.", ko: "아직 평가가 없어요.") }
    var thisDay: String { text(en: "This day", ko: "이날") }
    var fixTheFields: String { text(en: "Check the rating", ko: "평가를 확인해 주세요") }
    var chooseStars: String { text(en: "Choose 1 to 5 stars", ko: "별을 1개에서 5개까지 골라 주세요") }
    /// What is wrong with a comment that was refused (too long, or with characters that cannot be shown).
    var commentProblem: String {
        text(en: "Write at most 140 characters, on one line.", ko: "한마디는 한 줄로 140자까지 써 주세요.")
    }

    /// Said to the author of a comment an operator hid.
    func commentHidden(_ reason: String) -> String {
        text(
            en: "An organiser hid your comment from others: \(reason). Your stars still count.",
            ko: "운영자가 한마디를 다른 분들에게 숨겼어요. 이유: \(reason). 별점은 그대로 반영돼요.")
    }
    /// The dish page's comments.
    var commentsHeading: String { text(en: "What people say", ko: "한마디") }
    var noComments: String { text(en: "No comments yet.", ko: "아직 남긴 한마디가 없어요.") }
    /// "Ada L. · Geumjeong Hall, Monday, December 7"
    func commentBy(_ author: String?, at place: String, on date: String) -> String {
        let who = author ?? text(en: "Someone", ko: "누군가")
        return "\(who) · \(place), \(date)"
    }
    var flag: String { text(en: "Report", ko: "신고") }
    func flagLabel(_ author: String?) -> String {
        text(
            en: "Report the comment of \(author ?? "someone") to the organisers",
            ko: "\(author ?? "누군가")의 한마디를 운영자에게 신고")
    }
    var flagged: String {
        text(
            en: "Thanks. The organisers will look at it.",
            ko: "알려 주셔서 고마워요. 운영자가 살펴볼게요.")
    }
    /// The stars a comment came with, to a screen reader.
    func givenStars(_ stars: Stars) -> String {
        text(en: stars.value == 1 ? "1 star of 5" : "\(stars.value) stars of 5", ko: "별 5개 중 \(stars.value)개")
    }

    static func forLanguage(_ language: Language) -> RatingStrings {
        language == .korean ? korean : english
    }

    static let english = RatingStrings(language: .english)
    static let korean = RatingStrings(language: .korean)
}
