import Foundation
import GrubmapCore
import GrubmapStore

/// Everything the web layer needs from outside, passed in explicitly: no globals, so tests control time,
/// randomness and storage.
public struct AppEnvironment: Sendable {
    /// Where data lives.
    public var store: any Store
    /// The current time.
    public var now: @Sendable () -> Date
    /// `count` cryptographically random bytes.
    public var randomBytes: @Sendable (Int) -> [UInt8]
    public var configuration: AppConfiguration
    /// Writes one line to the operator's log.
    public var log: @Sendable (String) -> Void

    public init(
        store: any Store, now: @escaping @Sendable () -> Date = { Date() },
        randomBytes: @escaping @Sendable (Int) -> [UInt8] = AppEnvironment.systemRandomBytes,
        configuration: AppConfiguration = AppConfiguration(), log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.store = store
        self.now = now
        self.randomBytes = randomBytes
        self.configuration = configuration
        self.log = log
    }

    /// Random bytes from the system's generator.
    public static let systemRandomBytes: @Sendable (Int) -> [UInt8] = { count in
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}

/// Settings an operator chooses when starting Grubmap.
public struct AppConfiguration: Sendable, Equatable {
    /// The area `/` opens when a person has not picked one; `nil` means the first area by id.
    public var defaultAreaID: Area.ID?

    public init(defaultAreaID: Area.ID? = nil) {
        self.defaultAreaID = defaultAreaID
    }
}
