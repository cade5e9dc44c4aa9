extension KeyedDecodingContainer {
    /// A field that must be one of a closed set of text values; anything else is refused naming the choices.
    func decodeChoice<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type, forKey key: Key) throws -> Choice
    where Choice.RawValue == String {
        let text = try decodeIfPresent(String.self, forKey: key)
        guard let text, let choice = Choice(rawValue: text) else {
            let choices = Choice.allCases.map(\.rawValue)
            let list = choices.dropLast().joined(separator: ", ") + (choices.count > 1 ? " or " : "") + choices.last!
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected \(list)")
        }
        return choice
    }
}
