/// A place people gather, such as a convention center or a university campus, with the places to eat around it.
public struct Area: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = Slug<Area>

    /// The stable id, like `pnu-busan`.
    public var id: ID
    /// The area's name per language.
    public var name: LocalizedText
    /// A short name per language for tight spaces such as the area switcher ("PNU Busan"); `nil` means ``name``.
    public var shortName: LocalizedText?
    /// The point the map centers on and distances are measured from when the person's position is unknown.
    public var center: Coordinate
    /// The rectangle the map shows.
    public var bounds: Bounds
    /// An IANA time zone name, like `Asia/Seoul`: the area's clock decides "today".
    public var timeZone: String
    /// An ISO 4217 currency code, like `KRW`.
    public var currency: String
    /// A BCP 47 locale, like `ko-KR`, for the area's own formats.
    public var locale: String
    /// What rides in the area cost, or `nil` when the organiser gave no rates (then no estimates are shown).
    public var fareSchedule: FareSchedule?

    /// The language people on site read signs in: the locale's language subtag (`ko` for `ko-KR`).
    public var localLanguage: String {
        String(locale.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    public init(
        id: ID, name: LocalizedText, center: Coordinate, bounds: Bounds, timeZone: String, currency: String,
        locale: String, shortName: LocalizedText? = nil, fareSchedule: FareSchedule? = nil
    ) {
        self.id = id
        self.name = name
        self.shortName = shortName
        self.center = center
        self.bounds = bounds
        self.timeZone = timeZone
        self.currency = currency
        self.locale = locale
        self.fareSchedule = fareSchedule
    }
}
