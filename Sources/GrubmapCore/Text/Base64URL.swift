import Foundation

/// Base64 with the URL- and cookie-safe alphabet and no padding (RFC 4648, section 5), as tokens are written.
public enum Base64URL {
    /// `bytes` as base64url without `=` padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
