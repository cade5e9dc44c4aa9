/// Grubmap's schema, as the list of its migrations.
///
/// Coordinates are `DOUBLE PRECISION`, not `REAL`: SQLite reads both as 8-byte floats, but in PostgreSQL
/// `REAL` is a 4-byte float that would move a place by up to a metre. Localized text and opening hours are
/// stored as JSON text (`{"en": …, "ko": …}`, `[{"days", "opens", "closes"}]`).
public enum Schema {
    /// Every migration, in version order.
    public static let migrations: [Migration] = [
        Migration(
            version: 1, name: "create areas and places",
            sql: """
                CREATE TABLE areas (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL, -- JSON of LocalizedText
                    short_name TEXT, -- JSON of LocalizedText, or NULL
                    center_latitude DOUBLE PRECISION NOT NULL,
                    center_longitude DOUBLE PRECISION NOT NULL,
                    south DOUBLE PRECISION NOT NULL,
                    west DOUBLE PRECISION NOT NULL,
                    north DOUBLE PRECISION NOT NULL,
                    east DOUBLE PRECISION NOT NULL,
                    time_zone TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    locale TEXT NOT NULL,
                    fare_schedule TEXT -- JSON of FareSchedule (amounts as exact decimals), or NULL
                );
                CREATE TABLE places (
                    id TEXT PRIMARY KEY,
                    area_id TEXT NOT NULL REFERENCES areas (id) ON DELETE CASCADE,
                    name TEXT NOT NULL, -- JSON of LocalizedText
                    kind TEXT NOT NULL,
                    latitude DOUBLE PRECISION NOT NULL,
                    longitude DOUBLE PRECISION NOT NULL,
                    address TEXT,
                    phone TEXT,
                    website TEXT,
                    description TEXT, -- JSON of LocalizedText, or NULL
                    opening_hours TEXT NOT NULL DEFAULT '[]' -- JSON of OpeningHours
                );
                CREATE INDEX places_area_id ON places (area_id);
                """),
        Migration(
            version: 2, name: "create sessions and preferences",
            sql: """
                CREATE TABLE sessions (
                    token TEXT PRIMARY KEY,
                    csrf_token TEXT NOT NULL,
                    created_at BIGINT NOT NULL, -- seconds since 1970
                    expires_at BIGINT NOT NULL
                );
                CREATE INDEX sessions_expires_at ON sessions (expires_at);
                CREATE TABLE preferences (
                    session_token TEXT NOT NULL REFERENCES sessions (token) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    value TEXT NOT NULL, -- JSON
                    PRIMARY KEY (session_token, name)
                );
                """),
    ]

    /// A migrator for ``migrations``.
    public static var migrator: Migrator { Migrator(migrations: migrations) }
}
