/// Somewhere to eat in an area: a restaurant, a café, a campus cafeteria or a dormitory restaurant.
public struct Place: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = Slug<Place>

    /// What kind of place it is.
    public enum Kind: String, CaseIterable, Codable, Sendable {
        case restaurant, cafeteria, cafe, dormitory
    }

    /// The stable id, like `geumjeong-hall`; unique across all areas.
    public var id: ID
    /// The area the place belongs to.
    public var areaID: Area.ID
    /// The place's name per language.
    public var name: LocalizedText
    public var kind: Kind
    public var coordinate: Coordinate
    /// The street address as written locally, or `nil` when unknown.
    public var address: String?
    /// A phone number as written for people (`+1 408-292-7030`), or `nil`.
    public var phone: String?
    /// An `http` or `https` URL, or `nil`.
    public var website: String?
    /// A short description per language, or `nil`.
    public var description: LocalizedText?
    /// When the place is open; empty when not known.
    public var openingHours: OpeningHours
    /// How many people the place seats (``seatRange``), or `nil` when not known: without it, busyness shows only how
    /// many are checked in. Set by operators; a document written before seats existed decodes with `nil`.
    public var seats: Int?

    /// The seats a place may have.
    public static let seatRange = 1...100_000

    public init(
        id: ID, areaID: Area.ID, name: LocalizedText, kind: Kind, coordinate: Coordinate, address: String? = nil,
        phone: String? = nil, website: String? = nil, description: LocalizedText? = nil,
        openingHours: OpeningHours = OpeningHours(), seats: Int? = nil
    ) {
        self.id = id
        self.areaID = areaID
        self.name = name
        self.kind = kind
        self.coordinate = coordinate
        self.address = address
        self.phone = phone
        self.website = website
        self.description = description
        self.openingHours = openingHours
        self.seats = seats
    }

    /// The phone number as a `tel:` URI (RFC 3966): `+` and digits only; `nil` when there are no digits.
    public var telephoneURI: String? {
        guard let phone else { return nil }
        let digits = phone.filter { $0.isASCII && ($0.isNumber || $0 == "+") }
        return digits.contains(where: \.isNumber) ? "tel:\(digits)" : nil
    }
}
