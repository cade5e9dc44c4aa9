import GrubmapCore

/// The strings of the map, profiles and check-ins, in one language.
struct CheckInStrings: LocalizedStrings {
    let language: Language
    func mapLabel(_ name: String) -> String { text(en: "Map of \(name)", ko: "\(name) 지도") }
    /// How the map works, for screen readers: the pins are links, and the list has the same places.
    func mapHelp(_ count: Int) -> String {
        text(
            en: (count == 1 ? "1 place" : "\(count) places")
                + ", north to south. Each pin opens its place; the list of places shows the same ones.",
            ko: "\(count)곳, 북쪽부터 남쪽 순서. 핀을 누르면 그곳 정보가 열려요. 목록에도 같은 곳이 있어요.")
    }
    func mapCenter(_ name: String) -> String { text(en: "\(name) (center of the map)", ko: "\(name) (지도 중심)") }
    func pinLabel(_ name: String, _ count: Int) -> String {
        switch count {
        case 0: text(en: "\(name), nobody checked in", ko: "\(name), 체크인한 사람 없음")
        case 1: text(en: "\(name), 1 person checked in", ko: "\(name), 1명 체크인")
        default: text(en: "\(name), \(count) people checked in", ko: "\(name), \(count)명 체크인")
        }
    }
    var youAreHere: String { text(en: "You are here", ko: "현재 위치") }
    func scaleLabel(_ name: String) -> String { text(en: "Scale: the bar is \(name)", ko: "축척: 막대 길이 \(name)") }
    var showList: String { text(en: "List", ko: "목록") }
    var showMap: String { text(en: "Map", ko: "지도") }
    var nobodyHere: String { text(en: "Nobody's checked in", ko: "체크인한 사람이 없어요") }
    func moreHere(_ count: Int) -> String { text(en: "+\(count)", ko: "+\(count)") }
    /// Under who's here, for the people not listed.
    func andMoreHere(_ count: Int) -> String {
        text(en: count == 1 ? "and 1 more person" : "and \(count) more people", ko: "외 \(count)명 더")
    }
    var whosHere: String { text(en: "Who's here", ko: "여기 있는 사람") }
    var checkIn: String { text(en: "Check in here", ko: "여기 체크인") }
    var checkOut: String { text(en: "Check out", ko: "체크아웃") }
    func checkedInHere(_ name: String) -> String {
        text(en: "You're checked in here until \(name).", ko: "\(name)까지 여기에 체크인되어 있어요.")
    }
    func checkedInElsewhere(_ name: String) -> String {
        text(
            en: "You're checked in at \(name). Checking in here moves you.",
            ko: "\(name)에 체크인되어 있어요. 여기에 체크인하면 이곳으로 옮겨져요.")
    }
    func untilTime(_ name: String) -> String { text(en: "until \(name)", ko: "\(name)까지") }
    var makeProfileFirst: String {
        text(en: "To check in, first tell people who you are.", ko: "체크인하려면 먼저 프로필을 만들어 주세요.")
    }
    var makeProfile: String { text(en: "Make your profile", ko: "프로필 만들기") }
    var profile: String { text(en: "Your profile", ko: "내 프로필") }
    var profileIntro: String { text(en: "This is what others see when you check in.", ko: "체크인하면 다른 사람에게 이렇게 보여요.") }
    var firstName: String { text(en: "First name", ko: "이름") }
    var lastName: String { text(en: "Last name", ko: "성") }
    var company: String { text(en: "Company", ko: "소속") }
    var bio: String { text(en: "Bio", ko: "소개") }
    func charactersLeft(_ count: Int) -> String {
        text(en: count == 1 ? "1 character left" : "\(count) characters left", ko: "\(count)자 남음")
    }
    var avatar: String { text(en: "Picture", ko: "사진") }
    var avatarHint: String {
        text(
            en: "A PNG, JPEG or WebP of at most 1 MiB. Without one, your initials are shown.",
            ko: "1 MiB 이하의 PNG, JPEG 또는 WebP. 사진이 없으면 이니셜이 보여요.")
    }
    var removeAvatar: String { text(en: "Remove the picture", ko: "사진 지우기") }
    var saveProfile: String { text(en: "Save profile", ko: "프로필 저장") }
    var profileSaved: String { text(en: "Your profile is saved.", ko: "프로필을 저장했어요.") }
    /// What a person whose profile an organiser hid sees on their own profile page, with the organiser's reason.
    func profileHidden(_ reason: String) -> String {
        text(
            en: "An organiser hid your picture and bio: \(reason) Others see your name and initials only.",
            ko: "운영자가 사진과 소개를 숨겼어요: \(reason) 다른 사람에게는 이름과 이니셜만 보여요.")
    }
    var fixTheFields: String {
        text(en: "Some fields need a look; nothing was saved.", ko: "확인이 필요한 항목이 있어서 저장하지 않았어요.")
    }
    var yourCheckIn: String { text(en: "Your check-in", ko: "내 체크인") }
    var notCheckedIn: String { text(en: "You're not checked in anywhere.", ko: "체크인한 곳이 없어요.") }
    func fieldProblem(_ field: String, _ message: String) -> String {
        switch field {
        case "firstName", "lastName": text(en: message, ko: "1자 이상 40자 이하로 써 주세요.")
        case "company": text(en: message, ko: "60자 이하로 써 주세요.")
        case "bio": text(en: message, ko: "100자 이하로 써 주세요.")
        default: text(en: message, ko: "사진은 1 MiB 이하의 PNG, JPEG 또는 WebP여야 해요.")
        }
    }
    var tooManyChanges: String {
        text(
            en: "That's a lot of changes at once. Wait a moment and try again.",
            ko: "한꺼번에 너무 많이 바꾸고 있어요. 잠시 뒤 다시 시도하세요.")
    }
    /// Said after checking out.
    var checkedOut: String { text(en: "You've checked out.", ko: "체크아웃했어요.") }
    /// Who's here on an offline copy of a place's page, which counts people but names no one.
    var offlineWhosHere: String {
        text(
            en: "When you're back online, you'll see who's here and can check in.", ko: "다시 연결되면 누가 있는지 보고 체크인할 수 있어요.")
    }
    /// Said on the place page after a profile made to check in there was saved.
    var profileSavedCheckInNow: String {
        text(en: "Your profile is saved. You can check in now.", ko: "프로필을 저장했어요. 이제 체크인할 수 있어요.")
    }

    static func forLanguage(_ language: Language) -> CheckInStrings {
        language == .korean ? .korean : .english
    }

    static let english = CheckInStrings(language: .english)

    static let korean = CheckInStrings(language: .korean)
}
