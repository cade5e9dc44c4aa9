import GrubmapCore

/// The strings of the map, profiles and check-ins, in one language.
struct CheckInStrings: Sendable {
    let mapLabel: @Sendable (String) -> String
    /// How the map works, for screen readers: the pins are links, and the list has the same places.
    let mapHelp: @Sendable (Int) -> String
    let mapCenter: @Sendable (String) -> String
    let pinLabel: @Sendable (String, Int) -> String
    let youAreHere: String
    let scaleLabel: @Sendable (String) -> String
    let showList: String
    let showMap: String
    let nobodyHere: String
    let moreHere: @Sendable (Int) -> String
    /// Under who's here, for the people not listed.
    let andMoreHere: @Sendable (Int) -> String
    let whosHere: String
    let checkIn: String
    let checkOut: String
    let checkedInHere: @Sendable (String) -> String
    let checkedInElsewhere: @Sendable (String) -> String
    let untilTime: @Sendable (String) -> String
    let makeProfileFirst: String
    let makeProfile: String
    let profile: String
    let profileIntro: String
    let firstName: String
    let lastName: String
    let company: String
    let bio: String
    let charactersLeft: @Sendable (Int) -> String
    let avatar: String
    let avatarHint: String
    let removeAvatar: String
    let saveProfile: String
    let profileSaved: String
    /// What a person whose profile an organiser hid sees on their own profile page, with the organiser's reason.
    let profileHidden: @Sendable (String) -> String
    let fixTheFields: String
    let yourCheckIn: String
    let notCheckedIn: String
    let fieldProblem: @Sendable (String, String) -> String
    let tooManyChanges: String
    /// Said after checking out.
    let checkedOut: String
    /// Who's here on an offline copy of a place's page, which counts people but names no one.
    let offlineWhosHere: String
    /// Said on the place page after a profile made to check in there was saved.
    let profileSavedCheckInNow: String

    static func forLanguage(_ language: Language) -> CheckInStrings {
        language == .korean ? .korean : .english
    }

    static let english = CheckInStrings(
        mapLabel: { "Map of \($0)" },
        mapHelp: { count in
            (count == 1 ? "1 place" : "\(count) places")
                + ", north to south. Each pin opens its place; the list of places shows the same ones."
        },
        mapCenter: { "\($0) (center of the map)" },
        pinLabel: { name, count in
            switch count {
            case 0: "\(name), nobody checked in"
            case 1: "\(name), 1 person checked in"
            default: "\(name), \(count) people checked in"
            }
        },
        youAreHere: "You are here",
        scaleLabel: { "Scale: the bar is \($0)" },
        showList: "List",
        showMap: "Map",
        nobodyHere: "Nobody's checked in",
        moreHere: { "+\($0)" },
        andMoreHere: { $0 == 1 ? "and 1 more person" : "and \($0) more people" },
        whosHere: "Who's here",
        checkIn: "Check in here",
        checkOut: "Check out",
        checkedInHere: { "You're checked in here until \($0)." },
        checkedInElsewhere: { "You're checked in at \($0). Checking in here moves you." },
        untilTime: { "until \($0)" },
        makeProfileFirst: "To check in, first tell people who you are.",
        makeProfile: "Make your profile",
        profile: "Your profile",
        profileIntro: "This is what others see when you check in.",
        firstName: "First name",
        lastName: "Last name",
        company: "Company",
        bio: "Bio",
        charactersLeft: { $0 == 1 ? "1 character left" : "\($0) characters left" },
        avatar: "Picture",
        avatarHint: "A PNG or JPEG of at most 1 MiB. Without one, your initials are shown.",
        removeAvatar: "Remove the picture",
        saveProfile: "Save profile",
        profileSaved: "Your profile is saved.",
        profileHidden: { reason in
            "An organiser hid your picture and bio: \(reason) Others see your name and initials only."
        },
        fixTheFields: "Some fields need a look; nothing was saved.",
        yourCheckIn: "Your check-in",
        notCheckedIn: "You're not checked in anywhere.",
        fieldProblem: { _, message in message },
        tooManyChanges: "That's a lot of changes at once. Wait a moment and try again.",
        checkedOut: "You've checked out.",
        offlineWhosHere: "When you're back online, you'll see who's here and can check in.",
        profileSavedCheckInNow: "Your profile is saved. You can check in now."
    )

    static let korean = CheckInStrings(
        mapLabel: { "\($0) 지도" },
        mapHelp: { "\($0)곳, 북쪽부터 남쪽 순서. 핀을 누르면 그곳 정보가 열려요. 목록에도 같은 곳이 있어요." },
        mapCenter: { "\($0) (지도 중심)" },
        pinLabel: { name, count in count == 0 ? "\(name), 체크인한 사람 없음" : "\(name), \(count)명 체크인" },
        youAreHere: "현재 위치",
        scaleLabel: { "축척: 막대 길이 \($0)" },
        showList: "목록",
        showMap: "지도",
        nobodyHere: "체크인한 사람이 없어요",
        moreHere: { "+\($0)" },
        andMoreHere: { "외 \($0)명 더" },
        whosHere: "여기 있는 사람",
        checkIn: "여기 체크인",
        checkOut: "체크아웃",
        checkedInHere: { "\($0)까지 여기에 체크인되어 있어요." },
        checkedInElsewhere: { "\($0)에 체크인되어 있어요. 여기에 체크인하면 이곳으로 옮겨져요." },
        untilTime: { "\($0)까지" },
        makeProfileFirst: "체크인하려면 먼저 프로필을 만들어 주세요.",
        makeProfile: "프로필 만들기",
        profile: "내 프로필",
        profileIntro: "체크인하면 다른 사람에게 이렇게 보여요.",
        firstName: "이름",
        lastName: "성",
        company: "소속",
        bio: "소개",
        charactersLeft: { "\($0)자 남음" },
        avatar: "사진",
        avatarHint: "1 MiB 이하의 PNG 또는 JPEG. 사진이 없으면 이니셜이 보여요.",
        removeAvatar: "사진 지우기",
        saveProfile: "프로필 저장",
        profileSaved: "프로필을 저장했어요.",
        profileHidden: { reason in "운영자가 사진과 소개를 숨겼어요: \(reason) 다른 사람에게는 이름과 이니셜만 보여요." },
        fixTheFields: "확인이 필요한 항목이 있어서 저장하지 않았어요.",
        yourCheckIn: "내 체크인",
        notCheckedIn: "체크인한 곳이 없어요.",
        fieldProblem: { field, _ in
            switch field {
            case "firstName", "lastName": "1자 이상 40자 이하로 써 주세요."
            case "company": "60자 이하로 써 주세요."
            case "bio": "100자 이하로 써 주세요."
            default: "사진은 1 MiB 이하의 PNG 또는 JPEG여야 해요."
            }
        },
        tooManyChanges: "한꺼번에 너무 많이 바꾸고 있어요. 잠시 뒤 다시 시도하세요.",
        checkedOut: "체크아웃했어요.",
        offlineWhosHere: "다시 연결되면 누가 있는지 보고 체크인할 수 있어요.",
        profileSavedCheckInNow: "프로필을 저장했어요. 이제 체크인할 수 있어요."
    )
}
