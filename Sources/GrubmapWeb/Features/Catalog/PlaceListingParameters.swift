import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// What a request asks of an area's places (`/api/v1/areas/{id}/places`, and the area page): nearest a point, inside a
/// box, within a radius, how many, and from which cursor; checked as a whole, so a mistake is one 400 naming the
/// parameter before anything is read.
///
/// - `near=LAT,LON`: nearest first, with each place's distance.
/// - `bbox=W,S,E,N`: only places inside (west may be east of east: the box crosses the antimeridian); without
///   `near`, the places nearest the box's middle come first, which is what a map shows when it shows some.
/// - `radius=M`: only places at most M metres from `near` (which it needs).
/// - `limit=N`: places per page, 1 to 500, 50 when not given.
/// - `cursor=…`: the `nextCursor` of the page before, with the same other parameters.
///
/// Without `near` or `bbox`, places come by name in the reader's language.
struct PlaceListingParameters {
    /// Places per page when `limit` is not given.
    static let defaultLimit = 50
    /// The most `limit` may ask for.
    static let maximumLimit = 500
    /// The parameters the API takes.
    static let apiNames = ["near", "bbox", "radius", "limit", "cursor"]

    let near: Coordinate?
    let box: GeoBox?
    let radiusMeters: Double?
    let limit: Int
    let cursorText: String?

    /// Reads the parameters; with `allowing` set, any other parameter is a 400 (the API's), else it is ignored (a
    /// page's, which may carry its own and tracking ones).
    init(_ request: Request, allowing allowed: [String]? = nil) throws(HTTPError) {
        let query = request.query
        if let allowed {
            for (name, _) in query.pairs where !allowed.contains(name) {
                throw .badRequest(
                    "\(name.prefix(64)): not a parameter here; use \(allowed.joined(separator: ", ")).",
                    code: "unknown_parameter", field: String(name.prefix(64)))
            }
        }
        for name in Self.apiNames where query.values(for: name).count > 1 {
            throw .badRequest("\(name): given more than once.", code: "repeated_parameter", field: name)
        }
        near = try request.near()
        if let text = query["bbox"] {
            do {
                box = try GeoBox(parsing: text)
            } catch {
                throw .badRequest("bbox: \(error.description).", code: "invalid_bbox", field: "bbox")
            }
        } else {
            box = nil
        }
        if let text = query["radius"] {
            guard let radius = Double(text.trimmingCharacters(in: .whitespaces)), radius.isFinite, radius > 0,
                radius <= GeodesicDisc.longestGeodesicMeters
            else {
                throw .badRequest(
                    "radius: expected metres, a number above 0 and at most 20003932, got \"\(text.prefix(32))\".",
                    code: "invalid_radius", field: "radius")
            }
            guard near != nil else {
                throw .badRequest(
                    "radius: needs near, the point it is measured from (radius=\(text.prefix(32))&near=LAT,LON).",
                    code: "contradictory_parameters", field: "radius")
            }
            radiusMeters = radius
        } else {
            radiusMeters = nil
        }
        if let text = query["limit"] {
            guard let limit = Int(text), (1...Self.maximumLimit).contains(limit) else {
                throw .badRequest(
                    "limit: expected a whole number from 1 to \(Self.maximumLimit), got \"\(text.prefix(32))\".",
                    code: "invalid_limit", field: "limit")
            }
            self.limit = limit
        } else {
            limit = Self.defaultLimit
        }
        cursorText = query["cursor"]
    }

    /// Whether these ask for the first page in name order: no point, box, radius or cursor.
    var isFirstPageByName: Bool { near == nil && box == nil && radiusMeters == nil && cursorText == nil }

    /// The store query these parameters ask for in an area, for a reader of `language` (the name order's).
    func query(area: Area.ID, language: Language) -> PlaceQuery {
        let order: PlaceQuery.Order =
            if let origin = near ?? box?.center { .distance(from: origin) } else { .name(language) }
        return PlaceQuery(areaID: area, order: order, box: box, radiusMeters: radiusMeters, limit: limit)
    }

    /// The cursor for `query`, or `nil` on a first page; a 400 naming `cursor` when it is not one of this query's.
    func cursor(for query: PlaceQuery) throws(HTTPError) -> PlaceListing.Cursor? {
        guard let cursorText else { return nil }
        do {
            return try PlaceListing.Cursor(text: cursorText, for: query)
        } catch {
            throw .badRequest("cursor: \(error.description).", code: "invalid_cursor", field: "cursor")
        }
    }
}
