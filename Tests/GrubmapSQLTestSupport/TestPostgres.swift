import Foundation
import GrubmapSQL
import Testing

/// The PostgreSQL server the tests may use: `GRUBMAP_TEST_POSTGRES_URL`, which `make test` sets to a throwaway
/// cluster (scripts/postgres-test-cluster). Without it the PostgreSQL tests are skipped, and say so.
public enum TestPostgres {
    /// The server's URL, or `nil` when none was given.
    public static let url = ProcessInfo.processInfo.environment["GRUBMAP_TEST_POSTGRES_URL"].flatMap {
        $0.isEmpty ? nil : $0
    }

    /// Whether PostgreSQL tests can run.
    public static var isAvailable: Bool { url != nil }

    /// The trait of every PostgreSQL-only suite.
    public static let enabled: ConditionTrait = .enabled(
        if: isAvailable,
        "GRUBMAP_TEST_POSTGRES_URL is not set; run make test, or scripts/postgres-test-cluster run swift test")

    /// The URL of another database on the same server.
    public static func url(database: String) -> String {
        let base = url ?? "postgresql://"
        return base + (base.contains("?") ? "&" : "?") + "dbname=" + database
    }

    /// A configuration for the server's own `postgres` database.
    public static func configuration(timeoutSeconds: Double = 10, maximumConnections: Int = 4) -> PostgresConfiguration
    {
        PostgresConfiguration(url: url ?? "", timeoutSeconds: timeoutSeconds, maximumConnections: maximumConnections)
    }

    /// Runs `body` with a configuration for a fresh, empty database (created from `template0` under a random name),
    /// dropped afterwards with every connection to it.
    public static func withDatabase<T>(
        timeoutSeconds: Double = 10, maximumConnections: Int = 4, _ body: (PostgresConfiguration) throws -> T
    ) throws -> T {
        let name = "grubmap_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgresConnection(configuration: configuration())
        try admin.execute("CREATE DATABASE \(sql: .identifier(name)) TEMPLATE template0 ENCODING 'UTF8'")
        defer { try? admin.execute("DROP DATABASE IF EXISTS \(sql: .identifier(name)) WITH (FORCE)") }
        return try body(
            PostgresConfiguration(
                url: url(database: name), timeoutSeconds: timeoutSeconds, maximumConnections: maximumConnections))
    }
}
