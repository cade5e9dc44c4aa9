import Foundation

/// A kind of ride an area offers, such as a standard car or a six-seater, with its rates.
///
/// Money is `Decimal` in the schedule currency's major unit (dollars, won), never binary floating point. A ride
/// of `d` kilometres taking `t` minutes costs `max(baseFare + farePerKilometer·d + farePerMinute·t + bookingFee,
/// minimumFare)` before surge (see ``FareSchedule``).
public struct RideType: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = Slug<RideType>

    /// The stable id, like `go`; unique within a schedule.
    public var id: ID
    /// The name people see, per language (`Grubmap XL`, `대형 승합 택시`).
    public var name: LocalizedText
    /// How many passengers fit, 1 to 60.
    public var capacity: Int
    /// Charged once per ride.
    public var baseFare: Decimal
    /// Charged per kilometre of road distance.
    public var farePerKilometer: Decimal
    /// Charged per minute of ride time.
    public var farePerMinute: Decimal
    /// A fixed fee per booking, added before the minimum applies.
    public var bookingFee: Decimal
    /// The least a ride costs before surge; at least `baseFare + bookingFee`, the price of a ride of zero length.
    public var minimumFare: Decimal

    /// Makes a ride type; throws when the capacity or an amount is out of range (see ``RideTypeError``).
    public init(
        id: ID, name: LocalizedText, capacity: Int, baseFare: Decimal, farePerKilometer: Decimal,
        farePerMinute: Decimal, bookingFee: Decimal, minimumFare: Decimal
    ) throws(RideTypeError) {
        guard (1...60).contains(capacity) else { throw .capacityOutOfRange(capacity) }
        for (field, amount) in [
            ("baseFare", baseFare), ("farePerKilometer", farePerKilometer), ("farePerMinute", farePerMinute),
            ("bookingFee", bookingFee), ("minimumFare", minimumFare),
        ] {
            guard !amount.isNaN, amount >= 0, amount < 1_000_000_000 else {
                throw .amountOutOfRange(field: field, amount: amount)
            }
        }
        guard minimumFare >= baseFare + bookingFee else {
            throw .minimumBelowBase(minimumFare: minimumFare, baseAndFee: baseFare + bookingFee)
        }
        self.id = id
        self.name = name
        self.capacity = capacity
        self.baseFare = baseFare
        self.farePerKilometer = farePerKilometer
        self.farePerMinute = farePerMinute
        self.bookingFee = bookingFee
        self.minimumFare = minimumFare
    }

    /// The fare before surge and rounding for a ride of `roadMeters` taking `durationSeconds`, computed exactly.
    public func unroundedFare(roadMeters: Int, durationSeconds: Int) -> Decimal {
        // Multiply before dividing, so that every term is exact whenever it has a finite decimal expansion.
        let distanceCharge = farePerKilometer * Decimal(roadMeters) / 1000
        let timeCharge = farePerMinute * Decimal(durationSeconds) / 60
        return max(baseFare + distanceCharge + timeCharge + bookingFee, minimumFare)
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, capacity, baseFare, farePerKilometer, farePerMinute, bookingFee, minimumFare
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let capacity = try container.decode(Int.self, forKey: .capacity)
        do {
            try self.init(
                id: try container.decode(ID.self, forKey: .id),
                name: try container.decode(LocalizedText.self, forKey: .name),
                capacity: capacity,
                baseFare: try container.decode(Decimal.self, forKey: .baseFare),
                farePerKilometer: try container.decode(Decimal.self, forKey: .farePerKilometer),
                farePerMinute: try container.decode(Decimal.self, forKey: .farePerMinute),
                bookingFee: try container.decode(Decimal.self, forKey: .bookingFee),
                minimumFare: try container.decode(Decimal.self, forKey: .minimumFare))
        } catch let error as RideTypeError {
            let key: CodingKeys =
                switch error {
                case .capacityOutOfRange: .capacity
                case .amountOutOfRange(let field, _): CodingKeys(stringValue: field) ?? .minimumFare
                case .minimumBelowBase: .minimumFare
                }
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.description)
        }
    }
}

/// Why a ride type was refused.
public enum RideTypeError: Error, Hashable, Sendable, CustomStringConvertible {
    case capacityOutOfRange(Int)
    /// An amount is negative, not a number, or absurdly large (a billion or more).
    case amountOutOfRange(field: String, amount: Decimal)
    case minimumBelowBase(minimumFare: Decimal, baseAndFee: Decimal)

    public var description: String {
        switch self {
        case .capacityOutOfRange(let capacity): "capacity must be from 1 to 60 passengers, got \(capacity)"
        case .amountOutOfRange(let field, let amount):
            "\(field) must be an amount from 0 to less than 1,000,000,000, got \(amount)"
        case .minimumBelowBase(let minimumFare, let baseAndFee):
            "minimumFare \(minimumFare) is below baseFare + bookingFee = \(baseAndFee), "
                + "the price of a ride of zero length; make it at least that"
        }
    }
}
