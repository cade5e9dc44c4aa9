import GrubmapCore

/// What the installable app says about being offline, in each language.
struct OfflineStrings: LocalizedStrings {
    let language: Language
    /// The line over an offline copy of a page; `{time}` is the time it was saved (HH:MM).
    var savedAt: String {
        text(
            en: "Offline copy saved at {time}. Bookmarks, check-ins and who's here come back when you're online.",
            ko: "{time}에 저장한 오프라인 사본이에요. 즐겨찾기, 체크인, 여기 있는 사람은 다시 연결되면 보여요.")
    }
    var title: String { text(en: "You are offline", ko: "오프라인이에요") }
    var notSaved: String {
        text(
            en:
                "This page was not saved on this device. Pages you opened before, your area's menus for this week and your bookmarked places open without a network.",
            ko: "이 페이지는 이 기기에 저장되지 않았어요. 전에 연 페이지, 이번 주 기본 지역의 메뉴, 즐겨찾기한 곳은 네트워크 없이도 열려요.")
    }
    var refused: String {
        text(
            en:
                "Nothing was changed: bookmarks, check-ins and settings need a network. Try again when you are back online.",
            ko: "아무것도 바뀌지 않았어요. 즐겨찾기, 체크인, 설정은 네트워크에 연결되어 있어야 해요. 다시 연결되면 다시 시도해 주세요.")
    }
    var tryAgain: String { text(en: "Go to the start", ko: "처음으로") }
    /// Said in place when a star is pressed without a network.
    var refusedBookmark: String {
        text(
            en: "You're offline, so the bookmark wasn't saved. Try again when you're back online.",
            ko: "오프라인이라 즐겨찾기를 저장하지 못했어요. 다시 연결되면 해 주세요.")
    }
    /// Said in place when a check-in or check-out is sent without a network.
    var refusedCheckIn: String {
        text(
            en: "You're offline, so your check-in didn't change. Try again when you're back online.",
            ko: "오프라인이라 체크인을 바꾸지 못했어요. 다시 연결되면 해 주세요.")
    }
    /// Said in place when any other form (a profile, settings, a chooser) is sent without a network.
    var refusedChange: String {
        text(
            en: "You're offline, so nothing was saved. Try again when you're back online.",
            ko: "오프라인이라 저장하지 못했어요. 다시 연결되면 해 주세요.")
    }

    static func forLanguage(_ language: Language) -> OfflineStrings {
        switch language {
        case .english: english
        case .korean: korean
        }
    }

    static let english = OfflineStrings(language: .english)

    static let korean = OfflineStrings(language: .korean)
}
