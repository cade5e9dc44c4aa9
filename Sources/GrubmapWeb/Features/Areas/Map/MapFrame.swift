import Foundation
import GrubmapCore
import GrubmapHTTP

/// An area's map as a frame for views: its size, its zoom levels (from one level out of the whole area to a
/// single block) and how far it may be panned (the basemap's coverage), and the view an address asks for.
struct MapFrame: Sendable {
    /// The drawing's width in pixels, and its height unless the address asks for another: a phone's map, portrait;
    /// desktops draw it larger.
    static let width = 400
    static let height = 460
    /// The heights an address may ask for (`height=`, brought into this range in steps of ``heightStep``): on a
    /// phone's Map tab the script asks for the one that fills the screen under the map's top.
    static let heights = 460...1000
    static let heightStep = 20

    let area: Area
    /// Where the view's center may go.
    let coverage: Bounds
    /// This frame's drawing height.
    let height: Int

    init(area: Area, basemap: Basemap?, height: Int = MapFrame.height) {
        self.area = area
        coverage = basemap?.coverage ?? Basemap.coverage(of: area.bounds)
        self.height = height
    }

    /// The view that shows every place: the largest zoom at which the area's bounds fit.
    var home: MapViewport { MapViewport.fitting(area.bounds, width: Self.width, height: height) }
    /// One zoom level out of ``home``, for the neighbourhood.
    var minimumZoom: Int { max(home.zoom - 1, MapViewport.minimumZoom) }
    var maximumZoom: Int { MapViewport.maximumZoom }

    /// The view for `request`: its zoom (brought into range) and center (kept within the coverage), or one fitting
    /// its bounding box, or ``home``.
    func viewport(for request: MapViewRequest) -> MapViewport {
        let view: MapViewport
        if let box = request.box {
            let zoom = min(
                max(MapViewport.fittingZoom(box, width: Self.width, height: height), minimumZoom),
                maximumZoom)
            view = MapViewport(zoom: zoom, center: MapViewport.center(of: box), width: Self.width, height: height)
        } else if request.zoom != nil || request.center != nil {
            let zoom = min(max(request.zoom ?? home.zoom, minimumZoom), maximumZoom)
            view = MapViewport(
                zoom: zoom, center: request.center ?? home.center, width: Self.width, height: height)
        } else {
            return home
        }
        return view.keepingCenter(within: limits(atZoom: view.zoom))
    }

    /// The coverage in world pixels at `zoom`.
    func limits(atZoom zoom: Int) -> PlaneRect {
        let northWest = MapViewport.worldPoint(coverage.northWest, zoom: zoom)
        let southEast = MapViewport.worldPoint(coverage.southEast, zoom: zoom)
        return PlaneRect(minX: northWest.x, minY: northWest.y, maxX: southEast.x, maxY: southEast.y)
    }
}

/// What an address asks of the map: `zoom` and `center=LAT,LON`, or `bbox=WEST,SOUTH,EAST,NORTH`, `place` for
/// a pin's card, `height` for a drawing taller than ``MapFrame/height``, and `walk` for the walking route to a place
/// (``WalkRoute``). Malformed values are a 400 naming the parameter; a zoom, center or height out of range is
/// brought in.
struct MapViewRequest: Sendable {
    var zoom: Int?
    var center: Coordinate?
    var box: Bounds?
    var place: Place.ID?
    /// The drawing's height, in ``MapFrame/heights`` and a multiple of ``MapFrame/heightStep``. Links keep it as a
    /// field of the page (it is not among ``fieldNames``), so every view after it is as tall.
    var height: Int?
    /// The place whose walking route the map draws. Links keep it as a field of the page, like ``height``.
    var walk: Place.ID?

    /// The query fields the map owns; links keep every other field of the page.
    static let fieldNames: Set<String> = ["zoom", "center", "bbox", "place"]

    init(zoom: Int? = nil, center: Coordinate? = nil, box: Bounds? = nil, place: Place.ID? = nil) {
        self.zoom = zoom
        self.center = center
        self.box = box
        self.place = place
    }

    init(_ request: Request) throws(HTTPError) {
        if let text = request.query["zoom"] {
            guard let zoom = Int(text) else {
                throw .badRequest(
                    "zoom: expected a whole number, like zoom=17.", code: "invalid_parameter", field: "zoom")
            }
            self.zoom = zoom
        }
        if request.query["center"] != nil { center = try request.coordinate("center") }
        if let text = request.query["bbox"] {
            let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
            guard numbers.count == 4, let west = numbers[0], let south = numbers[1], let east = numbers[2],
                let north = numbers[3],
                let southWest = try? Coordinate(latitude: south, longitude: west),
                let northEast = try? Coordinate(latitude: north, longitude: east),
                let box = try? Bounds(southWest: southWest, northEast: northEast)
            else {
                throw .badRequest(
                    "bbox: expected WEST,SOUTH,EAST,NORTH in degrees, like bbox=-121.895,37.330,-121.885,37.336.",
                    code: "invalid_parameter", field: "bbox")
            }
            self.box = box
        }
        if let text = request.query["height"] {
            guard let height = Int(text) else {
                throw .badRequest(
                    "height: expected a whole number of pixels, like height=720.", code: "invalid_parameter",
                    field: "height")
            }
            let inRange = min(max(height, MapFrame.heights.lowerBound), MapFrame.heights.upperBound)
            self.height = Int((Double(inRange) / Double(MapFrame.heightStep)).rounded()) * MapFrame.heightStep
        }
        if let text = request.query["place"] {
            guard let place = try? Place.ID(text) else {
                throw .badRequest(
                    "place: \"\(text.prefix(40))\" is not a place id.", code: "invalid_parameter", field: "place")
            }
            self.place = place
        }
        if let text = request.query["walk"] {
            guard let place = try? Place.ID(text) else {
                throw .badRequest(
                    "walk: \"\(text.prefix(40))\" is not a place id.", code: "invalid_parameter", field: "walk")
            }
            walk = place
        }
    }

    /// Whether the address names a view itself (a zoom, a center or a box) rather than leaving it to the map.
    var namesView: Bool { zoom != nil || center != nil || box != nil }
}

/// The addresses of map views: the area page with the view's `zoom` and `center` (and `view=map`, so a phone shows
/// the map), keeping the page's other fields; and the same view as the fragment the script fetches.
struct MapLinks: Sendable {
    let area: Area.ID
    /// The page's query fields that are not the map's own.
    let kept: [(String, String)]

    /// Fields a map link leaves behind: the pane (links set it), and what a page said once (locating, a position
    /// just set, a bookmark just made or removed).
    static let dropped: Set<String> = Set(["view", "locate", "positioned"]).union(BookmarkNotice.toggle.fields)

    init(area: Area.ID, query: [(name: String, value: String)]) {
        self.area = area
        kept = query.filter { !MapViewRequest.fieldNames.contains($0.name) && !Self.dropped.contains($0.name) }
            .map { ($0.name, $0.value) }
    }

    /// The area page at `view`, with a pin's card open when `place` is given.
    func page(_ view: MapViewport, place: Place.ID? = nil) -> String {
        Paths.area(area, query: query(view, place: place), fragment: "map-view")
    }

    /// The area page at `view` without the walking route.
    func pageWithoutWalk(_ view: MapViewport) -> String {
        Paths.area(area, query: query(view, place: nil).filter { $0.0 != "walk" }, fragment: "map-view")
    }

    /// The map fragment at `view`, for the script.
    func fragment(_ view: MapViewport, place: Place.ID? = nil) -> String {
        Paths.areaMap(area, query: query(view, place: place))
    }

    private func query(_ view: MapViewport, place: Place.ID?) -> [(String, String)] {
        let center = view.center
        var query =
            kept + [
                ("view", "map"), ("zoom", String(view.zoom)),
                ("center", FixedPoint.text(center, digits: 7)),
            ]
        if let place { query.append(("place", place.rawValue)) }
        return query
    }
}
