import GrubmapCore
import GrubmapCrypto
import GrubmapStore

/// The operator console's words in one language. Messages about signing in never say whether an address exists.
struct ConsoleStrings: LocalizedStrings {
    let language: Language
    var console: String { text(en: "Console", ko: "관리") }
    var signIn: String { text(en: "Sign in to the console", ko: "관리 화면 로그인") }
    var signInIntro: String {
        text(en: "For the people who run Grubmap's places and menus.", ko: "그럽맵의 식당과 메뉴를 관리하는 분들을 위한 곳이에요.")
    }
    var email: String { text(en: "Email address", ko: "이메일 주소") }
    var password: String { text(en: "Password", ko: "비밀번호") }
    var code: String { text(en: "Code from your authenticator app", ko: "인증 앱의 코드") }
    var codeHint: String {
        text(
            en: "Six digits; leave empty if you have not turned on a second factor.",
            ko: "숫자 여섯 자리. 2단계 인증을 켜지 않았다면 비워 두세요.")
    }
    var signInButton: String { text(en: "Sign in", ko: "로그인") }
    var signOut: String { text(en: "Sign out", ko: "로그아웃") }
    var signOutEverywhere: String { text(en: "Sign out everywhere", ko: "모든 기기에서 로그아웃") }
    var signedOutEverywhere: String { text(en: "You were signed out on every device.", ko: "모든 기기에서 로그아웃했어요.") }
    /// Wrong address, wrong password, or no password yet: one message, so it tells nothing about the address.
    var wrongCredentials: String {
        text(
            en: "That address and password do not match an operator who has set up their account.",
            ko: "주소와 비밀번호가 설정을 마친 관리자와 맞지 않아요.")
    }
    var wrongCode: String {
        text(
            en: "That code is not right, or was used already. Try the next one your app shows.",
            ko: "코드가 맞지 않거나 이미 사용되었어요. 앱에 나오는 다음 코드를 입력해 보세요.")
    }
    func tooManyAttempts(_ seconds: Int) -> String {
        text(
            en:
                "Too many attempts. Wait \(seconds < 120 ? "\(seconds) seconds" : "\(seconds / 60) minutes") and try again.",
            ko: "시도가 너무 많아요. \(seconds < 120 ? "\(seconds)초" : "\(seconds / 60)분") 뒤에 다시 해 보세요.")
    }
    var formExpired: String {
        text(
            en: "This form has expired or did not come from Grubmap. Reload the page and try again.",
            ko: "양식이 만료되었거나 그럽맵에서 보낸 양식이 아니에요. 페이지를 새로 고친 뒤 다시 해 보세요.")
    }
    var tooManyChanges: String {
        text(
            en: "That was a lot of changes in a minute. Wait a moment and try again.",
            ko: "1분 동안 변경이 너무 많았어요. 잠시 뒤에 다시 해 보세요.")
    }
    var fixTheFields: String { text(en: "Nothing was saved. Fix these first:", ko: "저장하지 못했어요. 먼저 고쳐 주세요:") }
    var setupTitle: String { text(en: "Set up your account", ko: "계정 설정") }
    func setupIntro(_ email: String) -> String {
        text(
            en: "Choose a password for \(email). You will sign in with it from now on.",
            ko: "\(email) 계정의 비밀번호를 정하세요. 앞으로 이 비밀번호로 로그인해요.")
    }
    var newPassword: String { text(en: "New password", ko: "새 비밀번호") }
    var repeatPassword: String { text(en: "Repeat the password", ko: "비밀번호 다시 입력") }
    var passwordHint: String {
        text(en: "At least 12 characters; a few words make a good one.", ko: "12자 이상. 단어 몇 개를 이으면 좋은 비밀번호가 돼요.")
    }
    var savePassword: String { text(en: "Save password", ko: "비밀번호 저장") }
    var linkUnknown: String {
        text(
            en: "This set-up link is not valid. Check that you copied all of it, or ask your organiser for a new one.",
            ko: "올바른 설정 링크가 아니에요. 링크를 전부 복사했는지 확인하거나 담당자에게 새 링크를 요청하세요.")
    }
    var linkExpired: String {
        text(
            en: "This set-up link has expired (links work for 24 hours). Ask your organiser for a new one.",
            ko: "설정 링크가 만료되었어요(24시간 동안만 유효해요). 담당자에게 새 링크를 요청하세요.")
    }
    var linkUsed: String {
        text(
            en: "This set-up link was used already. Sign in with your password, or ask your organiser for a new link.",
            ko: "이미 사용한 설정 링크예요. 비밀번호로 로그인하거나 담당자에게 새 링크를 요청하세요.")
    }
    var passwordTooShort: String {
        text(en: "The password must have at least 12 characters.", ko: "비밀번호는 12자 이상이어야 해요.")
    }
    var passwordTooLong: String {
        text(en: "The password may have at most 200 characters.", ko: "비밀번호는 200자를 넘을 수 없어요.")
    }
    var passwordCommon: String {
        text(
            en: "That password is too common. Choose one that is harder to guess.",
            ko: "너무 흔한 비밀번호예요. 추측하기 어려운 것을 고르세요.")
    }
    var passwordSameAsEmail: String {
        text(en: "The password must not be your email address.", ko: "비밀번호가 이메일 주소와 같으면 안 돼요.")
    }
    var passwordsDiffer: String { text(en: "The two passwords are not the same.", ko: "두 비밀번호가 같지 않아요.") }
    var setupDone: String { text(en: "Your password is saved. Sign in with it now.", ko: "비밀번호를 저장했어요. 이제 로그인하세요.") }
    var areasTitle: String { text(en: "Your areas", ko: "내 지역") }
    func yourRole(_ value: Operator.Role) -> String {
        text(en: value == .admin ? "Admin" : "Editor", ko: value == .admin ? "관리자" : "편집자")
    }
    var places: String { text(en: "Places", ko: "장소") }
    func placeCount(_ count: Int) -> String { text(en: count == 1 ? "1 place" : "\(count) places", ko: "장소 \(count)곳") }
    var search: String { text(en: "Search places", ko: "장소 검색") }
    var searchButton: String { text(en: "Search", ko: "검색") }
    var newPlace: String { text(en: "New place", ko: "새 장소") }
    var noPlacesFound: String { text(en: "No place matches.", ko: "맞는 장소가 없어요.") }
    var archived: String { text(en: "Archived", ko: "보관됨") }
    var archive: String { text(en: "Archive", ko: "보관") }
    var restore: String { text(en: "Restore", ko: "복원") }
    func archivedNotice(_ ended: Int) -> String {
        text(
            en: "The place is archived: it is gone from public pages"
                + (ended == 0 ? "." : ", and \(ended) check-in\(ended == 1 ? "" : "s") ended."),
            ko: "장소를 보관했어요. 공개 페이지에서 사라졌어요" + (ended == 0 ? "." : ". 체크인 \(ended)건이 끝났어요."))
    }
    var restoredNotice: String { text(en: "The place is back on the public pages.", ko: "장소가 공개 페이지에 다시 나와요.") }
    /// The area's hour of push messages about followed dishes.
    var pushHour: String {
        text(en: "Notifications of followed dishes at", ko: "팔로우한 메뉴 알림 시각")
    }
    var pushHourHint: String {
        text(
            en:
                "People who turned notifications on hear once a day, at this hour in the area's time zone, when a dish they follow is on a menu; a menu published later that day is told at once.",
            ko: "알림을 켠 사람은 팔로우한 메뉴가 식단에 있으면 하루 한 번, 지역 시간으로 이 시각에 알림을 받아요. 그보다 늦게 올린 식단은 바로 알려요.")
    }
    var pushHourNotice: String {
        text(en: "Saved. Notifications go out at the new hour from today.", ko: "저장했어요. 오늘부터 새 시각에 알림을 보내요.")
    }
    var savedNotice: String { text(en: "Saved. The public page shows it now.", ko: "저장했어요. 공개 페이지에 바로 나와요.") }
    var edit: String { text(en: "Edit", ko: "편집") }
    var placeID: String { text(en: "Id", ko: "아이디") }
    var placeIDHint: String {
        text(en: "Lowercase letters, digits and hyphens; it cannot change later.", ko: "영문 소문자, 숫자, 하이픈. 나중에 바꿀 수 없어요.")
    }
    func nameIn(_ language: Language) -> String {
        text(
            en: language == .korean ? "Name in Korean" : "Name in English", ko: language == .korean ? "한국어 이름" : "영어 이름"
        )
    }
    var kind: String { text(en: "Kind", ko: "종류") }
    var latitude: String { text(en: "Latitude", ko: "위도") }
    var longitude: String { text(en: "Longitude", ko: "경도") }
    var positionHint: String {
        text(
            en:
                "Type the coordinates in degrees, as a map app shows them (35.2334, 129.0793), or click the place on the map.",
            ko: "지도 앱에 나오는 좌표를 도 단위로 입력하거나(35.2334, 129.0793) 지도에서 장소를 누르세요.")
    }
    func mapPickerLabel(_ name: String) -> String {
        text(en: "Map of \(name) to pick the position", ko: "위치를 고르는 \(name) 지도")
    }
    var mapPickerHelp: String {
        text(
            en: "A click on the map fills in the latitude and longitude; the pin shows the position typed.",
            ko: "지도를 누르면 위도와 경도가 채워지고, 핀은 입력한 위치를 보여 줘요.")
    }
    var positionPicked: String { text(en: "Position set to", ko: "위치:") }
    var address: String { text(en: "Address", ko: "주소") }
    var phone: String { text(en: "Phone", ko: "전화") }
    var website: String { text(en: "Website", ko: "웹사이트") }
    var seats: String { text(en: "Seats", ko: "좌석 수") }
    var seatsHint: String {
        text(
            en:
                "Optional. When nobody has reported the line, how busy the place looks is the people checked in against its seats.",
            ko: "선택 사항이에요. 줄 길이 제보가 없을 때는 좌석 수에 비해 체크인한 사람이 얼마나 많은지로 붐비는 정도를 보여 줘요.")
    }
    func descriptionIn(_ language: Language) -> String {
        text(
            en: language == .korean ? "Description in Korean" : "Description in English",
            ko: language == .korean ? "한국어 설명" : "영어 설명")
    }
    var weeklyHours: String { text(en: "Opening hours", ko: "영업시간") }
    var weeklyHoursHint: String {
        text(
            en:
                "For each day, times like 11:00-14:00; several shifts with commas (11:00-14:00, 17:00-20:00). Empty: closed.",
            ko: "요일마다 11:00-14:00처럼 적고, 여러 번이면 쉼표로 나눠요(11:00-14:00, 17:00-20:00). 비우면 휴무.")
    }
    var hoursPreview: String { text(en: "As the public page shows them", ko: "공개 페이지에 보이는 모습") }
    var savePlace: String { text(en: "Save place", ko: "장소 저장") }
    var cancel: String { text(en: "Cancel", ko: "취소") }
    var backToPlaces: String { text(en: "Back to the places", ko: "장소 목록으로") }
    var viewPublicPage: String { text(en: "Public page", ko: "공개 페이지") }
    var menus: String { text(en: "Menus", ko: "메뉴") }
    func weekOf(_ name: String) -> String { text(en: "Week of \(name)", ko: "\(name) 주") }
    var previousWeek: String { text(en: "Previous week", ko: "지난주") }
    var nextWeek: String { text(en: "Next week", ko: "다음 주") }
    var today: String { text(en: "Today", ko: "오늘") }
    var noMenu: String { text(en: "No menu yet", ko: "메뉴 없음") }
    var closedAllDay: String { text(en: "Closed all day", ko: "하루 종일 휴무") }
    var editDay: String { text(en: "Edit", ko: "편집") }
    var copyDayTo: String { text(en: "Copy this day to", ko: "이 날을 복사할 날짜") }
    var copyWeekTo: String { text(en: "Copy this week to the week of", ko: "이번 주를 복사할 주") }
    var copy: String { text(en: "Copy", ko: "복사") }
    func copiedNotice(_ count: Int) -> String {
        text(en: count == 1 ? "Copied 1 day." : "Copied \(count) days.", ko: "\(count)일을 복사했어요.")
    }
    var nothingToCopy: String { text(en: "There is no menu to copy there.", ko: "복사할 메뉴가 없어요.") }
    var dayNote: String { text(en: "Note for the day (optional)", ko: "그날의 메모(선택)") }
    func categoryName(_ count: Int) -> String { text(en: "Category \(count)", ko: "분류 \(count)") }
    var categoryLabel: String { text(en: "Name of the category", ko: "분류 이름") }
    var mealName: String { text(en: "Meal", ko: "메뉴") }
    var notes: String { text(en: "Notes", ko: "참고") }
    var notesHint: String { text(en: "Allergens, vegan… separated by commas", ko: "알레르기, 채식 등을 쉼표로 나눠 적기") }
    func pricesIn(_ name: String) -> String { text(en: "Prices in \(name)", ko: "가격(\(name))") }
    var saveMenu: String { text(en: "Save the day", ko: "저장") }
    var removeMenu: String { text(en: "Remove this day's menu", ko: "이날 메뉴 지우기") }
    var menuSaved: String { text(en: "Saved. The public page shows it now.", ko: "저장했어요. 공개 페이지에 바로 나와요.") }
    var menuRemoved: String { text(en: "The day has no menu now.", ko: "이날은 이제 메뉴가 없어요.") }
    var blankRowsHint: String {
        text(en: "Empty rows are left out. Save to get more empty rows.", ko: "빈 줄은 저장하지 않아요. 저장하면 빈 줄이 더 생겨요.")
    }
    var badDate: String { text(en: "Give a date like 2026-03-02.", ko: "2026-03-02 같은 날짜를 주세요.") }
    var moderation: String { text(en: "Moderation", ko: "관리 감독") }
    var moderationIntro: String {
        text(
            en: "Everyone checked in now. Hiding a profile leaves its name and initials; its owner sees why.",
            ko: "지금 체크인한 모든 사람이에요. 프로필을 숨기면 이름과 이니셜만 남고, 본인은 이유를 보게 돼요.")
    }
    var nobodyCheckedIn: String { text(en: "Nobody is checked in now.", ko: "지금 체크인한 사람이 없어요.") }
    func checkedInAt(_ place: String, _ until: String) -> String {
        text(en: "\(place), until \(until)", ko: "\(place), \(until)까지")
    }
    var reason: String { text(en: "Reason", ko: "이유") }
    var reasonHint: String { text(en: "The person sees it, and the audit log keeps it.", ko: "본인에게 보이고 감사 기록에 남아요.") }
    var flaggedComments: String { text(en: "Flagged comments", ko: "신고된 한마디") }
    var noFlaggedComments: String {
        text(en: "Nobody flagged a comment under this area's dishes.", ko: "이 지역 메뉴의 한마디 중 신고된 것이 없어요.")
    }
    /// "Ada L. · Pork cutlet · 2026-12-07 · flagged 3 times"
    func commentFacts(author: String?, dish: String, date: String, flags: Int) -> String {
        let who = author ?? text(en: "someone", ko: "누군가")
        return text(
            en: "\(who) · \(dish) · \(date) · flagged \(flags == 1 ? "once" : "\(flags) times")",
            ko: "\(who) · \(dish) · \(date) · 신고 \(flags)번")
    }
    var hideComment: String { text(en: "Hide comment", ko: "한마디 숨기기") }
    var keepComment: String { text(en: "Keep it", ko: "그대로 두기") }
    var aComment: String { text(en: "the comment", ko: "한마디") }
    var noSuchComment: String {
        text(en: "There is no such comment in this area.", ko: "이 지역에 그런 한마디가 없어요.")
    }
    var flaggedPhotos: String { text(en: "Flagged photos", ko: "신고된 사진") }
    var noFlaggedPhotos: String {
        text(en: "Nobody flagged a photo of this area's meals.", ko: "이 지역 메뉴 사진 중 신고된 것이 없어요.")
    }
    /// The alt text of a flagged photo.
    func flaggedPhoto(_ dish: String) -> String { text(en: "Flagged photo of \(dish)", ko: "신고된 \(dish) 사진") }
    var hidePhoto: String { text(en: "Hide photo", ko: "사진 숨기기") }
    var aPhoto: String { text(en: "the photo", ko: "사진") }
    var noSuchPhoto: String { text(en: "There is no such photo in this area.", ko: "이 지역에 그런 사진이 없어요.") }
    var reasonRequired: String { text(en: "Say why, in a few words.", ko: "이유를 몇 마디로 적어 주세요.") }
    var hideProfile: String { text(en: "Hide bio and picture", ko: "소개와 사진 숨기기") }
    var restoreProfile: String { text(en: "Show again", ko: "다시 보이기") }
    var endCheckIn: String { text(en: "End check-in", ko: "체크인 끝내기") }
    func hiddenBecause(_ name: String) -> String { text(en: "Hidden: \(name)", ko: "숨김: \(name)") }
    func moderated(_ name: String) -> String { text(en: "Done for \(name).", ko: "\(name) 처리했어요.") }
    var notCheckedInHere: String {
        text(en: "That person is not checked in in this area now.", ko: "그 사람은 지금 이 지역에 체크인해 있지 않아요.")
    }
    var auditLog: String { text(en: "Audit log", ko: "감사 기록") }
    var allActions: String { text(en: "All changes", ko: "모든 변경") }
    var filter: String { text(en: "Show", ko: "보기") }
    var olderEntries: String { text(en: "Older entries", ko: "이전 기록") }
    var noEntries: String { text(en: "No changes recorded.", ko: "기록된 변경이 없어요.") }
    var when: String { text(en: "When", ko: "언제") }
    var who: String { text(en: "Who", ko: "누가") }
    var what: String { text(en: "What", ko: "무엇을") }
    var change: String { text(en: "Before → after", ko: "이전 → 이후") }
    var menuFeed: String { text(en: "Menu feed", ko: "메뉴 피드") }
    var feedIntro: String {
        text(
            en:
                "An OpenMensa feed (version 2 or 2.1) keeps this place's menus fresh: Grubmap fetches it on the server's schedule (hourly unless set otherwise) and imports it whole, or not at all.",
            ko:
                "OpenMensa 피드(버전 2 또는 2.1)로 이 장소의 메뉴를 최신으로 유지해요. 서버가 정한 간격(따로 정하지 않으면 매시간)으로 가져와서 전부 반영하거나 하나도 반영하지 않아요."
        )
    }
    var feedURL: String { text(en: "Feed address", ko: "피드 주소") }
    var feedURLProblem: String {
        text(en: "The feed address must start with https:// or http://.", ko: "피드 주소는 https:// 또는 http://로 시작해야 해요.")
    }
    /// A feed address with a user name or password, which is refused.
    var feedURLCredentials: String {
        text(
            en:
                "The feed address may not hold a user name or password (https://name:password@…): Grubmap never sends them. Enter it without them.",
            ko: "피드 주소에는 사용자 이름이나 비밀번호(https://이름:비밀번호@…)를 넣을 수 없어요. Grubmap은 그런 정보를 보내지 않으니 빼고 입력해 주세요.")
    }
    var saveFeed: String { text(en: "Save feed", ko: "피드 저장") }
    var removeFeed: String { text(en: "Remove feed", ko: "피드 삭제") }
    var fetchNow: String { text(en: "Fetch now", ko: "지금 가져오기") }
    var lastFetch: String { text(en: "Last fetch", ko: "마지막 가져오기") }
    var lastGoodFetch: String { text(en: "Last good fetch", ko: "마지막 성공") }
    var nextFetch: String { text(en: "Next fetch", ko: "다음 가져오기") }
    var neverFetched: String { text(en: "Not fetched yet.", ko: "아직 가져오지 않았어요.") }
    func feedResult(_ result: MenuFeed.Result) -> String {
        switch result {
        case .imported: text(en: "Imported", ko: "반영함")
        case .unchanged: text(en: "Unchanged", ko: "변경 없음")
        case .failed: text(en: "Failed", ko: "실패")
        }
    }
    /// What a fetch's result means for the place's menus, before the fetcher's own record of it.
    func feedResultMeaning(_ result: MenuFeed.Result) -> String {
        switch result {
        case .imported: text(en: "The public pages show the feed's menus now.", ko: "피드의 메뉴를 반영했어요. 공개 페이지에 바로 나와요.")
        case .unchanged: text(en: "Nothing changed since the last fetch.", ko: "지난번에 가져온 뒤로 바뀐 것이 없어요.")
        case .failed:
            text(
                en: "Nothing was imported: the last good menus stay, and the next fetch tries again.",
                ko: "아무것도 반영하지 않았어요. 마지막으로 가져온 메뉴는 그대로이고, 다음 가져오기에서 다시 시도해요.")
        }
    }
    /// The label of the fetcher's record on a Korean page, where the record stays in the fetcher's English.
    var feedRecordLabel: String { text(en: "", ko: "서버 기록(영어): ") }
    var feedSaved: String { text(en: "Feed saved; it is fetched at once.", ko: "피드를 저장했어요. 바로 가져올게요.") }
    var feedRemoved: String { text(en: "The feed is removed; the menus stay.", ko: "피드를 삭제했어요. 메뉴는 그대로예요.") }
    /// "Fetch now" was taken: the fetch runs on the server's own threads, and its result shows on the next visit.
    var feedQueued: String {
        text(
            en: "Queued: the server fetches it in a moment. Reload this page to see what it found.",
            ko: "가져오기를 예약했어요. 서버가 곧 가져와요. 결과는 이 페이지를 새로 고치면 보여요.")
    }
    var feedBusy: String {
        text(
            en: "This feed is being fetched right now. Reload this page in a moment to see what it found.",
            ko: "지금 이 피드를 가져오고 있어요. 잠시 뒤 이 페이지를 새로 고치면 결과가 보여요.")
    }
    var feedNotFetching: String { text(en: "This server fetches no feeds.", ko: "이 서버는 피드를 가져오지 않아요.") }
    /// The area has as many feeds as it may.
    func feedLimitReached(_ limit: Int) -> String {
        text(
            en:
                "This area has \(limit) feed\(limit == 1 ? "" : "s"), the most one area may have. Remove a feed before adding another.",
            ko: "이 지역에는 피드가 이미 \(limit)개 있어요. 한 지역에 둘 수 있는 최대 개수예요. 다른 피드를 먼저 삭제해 주세요.")
    }
    /// In place of the next fetch's time: due and waiting for a free fetcher, or being fetched.
    var feedWaiting: String { text(en: "Queued: fetched as soon as a fetcher is free", ko: "예약됨: 가져올 차례가 되면 바로 가져와요") }
    var feedFetching: String { text(en: "Being fetched now", ko: "지금 가져오는 중") }
    var account: String { text(en: "Your account", ko: "내 계정") }
    var role: String { text(en: "Role", ko: "역할") }
    var secondFactor: String { text(en: "Second factor", ko: "2단계 인증") }
    var secondFactorIsOn: String {
        text(
            en:
                "On: signing in also asks for a code from your authenticator app. To turn it off, type your password and a code from the app.",
            ko: "켜져 있어요: 로그인할 때 인증 앱의 코드도 물어요. 끄려면 비밀번호와 앱의 코드를 입력해 주세요.")
    }
    var secondFactorSetUp: String {
        text(
            en:
                "Off. To turn it on, add this key to an authenticator app (or open the link on your phone), then type the code it shows.",
            ko: "꺼짐. 켜려면 이 키를 인증 앱에 추가하거나(휴대전화에서는 링크를 여세요) 앱에 나오는 코드를 입력하세요.")
    }
    var openInAuthenticator: String { text(en: "Open in an authenticator app", ko: "인증 앱에서 열기") }
    var turnSecondFactorOn: String { text(en: "Turn on", ko: "켜기") }
    var turnSecondFactorOff: String { text(en: "Turn off", ko: "끄기") }
    var secondFactorOn: String { text(en: "The second factor is on.", ko: "2단계 인증을 켰어요.") }
    var secondFactorOff: String { text(en: "The second factor is off.", ko: "2단계 인증을 껐어요.") }
    var secondFactorExpired: String {
        text(
            en: "This form's key was not valid. Reload the page and try again.",
            ko: "양식의 키가 올바르지 않아요. 페이지를 새로 고친 뒤 다시 해 보세요.")
    }
    var secondFactorReplaced: String {
        text(
            en: "The second factor now uses the new key. Codes from the old one no longer work.",
            ko: "이제 2단계 인증에 새 키를 써요. 이전 키의 코드는 더 이상 통하지 않아요.")
    }
    var endManyTitle: String { text(en: "End many check-ins at once", ko: "체크인 한꺼번에 끝내기") }
    var endManyIntro: String {
        text(
            en:
                "For a flood of check-ins: ends every one picked here with one reason, kept once in the audit log with how many.",
            ko: "체크인이 한꺼번에 몰려올 때 써요. 여기서 고른 체크인을 모두 한 가지 이유로 끝내고, 감사 기록에는 개수와 함께 한 번만 남아요.")
    }
    var everyoneAt: String { text(en: "Everyone checked in at", ko: "이 장소에 체크인한 모든 사람") }
    var endAtPlace: String { text(en: "End every check-in at this place", ko: "이 장소의 체크인 모두 끝내기") }
    var recentMinutes: String {
        text(en: "Everyone whose session is this many minutes old or newer", ko: "세션이 만들어진 지 이 시간(분) 이내인 모든 사람")
    }
    var recentMinutesHint: String {
        text(
            en: "A burst of new visitors checking in: from 1 to 1440 minutes.",
            ko: "새 방문자가 한꺼번에 체크인할 때: 1분에서 1440분까지예요.")
    }
    var endRecent: String { text(en: "End their check-ins", ko: "이 사람들의 체크인 끝내기") }
    var minutesProblem: String {
        text(en: "Give a whole number of minutes from 1 to 1440.", ko: "1에서 1440 사이의 분을 숫자로 입력해 주세요.")
    }
    var reasonTooLong: String { text(en: "At most 200 characters.", ko: "200자 이내로 적어 주세요.") }
    func endedMany(_ count: Int) -> String {
        text(en: count == 1 ? "Ended 1 check-in." : "Ended \(count) check-ins.", ko: "체크인 \(count)개를 끝냈어요.")
    }
    func placeIDTaken(_ id: String) -> String {
        text(
            en: "Another place has the id \u{201C}\(id)\u{201D} already (perhaps in another area). Choose another id.",
            ko: "다른 장소가 이미 \u{201C}\(id)\u{201D} 아이디를 쓰고 있어요(다른 지역일 수도 있어요). 다른 아이디를 골라 주세요.")
    }
    var wrongPasswordOrCode: String {
        text(en: "That password or code is not right. Nothing changed.", ko: "비밀번호나 코드가 맞지 않아요. 아무것도 바뀌지 않았어요.")
    }
    var wrongNewCode: String {
        text(
            en: "The code from the new key is not right. Nothing changed; try the next one the new app shows.",
            ko: "새 키의 코드가 맞지 않아요. 아무것도 바뀌지 않았어요. 새 앱에 나오는 다음 코드를 입력해 보세요.")
    }
    var replaceSecondFactor: String { text(en: "Move to a new authenticator app", ko: "새 인증 앱으로 옮기기") }
    var replaceSecondFactorIntro: String {
        text(
            en:
                "Add this key to the new app, then type your password, a code from the app you use now and one from the new app.",
            ko: "이 키를 새 앱에 추가한 뒤 비밀번호, 지금 쓰는 앱의 코드, 새 앱의 코드를 입력해 주세요.")
    }
    var replaceSecondFactorButton: String { text(en: "Use the new key", ko: "새 키 쓰기") }
    var currentCode: String { text(en: "Code from the app you use now", ko: "지금 쓰는 앱의 코드") }
    var newCode: String { text(en: "Code from the new app", ko: "새 앱의 코드") }
    var operators: String { text(en: "Operators", ko: "관리자") }
    var addOperator: String { text(en: "Add an operator", ko: "관리자 추가") }
    func passTheLinkOn(_ email: String) -> String {
        text(
            en:
                "Pass this set-up link on to \(email) yourself (no mail is sent). It works once, for 24 hours, and is not shown again.",
            ko: "이 설정 링크를 \(email)에게 직접 전해 주세요(메일은 보내지 않아요). 24시간 동안 한 번만 쓸 수 있고 다시 보이지 않아요.")
    }
    var waitingForSetUp: String { text(en: "Not set up yet", ko: "설정 전") }
    var saveChanges: String { text(en: "Save", ko: "저장") }
    var newLink: String { text(en: "New set-up link", ko: "새 설정 링크") }
    var removeOperator: String { text(en: "Remove", ko: "삭제") }
    var operatorUpdated: String { text(en: "Saved.", ko: "저장했어요.") }
    var operatorRemoved: String {
        text(en: "The operator is removed; their sessions ended.", ko: "관리자를 삭제했어요. 로그인도 끝났어요.")
    }
    var chooseAnArea: String { text(en: "Choose at least one area.", ko: "지역을 하나 이상 고르세요.") }
    var notAnEmail: String { text(en: "That is not an email address.", ko: "이메일 주소가 아니에요.") }
    var emailTaken: String { text(en: "An operator with that address exists already.", ko: "그 주소의 관리자가 이미 있어요.") }
    var apiKeys: String { text(en: "API keys", ko: "API 키") }
    var apiKeysIntro: String {
        text(
            en: "For programs that read or change this area's places and menus through the admin API (see the README).",
            ko: "관리 API로 이 지역의 장소와 메뉴를 읽거나 바꾸는 프로그램을 위한 키예요(README 참고).")
    }
    func keyShownOnce(_ label: String) -> String {
        text(
            en: "The key \"\(label)\" is made. Copy it now: it is not shown again, and Grubmap keeps only its digest.",
            ko: "\"\(label)\" 키를 만들었어요. 지금 복사하세요. 다시 보이지 않고, 그럽맵은 해시만 보관해요.")
    }
    var readOnly: String { text(en: "Read", ko: "읽기") }
    var readAndWrite: String { text(en: "Read and write", ko: "읽기와 쓰기") }
    func lastUsed(_ name: String) -> String { text(en: "last used \(name)", ko: "마지막 사용 \(name)") }
    var neverUsed: String { text(en: "never used", ko: "사용한 적 없음") }
    func revokedAt(_ name: String) -> String { text(en: "revoked \(name)", ko: "\(name) 폐기") }
    var revoke: String { text(en: "Revoke", ko: "폐기") }
    var newAPIKey: String { text(en: "Make a key", ko: "키 만들기") }
    var keyLabel: String { text(en: "What it is for", ko: "용도") }
    var keyScope: String { text(en: "It may", ko: "권한") }
    var keyLabelProblem: String {
        text(en: "Say what the key is for, in at most 80 characters.", ko: "키의 용도를 80자 이내로 적어 주세요.")
    }
    var keyRevoked: String {
        text(en: "The key is revoked; programs using it get 401 now.", ko: "키를 폐기했어요. 이 키를 쓰는 프로그램은 이제 401을 받아요.")
    }
    var hoursExceptions: String { text(en: "Closed days and other hours", ko: "휴무일과 변경 영업") }
    var hoursExceptionsHint: String {
        text(
            en: "For one date, such as a holiday: they replace the weekly hours that day.",
            ko: "공휴일처럼 하루만 다른 날: 그날은 요일별 영업시간 대신 이것을 써요.")
    }
    var noHoursExceptions: String {
        text(en: "No upcoming dates. The weekly hours apply every day.", ko: "예정된 날이 없어요. 매일 요일별 영업시간을 따라요.")
    }
    var exceptionDate: String { text(en: "Date", ko: "날짜") }
    var exceptionClosed: String { text(en: "Closed all day", ko: "하루 휴무") }
    var exceptionOtherHours: String { text(en: "Other hours", ko: "다른 영업시간") }
    var exceptionHours: String { text(en: "Hours that day", ko: "그날 영업시간") }
    var exceptionNote: String { text(en: "Note", ko: "메모") }
    var exceptionNoteHint: String {
        text(en: "Optional; visitors see it, like \"Founders' day\".", ko: "선택. 방문자에게 보여요(예: 개교기념일).")
    }
    var addException: String { text(en: "Add date", ko: "날짜 추가") }
    var removeException: String { text(en: "Remove", ko: "삭제") }
    var exceptionAdded: String { text(en: "Saved. The public page shows the date now.", ko: "저장했어요. 공개 페이지에 바로 나와요.") }
    var exceptionRemoved: String { text(en: "The date is removed.", ko: "날짜를 삭제했어요.") }
    var exceptionDateProblem: String { text(en: "Type a date like 2026-12-03.", ko: "2026-12-03처럼 날짜를 적어 주세요.") }
    var exceptionDatePast: String { text(en: "Choose today or a later date.", ko: "오늘이나 그 뒤의 날짜를 고르세요.") }
    var exceptionHoursMissing: String {
        text(
            en: "Type the hours that day, like 11:00-14:00, or choose closed all day.",
            ko: "11:00-14:00처럼 그날 영업시간을 적거나 하루 휴무를 고르세요.")
    }
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

    static let english = ConsoleStrings(language: .english)

    static let korean = ConsoleStrings(language: .korean)
}
