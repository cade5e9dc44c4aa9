import GrubmapCore

/// The words of following dishes, in one language: the bell on a meal, the board's strip, the page of followed
/// dishes and the calendar feed.
struct FollowStrings: LocalizedStrings {
    let language: Language

    /// The bell's name for a screen reader: what pressing it does.
    func follow(_ dish: String) -> String { text(en: "Follow \(dish)", ko: "\(dish) 팔로우") }
    func followed(_ dish: String) -> String {
        text(
            en: "You follow \(dish). The board says when it is on.",
            ko: "\(dish, particle: .object) 팔로우해요. 나오는 날 식단표 맨 위에 알려 드려요.")
    }
    func unfollowed(_ dish: String) -> String {
        text(en: "You no longer follow \(dish).", ko: "\(dish) 팔로우를 그만뒀어요.")
    }

    /// The dish page's button.
    var followShort: String { text(en: "Follow", ko: "팔로우") }
    var following: String { text(en: "Following", ko: "팔로우 중") }
    /// The settings page's way to the followed dishes and the calendar feed.
    var settingsLink: String {
        text(en: "Dishes you follow and your calendar feed", ko: "팔로우하는 메뉴와 캘린더 구독")
    }

    /// The board's strip over the day's cards.
    func stripTitle(isToday: Bool) -> String {
        isToday
            ? text(en: "Your dishes today", ko: "오늘 나오는 내 메뉴")
            : text(en: "Your dishes this day", ko: "이날 나오는 내 메뉴")
    }
    /// A serving of a followed dish: "돈까스 at Geumjeong Hall, lunch" (a meal of no period leaves it out).
    func serving(_ dish: String, place: String, period: String?) -> String {
        guard let period else { return text(en: "\(dish) at \(place)", ko: "\(dish) · \(place)") }
        return text(en: "\(dish) at \(place), \(period.lowercased())", ko: "\(dish) · \(place) \(period)")
    }
    var manage: String { text(en: "Dishes you follow", ko: "팔로우하는 메뉴") }

    /// The page of followed dishes.
    var title: String { text(en: "Dishes you follow", ko: "팔로우하는 메뉴") }
    var intro: String {
        text(
            en:
                "The board shows these at the top on days they are served. Tap the bell beside a meal to follow its dish.",
            ko: "이 메뉴가 나오는 날에는 식단표 맨 위에 보여 드려요. 메뉴 옆의 종을 누르면 팔로우해요.")
    }
    var none: String {
        text(
            en: "You follow no dishes yet. Tap the bell beside a meal on a menu to follow its dish.",
            ko: "아직 팔로우하는 메뉴가 없어요. 식단의 메뉴 옆 종을 누르면 팔로우해요.")
    }
    func next(_ date: String, place: String) -> String {
        text(en: "Next: \(date) at \(place)", ko: "다음: \(date) \(place)")
    }
    var notAhead: String { text(en: "Not on a published menu ahead.", ko: "올라온 식단에는 아직 없어요.") }
    func unfollow(_ dish: String) -> String { text(en: "Stop following \(dish)", ko: "\(dish) 팔로우 그만두기") }
    var unfollowShort: String { text(en: "Unfollow", ko: "그만두기") }

    /// The calendar feed's part of the page.
    var calendarHeading: String { text(en: "Calendar", ko: "캘린더") }
    var calendarIntro: String {
        text(
            en: "Subscribe in your calendar app to see every upcoming serving of the dishes you follow.",
            ko: "캘린더 앱에서 구독하면 팔로우하는 메뉴가 나오는 날이 모두 캘린더에 들어가요.")
    }
    var calendarPrivate: String {
        text(
            en: "Anyone with this address can read it. Keep it to yourself; revoke it if it got out.",
            ko: "이 주소를 아는 사람은 누구나 볼 수 있어요. 혼자만 쓰고, 새어 나갔다면 폐기하세요.")
    }
    var openCalendar: String { text(en: "Make my calendar address", ko: "내 캘린더 주소 만들기") }
    var calendarAddress: String { text(en: "Your calendar address", ko: "내 캘린더 주소") }
    var subscribe: String { text(en: "Subscribe in my calendar app", ko: "캘린더 앱에서 구독하기") }
    var includeBookmarks: String {
        text(en: "Also the meals of my bookmarked places", ko: "즐겨찾은 식당의 식단도 함께")
    }
    var saveCalendar: String { text(en: "Save", ko: "저장") }
    var revoke: String { text(en: "Revoke this address", ko: "이 주소 폐기하기") }
    var calendarOpened: String {
        text(en: "Your calendar address is ready.", ko: "캘린더 주소를 만들었어요.")
    }
    var calendarRevoked: String {
        text(
            en: "The address is revoked: calendars subscribed to it get nothing more.",
            ko: "주소를 폐기했어요. 이 주소를 구독한 캘린더에는 더 이상 들어가지 않아요.")
    }
    var calendarSaved: String { text(en: "Saved.", ko: "저장했어요.") }
    /// The feed's own name, as calendar apps list it.
    var calendarName: String { text(en: "Grubmap: dishes I follow", ko: "Grubmap: 팔로우하는 메뉴") }

    static func forLanguage(_ language: Language) -> FollowStrings {
        switch language {
        case .english: .english
        case .korean: .korean
        }
    }

    static let english = FollowStrings(language: .english)
    static let korean = FollowStrings(language: .korean)
}
