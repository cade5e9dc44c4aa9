/// How a person wants distances shown.
public enum DistanceUnit: String, CaseIterable, Codable, Sendable {
    /// Metres and kilometres.
    case kilometers = "km"
    /// Feet and statute miles (1 mi = 1,609.344 m).
    case miles = "mi"

    /// Metres in one statute mile.
    public static let metersPerMile = 1609.344
}
