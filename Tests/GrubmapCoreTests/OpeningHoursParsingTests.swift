import Testing

@testable import GrubmapCore

/// Days and times of opening hours as organisers write them in GeoJSON and the console: read from their bytes,
/// refused with their text when they are anything else.
@Suite struct OpeningHoursParsingTests {
    @Test(arguments: [
        ("11:00", 660), ("7:05", 425), ("07:05", 425), ("00:00", 0), ("23:59", 1439), ("24:00", 0), ("+7:05", 425),
    ])
    func timesAreRead(text: String, minutes: Int) throws {
        #expect(try TimeOfDay(parsing: text).minutes == minutes)
    }

    @Test(arguments: [
        "24:01", "25:00", "7:60", "07:5", "7", "", ":", "1:2:3", "12:345", "ab:cd", "٠٧:٠٥", "7:0x", "7 :05",
    ])
    func otherTimesAreRefused(text: String) {
        #expect(throws: OpeningHoursError.badTime(text)) { try TimeOfDay(parsing: text) }
    }

    @Test(arguments: [
        ("Mo-Fr", [1, 2, 3, 4, 5]), ("Sa,Su", [6, 7]), (" Sa , Su ", [6, 7]), ("Fr-Mo", [5, 6, 7, 1]),
        ("Mo-We,Fr", [1, 2, 3, 5]), ("Tu", [2]), ("Su-Su", [7]),
    ])
    func daysAreRead(text: String, days: [Int]) throws {
        #expect(try Weekday.parseList(text).map(\.rawValue) == days)
    }

    @Test(arguments: ["", "mo", "Mo-Tu-We", "Mo,", "Mo--Fr", "Mon", "M o", "Mo\u{301}", "Mo,\u{301}Tu", "Mó"])
    func otherDaysAreRefused(text: String) {
        #expect(throws: OpeningHoursError.badDays(text)) { try Weekday.parseList(text) }
    }
}
