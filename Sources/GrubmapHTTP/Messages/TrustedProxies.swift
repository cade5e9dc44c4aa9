import GrubmapCore

/// The proxies whose forwarding headers name the client (`grubmap serve --trusted-proxy`), and how a request's client
/// address and scheme are read through them.
///
/// From any other peer the forwarding headers (`X-Forwarded-For`, `Forwarded`, `X-Real-IP`, `X-Forwarded-Proto`)
/// are ignored: the client is the peer, whatever it wrote. From a trusted peer, one header is read: `X-Forwarded-For`
/// when the request has one, else `Forwarded` (RFC 7239, its `for=` parameters), else `X-Real-IP`. Its addresses are a
/// chain, client first and each proxy appending the address it heard from; the client is the right-most address that
/// is not itself a trusted proxy. Anything left of that was written by the client and is never believed. An entry
/// that is not an address (`unknown`, an obfuscated `_name`, garbage) where the chain is still trusted ends the walk:
/// the trusted proxy that wrote it is then the client, so no one gains an address of their choosing.
public struct TrustedProxies: Hashable, Sendable {
    /// The trusted blocks; empty trusts no one.
    public let ranges: [IPRange]

    /// No trusted proxies: every forwarding header is ignored.
    public static let none = TrustedProxies([])

    public init(_ ranges: [IPRange]) {
        self.ranges = ranges
    }

    /// The forwarding headers that name a client.
    public static let addressHeaders = ["X-Forwarded-For", "Forwarded", "X-Real-IP"]

    /// Whether `address` (text, as a socket or a header gives it) is a trusted proxy.
    public func trusts(_ address: String) -> Bool {
        guard !ranges.isEmpty, let parsed = IPAddress(address) else { return false }
        return trusts(parsed)
    }

    func trusts(_ address: IPAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The client's address: the peer's, or through trusted proxies the right-most untrusted address of the chain.
    /// Written canonically (IPv4-mapped peers as IPv4), so one client has one spelling.
    public func clientAddress(peer: String, headers: Headers) -> String {
        guard let peerAddress = IPAddress(peer)?.unmapped else { return peer }
        var current = peerAddress
        guard trusts(current), let chain = Self.chain(headers) else { return current.description }
        for entry in chain.reversed() {
            guard trusts(current), let address = entry?.unmapped else { break }
            current = address
        }
        return current.description
    }

    /// Whether the request came over HTTPS: to this server itself, or, said with `X-Forwarded-Proto: https` by a
    /// trusted proxy that received it so.
    public func isSecure(_ request: Request) -> Bool {
        if request.isTLS { return true }
        guard trusts(request.remoteAddress), let proto = request.headers.values(for: "X-Forwarded-Proto").last else {
            return false
        }
        // A chain of proxies appends; the last one is the scheme the nearest proxy was reached over.
        let last = proto.split(separator: ",").last.map { $0.trimmingOptionalWhitespace() } ?? ""
        return last.lowercased() == "https"
    }

    /// The chain of the first forwarding header the request has, left to right; `nil` entries are not addresses.
    /// `nil` when the request has none of them.
    static func chain(_ headers: Headers) -> [IPAddress?]? {
        let forwardedFor = headers.values(for: "X-Forwarded-For")
        if !forwardedFor.isEmpty {
            return forwardedFor.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map {
                address(in: $0)
            }
        }
        let forwarded = headers.values(for: "Forwarded")
        if !forwarded.isEmpty { return forwarded.flatMap(forwardedFor(in:)) }
        let realIP = headers.values(for: "X-Real-IP")
        if !realIP.isEmpty { return realIP.map { address(in: Substring($0)) } }
        return nil
    }

    /// The address in one entry: `192.0.2.1`, `2001:db8::1`, with a port (`192.0.2.1:8080`, `[2001:db8::1]:443`) or
    /// in brackets; `nil` for anything else.
    static func address(in entry: Substring) -> IPAddress? {
        let text = entry.trimmingOptionalWhitespace()
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || (rest.count > 1 && rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isASCIIDigit))
            else { return nil }
            return IPAddress(text[text.index(after: text.startIndex)..<close])
        }
        if let address = IPAddress(text) { return address }
        // IPv4 with a port; an IPv6 address without brackets has colons of its own and was read above.
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy(\.isASCIIDigit),
            let address = IPAddress(parts[0]), address.isIPv4
        else { return nil }
        return address
    }

    /// The `for=` address of each element of a `Forwarded` field value (RFC 7239 section 4): elements split by
    /// commas, pairs by semicolons, values a token or a quoted string; an element without `for` gives `nil`.
    static func forwardedFor(in value: String) -> [IPAddress?] {
        var elements: [IPAddress?] = []
        var found: IPAddress??
        var name = ""
        var text = ""
        var isValue = false
        var isQuoted = false
        var isEscaped = false
        func endPair() {
            if isValue, name.trimmingOptionalWhitespace().lowercased() == "for", found == nil {
                found = .some(address(in: Substring(text)))
            }
            name = ""
            text = ""
            isValue = false
        }
        for character in value {
            if isQuoted {
                if isEscaped {
                    text.append(character)
                    isEscaped = false
                } else if character == "\\" {
                    isEscaped = true
                } else if character == "\"" {
                    isQuoted = false
                } else {
                    text.append(character)
                }
                continue
            }
            switch character {
            case "\"" where isValue: isQuoted = true
            case "=" where !isValue: isValue = true
            case ";": endPair()
            case ",":
                endPair()
                elements.append(found ?? nil)
                found = nil
            default:
                if isValue {
                    if !character.isWhitespace { text.append(character) }
                } else {
                    name.append(character)
                }
            }
        }
        endPair()
        elements.append(found ?? nil)
        return elements
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Request {
    /// Whether the request carries any header a proxy uses to name a client (`X-Forwarded-For`, `Forwarded`,
    /// `X-Real-IP`), whoever sent it.
    public var hasForwardingHeaders: Bool {
        TrustedProxies.addressHeaders.contains { self.headers[$0] != nil }
    }
}
