import Foundation

/// What rides cost in an area: its ride types and how a straight line becomes a road trip.
///
/// A ride's road distance is the geodesic times ``detourFactor``; its duration comes from ``speedBand`` (the fast
/// end gives the low fare, the slow end the high fare); each fare is
/// `max(base + perKm·d + perMin·t + fee, minimum) × surge`, rounded as ``currency`` rounds. See ``FareEstimate``.
public struct FareSchedule: Hashable, Sendable, Codable {
    /// Typical road speeds in an area, in km/h: `low` is a slow trip (traffic), `high` a quick one.
    public struct SpeedBand: Hashable, Sendable, Codable {
        /// The slow end, km/h, above 0.
        public var low: Double
        /// The fast end, km/h, at least `low` and at most 200.
        public var high: Double

        /// Makes a band; throws unless `0 < low <= high <= 200`.
        public init(low: Double, high: Double) throws(FareScheduleError) {
            guard low.isFinite, high.isFinite, low > 0, low <= high, high <= 200 else {
                throw .speedBandOutOfRange(low: low, high: high)
            }
            self.low = low
            self.high = high
        }

        /// A city band: 18 to 30 km/h.
        public static let city = try! SpeedBand(low: 18, high: 30)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                try self.init(
                    low: try container.decode(Double.self, forKey: .low),
                    high: try container.decode(Double.self, forKey: .high))
            } catch let error as FareScheduleError {
                throw DecodingError.dataCorruptedError(forKey: .low, in: container, debugDescription: error.description)
            }
        }
    }

    /// The currency of every amount in the ride types.
    public var currency: Currency
    /// The ride types, in the order people see them; never empty, ids unique.
    public var rideTypes: [RideType]
    /// Road distance over straight-line distance, 1 to 3; 1.3 by default.
    public var detourFactor: Double
    /// Road speeds the duration range comes from; 18 to 30 km/h by default.
    public var speedBand: SpeedBand
    /// The multiplier on every fare when demand is high; 1 by default, above 0 and at most 10.
    public var surge: Decimal
    /// Where the rates come from, for the organiser (`"sample rates"`); never shown to people.
    public var note: String?

    /// Makes a schedule; throws when a value is out of range or a ride type id repeats (see ``FareScheduleError``).
    public init(
        currency: Currency, rideTypes: [RideType], detourFactor: Double = 1.3, speedBand: SpeedBand = .city,
        surge: Decimal = 1, note: String? = nil
    ) throws(FareScheduleError) {
        guard !rideTypes.isEmpty else { throw .noRideTypes }
        var seen = Set<RideType.ID>()
        for rideType in rideTypes where !seen.insert(rideType.id).inserted {
            throw .duplicateRideType(rideType.id.rawValue)
        }
        guard detourFactor.isFinite, (1...3).contains(detourFactor) else {
            throw .detourFactorOutOfRange(detourFactor)
        }
        guard !surge.isNaN, surge > 0, surge <= 10 else { throw .surgeOutOfRange(surge) }
        self.currency = currency
        self.rideTypes = rideTypes
        self.detourFactor = detourFactor
        self.speedBand = speedBand
        self.surge = surge
        self.note = note
    }

    /// The ride type with this id, or `nil`.
    public func rideType(id: RideType.ID) -> RideType? {
        rideTypes.first { $0.id == id }
    }

    /// The price people see for a ride: the ride type's fare times ``surge``, rounded as ``currency`` rounds.
    public func price(of rideType: RideType, roadMeters: Int, durationSeconds: Int) -> Decimal {
        currency.rounded(rideType.unroundedFare(roadMeters: roadMeters, durationSeconds: durationSeconds) * surge)
    }

    /// The least any ride of `rideType` costs: its minimum fare with surge, rounded.
    public func minimumPrice(of rideType: RideType) -> Decimal {
        currency.rounded(rideType.minimumFare * surge)
    }

    private enum CodingKeys: String, CodingKey {
        case currency, rideTypes, detourFactor, speedBand = "speedKilometersPerHour", surge, note
    }

    /// Reads a schedule; `detourFactor`, `speedKilometersPerHour` and `surge` may be left out for their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let rideTypes = try container.decode([RideType].self, forKey: .rideTypes)
        do {
            try self.init(
                currency: try container.decode(Currency.self, forKey: .currency), rideTypes: rideTypes,
                detourFactor: try container.decodeIfPresent(Double.self, forKey: .detourFactor) ?? 1.3,
                speedBand: try container.decodeIfPresent(SpeedBand.self, forKey: .speedBand) ?? .city,
                surge: try container.decodeIfPresent(Decimal.self, forKey: .surge) ?? 1,
                note: try container.decodeIfPresent(String.self, forKey: .note))
        } catch let error as FareScheduleError {
            let key: CodingKeys =
                switch error {
                case .noRideTypes, .duplicateRideType: .rideTypes
                case .detourFactorOutOfRange: .detourFactor
                case .speedBandOutOfRange: .speedBand
                case .surgeOutOfRange: .surge
                }
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.description)
        }
    }
}

/// Why a fare schedule was refused.
public enum FareScheduleError: Error, Hashable, Sendable, CustomStringConvertible {
    case noRideTypes
    case duplicateRideType(String)
    case detourFactorOutOfRange(Double)
    case speedBandOutOfRange(low: Double, high: Double)
    case surgeOutOfRange(Decimal)

    public var description: String {
        switch self {
        case .noRideTypes: "a fare schedule needs at least one ride type"
        case .duplicateRideType(let id): "the ride type id \"\(id)\" is used twice"
        case .detourFactorOutOfRange(let factor): "detourFactor must be from 1 to 3, got \(factor)"
        case .speedBandOutOfRange(let low, let high):
            "speeds must satisfy 0 < low <= high <= 200 km/h, got low \(low) and high \(high)"
        case .surgeOutOfRange(let surge): "surge must be above 0 and at most 10, got \(surge)"
        }
    }
}
