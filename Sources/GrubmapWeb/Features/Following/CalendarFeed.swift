import Foundation
import GrubmapCore
import GrubmapCrypto

/// A person's calendar feed as iCalendar text (RFC 5545): one event for each upcoming serving of a dish they follow,
/// and for each upcoming menu of their bookmarked places when they chose so. Times are written in UTC, so the feed
/// needs no time-zone definitions; a meal of no known period is an all-day event.
struct CalendarFeed {
    struct Event {
        /// Unique and stable across reads, so a calendar updates an event rather than adding another.
        let uid: String
        let when: When
        let summary: String
        let location: String?
        let description: String?
        let url: String?
    }

    enum When {
        /// From `start` to `end`.
        case time(start: Date, end: Date)
        /// The whole day.
        case day(CalendarDate)
    }

    let name: String
    let events: [Event]

    /// The feed's text: CRLF line ends, lines folded at 75 octets, text values escaped.
    func render(stamp: Date) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Grubmap//Calendar feed//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:" + Self.escape(name), "REFRESH-INTERVAL;VALUE=DURATION:PT6H",
            "X-PUBLISHED-TTL:PT6H",
        ]
        for event in events {
            lines.append("BEGIN:VEVENT")
            lines.append("UID:" + event.uid)
            lines.append("DTSTAMP:" + Self.utc(stamp))
            switch event.when {
            case .time(let start, let end):
                lines.append("DTSTART:" + Self.utc(start))
                lines.append("DTEND:" + Self.utc(end))
            case .day(let date):
                lines.append("DTSTART;VALUE=DATE:" + Self.basic(date))
                lines.append("DTEND;VALUE=DATE:" + Self.basic(date.adding(days: 1)))
            }
            lines.append("SUMMARY:" + Self.escape(event.summary))
            if let location = event.location { lines.append("LOCATION:" + Self.escape(location)) }
            if let description = event.description { lines.append("DESCRIPTION:" + Self.escape(description)) }
            if let url = event.url { lines.append("URL:" + url) }
            lines.append("TRANSP:TRANSPARENT")
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// A TEXT value (RFC 5545, 3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n", "\r\n", "\r": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A content line folded so no line is longer than 75 octets (RFC 5545, 3.1), never inside a character.
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var folded = ""
        var width = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            // The first line holds 75 octets; each continuation begins with a space, leaving 74.
            if width + size > 75 {
                folded += "\r\n "
                width = 1
            }
            folded.unicodeScalars.append(scalar)
            width += size
        }
        return folded
    }

    /// `20261203T101500Z`.
    static func utc(_ date: Date) -> String {
        let (day, time) = CalendarDate.local(date, in: .gmt)
        let seconds = Int(date.timeIntervalSince1970) % 60
        return basic(day) + "T" + String(format: "%02d%02d%02dZ", time.minutes / 60, time.minutes % 60, seconds)
    }

    /// `20261203`.
    static func basic(_ date: CalendarDate) -> String {
        let (year, month, day) = date.components
        return String(format: "%04d%02d%02d", year, month, day)
    }

    /// The instant `minutes` after midnight of `date` on the clock of `timeZone`.
    static func instant(_ date: CalendarDate, minutes: Int, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let (year, month, day) = date.components
        let midnight =
            calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date(timeIntervalSince1970: 0)
        return calendar.date(byAdding: .minute, value: minutes, to: midnight) ?? midnight
    }
}

/// The secret part of a calendar feed's address: made from the session's token and the feed's generation, so the
/// session's owner gets the same address each time they ask, a revoked generation's address never comes back, and
/// the store keeps only its digest.
enum CalendarFeedToken {
    static func make(sessionToken: String, generation: Int) -> String {
        Base64URL.encode(
            Digest.hmacSHA256(
                key: Array(sessionToken.utf8), message: Array("grubmap-calendar-feed\n\(generation)".utf8)))
    }

    /// The token of a feed's last path segment (`TOKEN.ics`), when it could be one Grubmap made.
    static func parse(segment: String) -> String? {
        guard segment.hasSuffix(".ics") else { return nil }
        let token = String(segment.dropLast(4))
        return Session.isWellFormedToken(token) ? token : nil
    }
}
