import GrubmapOutbound

/// `--allow-outbound URL-PREFIX`, repeatable, on every command that fetches from other servers: the internal
/// addresses an operator (or a test) lets Grubmap's outbound client reach.
enum OutboundOptions {
    static let allowOutbound = Option(
        "allow-outbound", "URL-PREFIX",
        ValueParser { text throws(OptionProblem) in
            do {
                _ = try OutboundAllowList([text])
            } catch {
                throw .refused("\(error)")
            }
            return text
        },
        help: "Let fetches reach this address although it is not public, like http://127.0.0.1:8081/feeds/ (its "
            + "scheme, host and port, and paths under its path); repeatable. Without it Grubmap fetches only from "
            + "public addresses: never loopback, private, link-local (cloud metadata), carrier-grade NAT, multicast "
            + "or reserved ones")

    /// The outbound client the command fetches with.
    static func client(_ options: Arguments) throws(UsageError) -> CurlClient {
        do {
            return CurlClient(allowList: try OutboundAllowList(options.all(allowOutbound)))
        } catch {
            throw UsageError("grubmap \(options.command): --allow-outbound: \(error)")
        }
    }
}
