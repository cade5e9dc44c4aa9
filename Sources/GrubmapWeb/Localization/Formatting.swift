import GrubmapCore

/// Distances as people read them, in either language.
enum DistanceFormat {
    /// A distance in the person's unit: metres below 1 km (to 10 m), else kilometres to 0.1 (whole ones with
    /// thousands separated from 100 km); feet below 0.1 mi (to 10 ft), else miles likewise.
    static func text(meters: Double, unit: DistanceUnit) -> String {
        switch unit {
        case .kilometers:
            if meters < 995 { return "\(Int((meters / 10).rounded()) * 10) m" }
            if meters >= 99_950 { return grouped(Int((meters / 1000).rounded())) + " km" }
            return oneDecimal(meters / 1000) + " km"
        case .miles:
            let miles = meters / DistanceUnit.metersPerMile
            if miles < 0.095 { return "\(Int((meters / 0.3048 / 10).rounded()) * 10) ft" }
            if miles >= 99.95 { return grouped(Int(miles.rounded())) + " mi" }
            return oneDecimal(miles) + " mi"
        }
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// A whole number with thousands separated by commas, as English and Korean both write them.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}

extension Strings {
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
