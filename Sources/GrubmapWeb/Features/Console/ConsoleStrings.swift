import GrubmapCore
import GrubmapCrypto
import GrubmapStore

/// The operator console's words in one language. Messages about signing in never say whether an address exists.
struct ConsoleStrings: Sendable {
    let language: Language
    let console: String
    let signIn: String
    let signInIntro: String
    let email: String
    let password: String
    let code: String
    let codeHint: String
    let signInButton: String
    let signOut: String
    let signOutEverywhere: String
    let signedOutEverywhere: String
    /// Wrong address, wrong password, or no password yet: one message, so it tells nothing about the address.
    let wrongCredentials: String
    let wrongCode: String
    let tooManyAttempts: @Sendable (Int) -> String
    let formExpired: String
    let tooManyChanges: String
    let fixTheFields: String
    let setupTitle: String
    let setupIntro: @Sendable (String) -> String
    let newPassword: String
    let repeatPassword: String
    let passwordHint: String
    let savePassword: String
    let linkUnknown: String
    let linkExpired: String
    let linkUsed: String
    let passwordTooShort: String
    let passwordTooLong: String
    let passwordCommon: String
    let passwordSameAsEmail: String
    let passwordsDiffer: String
    let setupDone: String
    let areasTitle: String
    let yourRole: @Sendable (Operator.Role) -> String
    let places: String
    let placeCount: @Sendable (Int) -> String
    let search: String
    let searchButton: String
    let newPlace: String
    let noPlacesFound: String
    let archived: String
    let archive: String
    let restore: String
    let archivedNotice: @Sendable (Int) -> String
    let restoredNotice: String
    let savedNotice: String
    let edit: String
    let placeID: String
    let placeIDHint: String
    let nameIn: @Sendable (Language) -> String
    let kind: String
    let latitude: String
    let longitude: String
    let positionHint: String
    let mapPickerLabel: @Sendable (String) -> String
    let mapPickerHelp: String
    let positionPicked: String
    let address: String
    let phone: String
    let website: String
    let descriptionIn: @Sendable (Language) -> String
    let weeklyHours: String
    let weeklyHoursHint: String
    let hoursPreview: String
    let savePlace: String
    let cancel: String
    let backToPlaces: String
    let viewPublicPage: String
    let menus: String
    let weekOf: @Sendable (String) -> String
    let previousWeek: String
    let nextWeek: String
    let today: String
    let noMenu: String
    let closedAllDay: String
    let editDay: String
    let copyDayTo: String
    let copyWeekTo: String
    let copy: String
    let copiedNotice: @Sendable (Int) -> String
    let nothingToCopy: String
    let dayNote: String
    let categoryName: @Sendable (Int) -> String
    let categoryLabel: String
    let mealName: String
    let notes: String
    let notesHint: String
    let pricesIn: @Sendable (String) -> String
    let saveMenu: String
    let removeMenu: String
    let menuSaved: String
    let menuRemoved: String
    let blankRowsHint: String
    let badDate: String
    let moderation: String
    let moderationIntro: String
    let nobodyCheckedIn: String
    let checkedInAt: @Sendable (String, String) -> String
    let reason: String
    let reasonHint: String
    let reasonRequired: String
    let hideProfile: String
    let restoreProfile: String
    let endCheckIn: String
    let hiddenBecause: @Sendable (String) -> String
    let moderated: @Sendable (String) -> String
    let notCheckedInHere: String
    let auditLog: String
    let allActions: String
    let filter: String
    let olderEntries: String
    let noEntries: String
    let when: String
    let who: String
    let what: String
    let change: String
    let menuFeed: String
    let feedIntro: String
    let feedURL: String
    let feedURLProblem: String
    /// A feed address with a user name or password, which is refused.
    let feedURLCredentials: String
    let saveFeed: String
    let removeFeed: String
    let fetchNow: String
    let lastFetch: String
    let lastGoodFetch: String
    let nextFetch: String
    let neverFetched: String
    let feedResult: @Sendable (MenuFeed.Result) -> String
    let feedSaved: String
    let feedRemoved: String
    /// "Fetch now" was taken: the fetch runs on the server's own threads, and its result shows on the next visit.
    let feedQueued: String
    let feedBusy: String
    let feedNotFetching: String
    /// The area has as many feeds as it may.
    let feedLimitReached: @Sendable (Int) -> String
    /// In place of the next fetch's time: due and waiting for a free fetcher, or being fetched.
    let feedWaiting: String
    let feedFetching: String
    let account: String
    let role: String
    let secondFactor: String
    let secondFactorIsOn: String
    let secondFactorSetUp: String
    let openInAuthenticator: String
    let turnSecondFactorOn: String
    let turnSecondFactorOff: String
    let secondFactorOn: String
    let secondFactorOff: String
    let secondFactorExpired: String
    let secondFactorReplaced: String
    let endManyTitle: String
    let endManyIntro: String
    let everyoneAt: String
    let endAtPlace: String
    let recentMinutes: String
    let recentMinutesHint: String
    let endRecent: String
    let minutesProblem: String
    let reasonTooLong: String
    let endedMany: @Sendable (Int) -> String
    let placeIDTaken: @Sendable (String) -> String
    let wrongPasswordOrCode: String
    let wrongNewCode: String
    let replaceSecondFactor: String
    let replaceSecondFactorIntro: String
    let replaceSecondFactorButton: String
    let currentCode: String
    let newCode: String
    let operators: String
    let addOperator: String
    let passTheLinkOn: @Sendable (String) -> String
    let waitingForSetUp: String
    let saveChanges: String
    let newLink: String
    let removeOperator: String
    let operatorUpdated: String
    let operatorRemoved: String
    let chooseAnArea: String
    let notAnEmail: String
    let emailTaken: String
    let apiKeys: String
    let apiKeysIntro: String
    let keyShownOnce: @Sendable (String) -> String
    let readOnly: String
    let readAndWrite: String
    let lastUsed: @Sendable (String) -> String
    let neverUsed: String
    let revokedAt: @Sendable (String) -> String
    let revoke: String
    let newAPIKey: String
    let keyLabel: String
    let keyScope: String
    let keyLabelProblem: String
    let keyRevoked: String
    let hoursExceptions: String
    let hoursExceptionsHint: String
    let noHoursExceptions: String
    let exceptionDate: String
    let exceptionClosed: String
    let exceptionOtherHours: String
    let exceptionHours: String
    let exceptionNote: String
    let exceptionNoteHint: String
    let addException: String
    let removeException: String
    let exceptionAdded: String
    let exceptionRemoved: String
    let exceptionDateProblem: String
    let exceptionDatePast: String
    let exceptionHoursMissing: String
}

extension ConsoleStrings {
    static func forLanguage(_ language: Language) -> ConsoleStrings {
        language == .korean ? korean : english
    }

    /// The message for a password the policy refused.
    func passwordProblem(_ problem: PasswordPolicy.Problem) -> String {
        switch problem {
        case .tooShort: passwordTooShort
        case .tooLong: passwordTooLong
        case .common: passwordCommon
        case .sameAsEmail: passwordSameAsEmail
        }
    }

    static let english = ConsoleStrings(
        language: .english, console: "Console", signIn: "Sign in to the console",
        signInIntro: "For the people who run Grubmap's places and menus.", email: "Email address",
        password: "Password", code: "Code from your authenticator app",
        codeHint: "Six digits; leave empty if you have not turned on a second factor.", signInButton: "Sign in",
        signOut: "Sign out", signOutEverywhere: "Sign out everywhere",
        signedOutEverywhere: "You were signed out on every device.",
        wrongCredentials: "That address and password do not match an operator who has set up their account.",
        wrongCode: "That code is not right, or was used already. Try the next one your app shows.",
        tooManyAttempts: { seconds in
            "Too many attempts. Wait \(seconds < 120 ? "\(seconds) seconds" : "\(seconds / 60) minutes") and try again."
        },
        formExpired: "This form has expired or did not come from Grubmap. Reload the page and try again.",
        tooManyChanges: "That was a lot of changes in a minute. Wait a moment and try again.",
        fixTheFields: "Nothing was saved. Fix these first:", setupTitle: "Set up your account",
        setupIntro: { email in "Choose a password for \(email). You will sign in with it from now on." },
        newPassword: "New password", repeatPassword: "Repeat the password",
        passwordHint: "At least 12 characters; a few words make a good one.", savePassword: "Save password",
        linkUnknown:
            "This set-up link is not valid. Check that you copied all of it, or ask your organiser for a new one.",
        linkExpired: "This set-up link has expired (links work for 24 hours). Ask your organiser for a new one.",
        linkUsed:
            "This set-up link was used already. Sign in with your password, or ask your organiser for a new link.",
        passwordTooShort: "The password must have at least 12 characters.",
        passwordTooLong: "The password may have at most 200 characters.",
        passwordCommon: "That password is too common. Choose one that is harder to guess.",
        passwordSameAsEmail: "The password must not be your email address.",
        passwordsDiffer: "The two passwords are not the same.",
        setupDone: "Your password is saved. Sign in with it now.", areasTitle: "Your areas",
        yourRole: { $0 == .admin ? "Admin" : "Editor" }, places: "Places",
        placeCount: { $0 == 1 ? "1 place" : "\($0) places" }, search: "Search places", searchButton: "Search",
        newPlace: "New place", noPlacesFound: "No place matches.", archived: "Archived", archive: "Archive",
        restore: "Restore",
        archivedNotice: { ended in
            "The place is archived: it is gone from public pages"
                + (ended == 0 ? "." : ", and \(ended) check-in\(ended == 1 ? "" : "s") ended.")
        },
        restoredNotice: "The place is back on the public pages.", savedNotice: "Saved. The public page shows it now.",
        edit: "Edit", placeID: "Id", placeIDHint: "Lowercase letters, digits and hyphens; it cannot change later.",
        nameIn: { $0 == .korean ? "Name in Korean" : "Name in English" }, kind: "Kind", latitude: "Latitude",
        longitude: "Longitude",
        positionHint:
            "Type the coordinates in degrees, as a map app shows them (35.2334, 129.0793), or click the place on the map.",
        mapPickerLabel: { "Map of \($0) to pick the position" },
        mapPickerHelp: "A click on the map fills in the latitude and longitude; the pin shows the position typed.",
        positionPicked: "Position set to",
        address: "Address", phone: "Phone", website: "Website",
        descriptionIn: { $0 == .korean ? "Description in Korean" : "Description in English" },
        weeklyHours: "Opening hours",
        weeklyHoursHint:
            "For each day, times like 11:00-14:00; several shifts with commas (11:00-14:00, 17:00-20:00). Empty: closed.",
        hoursPreview: "As the public page shows them", savePlace: "Save place", cancel: "Cancel",
        backToPlaces: "Back to the places", viewPublicPage: "Public page", menus: "Menus",
        weekOf: { "Week of \($0)" }, previousWeek: "Previous week", nextWeek: "Next week", today: "Today",
        noMenu: "No menu yet", closedAllDay: "Closed all day", editDay: "Edit", copyDayTo: "Copy this day to",
        copyWeekTo: "Copy this week to the week of", copy: "Copy",
        copiedNotice: { $0 == 1 ? "Copied 1 day." : "Copied \($0) days." },
        nothingToCopy: "There is no menu to copy there.", dayNote: "Note for the day (optional)",
        categoryName: { "Category \($0)" }, categoryLabel: "Name of the category", mealName: "Meal", notes: "Notes",
        notesHint: "Allergens, vegan… separated by commas",
        pricesIn: { "Prices in \($0)" }, saveMenu: "Save the day", removeMenu: "Remove this day's menu",
        menuSaved: "Saved. The public page shows it now.", menuRemoved: "The day has no menu now.",
        blankRowsHint: "Empty rows are left out. Save to get more empty rows.",
        badDate: "Give a date like 2026-03-02.", moderation: "Moderation",
        moderationIntro: "Everyone checked in now. Hiding a profile leaves its name and initials; its owner sees why.",
        nobodyCheckedIn: "Nobody is checked in now.", checkedInAt: { place, until in "\(place), until \(until)" },
        reason: "Reason", reasonHint: "The person sees it, and the audit log keeps it.",
        reasonRequired: "Say why, in a few words.", hideProfile: "Hide bio and picture", restoreProfile: "Show again",
        endCheckIn: "End check-in", hiddenBecause: { "Hidden: \($0)" },
        moderated: { "Done for \($0)." }, notCheckedInHere: "That person is not checked in in this area now.",
        auditLog: "Audit log", allActions: "All changes", filter: "Show", olderEntries: "Older entries",
        noEntries: "No changes recorded.", when: "When", who: "Who", what: "What", change: "Before → after",
        menuFeed: "Menu feed",
        feedIntro:
            "An OpenMensa feed (version 2 or 2.1) keeps this place's menus fresh: Grubmap fetches it on the server's schedule (hourly unless set otherwise) and imports it whole, or not at all.",
        feedURL: "Feed address", feedURLProblem: "The feed address must start with https:// or http://.",
        feedURLCredentials:
            "The feed address may not hold a user name or password (https://name:password@…): Grubmap never sends them. Enter it without them.",
        saveFeed: "Save feed", removeFeed: "Remove feed", fetchNow: "Fetch now", lastFetch: "Last fetch",
        lastGoodFetch: "Last good fetch", nextFetch: "Next fetch", neverFetched: "Not fetched yet.",
        feedResult: { result in
            switch result {
            case .imported: "Imported"
            case .unchanged: "Unchanged"
            case .failed: "Failed"
            }
        },
        feedSaved: "Feed saved; it is fetched at once.", feedRemoved: "The feed is removed; the menus stay.",
        feedQueued: "Queued: the server fetches it in a moment. Reload this page to see what it found.",
        feedBusy: "This feed is being fetched right now. Reload this page in a moment to see what it found.",
        feedNotFetching: "This server fetches no feeds.",
        feedLimitReached: { limit in
            "This area has \(limit) feed\(limit == 1 ? "" : "s"), the most one area may have. Remove a feed before adding another."
        },
        feedWaiting: "Queued: fetched as soon as a fetcher is free", feedFetching: "Being fetched now",
        account: "Your account", role: "Role",
        secondFactor: "Second factor",
        secondFactorIsOn:
            "On: signing in also asks for a code from your authenticator app. To turn it off, type your password and "
            + "a code from the app.",
        secondFactorSetUp:
            "Off. To turn it on, add this key to an authenticator app (or open the link on your phone), then type the code it shows.",
        openInAuthenticator: "Open in an authenticator app", turnSecondFactorOn: "Turn on",
        turnSecondFactorOff: "Turn off", secondFactorOn: "The second factor is on.",
        secondFactorOff: "The second factor is off.",
        secondFactorExpired: "This form's key was not valid. Reload the page and try again.",
        secondFactorReplaced: "The second factor now uses the new key. Codes from the old one no longer work.",
        endManyTitle: "End many check-ins at once",
        endManyIntro:
            "For a flood of check-ins: ends every one picked here with one reason, kept once in the audit log with "
            + "how many.",
        everyoneAt: "Everyone checked in at", endAtPlace: "End every check-in at this place",
        recentMinutes: "Everyone whose session is this many minutes old or newer",
        recentMinutesHint: "A burst of new visitors checking in: from 1 to 1440 minutes.",
        endRecent: "End their check-ins", minutesProblem: "Give a whole number of minutes from 1 to 1440.",
        reasonTooLong: "At most 200 characters.",
        endedMany: { count in count == 1 ? "Ended 1 check-in." : "Ended \(count) check-ins." },
        placeIDTaken: { id in
            "Another place has the id \u{201C}\(id)\u{201D} already (perhaps in another area). Choose another id."
        },
        wrongPasswordOrCode: "That password or code is not right. Nothing changed.",
        wrongNewCode: "The code from the new key is not right. Nothing changed; try the next one the new app shows.",
        replaceSecondFactor: "Move to a new authenticator app",
        replaceSecondFactorIntro:
            "Add this key to the new app, then type your password, a code from the app you use now and one from the "
            + "new app.",
        replaceSecondFactorButton: "Use the new key", currentCode: "Code from the app you use now",
        newCode: "Code from the new app", operators: "Operators",
        addOperator: "Add an operator",
        passTheLinkOn: { email in
            "Pass this set-up link on to \(email) yourself (no mail is sent). It works once, for 24 hours, and is not shown again."
        },
        waitingForSetUp: "Not set up yet", saveChanges: "Save", newLink: "New set-up link", removeOperator: "Remove",
        operatorUpdated: "Saved.", operatorRemoved: "The operator is removed; their sessions ended.",
        chooseAnArea: "Choose at least one area.", notAnEmail: "That is not an email address.",
        emailTaken: "An operator with that address exists already.", apiKeys: "API keys",
        apiKeysIntro:
            "For programs that read or change this area's places and menus through the admin API (see the README).",
        keyShownOnce: { label in
            "The key \"\(label)\" is made. Copy it now: it is not shown again, and Grubmap keeps only its digest."
        },
        readOnly: "Read", readAndWrite: "Read and write", lastUsed: { "last used \($0)" }, neverUsed: "never used",
        revokedAt: { "revoked \($0)" }, revoke: "Revoke", newAPIKey: "Make a key", keyLabel: "What it is for",
        keyScope: "It may", keyLabelProblem: "Say what the key is for, in at most 80 characters.",
        keyRevoked: "The key is revoked; programs using it get 401 now.",
        hoursExceptions: "Closed days and other hours",
        hoursExceptionsHint: "For one date, such as a holiday: they replace the weekly hours that day.",
        noHoursExceptions: "No upcoming dates. The weekly hours apply every day.", exceptionDate: "Date",
        exceptionClosed: "Closed all day", exceptionOtherHours: "Other hours", exceptionHours: "Hours that day",
        exceptionNote: "Note", exceptionNoteHint: "Optional; visitors see it, like \"Founders' day\".",
        addException: "Add date", removeException: "Remove",
        exceptionAdded: "Saved. The public page shows the date now.", exceptionRemoved: "The date is removed.",
        exceptionDateProblem: "Type a date like 2026-12-03.", exceptionDatePast: "Choose today or a later date.",
        exceptionHoursMissing: "Type the hours that day, like 11:00-14:00, or choose closed all day.")

    static let korean = ConsoleStrings(
        language: .korean, console: "관리", signIn: "관리 화면 로그인", signInIntro: "그럽맵의 식당과 메뉴를 관리하는 분들을 위한 곳이에요.",
        email: "이메일 주소", password: "비밀번호", code: "인증 앱의 코드", codeHint: "숫자 여섯 자리. 2단계 인증을 켜지 않았다면 비워 두세요.",
        signInButton: "로그인", signOut: "로그아웃", signOutEverywhere: "모든 기기에서 로그아웃",
        signedOutEverywhere: "모든 기기에서 로그아웃했어요.", wrongCredentials: "주소와 비밀번호가 설정을 마친 관리자와 맞지 않아요.",
        wrongCode: "코드가 맞지 않거나 이미 사용되었어요. 앱에 나오는 다음 코드를 입력해 보세요.",
        tooManyAttempts: { seconds in
            "시도가 너무 많아요. \(seconds < 120 ? "\(seconds)초" : "\(seconds / 60)분") 뒤에 다시 해 보세요."
        },
        formExpired: "양식이 만료되었거나 그럽맵에서 보낸 양식이 아니에요. 페이지를 새로 고친 뒤 다시 해 보세요.",
        tooManyChanges: "1분 동안 변경이 너무 많았어요. 잠시 뒤에 다시 해 보세요.", fixTheFields: "저장하지 못했어요. 먼저 고쳐 주세요:",
        setupTitle: "계정 설정", setupIntro: { email in "\(email) 계정의 비밀번호를 정하세요. 앞으로 이 비밀번호로 로그인해요." },
        newPassword: "새 비밀번호", repeatPassword: "비밀번호 다시 입력", passwordHint: "12자 이상. 단어 몇 개를 이으면 좋은 비밀번호가 돼요.",
        savePassword: "비밀번호 저장", linkUnknown: "올바른 설정 링크가 아니에요. 링크를 전부 복사했는지 확인하거나 담당자에게 새 링크를 요청하세요.",
        linkExpired: "설정 링크가 만료되었어요(24시간 동안만 유효해요). 담당자에게 새 링크를 요청하세요.",
        linkUsed: "이미 사용한 설정 링크예요. 비밀번호로 로그인하거나 담당자에게 새 링크를 요청하세요.",
        passwordTooShort: "비밀번호는 12자 이상이어야 해요.", passwordTooLong: "비밀번호는 200자를 넘을 수 없어요.",
        passwordCommon: "너무 흔한 비밀번호예요. 추측하기 어려운 것을 고르세요.", passwordSameAsEmail: "비밀번호가 이메일 주소와 같으면 안 돼요.",
        passwordsDiffer: "두 비밀번호가 같지 않아요.", setupDone: "비밀번호를 저장했어요. 이제 로그인하세요.", areasTitle: "내 지역",
        yourRole: { $0 == .admin ? "관리자" : "편집자" }, places: "장소", placeCount: { "장소 \($0)곳" }, search: "장소 검색",
        searchButton: "검색", newPlace: "새 장소", noPlacesFound: "맞는 장소가 없어요.", archived: "보관됨", archive: "보관",
        restore: "복원",
        archivedNotice: { ended in
            "장소를 보관했어요. 공개 페이지에서 사라졌어요" + (ended == 0 ? "." : ". 체크인 \(ended)건이 끝났어요.")
        },
        restoredNotice: "장소가 공개 페이지에 다시 나와요.", savedNotice: "저장했어요. 공개 페이지에 바로 나와요.", edit: "편집",
        placeID: "아이디", placeIDHint: "영문 소문자, 숫자, 하이픈. 나중에 바꿀 수 없어요.",
        nameIn: { $0 == .korean ? "한국어 이름" : "영어 이름" }, kind: "종류", latitude: "위도", longitude: "경도",
        positionHint: "지도 앱에 나오는 좌표를 도 단위로 입력하거나(35.2334, 129.0793) 지도에서 장소를 누르세요.",
        mapPickerLabel: { "위치를 고르는 \($0) 지도" },
        mapPickerHelp: "지도를 누르면 위도와 경도가 채워지고, 핀은 입력한 위치를 보여 줘요.", positionPicked: "위치:", address: "주소", phone: "전화",
        website: "웹사이트",
        descriptionIn: { $0 == .korean ? "한국어 설명" : "영어 설명" }, weeklyHours: "영업시간",
        weeklyHoursHint: "요일마다 11:00-14:00처럼 적고, 여러 번이면 쉼표로 나눠요(11:00-14:00, 17:00-20:00). 비우면 휴무.",
        hoursPreview: "공개 페이지에 보이는 모습", savePlace: "장소 저장", cancel: "취소", backToPlaces: "장소 목록으로",
        viewPublicPage: "공개 페이지", menus: "메뉴", weekOf: { "\($0) 주" }, previousWeek: "지난주", nextWeek: "다음 주",
        today: "오늘", noMenu: "메뉴 없음", closedAllDay: "하루 종일 휴무", editDay: "편집", copyDayTo: "이 날을 복사할 날짜",
        copyWeekTo: "이번 주를 복사할 주", copy: "복사", copiedNotice: { "\($0)일을 복사했어요." },
        nothingToCopy: "복사할 메뉴가 없어요.", dayNote: "그날의 메모(선택)", categoryName: { "분류 \($0)" }, categoryLabel: "분류 이름",
        mealName: "메뉴",
        notes: "참고", notesHint: "알레르기, 채식 등을 쉼표로 나눠 적기", pricesIn: { "가격(\($0))" }, saveMenu: "저장",
        removeMenu: "이날 메뉴 지우기", menuSaved: "저장했어요. 공개 페이지에 바로 나와요.", menuRemoved: "이날은 이제 메뉴가 없어요.",
        blankRowsHint: "빈 줄은 저장하지 않아요. 저장하면 빈 줄이 더 생겨요.", badDate: "2026-03-02 같은 날짜를 주세요.",
        moderation: "관리 감독", moderationIntro: "지금 체크인한 모든 사람이에요. 프로필을 숨기면 이름과 이니셜만 남고, 본인은 이유를 보게 돼요.",
        nobodyCheckedIn: "지금 체크인한 사람이 없어요.", checkedInAt: { place, until in "\(place), \(until)까지" },
        reason: "이유", reasonHint: "본인에게 보이고 감사 기록에 남아요.", reasonRequired: "이유를 몇 마디로 적어 주세요.",
        hideProfile: "소개와 사진 숨기기", restoreProfile: "다시 보이기", endCheckIn: "체크인 끝내기",
        hiddenBecause: { "숨김: \($0)" }, moderated: { "\($0) 처리했어요." },
        notCheckedInHere: "그 사람은 지금 이 지역에 체크인해 있지 않아요.", auditLog: "감사 기록", allActions: "모든 변경",
        filter: "보기", olderEntries: "이전 기록", noEntries: "기록된 변경이 없어요.", when: "언제", who: "누가", what: "무엇을",
        change: "이전 → 이후", menuFeed: "메뉴 피드",
        feedIntro:
            "OpenMensa 피드(버전 2 또는 2.1)로 이 장소의 메뉴를 최신으로 유지해요. 서버가 정한 간격(따로 정하지 않으면 매시간)으로 가져와서 전부 반영하거나 하나도 반영하지 않아요.",
        feedURL: "피드 주소", feedURLProblem: "피드 주소는 https:// 또는 http://로 시작해야 해요.",
        feedURLCredentials:
            "피드 주소에는 사용자 이름이나 비밀번호(https://이름:비밀번호@…)를 넣을 수 없어요. Grubmap은 그런 정보를 보내지 않으니 빼고 입력해 주세요.",
        saveFeed: "피드 저장",
        removeFeed: "피드 삭제", fetchNow: "지금 가져오기", lastFetch: "마지막 가져오기", lastGoodFetch: "마지막 성공",
        nextFetch: "다음 가져오기", neverFetched: "아직 가져오지 않았어요.",
        feedResult: { result in
            switch result {
            case .imported: "반영함"
            case .unchanged: "변경 없음"
            case .failed: "실패"
            }
        },
        feedSaved: "피드를 저장했어요. 바로 가져올게요.", feedRemoved: "피드를 삭제했어요. 메뉴는 그대로예요.",
        feedQueued: "가져오기를 예약했어요. 서버가 곧 가져와요. 결과는 이 페이지를 새로 고치면 보여요.",
        feedBusy: "지금 이 피드를 가져오고 있어요. 잠시 뒤 이 페이지를 새로 고치면 결과가 보여요.",
        feedNotFetching: "이 서버는 피드를 가져오지 않아요.",
        feedLimitReached: { limit in
            "이 지역에는 피드가 이미 \(limit)개 있어요. 한 지역에 둘 수 있는 최대 개수예요. 다른 피드를 먼저 삭제해 주세요."
        },
        feedWaiting: "예약됨: 가져올 차례가 되면 바로 가져와요", feedFetching: "지금 가져오는 중",
        account: "내 계정", role: "역할", secondFactor: "2단계 인증",
        secondFactorIsOn: "켜져 있어요: 로그인할 때 인증 앱의 코드도 물어요. 끄려면 비밀번호와 앱의 코드를 입력해 주세요.",
        secondFactorSetUp: "꺼짐. 켜려면 이 키를 인증 앱에 추가하거나(휴대전화에서는 링크를 여세요) 앱에 나오는 코드를 입력하세요.",
        openInAuthenticator: "인증 앱에서 열기", turnSecondFactorOn: "켜기", turnSecondFactorOff: "끄기",
        secondFactorOn: "2단계 인증을 켰어요.", secondFactorOff: "2단계 인증을 껐어요.",
        secondFactorExpired: "양식의 키가 올바르지 않아요. 페이지를 새로 고친 뒤 다시 해 보세요.",
        secondFactorReplaced: "이제 2단계 인증에 새 키를 써요. 이전 키의 코드는 더 이상 통하지 않아요.",
        endManyTitle: "체크인 한꺼번에 끝내기",
        endManyIntro: "체크인이 한꺼번에 몰려올 때 써요. 여기서 고른 체크인을 모두 한 가지 이유로 끝내고, 감사 기록에는 개수와 함께 한 번만 남아요.",
        everyoneAt: "이 장소에 체크인한 모든 사람", endAtPlace: "이 장소의 체크인 모두 끝내기",
        recentMinutes: "세션이 만들어진 지 이 시간(분) 이내인 모든 사람", recentMinutesHint: "새 방문자가 한꺼번에 체크인할 때: 1분에서 1440분까지예요.",
        endRecent: "이 사람들의 체크인 끝내기", minutesProblem: "1에서 1440 사이의 분을 숫자로 입력해 주세요.",
        reasonTooLong: "200자 이내로 적어 주세요.", endedMany: { count in "체크인 \(count)개를 끝냈어요." },
        placeIDTaken: { id in "다른 장소가 이미 \u{201C}\(id)\u{201D} 아이디를 쓰고 있어요(다른 지역일 수도 있어요). 다른 아이디를 골라 주세요." },
        wrongPasswordOrCode: "비밀번호나 코드가 맞지 않아요. 아무것도 바뀌지 않았어요.",
        wrongNewCode: "새 키의 코드가 맞지 않아요. 아무것도 바뀌지 않았어요. 새 앱에 나오는 다음 코드를 입력해 보세요.",
        replaceSecondFactor: "새 인증 앱으로 옮기기",
        replaceSecondFactorIntro: "이 키를 새 앱에 추가한 뒤 비밀번호, 지금 쓰는 앱의 코드, 새 앱의 코드를 입력해 주세요.",
        replaceSecondFactorButton: "새 키 쓰기", currentCode: "지금 쓰는 앱의 코드", newCode: "새 앱의 코드", operators: "관리자",
        addOperator: "관리자 추가",
        passTheLinkOn: { email in "이 설정 링크를 \(email)에게 직접 전해 주세요(메일은 보내지 않아요). 24시간 동안 한 번만 쓸 수 있고 다시 보이지 않아요." },
        waitingForSetUp: "설정 전", saveChanges: "저장", newLink: "새 설정 링크", removeOperator: "삭제",
        operatorUpdated: "저장했어요.", operatorRemoved: "관리자를 삭제했어요. 로그인도 끝났어요.",
        chooseAnArea: "지역을 하나 이상 고르세요.", notAnEmail: "이메일 주소가 아니에요.", emailTaken: "그 주소의 관리자가 이미 있어요.",
        apiKeys: "API 키", apiKeysIntro: "관리 API로 이 지역의 장소와 메뉴를 읽거나 바꾸는 프로그램을 위한 키예요(README 참고).",
        keyShownOnce: { label in "\"\(label)\" 키를 만들었어요. 지금 복사하세요. 다시 보이지 않고, 그럽맵은 해시만 보관해요." },
        readOnly: "읽기", readAndWrite: "읽기와 쓰기", lastUsed: { "마지막 사용 \($0)" }, neverUsed: "사용한 적 없음",
        revokedAt: { "\($0) 폐기" }, revoke: "폐기", newAPIKey: "키 만들기", keyLabel: "용도", keyScope: "권한",
        keyLabelProblem: "키의 용도를 80자 이내로 적어 주세요.", keyRevoked: "키를 폐기했어요. 이 키를 쓰는 프로그램은 이제 401을 받아요.",
        hoursExceptions: "휴무일과 변경 영업", hoursExceptionsHint: "공휴일처럼 하루만 다른 날: 그날은 요일별 영업시간 대신 이것을 써요.",
        noHoursExceptions: "예정된 날이 없어요. 매일 요일별 영업시간을 따라요.", exceptionDate: "날짜", exceptionClosed: "하루 휴무",
        exceptionOtherHours: "다른 영업시간", exceptionHours: "그날 영업시간", exceptionNote: "메모",
        exceptionNoteHint: "선택. 방문자에게 보여요(예: 개교기념일).", addException: "날짜 추가", removeException: "삭제",
        exceptionAdded: "저장했어요. 공개 페이지에 바로 나와요.", exceptionRemoved: "날짜를 삭제했어요.",
        exceptionDateProblem: "2026-12-03처럼 날짜를 적어 주세요.", exceptionDatePast: "오늘이나 그 뒤의 날짜를 고르세요.",
        exceptionHoursMissing: "11:00-14:00처럼 그날 영업시간을 적거나 하루 휴무를 고르세요.")
}
