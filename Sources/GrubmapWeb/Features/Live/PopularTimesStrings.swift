import GrubmapCore

/// The strings of the place page's popular-times chart, in one language.
struct PopularTimesStrings: LocalizedStrings {
    let language: Language
    var heading: String { text(en: "Popular times", ko: "붐비는 시간") }
    /// The day links' label for assistive technology.
    var daysLabel: String { text(en: "Popular times by day", ko: "요일별 붐비는 시간") }
    var sampleData: String { text(en: "Sample data", ko: "예시 데이터") }
    var sampleNote: String {
        text(
            en: "Generated for the demo, not people's visits.",
            ko: "데모용으로 만든 수치예요. 실제 방문 기록이 아니에요.")
    }
    var notEnough: String {
        text(
            en: "Not enough visits yet to show popular times.",
            ko: "아직 방문 기록이 적어서 붐비는 시간을 보여 드릴 수 없어요.")
    }
    /// A day with nothing counted in the weeks shown, such as a day the place is closed.
    func nothingOn(_ day: String) -> String {
        text(
            en: "Nothing counted on \(day) in the last 8 weeks.",
            ko: "최근 8주 동안 \(day)에는 방문 기록이 없어요.")
    }
    var now: String { text(en: "Now", ko: "지금") }
    func verdict(_ verdict: PopularTimes.Verdict) -> String {
        switch verdict {
        case .usuallyQuiet: text(en: "Usually quiet", ko: "보통 한산해요")
        case .usuallySomewhatBusy: text(en: "Usually a little busy", ko: "보통 조금 붐벼요")
        case .usuallyBusy: text(en: "Usually busy", ko: "보통 붐벼요")
        case .busierThanUsual: text(en: "Busier than usual", ko: "평소보다 붐벼요")
        }
    }
    /// "12:00–13:00"; the same in Korean, as timetables write it.
    func hourRange(_ hour: Int) -> String {
        "\(Self.clock(hour))–\(Self.clock((hour + 1) % 24))"
    }
    /// A bar's tooltip: "12:00–13:00: 85 of 100"
    func bar(_ hour: Int, _ level: Int, isNow: Bool) -> String {
        let range = hourRange(hour)
        return text(
            en: (isNow ? "Now, " : "") + "\(range): \(level) of 100",
            ko: (isNow ? "지금, " : "") + "\(range): 100 중 \(level)")
    }
    /// The table's caption: what its numbers are.
    func tableCaption(_ day: String) -> String {
        text(
            en: "Popular times on \(day), each hour as a share of the busiest hour (100)",
            ko: "\(day) 붐비는 시간, 가장 붐비는 시간(100)에 견준 시간대별 수치")
    }
    var hourColumn: String { text(en: "Hour", ko: "시간") }
    var levelColumn: String { text(en: "How busy (0–100)", ko: "붐비는 정도 (0–100)") }
    func nowMark(_ range: String) -> String { text(en: "\(range) (now)", ko: "\(range) (지금)") }

    static func clock(_ hour: Int) -> String {
        (hour < 10 ? "0" : "") + "\(hour):00"
    }

    static func forLanguage(_ language: Language) -> PopularTimesStrings {
        language == .korean ? .korean : .english
    }

    static let english = PopularTimesStrings(language: .english)

    static let korean = PopularTimesStrings(language: .korean)
}
