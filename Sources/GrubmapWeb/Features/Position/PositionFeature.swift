import Foundation
import GrubmapCore
import GrubmapHTTP

/// `POST /position`: the position a person sets by hand (a tap on the map, "I'm at …", or typed degrees), or its
/// clearing. It goes in the same `grubmap_position` cookie as a position the browser shares, marked as set by hand,
/// so every page uses it alike (distances, nearest first, rides) and says it was set by the person.
///
/// Nothing is stored on the server; the cookie lasts an hour, as a shared position does. The form carries the CSRF
/// token like every other; a position that is not `LAT,LON` in range is a 400 naming the field.
struct PositionFeature: RouteCollection {
    func addRoutes(to routes: inout RouteTable) {
        routes.add(.post, Paths.position, .page, .optional, setPosition)
    }

    func setPosition(_ context: VisitorContext) throws -> Response {
        let form = try context.request.decodeForm(PositionForm.self, code: "invalid_position")
        let secure = context.isSecure ? "; Secure" : ""
        let cookie: String
        if form.clear == "1" {
            cookie = "\(PersonPosition.cookieName)=; Path=/; Max-Age=0; SameSite=Lax" + secure
        } else {
            guard let text = form.position else {
                throw HTTPError.badRequest(
                    "position: missing; give LAT,LON in degrees.", code: "invalid_position", field: "position")
            }
            let coordinate: Coordinate
            do {
                coordinate = try Coordinate(parsing: text)
            } catch {
                throw HTTPError.badRequest(
                    "position: \(error.description).", code: "invalid_position", field: "position")
            }
            let value = PersonPosition.cookieValue(setByHand: coordinate)
                .addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: ".-")))!
            cookie =
                "\(PersonPosition.cookieName)=\(value); Path=/; Max-Age=\(PersonPosition.lifetimeSeconds); "
                + "SameSite=Lax" + secure
        }
        var response = Response.redirect(to: Self.returnPath(form.return, cleared: form.clear == "1"))
        response.headers.add(name: "Set-Cookie", value: cookie)
        return response
    }

    /// Where the form came from, without what would hide the new position (`near` wins over the cookie, `sort`
    /// by name would not use it), and with `positioned` so the page can say what happened.
    static func returnPath(_ given: String?, cleared: Bool) -> String {
        let path = Request.localPath(given) ?? Paths.home()
        let hash = path.firstIndex(of: "#")
        let fragment = hash.map { String(path[path.index(after: $0)...]) }
        let beforeFragment = path[..<(hash ?? path.endIndex)]
        let question = beforeFragment.firstIndex(of: "?")
        let kept = question.flatMap {
            try? QueryFields(urlEncoded: String(beforeFragment[beforeFragment.index(after: $0)...]))
        }
        let query =
            (kept?.pairs ?? []).filter { !["near", "sort", "positioned", "locate"].contains($0.name) }
            .map { ($0.name, $0.value) } + [("positioned", cleared ? "cleared" : "set")]
        return SitePath<Void>.link(
            String(beforeFragment[..<(question ?? beforeFragment.endIndex)]), query: query, fragment: fragment)
    }

    struct PositionForm: Decodable {
        let position: String?
        let clear: String?
        let `return`: String?
    }
}
