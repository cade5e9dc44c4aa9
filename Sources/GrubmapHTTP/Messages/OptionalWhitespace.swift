extension StringProtocol {
    /// The text without the spaces and tabs around it: HTTP's optional whitespace (RFC 9110 section 5.6.3), which
    /// is all that surrounds a header's value or its list items. Read on bytes, not through Foundation's
    /// `trimmingCharacters(in:)`, which bridges to `NSString` and cost a check-in about 3% of its CPU.
    public func trimmingOptionalWhitespace() -> Substring {
        let text = Substring(self)
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = text.utf8.firstIndex(where: { !isSpace($0) }),
            let last = text.utf8.lastIndex(where: { !isSpace($0) })
        else { return text[text.endIndex...] }
        return text[first...last]
    }
}
