/// A piece of an HTML document: an element, text, raw markup, a drawing, or several of them.
///
/// Text and attribute values are escaped when rendered. Only two kinds are written as they are, and neither can
/// hold a string made at run time: ``raw(_:)`` takes a `StaticString` (markup in the source), ``svg(_:)`` a
/// drawing read from Grubmap's own `Resources/Assets/icons`.
public indirect enum Node: Sendable {
    case element(String, [Attribute], [Node])
    /// An element without content or end tag, such as `input` or `meta`.
    case voidElement(String, [Attribute])
    case text(String)
    /// Markup written without escaping: only a literal in the source can be one.
    case raw(StaticString)
    /// A drawing from `Resources/Assets/icons`, written into the page as it is (``InlineSVG``).
    case svg(InlineSVG)
    case fragment([Node])

    /// The node rendered: the UTF-8 bytes a response sends, never made into a `String` on the way.
    public func render() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(16_384)
        render(into: &output)
        return output
    }

    /// Appends the rendered node's UTF-8 to `output`: bytes rather than `String`, so a page costs appends of
    /// whole runs instead of a string's growth and bookkeeping at every tag (callgrind: a menu board 9.35 → see
    /// the commit).
    public func render(into output: inout [UInt8]) {
        switch self {
        case .element(let name, let attributes, let children):
            output.append(UInt8(ascii: "<"))
            output.append(contentsOf: name.utf8)
            Self.render(attributes, into: &output)
            output.append(UInt8(ascii: ">"))
            for child in children { child.render(into: &output) }
            output.append(UInt8(ascii: "<"))
            output.append(UInt8(ascii: "/"))
            output.append(contentsOf: name.utf8)
            output.append(UInt8(ascii: ">"))
        case .voidElement(let name, let attributes):
            output.append(UInt8(ascii: "<"))
            output.append(contentsOf: name.utf8)
            Self.render(attributes, into: &output)
            output.append(UInt8(ascii: ">"))
        case .text(let text):
            Self.escape(text, into: &output)
        case .raw(let markup):
            markup.withUTF8Buffer { output.append(contentsOf: $0) }
        case .svg(let drawing):
            output.append(contentsOf: drawing.markup)
        case .fragment(let nodes):
            for node in nodes { node.render(into: &output) }
        }
    }

    private static func render(_ attributes: [Attribute], into output: inout [UInt8]) {
        for attribute in attributes {
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: attribute.name.utf8)
            if let value = attribute.value {
                output.append(UInt8(ascii: "="))
                output.append(UInt8(ascii: "\""))
                escape(value, into: &output)
                output.append(UInt8(ascii: "\""))
            }
        }
    }

    /// Escapes the five characters that matter in HTML text and quoted attribute values, copying the runs
    /// between them whole.
    static func escape(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            for index in bytes.indices {
                let entity: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                entity.withUTF8Buffer { output.append(contentsOf: $0) }
                run = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
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
