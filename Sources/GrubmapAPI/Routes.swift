import Foundation
import GrubmapCore

extension API {
    /// `GET /api/v1/routes/walk`: the shortest walk between two points over the area's streets.
    ///
    /// Both ends are snapped to the nearest walkable street (`snapMeters` says how far each was); `distanceMeters`
    /// is the walk along the streets between the snapped points, to the centimetre, and `durationSeconds` its time
    /// at 4.8 km/h, steps at half that speed. `geometry` is a GeoJSON LineString (RFC 7946: longitude, latitude)
    /// from the snapped start to the snapped end.
    public struct WalkingRouteBody: Codable, Sendable, Equatable {
        public struct Snap: Codable, Sendable, Equatable {
            public let from: Double
            public let to: Double

            public init(from: Double, to: Double) {
                self.from = from
                self.to = to
            }
        }

        public struct LineString: Codable, Sendable, Equatable {
            public let type: String
            /// `[longitude, latitude]` pairs.
            public let coordinates: [[Double]]

            public init(coordinates: [[Double]]) {
                type = "LineString"
                self.coordinates = coordinates
            }
        }

        public let areaId: Area.ID
        /// The destination place, when `to` named one.
        public let placeId: Place.ID?
        public let distanceMeters: Double
        public let durationSeconds: Int
        public let snapMeters: Snap
        public let geometry: LineString

        public init(
            areaId: Area.ID, placeId: Place.ID?, distanceMeters: Double, durationSeconds: Int, snapMeters: Snap,
            geometry: LineString
        ) {
            self.areaId = areaId
            self.placeId = placeId
            self.distanceMeters = distanceMeters
            self.durationSeconds = durationSeconds
            self.snapMeters = snapMeters
            self.geometry = geometry
        }
    }
}
