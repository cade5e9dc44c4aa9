/// Builds the children of an element from a block of nodes, strings (as escaped text), conditionals and loops.
@resultBuilder
public enum NodeBuilder {
    public static func buildExpression(_ node: Node) -> [Node] { [node] }
    public static func buildExpression(_ text: String) -> [Node] { [.text(text)] }
    public static func buildExpression(_ nodes: [Node]) -> [Node] { nodes }
    public static func buildBlock() -> [Node] { [] }
    // A block's parts are appended one by one to the first part's array, never gathered into a list of lists and
    // flattened: a page of a thousand elements builds a thousand fewer arrays.
    public static func buildPartialBlock(first: [Node]) -> [Node] { first }
    public static func buildPartialBlock(accumulated: [Node], next: [Node]) -> [Node] {
        var nodes = accumulated
        nodes.append(contentsOf: next)
        return nodes
    }
    public static func buildOptional(_ part: [Node]?) -> [Node] { part ?? [] }
    public static func buildEither(first part: [Node]) -> [Node] { part }
    public static func buildEither(second part: [Node]) -> [Node] { part }
    public static func buildArray(_ parts: [[Node]]) -> [Node] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [Node]) -> [Node] { part }
}

/// An element with the given tag, attributes and content.
public func element(_ name: String, _ attributes: [Attribute] = [], @NodeBuilder _ content: () -> [Node] = { [] })
    -> Node
{
    .element(name, attributes, content())
}

/// Several nodes without a wrapping element.
public func fragment(@NodeBuilder _ content: () -> [Node]) -> Node {
    .fragment(content())
}

/// The elements Grubmap's pages use; a void element (``input``, ``meta``, …) renders without an end tag.
enum Tag: String, Sendable {
    case a, article, body, button, dd, div, dl, dt, fieldset, footer, form, h1, h2, h3, head, header, html, label,
        legend, li, main, nav, ol, option, p, script, section, select, small, span, strong, style, table, tbody, td,
        th, thead, title, tr, ul, details, summary, textarea, output, time, code, caption, datalist
    case input, link, meta, br, img
    case svg, circle, g, path, rect, text, line, image

    var isVoid: Bool {
        switch self {
        case .input, .link, .meta, .br, .img: true
        default: false
        }
    }
}

/// An element of Grubmap's pages: `el(.div, .class("card")) { "Hello" }`.
func el(_ tag: Tag, _ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
    el(tag, attributes: attributes, content: content)
}

/// An element whose attributes are computed as a list.
func el(_ tag: Tag, attributes: [Attribute], @NodeBuilder content: () -> [Node] = { [] }) -> Node {
    tag.isVoid ? .voidElement(tag.rawValue, attributes) : .element(tag.rawValue, attributes, content())
}
