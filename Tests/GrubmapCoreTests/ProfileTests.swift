import Foundation
import Testing

@testable import GrubmapCore

/// A tiny but whole PNG (1×1 pixel) and JPEG-shaped bytes, made here rather than shipped as files.
enum SampleImages {
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00,
        0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF,
        0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0xFF, 0xD9]
}

@Suite struct ProfileTests {
    @Test func aGoodDraftHasNoProblems() {
        let draft = ProfileDraft(firstName: " José ", lastName: "García", company: "Grubmap", bio: "Likes tacos.")
        #expect(draft.problems.isEmpty)
        #expect(draft.normalized.firstName == "José")
    }

    @Test func limitsCountCharactersAsPeopleDo() {
        let forty = String(repeating: "가", count: 40)
        #expect(ProfileDraft(firstName: forty, lastName: "x").problems.isEmpty)
        #expect(ProfileDraft(firstName: forty + "가", lastName: "x").problems["firstName"] != nil)
        let emoji = String(repeating: "👩‍🍳", count: 100)  // 100 characters, many more scalars
        #expect(ProfileDraft(firstName: "a", lastName: "b", bio: emoji).problems.isEmpty)
        #expect(ProfileDraft(firstName: "a", lastName: "b", bio: emoji + "!").problems["bio"] != nil)
        #expect(
            ProfileDraft(firstName: "a", lastName: "b", company: String(repeating: "c", count: 61)).problems["company"]
                != nil)
    }

    @Test func namesAreRequiredAndBlankIsEmpty() {
        let problems = ProfileDraft(firstName: "   ", lastName: "").problems
        #expect(problems["firstName"] == "First name is required")
        #expect(problems["lastName"] == "Last name is required")
    }

    @Test func controlCharactersAreRefused() {
        #expect(ProfileDraft(firstName: "a\u{0}b", lastName: "c").problems["firstName"] != nil)
        #expect(ProfileDraft(firstName: "a", lastName: "c\u{1B}[31m").problems["lastName"] != nil)
    }

    @Test func oneCharacterCannotBeHuge() {
        let accents = String(repeating: "\u{0301}", count: 120_000)
        let zalgo = "a" + accents  // one grapheme cluster of 960 KB
        #expect(zalgo.count == 1)
        #expect(
            ProfileDraft(firstName: zalgo, lastName: "b").problems["firstName"]
                == "First name has at most 40 characters")
        #expect(ProfileDraft(firstName: "a", lastName: "b", bio: zalgo).problems["bio"] != nil)
        let stacked = "a" + String(repeating: "\u{0301}", count: 5)
        #expect(
            ProfileDraft(firstName: stacked, lastName: "b").problems["firstName"]
                == "First name has a character with too many accents or parts")
        // What real names and bios use still fits: Thai and Vietnamese marks, Hangul, emoji sequences.
        #expect(ProfileDraft(firstName: "นิ้ง", lastName: "Nguyễn", bio: "👩🏽‍❤️‍💋‍👨🏿 김치").problems.isEmpty)
        #expect(ProfileDraft(firstName: "Nguye\u{0302}\u{0303}n", lastName: "b").problems.isEmpty)
    }

    @Test func namesMustShowALetterAndCannotTurnTextAround() {
        for invisible in ["\u{200D}", "\u{3164}", "\u{115F}\u{1160}", "\u{0301}\u{0302}", "\u{FFA0}", "\u{2800}"] {
            #expect(
                ProfileDraft(firstName: invisible, lastName: "b").problems["firstName"] != nil,
                "\(invisible.unicodeScalars)")
        }
        let overridden = ProfileDraft(firstName: "\u{202E}exe.gnp", lastName: "b\u{2066}c\u{2069}")
        #expect(overridden.problems.isEmpty)
        #expect(overridden.normalized.firstName == "exe.gnp")
        #expect(overridden.normalized.lastName == "bc")
        #expect(ProfileDraft(firstName: "\u{202E}", lastName: "b").problems["firstName"] == "First name is required")
        #expect(ProfileDraft(firstName: "7", lastName: "b").problems.isEmpty)
    }

    @Test func privateAndUnassignedScalarsAreRefused() {
        #expect(ProfileDraft(firstName: "a\u{E000}", lastName: "b").problems["firstName"] != nil)
        #expect(ProfileDraft(firstName: "a", lastName: "b", bio: "line one\nline two").problems.isEmpty)
        #expect(ProfileDraft(firstName: "a", lastName: "b", company: "x\ny").normalized.company == "x y")
    }

    @Test func initialsComeFromBothNames() {
        let profile = Profile(id: try! Profile.ID("p1"), firstName: "josé", lastName: "garcía")
        #expect(profile.initials == "JG")
        #expect(Profile(id: try! Profile.ID("p2"), firstName: "민준", lastName: "김").initials == "민김")
    }

    @Test func avatarsAreCheckedByTheirBytes() throws {
        #expect(try Avatar(bytes: SampleImages.png).type == .png)
        #expect(try Avatar(bytes: SampleImages.jpeg).type == .jpeg)
        #expect(throws: AvatarError.notAnImage) { try Avatar(bytes: Array("<svg onload=alert(1)>".utf8)) }
        #expect(throws: AvatarError.notAnImage) { try Avatar(bytes: Array(SampleImages.png.prefix(30))) }
        #expect(throws: AvatarError.notAnImage) { try Avatar(bytes: Array("GIF89a...".utf8)) }
        #expect(throws: AvatarError.empty) { try Avatar(bytes: []) }
        let huge = SampleImages.jpeg.prefix(4) + [UInt8](repeating: 0, count: Avatar.maximumBytes) + [0xFF, 0xD9]
        #expect(throws: AvatarError.tooLarge(huge.count)) { try Avatar(bytes: Array(huge)) }
    }
}

@Suite struct CheckInPolicyTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!

    func place(_ hours: String...) throws -> Place {
        let rules = try hours.map { text -> OpeningHours.Rule in
            let parts = text.split(separator: " ")
            let times = parts[1].split(separator: "-")
            return try OpeningHours.Rule(
                days: Weekday.parseList(String(parts[0])), opens: TimeOfDay(parsing: String(times[0])),
                closes: TimeOfDay(parsing: String(times[1])))
        }
        return Place(
            id: try Place.ID("p"), areaID: try Area.ID("a"), name: LocalizedText("P"), kind: .cafeteria,
            coordinate: try Coordinate(latitude: 35, longitude: 129), openingHours: OpeningHours(rules: rules))
    }

    /// 2026-12-02 is a Wednesday; `hour:minute` there in Seoul.
    func seoulTime(_ hour: Int, _ minute: Int = 0, day: Int = 2) -> Date {
        var components = DateComponents(year: 2026, month: 12, day: day, hour: hour, minute: minute)
        components.timeZone = seoul
        return Calendar(identifier: .gregorian).date(from: components)!
    }

    @Test func withoutHoursACheckInLastsThreeHours() throws {
        let start = seoulTime(12)
        #expect(CheckInPolicy().expiry(checkingInAt: start, to: try place(), timeZone: seoul) == start + 3 * 3600)
    }

    @Test func closingTimeEndsItEarlier() throws {
        let cafeteria = try place("Mo-Fr 11:00-14:00", "Mo-Fr 17:00-19:00")
        #expect(
            CheckInPolicy().expiry(checkingInAt: seoulTime(12, 30), to: cafeteria, timeZone: seoul) == seoulTime(14))
        #expect(CheckInPolicy().expiry(checkingInAt: seoulTime(10), to: cafeteria, timeZone: seoul) == seoulTime(13))
        let lenient = CheckInPolicy(duration: 3600, endsAtClosingTime: false)
        #expect(lenient.expiry(checkingInAt: seoulTime(13, 30), to: cafeteria, timeZone: seoul) == seoulTime(14, 30))
    }

    /// New York's clocks went forward at 02:00 on Sunday 2026-03-08: a check-in at 10:00 that day at a diner closing
    /// at 12:30 ends when the clock reads 12:30, two and a half hours later (counting from midnight, it was 13:30).
    @Test func theClosingTimeIsTheClocksOnADaylightSavingDay() throws {
        let newYork = TimeZone(identifier: "America/New_York")!
        var components = DateComponents(year: 2026, month: 3, day: 8, hour: 10)
        components.timeZone = newYork
        let start = Calendar(identifier: .gregorian).date(from: components)!
        let diner = try place("Su 09:00-12:30")
        #expect(CheckInPolicy().expiry(checkingInAt: start, to: diner, timeZone: newYork) == start + 2.5 * 3600)
    }

    @Test func hoursPastMidnightCountFromTheDayBefore() throws {
        let bar = try place("We 18:00-02:00")
        #expect(
            CheckInPolicy().expiry(checkingInAt: seoulTime(0, 30, day: 3), to: bar, timeZone: seoul)
                == seoulTime(2, day: 3))
        #expect(
            CheckInPolicy().expiry(checkingInAt: seoulTime(23, 30), to: bar, timeZone: seoul) == seoulTime(2, day: 3))
    }

    @Test func theAreasClockDecidesNotTheServers() throws {
        let cafeteria = try place("We 11:00-14:00")
        // 13:00 in Seoul is 04:00 UTC: by UTC's clock the place would be closed, by Seoul's it closes at 14:00.
        #expect(CheckInPolicy().expiry(checkingInAt: seoulTime(13), to: cafeteria, timeZone: seoul) == seoulTime(14))
        #expect(
            CheckInPolicy().expiry(checkingInAt: seoulTime(13), to: cafeteria, timeZone: .gmt) == seoulTime(16))
    }

    @Test func badgesShow99Plus() {
        #expect(PlacePresence(count: 99, newest: []).badge == "99")
        #expect(PlacePresence(count: 100, newest: []).badge == "99+")
    }
}
