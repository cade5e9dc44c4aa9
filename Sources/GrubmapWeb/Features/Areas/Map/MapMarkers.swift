import Foundation
import GrubmapCore

/// The pins and clusters of one map view.
///
/// Places are clustered where their pins would overlap at the view's zoom (``PinClustering``, closest first, the
/// same places giving the same clusters); at the closest zoom, where zooming in cannot part them, a cluster's pins
/// are spread on a small circle around it instead, each with a line to its place.
struct MapMarkers {
    /// One thing drawn for places: a pin, or a cluster bubble.
    enum Marker {
        /// A place's pin at `point`; `anchor` is where the place really is, when the pin was moved off it.
        case pin(ListedPlace, point: PlanePoint, anchor: PlanePoint?)
        /// Several places whose pins would overlap, with the sum of their check-ins and the zoom at which they part
        /// (`nil` when they lie on one spot).
        case cluster([ListedPlace], point: PlanePoint, checkIns: Int, splitZoom: Int?)

        /// The box labels keep off, in the view's pixels.
        var footprint: PlaneRect {
            switch self {
            case .pin(_, let point, _):
                PlaneRect(minX: point.x - 14, minY: point.y - 38, maxX: point.x + 14, maxY: point.y + 1)
            case .cluster(_, let point, let checkIns, _):
                PlaneRect(
                    minX: point.x - 21, minY: point.y - (checkIns > 0 ? 26 : 21),
                    maxX: point.x + (checkIns > 0 ? 26 : 21),
                    maxY: point.y + 21)
            }
        }
    }

    /// Pins closer than this, in pixels, overlap.
    static let clusterRadius = 32.0

    let markers: [Marker]

    /// The markers of a view's clustered places, north to south (the order they are drawn and read in); only
    /// the check-ins the clusters sum are counted here, per request.
    init(_ clustered: ClusteredPlaces, presence: [Place.ID: PlacePresence], viewport: MapViewport) {
        let drawable = viewport.rect.outsetBy(24)
        let checkIns = clustered.checkIns(presence)
        var markers: [Marker] = []
        for (index, group) in clustered.groups.enumerated() where drawable.contains(group.point) {
            if group.places.count == 1 {
                markers.append(.pin(group.places[0], point: group.point, anchor: nil))
            } else if viewport.zoom >= MapViewport.maximumZoom {
                markers += Self.spread(group.places, around: group.point, viewport: viewport)
            } else {
                markers.append(
                    .cluster(group.places, point: group.point, checkIns: checkIns[index], splitZoom: group.splitZoom))
            }
        }
        self.markers = markers
    }

    /// What the clusters of a view are made from: the view and where each of its places is.
    struct LayoutKey: Hashable, Sendable {
        struct Point: Hashable, Sendable {
            let id: Place.ID
            let coordinate: Coordinate
        }

        let viewport: MapViewport
        let places: [Point]
    }

    /// A view's clusters: ``order`` lists the places shown, by index into the places given and in id order (the
    /// same clusters for the same places whatever order they came in), and each cluster's keys index ``order``.
    /// Clusters are made in world pixels (their points are the world's, not the view's), so a cluster is the same
    /// wherever the view's corner lies, and ``splitZooms`` say truly where each parts.
    struct Layout: Sendable {
        let order: [Int]
        let clusters: [PinClustering.Cluster]
        /// For each cluster of more than one place, the zoom a tap opens (``PinClustering/splitZoom(of:radius:above:maximumZoom:)``).
        let splitZooms: [Int?]
    }

    /// The layout of the places a view draws: those inside it or near enough its edge that their pins or clusters
    /// reach in. The store is asked for the places of the same rectangle (``AreaFeature/box(around:)``); this keeps
    /// the map exact for whatever it is given.
    static func layout(of places: [ListedPlace], viewport: MapViewport) -> Layout {
        let margin = clusterRadius * 2
        let rect = viewport.worldRect.outsetBy(margin)
        let points = places.map { MapViewport.worldPoint($0.place.coordinate, zoom: viewport.zoom) }
        let order = places.indices.filter { rect.contains(points[$0]) }.sorted {
            places[$0].place.id < places[$1].place.id
        }
        let items = order.enumerated().map { key, index in
            PinClustering.Item(key: key, point: points[index], weight: 0)
        }
        let clusters = PinClustering.cluster(items, radius: clusterRadius)
        let splitZooms = clusters.map { cluster in
            cluster.isSingle
                ? nil
                : PinClustering.splitZoom(
                    of: cluster.keys.map { places[order[$0]].place.coordinate }, radius: clusterRadius,
                    above: viewport.zoom)
        }
        return Layout(order: order, clusters: clusters, splitZooms: splitZooms)
    }

    /// A cluster that cannot be parted by zooming, as pins on a circle around it, north first and clockwise.
    private static func spread(_ members: [ListedPlace], around center: PlanePoint, viewport: MapViewport) -> [Marker] {
        let radius = max(30, Double(members.count) * 9)
        return members.enumerated().map { index, listed in
            let angle = 2 * Double.pi * Double(index) / Double(members.count) - Double.pi / 2
            let point = PlanePoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle) + 19)
            return .pin(listed, point: point, anchor: viewport.point(listed.place.coordinate))
        }
    }

    /// How many places the markers stand for.
    var placeCount: Int {
        markers.reduce(0) { total, marker in
            switch marker {
            case .pin: total + 1
            case .cluster(let members, _, _, _): total + members.count
            }
        }
    }
}

/// The places a map view may draw and the pins and clusters they make there, made once per view and catalog
/// version and shared by everyone who opens that view (a crowd opening a city's 500 places clusters and copies
/// them once); ``checkIns(_:)`` then sums what changes from one request to the next.
struct ClusteredPlaces: Sendable {
    /// One pin or cluster: its places in id order, and where it is drawn.
    struct Group: Sendable {
        let places: [ListedPlace]
        let point: PlanePoint
        /// For a cluster, the smallest zoom at which its places part; `nil` for a pin, or places on one spot.
        let splitZoom: Int?
    }

    /// The places the view may show (after the "open now" filter).
    let places: [ListedPlace]
    /// North to south.
    let groups: [Group]
    /// The index in ``groups`` of each place's group.
    private let groupOfPlace: [Place.ID: Int]

    /// `places` clustered in `viewport`; `layouts` keeps the clusters per view and places (where the places are,
    /// whatever else about them changes).
    init(_ places: [ListedPlace], viewport: MapViewport, layouts: MapCache<MapMarkers.LayoutKey, MapMarkers.Layout>) {
        let key = MapMarkers.LayoutKey(
            viewport: viewport,
            places: places.map { MapMarkers.LayoutKey.Point(id: $0.place.id, coordinate: $0.place.coordinate) })
        let layout = layouts.value(for: key) { MapMarkers.layout(of: places, viewport: viewport) }
        let sorted = layout.order.map { places[$0] }
        self.places = places
        let origin = PlanePoint(x: Double(viewport.originX), y: Double(viewport.originY))
        groups = zip(layout.clusters, layout.splitZooms).map { cluster, splitZoom in
            Group(
                places: cluster.keys.map { sorted[$0] },
                point: PlanePoint(x: cluster.point.x - origin.x, y: cluster.point.y - origin.y), splitZoom: splitZoom)
        }
        var groupOfPlace: [Place.ID: Int] = [:]
        for (index, group) in groups.enumerated() {
            for listed in group.places { groupOfPlace[listed.place.id] = index }
        }
        self.groupOfPlace = groupOfPlace
    }

    /// The people checked in at each group's places: by the check-ins when there are fewer of them than places (a
    /// city's view holds 500 places, people are checked in at a few), else by the places.
    func checkIns(_ presence: [Place.ID: PlacePresence]) -> [Int] {
        var sums = [Int](repeating: 0, count: groups.count)
        if presence.count < groupOfPlace.count {
            for (id, present) in presence {
                if let group = groupOfPlace[id] { sums[group] += present.count }
            }
        } else {
            for (index, group) in groups.enumerated() {
                sums[index] = group.places.reduce(0) { $0 + (presence[$1.place.id]?.count ?? 0) }
            }
        }
        return sums
    }
}
