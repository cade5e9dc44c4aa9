import GrubmapCore
import GrubmapHTTP

/// One of Grubmap's addresses, like `/places/{id}`: the router matches requests against it and pages print links
/// from it, so an address is written once (isowords' `ServerRouter` parses and prints with one definition).
///
/// `Parameter` is what the address carries: `Void` for fixed addresses, an id for `/places/{id}`. A segment that
/// does not even parse as the parameter names nothing: 404.
struct SitePath<Parameter>: Sendable {
    /// The pattern the router matches, with `{name}` for the parameter's segment.
    let pattern: String
    private let parse: @Sendable ([String: String]) throws(HTTPError) -> Parameter
    private let print: @Sendable (Parameter) -> String

    /// The parameter of a matched request.
    func parameter(from captures: [String: String]) throws(HTTPError) -> Parameter {
        try parse(captures)
    }

    /// The address for `parameter`, with `query` fields (percent-encoded here) and a `#fragment`.
    func callAsFunction(_ parameter: Parameter, query: [(String, String)] = [], fragment: String? = nil) -> String {
        Self.link(print(parameter), query: query, fragment: fragment)
    }

    /// `path?name=value&…#fragment`, each name and value encoded as the URL Standard's form encoder does.
    static func link(_ path: String, query: [(String, String)], fragment: String?) -> String {
        var link = path
        if !query.isEmpty {
            link += "?" + query.map { QueryFields.encode($0.0) + "=" + QueryFields.encode($0.1) }.joined(separator: "&")
        }
        if let fragment { link += "#" + fragment }
        return link
    }
}

extension SitePath where Parameter == Void {
    /// A fixed address.
    init(_ pattern: String) {
        self.pattern = pattern
        parse = { _ throws(HTTPError) in () }
        print = { _ in pattern }
    }

    /// The fixed address, with `query` fields and a `#fragment`.
    func callAsFunction(query: [(String, String)] = [], fragment: String? = nil) -> String {
        Self.link(pattern, query: query, fragment: fragment)
    }
}

extension SitePath {
    /// An address with one id segment, like `/places/{id}`; `missing` is the 404 message for an id that cannot be.
    init<Owner>(_ pattern: String, missing: String) where Parameter == Slug<Owner> {
        let (before, name, after) = Self.split(pattern)
        self.pattern = pattern
        parse = { captures throws(HTTPError) in
            guard let text = captures[name], let id = try? Slug<Owner>(text) else { throw .notFound(missing) }
            return id
        }
        print = { id in before + id.rawValue + after }
    }

    /// An address with one serial id segment, like `/dishes/{id}`; `missing` is the 404 message for an id that
    /// cannot be one.
    init<Owner>(serial pattern: String, missing: String) where Parameter == Serial<Owner> {
        let (before, name, after) = Self.split(pattern)
        self.pattern = pattern
        parse = { captures throws(HTTPError) in
            guard let text = captures[name], let id = Serial<Owner>(text) else { throw .notFound(missing) }
            return id
        }
        print = { id in before + id.description + after }
    }

    /// An address whose last segment is a serial id and a file name extension, like `/photos/{id}.jpg`: the router
    /// captures the whole segment, and one without the extension names nothing.
    init<Owner>(serialFile pattern: String, missing: String) where Parameter == Serial<Owner> {
        let (before, name, after) = Self.split(pattern)
        self.pattern = before + "{" + name + "}"
        parse = { captures throws(HTTPError) in
            guard let text = captures[name], text.hasSuffix(after),
                let id = Serial<Owner>(String(text.dropLast(after.count)))
            else { throw .notFound(missing) }
            return id
        }
        print = { id in before + id.description + after }
    }

    /// An address whose parameter segment is any text, like `/assets/{name}`.
    init(text pattern: String) where Parameter == String {
        let (before, name, after) = Self.split(pattern)
        self.pattern = pattern
        parse = { captures throws(HTTPError) in captures[name] ?? "" }
        print = { text in before + QueryFields.encode(text) + after }
    }

    /// A pattern's text before its `{name}`, the name, and the text after it.
    private static func split(_ pattern: String) -> (before: String, name: String, after: String) {
        guard let open = pattern.firstIndex(of: "{"), let close = pattern.firstIndex(of: "}") else {
            preconditionFailure("\(pattern) has no {parameter}")
        }
        return (
            String(pattern[..<open]), String(pattern[pattern.index(after: open)..<close]),
            String(pattern[pattern.index(after: close)...])
        )
    }
}
