import Foundation
import GrubmapCore

/// What a person's phone shows on a day dishes they follow are served: one notification for all of them, a line each
/// as the board's strip words it ("돈까스 at Geumjeong Hall, lunch"), in the person's language, opening the area's
/// menu board.
struct PushMessage: Encodable, Equatable, Sendable {
    let title: String
    let body: String
    /// The page the notification opens.
    let url: String
    /// One notification per area and day: a second message of the day replaces the first on the phone.
    let tag: String

    /// `lines`: the servings of followed dishes (``FollowStrings/serving(_:place:period:)``).
    init(lines: [String], area: Area, day: CalendarDate, language: Language) {
        title = PushStrings(language: language).title(count: lines.count)
        body = lines.joined(separator: "\n")
        url = Paths.menuBoard(area.id, query: [("date", day.description)])
        tag = "grubmap-\(area.id)-\(day)"
    }

    /// The JSON the service worker reads, as bytes to encrypt.
    var payload: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { Array($0) } ?? []
    }
}

/// The words of push messages, in one language.
struct PushStrings: LocalizedStrings {
    let language: Language

    func title(count: Int) -> String {
        text(
            en: count == 1 ? "A dish you follow is on today's menu" : "\(count) dishes you follow are on today's menus",
            ko: count == 1 ? "팔로우한 메뉴가 오늘 나와요" : "팔로우한 메뉴 \(count)개가 오늘 나와요")
    }
    /// The settings page's section.
    var heading: String { text(en: "Notifications", ko: "알림") }
    var explanation: String {
        text(
            en: "Get one notification a day when a dish you follow is on a menu.",
            ko: "팔로우한 메뉴가 식단에 나오는 날 하루 한 번 알림을 받아요.")
    }
    var needsJavaScript: String {
        text(
            en: "Notifications need JavaScript and a browser that supports them.",
            ko: "알림을 받으려면 JavaScript와 알림을 지원하는 브라우저가 필요해요.")
    }
    var turnOn: String { text(en: "Turn on notifications", ko: "알림 켜기") }
    var turnOff: String { text(en: "Turn off notifications", ko: "알림 끄기") }
    var on: String { text(en: "Notifications are on for this browser.", ko: "이 브라우저에서 알림을 받고 있어요.") }
    var denied: String {
        text(
            en: "This browser blocks Grubmap's notifications; allow them in the browser's site settings.",
            ko: "이 브라우저가 Grubmap 알림을 막고 있어요. 브라우저의 사이트 설정에서 허용해 주세요.")
    }
    var failed: String {
        text(en: "Notifications could not be turned on. Try again.", ko: "알림을 켜지 못했어요. 다시 시도해 주세요.")
    }
}
