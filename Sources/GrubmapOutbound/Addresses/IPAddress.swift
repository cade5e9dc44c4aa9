#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address, as the bits a socket connects to.
public enum IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// Network order read as a number: `127.0.0.1` is `0x7f00_0001`.
    case v4(UInt32)
    /// Network order read as a number: `::1` is `1`.
    case v6(UInt128)

    /// An address written as text (`192.0.2.1`, `2001:db8::1`, `::ffff:10.0.0.1`), read by the C library's
    /// `inet_pton`; `nil` for anything else (names, brackets, zone ids, the short IPv4 forms like `127.1`).
    public init?(_ text: String) {
        var four = in_addr()
        if inet_pton(AF_INET, text, &four) == 1 {
            self = .v4(UInt32(bigEndian: four.s_addr))
            return
        }
        var sixteen = in6_addr()
        guard inet_pton(AF_INET6, text, &sixteen) == 1 else { return nil }
        self.init(bytes: withUnsafeBytes(of: &sixteen) { Array($0) })
    }

    /// An address from its 4 or 16 bytes in network order; `nil` for any other count.
    public init?(bytes: some Collection<UInt8>) {
        switch bytes.count {
        case 4: self = .v4(bytes.reduce(0) { $0 << 8 | UInt32($1) })
        case 16: self = .v6(bytes.reduce(0) { $0 << 8 | UInt128($1) })
        default: return nil
        }
    }

    /// The usual text form (`inet_ntop`): `10.0.0.1`, `2001:db8::1`, `::ffff:10.0.0.1`.
    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch self {
        case .v4(let value):
            var address = in_addr(s_addr: value.bigEndian)
            inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
        case .v6(let value):
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { bytes in
                for index in 0..<16 { bytes[index] = UInt8(truncatingIfNeeded: value >> (8 * (15 - index))) }
            }
            inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
