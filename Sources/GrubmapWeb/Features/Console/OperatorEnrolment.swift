import Foundation
import GrubmapCore
import GrubmapStore

/// Makes operators and their one-time set-up links, for `grubmap operator add|reset` and for admins in the console.
///
/// No mail is sent: whoever makes the operator passes the link on. The link's token is 256 random bits, kept in the
/// database only as its digest, valid for ``linkLifetime`` and good for one use.
public struct OperatorEnrolment: Sendable {
    /// How long a set-up link works.
    public static let linkLifetime: TimeInterval = 24 * 3600

    let store: any OperatorStore
    let randomBytes: @Sendable (Int) -> [UInt8]

    public init(store: any OperatorStore, randomBytes: @escaping @Sendable (Int) -> [UInt8]) {
        self.store = store
        self.randomBytes = randomBytes
    }

    /// A new link: the token to print and when it stops working.
    public struct Link: Sendable {
        public let token: String
        public let expiresAt: Date

        /// The link's address under `baseURL` (`https://grubmap.example.org`).
        public func url(baseURL: String) -> String {
            var base = baseURL
            while base.hasSuffix("/") { base.removeLast() }
            return base + Paths.Console.setup(query: [("token", token)])
        }
    }

    /// Adds an operator for `email` with `role` in `areaIDs`; throws ``OperatorError`` for a bad address or no area,
    /// and the store's ``StoreError`` for a taken address or an unknown area.
    public func add(email: String, role: Operator.Role, areaIDs: [Area.ID], by actor: Actor, now: Date) throws
        -> (account: Operator, link: Link)
    {
        let address = try Operator.normalizedEmail(email)
        guard !areaIDs.isEmpty else { throw OperatorError.noAreas }
        let account = Operator(
            id: try Operator.ID(Hex.encode(randomBytes(12))), email: address, role: role, areaIDs: areaIDs,
            createdAt: now)
        let link = makeLink(now: now)
        try store.createOperator(
            account, setupToken: link.token, setupExpiresAt: link.expiresAt,
            audit: actor.audit(
                "operator.add", subject: address, area: areaIDs.count == 1 ? areaIDs.first : nil, at: now, before: nil,
                after: Self.summary(account)))
        return (account, link)
    }

    /// A new link for an operator, whose password, second factor and sessions end.
    public func reset(_ account: Operator, by actor: Actor, now: Date) throws -> Link {
        let link = makeLink(now: now)
        try store.resetOperator(
            id: account.id, setupToken: link.token, setupExpiresAt: link.expiresAt,
            audit: actor.audit(
                "operator.reset", subject: account.email, area: nil, at: now, before: nil, after: "new set-up link"))
        return link
    }

    private func makeLink(now: Date) -> Link {
        Link(token: Base64URL.encode(randomBytes(32)), expiresAt: now.addingTimeInterval(Self.linkLifetime))
    }

    /// `editor of pnu-busan, pnu-miryang`, as the audit log and the command line say it.
    public static func summary(_ account: Operator) -> String {
        "\(account.role.rawValue) of \(account.areaIDs.map(\.rawValue).joined(separator: ", "))"
    }
}

/// Who makes a change, as the audit log records them.
public struct Actor: Sendable, Hashable {
    /// An operator's id, `cli`, or `api-key:ID`.
    public let id: String
    /// An address, `command line`, or a key's label.
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// Whoever runs `grubmap` on the server.
    public static let commandLine = Actor(id: "cli", name: "command line")

    /// An operator signed in to the console.
    public init(_ account: Operator) {
        self.init(id: account.id.rawValue, name: account.email)
    }

    /// The audit entry of a change this actor makes now.
    public func audit(
        _ action: String, subject: String, area: Area.ID?, at date: Date, before: String?, after: String?
    ) -> AuditEntry {
        AuditEntry(
            at: date, actor: id, actorName: name, areaID: area, action: action, subject: subject, before: before,
            after: after)
    }
}
