import Foundation

/// How log lines are written: for people (`text`), or one JSON object per line for a log collector (`json`).
public enum LogFormat: String, Sendable, CaseIterable {
    case text
    case json
}

/// Writes the server's log lines in one ``LogFormat``: access lines from ``AccessLog`` and the server's own
/// messages. The output must be safe to call from many threads (one `write` per line).
public struct LogWriter: Sendable {
    /// How serious a line is.
    public enum Level: String, Sendable {
        case info
        case warning = "warn"
        case error
    }

    public let format: LogFormat
    private let output: @Sendable (String) -> Void

    public init(format: LogFormat, output: @escaping @Sendable (String) -> Void) {
        self.format = format
        self.output = output
    }

    /// Writes a message: as it is for `text`, as `{"time", "level", "message"}` for `json`.
    public func message(_ text: String, level: Level = .info) {
        switch format {
        case .text:
            output(text)
        case .json:
            var line = JSONLine()
            line.add("time", LogTime.now())
            line.add("level", level.rawValue)
            line.add("message", text)
            output(line.finish())
        }
    }

    /// Writes a warning: after `warning: ` for `text`, at level `warn` for `json`.
    public func warning(_ text: String) {
        message(format == .text ? "warning: " + text : text, level: .warning)
    }

    /// Writes a line made elsewhere (``AccessLog`` makes its own).
    func write(_ line: String) {
        output(line)
    }
}

/// One JSON object on one line, built field by field. Strings are escaped as RFC 8259 requires, and so are the
/// characters that could break a line or a terminal elsewhere (DEL, C1 controls, U+2028 and U+2029), so a hostile
/// path stays inside its string and its line.
struct JSONLine {
    private var text = "{"

    mutating func add(_ name: String, _ value: String) {
        key(name)
        Self.appendString(value, to: &text)
    }

    mutating func add(_ name: String, _ value: Int) {
        key(name)
        text += String(value)
    }

    /// Milliseconds as a number with two decimals, like `1.25`.
    mutating func add(_ name: String, milliseconds value: Double) {
        key(name)
        text += AccessLog.format(value)
    }

    mutating func finish() -> String {
        text += "}"
        return text
    }

    private mutating func key(_ name: String) {
        if text.utf8.count > 1 { text += "," }
        Self.appendString(name, to: &text)
        text += ":"
    }

    static func appendString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x0A: text += "\\n"
            case 0x0D: text += "\\r"
            case 0x09: text += "\\t"
            case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}

/// The time for a log line: UTC, ISO 8601 with milliseconds, like `2026-11-30T09:15:02.123Z`; made by hand,
/// since a formatter is slow and not safe to share between threads everywhere.
enum LogTime {
    static func now() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        var seconds = spec.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))."
            + "\(pad(Int32(spec.tv_nsec / 1_000_000), 3))Z"
    }
}
