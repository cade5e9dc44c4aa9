import GrubmapCore

/// The strings of ride estimates in one language, apart from ``Strings`` so that fares can grow on their own.
struct FareStrings: Sendable {
    let language: Language
    let heading: String
    /// "2.4 km by road · 5–8 min"
    let tripSummary: @Sendable (_ distance: String, _ minutes: String) -> String
    /// "5–8 min" from a range of whole minutes.
    let minutes: @Sendable (ClosedRange<Int>) -> String
    let fromYourPosition: String
    let rideTypesLegend: String
    /// "4 seats"
    let seats: @Sendable (Int) -> String
    /// "from $13.00": the least a ride costs, shown before the position is known.
    let priceFrom: @Sendable (String) -> String
    let choose: String
    /// "Grubmap XL for up to 6: $22.00–$24.30"
    let selectedSummary: @Sendable (_ name: String, _ capacity: Int, _ price: String) -> String
    let disclaimer: String
    let needsPosition: @Sendable (_ place: String) -> String
    let shareLocation: String
    let locating: String
    let locationDenied: String
    let locationUnavailable: String
    let locationTimeout: String
    let enterPosition: String
    let positionLabel: String
    let positionHint: String
    let usePosition: String
    let noFares: String
    /// "You are 8,900 km away: too far for a ride estimate."
    let tooFar: @Sendable (_ distance: String) -> String

    static func forLanguage(_ language: Language) -> FareStrings {
        switch language {
        case .english: .english
        case .korean: .korean
        }
    }

    static let english = FareStrings(
        language: .english,
        heading: "Ride there",
        tripSummary: { "\($0) by road · \($1)" },
        minutes: { range in
            range.lowerBound == range.upperBound
                ? "\(range.lowerBound) min" : "\(range.lowerBound)–\(range.upperBound) min"
        },
        fromYourPosition: "from your position",
        rideTypesLegend: "Ride type",
        seats: { $0 == 1 ? "1 seat" : "\($0) seats" },
        priceFrom: { "from \($0)" },
        choose: "Show this ride",
        selectedSummary: { name, capacity, price in "\(name) for up to \(capacity): \(price)" },
        disclaimer: "An estimate: the driver's meter or the app decides the final price.",
        needsPosition: { place in
            "Prices depend on how far you are from \(place). Share your location to see an estimate for each ride."
        },
        shareLocation: "Share my location",
        locating: "Finding your position…",
        locationDenied: "Location access was denied. Allow it for this site in your browser's settings, "
            + "or enter a position below.",
        locationUnavailable: "Your position is not available right now. Try again, or enter a position below.",
        locationTimeout: "Finding your position took too long. Try again, or enter a position below.",
        enterPosition: "Enter a position instead",
        positionLabel: "Latitude, longitude",
        positionHint: "In degrees, like 37.3318, -121.8863",
        usePosition: "Estimate",
        noFares: "No ride rates are listed for this area.",
        tooFar: { "You are \($0) away: too far for a ride estimate." }
    )

    static let korean = FareStrings(
        language: .korean,
        heading: "타고 가기",
        tripSummary: { "도로 \($0) · \($1)" },
        minutes: { range in
            range.lowerBound == range.upperBound ? "\(range.lowerBound)분" : "\(range.lowerBound)~\(range.upperBound)분"
        },
        fromYourPosition: "현재 위치 기준",
        rideTypesLegend: "차량 종류",
        seats: { "\($0)인승" },
        priceFrom: { "\($0)부터" },
        choose: "이 차량 보기",
        selectedSummary: { name, capacity, price in "\(name) · 최대 \(capacity)명: \(price)" },
        disclaimer: "예상 요금이에요. 실제 요금은 미터기나 앱에서 정해져요.",
        needsPosition: { place in
            "요금은 \(place)까지의 거리에 따라 달라져요. 위치를 공유하면 차량별 예상 요금을 볼 수 있어요."
        },
        shareLocation: "내 위치 공유",
        locating: "위치를 찾는 중…",
        locationDenied: "위치 권한이 거부되었어요. 브라우저 설정에서 이 사이트의 위치 접근을 허용하거나, 아래에 위치를 입력하세요.",
        locationUnavailable: "지금은 위치를 알 수 없어요. 다시 시도하거나 아래에 위치를 입력하세요.",
        locationTimeout: "위치를 찾는 데 시간이 너무 오래 걸렸어요. 다시 시도하거나 아래에 위치를 입력하세요.",
        enterPosition: "위치 직접 입력",
        positionLabel: "위도, 경도",
        positionHint: "도 단위, 예: 35.2335, 129.0800",
        usePosition: "요금 보기",
        noFares: "이 지역에는 등록된 요금표가 없어요.",
        tooFar: { "현재 위치에서 \($0) 떨어져 있어서 차량 요금을 예상하기에는 너무 멀어요." }
    )

    /// A duration range in whole minutes, rounded up, at least 1.
    func duration(seconds: ClosedRange<Int>) -> String {
        func minutes(_ seconds: Int) -> Int { max(1, (seconds + 59) / 60) }
        return self.minutes(minutes(seconds.lowerBound)...minutes(seconds.upperBound))
    }
}
