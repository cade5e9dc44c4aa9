import GrubmapCore

extension Strings {
    /// A distance for people in their units: metres below 1 km (to 10 m), else kilometres with one decimal;
    /// or feet below a tenth of a mile (to 10 ft), else miles with one decimal.
    func distance(meters: Double, units: DistanceUnit = .kilometers) -> String {
        switch units {
        case .kilometers:
            if meters < 995 { return "\(Int((meters / 10).rounded()) * 10) m" }
            return Self.oneDecimal(meters / 1000) + " km"
        case .miles:
            let miles = meters / DistanceUnit.metersPerMile
            if miles < 0.095 { return "\(Int((meters / 0.3048 / 10).rounded()) * 10) ft" }
            return Self.oneDecimal(miles) + " mi"
        }
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
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
