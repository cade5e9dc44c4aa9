import GrubmapCore

extension Strings {
    /// A distance for people: metres below 1 km (rounded to 10 m), else kilometres with one decimal.
    func distance(meters: Double) -> String {
        if meters < 995 {
            return "\(Int((meters / 10).rounded()) * 10) m"
        }
        let tenths = Int((meters / 100).rounded())
        return "\(tenths / 10).\(tenths % 10) km"
    }

    /// One rule of opening hours, like "Monday–Friday 11:00–21:30".
    func hoursLine(_ rule: OpeningHours.Rule) -> (days: String, times: String) {
        (days: dayRange(rule.days), times: "\(rule.opens)–\(rule.closes)")
    }

    private func dayRange(_ days: [Weekday]) -> String {
        let formatted = Weekday.format(days)
        return formatted.split(separator: ",").map { part in
            part.split(separator: "-").compactMap { code in
                Weekday.allCases.first { $0.code == code }.map(weekdayName)
            }.joined(separator: "–")
        }.joined(separator: ", ")
    }
}
