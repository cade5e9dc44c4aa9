import Foundation

extension String {
    /// Whether the text has a NUL byte, which C strings cannot carry. Found with `memchr`: every statement's text is
    /// checked before it is sent, and a byte-by-byte `utf8.contains(0)` cost a check-in's two statements some
    /// 20,000 instructions.
    var containsNUL: Bool {
        var copy = self
        return copy.withUTF8 { bytes in
            bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false
        }
    }
}
