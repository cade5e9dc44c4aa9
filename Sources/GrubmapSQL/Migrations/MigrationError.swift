/// Why migrating was refused.
public enum MigrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The database was migrated by a newer Grubmap than this one; nothing was changed.
    case schemaTooNew(databaseVersion: Int, newestKnownVersion: Int)

    public var description: String {
        switch self {
        case .schemaTooNew(let databaseVersion, let newestKnownVersion):
            "database schema version \(databaseVersion) is newer than this grubmap (\(newestKnownVersion)); "
                + "upgrade grubmap"
        }
    }
}
