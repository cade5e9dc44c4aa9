import Foundation
import GrubmapCore

/// The map apps a place page offers to open the place in, as web links that phones hand to the app when it is
/// installed (universal links) and that open the map site otherwise: Apple Maps and Google Maps everywhere, and in an
/// area whose people read Korean, Naver Map and Kakao Map first, which is what they use there (Google Maps gives no
/// walking or transit directions in Korea).
enum MapApp: String, CaseIterable, Sendable {
    case naver, kakao, apple, google

    /// The apps for a place in `area`, in the order the page lists them.
    static func apps(for area: Area) -> [MapApp] {
        area.localLanguage == Language.korean.rawValue ? [.naver, .kakao, .apple, .google] : [.apple, .google]
    }

    /// The address that opens `name` at `coordinate` in this app.
    ///
    /// - Apple Maps: `https://maps.apple.com/?ll=LAT,LON&q=NAME` (a pin at the point, labelled).
    /// - Google Maps: `https://www.google.com/maps/search/?api=1&query=LAT,LON` (Maps URLs, a pin at the point).
    /// - Naver Map: `https://map.naver.com/p/search/NAME?c=LON,LAT,17,0,0,0,dh` (the name searched on a map centred
    ///   on the point, so the place found is the one there). Naver documents no web link to a bare point.
    /// - Kakao Map: `https://map.kakao.com/link/map/NAME,LAT,LON` (a labelled pin); a comma in the name would end
    ///   it early, so commas become spaces.
    func url(name: String, at coordinate: Coordinate) -> String {
        let latitude = FixedPoint.text(coordinate.latitude, digits: 6)
        let longitude = FixedPoint.text(coordinate.longitude, digits: 6)
        switch self {
        case .apple:
            return "https://maps.apple.com/?ll=\(latitude),\(longitude)&q=\(Self.encoded(name))"
        case .google:
            return "https://www.google.com/maps/search/?api=1&query=\(latitude),\(longitude)"
        case .naver:
            return "https://map.naver.com/p/search/\(Self.encoded(name))?c=\(longitude),\(latitude),17,0,0,0,dh"
        case .kakao:
            let label = name.replacingOccurrences(of: ",", with: " ").replacingOccurrences(of: "%", with: " ")
            return "https://map.kakao.com/link/map/\(Self.encoded(label)),\(latitude),\(longitude)"
        }
    }

    /// Percent-encoded but for RFC 3986's unreserved characters, safe in a path segment and a query value alike.
    private static func encoded(_ text: String) -> String {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}

/// The place page's "Open in": a link per ``MapApp``, with the place's name in the area's own language (the one its
/// map apps search by), and the coordinates as text to copy.
struct MapAppLinks {
    let strings: Strings
    let place: Place
    let area: Area

    var node: Node {
        let name = place.name.values[area.localLanguage] ?? place.name.text(in: strings.language)
        return fragment {
            el(.ul, .class("map-apps")) {
                for app in MapApp.apps(for: area) {
                    el(.li) {
                        el(
                            .a, .class("map-app"), .href(app.url(name: name, at: place.coordinate)),
                            .rel("noopener noreferrer"), Attribute("target", "_blank"), .data("app", app.rawValue)
                        ) { strings.mapAppName(app) }
                    }
                }
            }
            el(.p, .class("meta coordinates")) { FixedPoint.text(place.coordinate, digits: 5, separator: ", ") }
        }
    }
}
