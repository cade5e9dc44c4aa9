import Foundation

/// Base64 with the URL- and cookie-safe alphabet and no padding (RFC 4648, section 5), as tokens are written.
public enum Base64URL {
    /// `bytes` as base64url without `=` padding: each three bytes as four letters of ``alphabet``, a last one or two
    /// as two or three. Written out here rather than by Foundation's base64 and three `replacingOccurrences`, which
    /// cost some 100,000 instructions for a list's "More" link.
    public static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for letter in 0...count { text.append(alphabet[Int(group >> (18 - 6 * letter)) & 63]) }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The 64 letters, in the order of their values.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
}

extension Base64URL {
    /// The bytes of base64url text without padding; `nil` for text that is not base64url.
    public static func decode(_ text: String) -> [UInt8]? {
        guard
            text.utf8.allSatisfy({ byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }), text.utf8.count % 4 != 1
        else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }
}
