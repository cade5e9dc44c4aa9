/// How a person wants distances shown.
public enum DistanceUnit: String, CaseIterable, Codable, Sendable {
    /// Metres and kilometres.
    case kilometers = "km"
    /// Feet and statute miles (1 mi = 1,609.344 m).
    case miles = "mi"

    /// Metres in one statute mile.
    public static let metersPerMile = 1609.344
}

extension DistanceUnit {
    /// The regions whose people read distances in miles and feet: the United States, Liberia and Myanmar.
    public static let mileRegions: Set<String> = ["US", "LR", "MM"]

    /// The unit of the region an HTTP `Accept-Language` header names: miles in ``mileRegions`` (`en-US`, `en-LR`,
    /// `my-MM`), else kilometres. The region is that of the most preferred tag that has one (`ko-KR,en-US;q=0.8` is
    /// Korea's); `nil` when no tag names a region (`en`, `ko`), and the reader is shown kilometres.
    public static func customary(acceptLanguage header: String) -> DistanceUnit? {
        var regions: [(region: String, quality: Double, index: Int)] = []
        for (index, item) in header.split(separator: ",").enumerated() {
            let fields = item.split(separator: ";")
            guard let tag = fields.first?.trimmingSpaces, !tag.isEmpty else { continue }
            var quality = 1.0
            for field in fields.dropFirst() {
                let parameter = field.trimmingSpaces
                if parameter.hasPrefix("q="), let value = Double(parameter.dropFirst(2)) { quality = value }
            }
            // A region is the first subtag after the language of two letters or three digits (`es-419`); a script
            // (`zh-Hant-TW`) is four letters.
            let region = tag.split(separator: "-").dropFirst().first { subtag in
                (subtag.count == 2 && subtag.allSatisfy { $0.isASCII && $0.isLetter })
                    || (subtag.count == 3 && subtag.allSatisfy { $0.isASCII && $0.isNumber })
            }
            guard quality > 0, let region else { continue }
            regions.append((String(region).uppercased(), quality, index))
        }
        guard let best = regions.min(by: { ($0.quality, -$0.index) > ($1.quality, -$1.index) }) else { return nil }
        return mileRegions.contains(best.region) ? .miles : .kilometers
    }
}
