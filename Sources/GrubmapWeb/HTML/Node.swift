/// A piece of an HTML document: an element, text, raw markup, or several of them.
///
/// Text and attribute values are escaped when rendered; only ``raw(_:)`` is written as it is, and its name
/// says so wherever it is used.
public indirect enum Node: Sendable, Equatable {
    case element(String, [Attribute], [Node])
    /// An element without content or end tag, such as `input` or `meta`.
    case voidElement(String, [Attribute])
    case text(String)
    /// Markup written without escaping. Use only for constant markup of Grubmap's own, never for data.
    case raw(String)
    case fragment([Node])

    /// The document rendered as text.
    public func render() -> String {
        var output = ""
        output.reserveCapacity(4096)
        render(into: &output)
        return output
    }

    /// Appends the rendered node to `output`.
    public func render(into output: inout String) {
        switch self {
        case .element(let name, let attributes, let children):
            output += "<" + name
            Self.render(attributes, into: &output)
            output += ">"
            for child in children { child.render(into: &output) }
            output += "</" + name + ">"
        case .voidElement(let name, let attributes):
            output += "<" + name
            Self.render(attributes, into: &output)
            output += ">"
        case .text(let text):
            Self.escape(text, into: &output)
        case .raw(let markup):
            output += markup
        case .fragment(let nodes):
            for node in nodes { node.render(into: &output) }
        }
    }

    private static func render(_ attributes: [Attribute], into output: inout String) {
        for attribute in attributes {
            output += " " + attribute.name
            if let value = attribute.value {
                output += "=\""
                escape(value, into: &output)
                output += "\""
            }
        }
    }

    /// Escapes the five characters that matter in HTML text and quoted attribute values.
    static func escape(_ text: String, into output: inout String) {
        // Most text has none of them: appended whole, it costs a copy rather than a step per character.
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}

/// An HTML attribute; a `nil` value renders as a bare boolean attribute (`hidden`).
public struct Attribute: Sendable, Equatable {
    public let name: String
    public let value: String?

    public init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }

    public static func `class`(_ value: String) -> Attribute { Attribute("class", value) }
    public static func id(_ value: String) -> Attribute { Attribute("id", value) }
    public static func href(_ value: String) -> Attribute { Attribute("href", value) }
    public static func lang(_ value: String) -> Attribute { Attribute("lang", value) }
    public static func title(_ value: String) -> Attribute { Attribute("title", value) }
    public static func ariaLabel(_ value: String) -> Attribute { Attribute("aria-label", value) }
    public static func ariaCurrent(_ value: String) -> Attribute { Attribute("aria-current", value) }
    public static func ariaHidden() -> Attribute { Attribute("aria-hidden", "true") }
    public static func rel(_ value: String) -> Attribute { Attribute("rel", value) }
    public static func name(_ value: String) -> Attribute { Attribute("name", value) }
    public static func content(_ value: String) -> Attribute { Attribute("content", value) }
    public static func type(_ value: String) -> Attribute { Attribute("type", value) }
    public static func value(_ value: String) -> Attribute { Attribute("value", value) }
    public static func datetime(_ value: String) -> Attribute { Attribute("datetime", value) }
    public static func data(_ name: String, _ value: String) -> Attribute { Attribute("data-" + name, value) }
}
