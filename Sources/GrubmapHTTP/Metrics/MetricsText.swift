import Foundation

/// Prometheus' text exposition format (version 0.0.4), written family by family: `# HELP` and `# TYPE`, then samples.
public struct MetricsText: Sendable {
    /// The content type to answer with.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public private(set) var text = ""

    public init() {}

    /// Starts a family of samples.
    public mutating func family(_ name: String, type: String, help: String) {
        text += "# HELP \(name) \(Self.escapedHelp(help))\n# TYPE \(name) \(type)\n"
    }

    /// One sample: `name{label="value",…} value`.
    public mutating func sample(_ name: String, labels: [(String, String)] = [], value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{"
            text += labels.map { "\($0.0)=\"\(Self.escapedLabel($0.1))\"" }.joined(separator: ",")
            text += "}"
        }
        text += " " + Self.number(value) + "\n"
    }

    /// A histogram's `_bucket` samples (cumulative, with `le`), `_sum` and `_count`.
    public mutating func histogram(_ name: String, labels: [(String, String)], _ histogram: Histogram) {
        let counts = histogram.cumulativeCounts
        for (index, count) in counts.enumerated() {
            let bound = index < histogram.bounds.count ? Self.number(histogram.bounds[index]) : "+Inf"
            sample(name + "_bucket", labels: labels + [("le", bound)], value: Double(count))
        }
        sample(name + "_sum", labels: labels, value: histogram.sumSeconds)
        sample(name + "_count", labels: labels, value: Double(counts.last ?? 0))
    }

    /// Whole numbers without a fraction, others as Swift prints them (shortest round-trip form).
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A label value with `\`, `"` and line feeds escaped, as the format requires.
    static func escapedLabel(_ value: String) -> String {
        var result = ""
        for character in value.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// Help text with `\` and line feeds escaped.
    static func escapedHelp(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }
}
