import GrubmapCore
import GrubmapHTTP

extension Request {
    /// A required `LAT,LON` query parameter; 400 naming it when missing, malformed, not finite or out of range.
    func coordinate(_ name: String) throws(HTTPError) -> Coordinate {
        guard let text = query[name] else {
            throw .badRequest(
                "\(name): missing; give LAT,LON in degrees, like \(name)=37.3318,-121.8863.", code: "missing_parameter",
                field: name)
        }
        do {
            return try Coordinate(parsing: text)
        } catch {
            throw .badRequest("\(name): \(error.description).", code: "invalid_coordinate", field: name)
        }
    }

    /// The `near` query parameter as a coordinate, `nil` when absent; 400 when malformed or out of range.
    func near() throws(HTTPError) -> Coordinate? {
        guard query["near"] != nil else { return nil }
        return try coordinate("near")
    }

    /// Where the person is, as far as this request tells: the `near` query parameter, else the position their
    /// browser shared or they set by hand (the `grubmap_position` cookie, `LAT%2CLON` or `LAT%2CLON%2Cset`). A
    /// malformed `near` is a 400; a malformed cookie is ignored.
    func personPosition() throws(HTTPError) -> Coordinate? {
        try position()?.coordinate
    }

    /// ``personPosition()`` with where it came from.
    func position() throws(HTTPError) -> PersonPosition? {
        if let near = try near() { return PersonPosition(coordinate: near, source: .query) }
        guard let cookie = cookie(PersonPosition.cookieName)?.removingPercentEncoding else { return nil }
        return PersonPosition(cookieValue: cookie)
    }

    /// The `date` query parameter, `nil` when absent; 400 naming the parameter when it is not a calendar date.
    func date() throws(HTTPError) -> CalendarDate? {
        guard let text = query["date"] else { return nil }
        do {
            return try CalendarDate(parsing: text)
        } catch {
            throw .badRequest("date: \(error.description).", code: "invalid_date", field: "date")
        }
    }

    /// The request's path and query without the `dropping` fields: where a form on the page comes back to.
    func returnPath(dropping names: Set<String> = []) -> String {
        PageAddress(self).returnPath(dropping: names)
    }

    /// `path` when it is a path on this site (`/areas/x?sort=name`), never another site (`//evil`, `/\evil`) or a
    /// scheme; `nil` otherwise.
    static func localPath(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"), path.utf8.count <= 2048,
            !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        return path
    }

    /// `path` (a path on this site, as ``localPath(_:)`` passes it) with `field` in its query, replacing a field of
    /// that name and any named in `dropping`, before any fragment: where a form's redirect says what it did.
    static func adding(
        _ field: (name: String, value: String), to path: String, dropping names: Set<String> = []
    ) -> String {
        let fragmentStart = path.firstIndex(of: "#") ?? path.endIndex
        let fragment = path[fragmentStart...]
        let target = path[..<fragmentStart]
        let queryStart = target.firstIndex(of: "?") ?? target.endIndex
        let query = target[queryStart...].dropFirst()
        guard let fields = try? QueryFields(urlEncoded: String(query)) else {
            return target + "&" + QueryFields([field]).encoded + fragment
        }
        let pairs = fields.pairs.filter { $0.name != field.name && !names.contains($0.name) } + [field]
        return target[..<queryStart] + "?" + QueryFields(pairs).encoded + fragment
    }
}
