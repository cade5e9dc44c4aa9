import GrubmapCore

/// The strings of ride estimates in one language, apart from ``Strings`` so that fares can grow on their own.
struct FareStrings: LocalizedStrings {
    let language: Language
    var heading: String { text(en: "Ride there", ko: "타고 가기") }
    /// "2.4 km by road · 5–8 min"
    func tripSummary(_ distance: String, _ minutes: String) -> String {
        text(en: "\(distance) by road · \(minutes)", ko: "도로 \(distance) · \(minutes)")
    }
    /// "5–8 min" from a range of whole minutes.
    func minutes(_ range: ClosedRange<Int>) -> String {
        text(
            en: range.lowerBound == range.upperBound
                ? "\(range.lowerBound) min" : "\(range.lowerBound)–\(range.upperBound) min",
            ko: range.lowerBound == range.upperBound
                ? "\(range.lowerBound)분" : "\(range.lowerBound)~\(range.upperBound)분")
    }
    var fromYourPosition: String { text(en: "from your position", ko: "현재 위치 기준") }
    var byTheRoads: String { text(en: "along the roads", ko: "도로 경로 기준") }
    var asTheCrowFlies: String { text(en: "estimated from the straight line", ko: "직선거리로 어림") }
    var rideTypesLegend: String { text(en: "Ride type", ko: "차량 종류") }
    /// "4 seats"
    func seats(_ count: Int) -> String { text(en: count == 1 ? "1 seat" : "\(count) seats", ko: "\(count)인승") }
    /// "from $13.00": the least a ride costs, shown before the position is known.
    func priceFrom(_ name: String) -> String { text(en: "from \(name)", ko: "\(name)부터") }
    var choose: String { text(en: "Show this ride", ko: "이 차량 보기") }
    /// "Grubmap XL for up to 6: $22.00–$24.30"
    func selectedSummary(_ name: String, _ capacity: Int, _ price: String) -> String {
        text(en: "\(name) for up to \(capacity): \(price)", ko: "\(name) · 최대 \(capacity)명: \(price)")
    }
    var disclaimer: String {
        text(
            en: "An estimate: the driver's meter or the app decides the final price.",
            ko: "예상 요금이에요. 실제 요금은 미터기나 앱에서 정해져요.")
    }
    func needsPosition(_ place: String) -> String {
        text(
            en: "Prices depend on how far you are from \(place). Share your location to see an estimate for each ride.",
            ko: "요금은 \(place)까지의 거리에 따라 달라져요. 위치를 공유하면 차량별 예상 요금을 볼 수 있어요.")
    }
    var shareLocation: String { text(en: "Share my location", ko: "내 위치 공유") }
    var locating: String { text(en: "Finding your position…", ko: "위치를 찾는 중…") }
    var locationDenied: String {
        text(
            en:
                "Location access was denied. Allow it for this site in your browser's settings, or enter a position below.",
            ko: "위치 권한이 거부되었어요. 브라우저 설정에서 이 사이트의 위치 접근을 허용하거나, 아래에 위치를 입력하세요.")
    }
    var locationUnavailable: String {
        text(
            en: "Your position is not available right now. Try again, or enter a position below.",
            ko: "지금은 위치를 알 수 없어요. 다시 시도하거나 아래에 위치를 입력하세요.")
    }
    var locationTimeout: String {
        text(
            en: "Finding your position took too long. Try again, or enter a position below.",
            ko: "위치를 찾는 데 시간이 너무 오래 걸렸어요. 다시 시도하거나 아래에 위치를 입력하세요.")
    }
    var enterPosition: String { text(en: "Enter a position instead", ko: "위치 직접 입력") }
    var positionLabel: String { text(en: "Latitude, longitude", ko: "위도, 경도") }
    var positionHint: String { text(en: "In degrees, like 37.3318, -121.8863", ko: "도 단위, 예: 35.2335, 129.0800") }
    var usePosition: String { text(en: "Estimate", ko: "요금 보기") }
    var noFares: String { text(en: "No ride rates are listed for this area.", ko: "이 지역에는 등록된 요금표가 없어요.") }
    /// "You are 8,900 km away: too far for a ride estimate."
    func tooFar(_ distance: String) -> String {
        text(
            en: "You are \(distance) away: too far for a ride estimate.",
            ko: "현재 위치에서 \(distance) 떨어져 있어서 차량 요금을 예상하기에는 너무 멀어요.")
    }

    static func forLanguage(_ language: Language) -> FareStrings {
        switch language {
        case .english: .english
        case .korean: .korean
        }
    }

    static let english = FareStrings(language: .english)

    static let korean = FareStrings(language: .korean)

    /// A duration range in whole minutes, rounded up, at least 1.
    func duration(seconds: ClosedRange<Int>) -> String {
        func minutes(_ seconds: Int) -> Int { max(1, (seconds + 59) / 60) }
        return self.minutes(minutes(seconds.lowerBound)...minutes(seconds.upperBound))
    }
}
