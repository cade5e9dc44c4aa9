import Foundation

/// A currency as Grubmap prices and shows fares in it: its ISO 4217 code, how prices round, and how people read them.
///
/// Amounts are `Decimal` in the currency's major unit (dollars, won), never binary floating point, so `0.10 + 0.20`
/// is exactly `0.30` and a fare never drifts by a cent.
public struct Currency: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The ISO 4217 code, three uppercase letters, like `KRW`.
    public let code: String
    /// Digits after the decimal point in ISO 4217 (2 for USD, 0 for KRW and JPY, 3 for KWD).
    public let minorUnits: Int
    /// The step prices round to: 0.01 for USD, 100 for KRW (Korean fares move in 100-won steps).
    public let roundingIncrement: Decimal
    /// The symbol written before the amount (`$`, `₩`), or `nil` to write the code instead (`CHF 12.50`).
    public let symbol: String?

    /// The currency for an ISO 4217 code; throws unless `code` is three ASCII letters (case is ignored).
    ///
    /// USD, EUR, GBP, JPY and KRW have their symbols; KRW rounds to 100 won. Any other code rounds to its ISO 4217
    /// minor unit (2 digits unless the code is in the standard's short lists of 0-, 3- and 4-digit currencies).
    public init(code: String) throws(CurrencyError) {
        let upper = code.uppercased()
        guard upper.utf8.count == 3, upper.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
        else { throw .invalidCode(String(code.prefix(16))) }
        let minorUnits = Self.isoMinorUnits[upper] ?? 2
        self.code = upper
        self.minorUnits = minorUnits
        self.roundingIncrement =
            Self.cashIncrements[upper] ?? Decimal(sign: .plus, exponent: -minorUnits, significand: 1)
        self.symbol = Self.symbols[upper]
    }

    public var description: String { code }

    /// Rounds `amount` to ``roundingIncrement``, half up: 12.345 → 12.35 USD, 12,449 → 12,400 and 12,450 → 12,500 KRW.
    ///
    /// Fares are never negative; for a negative amount a tie rounds away from zero.
    public func rounded(_ amount: Decimal) -> Decimal {
        var steps = amount / roundingIncrement
        var whole = Decimal()
        NSDecimalRound(&whole, &steps, 0, .plain)
        return whole * roundingIncrement
    }

    /// The amount as people read it: `$12.50`, `₩12,500`, `CHF 12.50`; thousands grouped with commas.
    ///
    /// The amount is rounded to the currency's minor units first. English and Korean write amounts the same way;
    /// `language` is taken so that a later language can differ.
    public func format(_ amount: Decimal, language: Language) -> String {
        var scaled = amount * Decimal(sign: .plus, exponent: minorUnits, significand: 1)
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        let minor = NSDecimalNumber(decimal: whole).int64Value
        let digits = String(minor.magnitude)
        let padded = String(repeating: "0", count: max(0, minorUnits + 1 - digits.count)) + digits
        let integerPart = padded.dropLast(minorUnits)
        var grouped = ""
        for (index, character) in integerPart.enumerated() {
            if index > 0 && (integerPart.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        let number = minorUnits > 0 ? grouped + "." + padded.suffix(minorUnits) : grouped
        let sign = minor < 0 ? "-" : ""
        if let symbol { return sign + symbol + number }
        return sign + code + "\u{A0}" + number
    }

    /// A price range as people read it: `$12.50–$15.00` in English, `₩12,500~₩15,000` in Korean, or one price
    /// when both ends format the same.
    public func formatRange(low: Decimal, high: Decimal, language: Language) -> String {
        let from = format(low, language: language)
        let to = format(high, language: language)
        return from == to ? from : from + Self.rangeSeparator(language) + to
    }

    /// What stands between the ends of a range: an en dash in English, a tilde in Korean.
    public static func rangeSeparator(_ language: Language) -> String {
        switch language {
        case .english: "–"
        case .korean: "~"
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            try self.init(code: try container.decode(String.self))
        } catch let error as CurrencyError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }

    /// ISO 4217 currencies whose minor unit is not 2 digits (the rest, and unknown codes, use 2).
    private static let isoMinorUnits: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0, "RWF": 0,
        "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
        "CLF": 4, "UYW": 4,
    ]

    /// Currencies whose prices round to a coarser step than their minor unit.
    private static let cashIncrements: [String: Decimal] = ["KRW": 100]

    private static let symbols: [String: String] = ["USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "KRW": "₩"]
}

/// Why a currency was refused.
public enum CurrencyError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidCode(String)

    public var description: String {
        switch self {
        case .invalidCode(let text): "\"\(text)\" is not an ISO 4217 currency code (three letters, like USD)"
        }
    }
}
