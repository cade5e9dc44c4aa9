/// A coding key for any name, to find fields a body may not have.
package struct AnyCodingKey: CodingKey {
    package let stringValue: String
    package var intValue: Int? { nil }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

extension Decoder {
    /// Throws naming the first field of the object that is not in `known`: a misspelt field is an error, not
    /// silently ignored.
    package func refuseFields(otherThan known: Set<String>, message: (String) -> String) throws {
        let container = try container(keyedBy: AnyCodingKey.self)
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [AnyCodingKey(stringValue: unknown)], debugDescription: message(unknown)))
        }
    }
}
