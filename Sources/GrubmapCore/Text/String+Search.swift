extension StringProtocol {
    /// Whether `needle` occurs in the text, compared as UTF-8 bytes: what Foundation's `contains` answers for the
    /// same (normalized) text, without bridging to `NSString` on every call, which made reading a menu's words the
    /// most expensive part of a page. A UTF-8 match always starts on a character's first byte, as continuation
    /// bytes never equal a first byte.
    func containsBytes(of needle: String) -> Bool {
        let haystack = Array(utf8)
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty else { return true }
        guard pattern.count <= haystack.count else { return false }
        for start in 0...(haystack.count - pattern.count) where haystack[start] == pattern[0] {
            if haystack[start..<(start + pattern.count)].elementsEqual(pattern) { return true }
        }
        return false
    }
}
