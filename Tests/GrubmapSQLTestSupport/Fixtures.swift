import GrubmapCore

/// Areas and places to save, with Korean names, optional fields both set and unset, and opening hours.
public enum Fixtures {
    /// A point known to be valid.
    public static func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
        try! Coordinate(latitude: latitude, longitude: longitude)
    }

    /// PNU's Busan campus, named in Korean and English, without fares.
    public static let busan = Area(
        id: try! Area.ID("pnu-busan"),
        name: try! LocalizedText(["ko": "부산캠퍼스", "en": "Busan Campus"]),
        center: coordinate(35.2316, 129.0825),
        bounds: try! Bounds(southWest: coordinate(35.2265, 129.0765), northEast: coordinate(35.2370, 129.0890)),
        timeZone: "Asia/Seoul", currency: "KRW", locale: "ko-KR")

    /// The San José convention center, named in English only, its bounds around its center.
    public static let sanJose = Area(
        id: try! Area.ID("san-jose-convention-center"),
        name: LocalizedText("San Jose McEnery Convention Center"),
        center: coordinate(37.331516, -121.891054),
        bounds: try! Bounds(enclosing: [coordinate(37.331516, -121.891054)], margin: 0.15),
        timeZone: "America/Los_Angeles", currency: "USD", locale: "en-US")

    /// A Busan cafeteria with every optional field set and opening hours.
    public static let geumjeongHall = Place(
        id: try! Place.ID("geumjeong-hall"), areaID: busan.id,
        name: try! LocalizedText(["ko": "금정회관 학생식당", "en": "Geumjeong Hall Student Cafeteria"]),
        kind: .cafeteria, coordinate: coordinate(35.2328811, 129.0840213),
        address: "부산광역시 금정구 부산대학로63번길 2", phone: "+82 51-510-7777",
        website: "https://www.pusan.ac.kr/",
        description: try! LocalizedText(["ko": "조식·중식·석식 🍚", "en": "Three meals"]),
        openingHours: OpeningHours(rules: [
            try! .init(
                days: [.monday, .tuesday, .wednesday, .thursday, .friday], opens: .init(hour: 8, minute: 0),
                closes: .init(hour: 19, minute: 0)),
            try! .init(days: [.saturday], opens: .init(hour: 11, minute: 30), closes: .init(hour: 13, minute: 30)),
        ]))

    /// A Busan dormitory with no optional field set.
    public static let dormitory = Place(
        id: try! Place.ID("woongbee-hall"), areaID: busan.id, name: LocalizedText("웅비관", language: .korean),
        kind: .dormitory, coordinate: coordinate(35.2290, 129.0800))

    /// A plain place of `area` at its center, named by its id.
    public static func place(_ id: String, in area: Area, kind: Place.Kind = .restaurant) -> Place {
        Place(id: try! Place.ID(id), areaID: area.id, name: LocalizedText(id), kind: kind, coordinate: area.center)
    }
}
