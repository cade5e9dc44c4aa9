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
        Migration(
            version: 3, name: "create menus",
            sql: """
                CREATE TABLE menu_days (
                    place_id TEXT NOT NULL REFERENCES places (id) ON DELETE CASCADE,
                    date TEXT NOT NULL, -- YYYY-MM-DD on the place's area's calendar
                    closed INTEGER NOT NULL, -- 1: closed all day; 0: serving, with meals below
                    currency TEXT NOT NULL, -- ISO 4217: the unit of the prices' amount_minor
                    note TEXT, -- a remark for the whole day, or NULL
                    PRIMARY KEY (place_id, date)
                );
                CREATE TABLE menu_meals (
                    place_id TEXT NOT NULL,
                    date TEXT NOT NULL,
                    category_position INTEGER NOT NULL, -- 0, 1, … in menu order
                    category TEXT NOT NULL,
                    position INTEGER NOT NULL, -- 0, 1, … within the category
                    name TEXT NOT NULL,
                    notes TEXT NOT NULL, -- JSON array of strings
                    PRIMARY KEY (place_id, date, category_position, position),
                    FOREIGN KEY (place_id, date) REFERENCES menu_days (place_id, date) ON DELETE CASCADE
                );
                CREATE TABLE menu_prices (
                    place_id TEXT NOT NULL,
                    date TEXT NOT NULL,
                    category_position INTEGER NOT NULL,
                    meal_position INTEGER NOT NULL,
                    role TEXT NOT NULL, -- student, employee, pupil or other
                    amount_minor BIGINT NOT NULL, -- exact, in the day's currency's minor units (won, cents)
                    PRIMARY KEY (place_id, date, category_position, meal_position, role),
                    FOREIGN KEY (place_id, date, category_position, meal_position)
                        REFERENCES menu_meals (place_id, date, category_position, position) ON DELETE CASCADE
                );
                """),
        Migration(
            version: 4, name: "create profiles and check-ins",
            sql: """
                CREATE TABLE profiles (
                    id TEXT PRIMARY KEY,
                    session_token TEXT NOT NULL UNIQUE REFERENCES sessions (token) ON DELETE CASCADE,
                    first_name TEXT NOT NULL,
                    last_name TEXT NOT NULL,
                    company TEXT NOT NULL,
                    bio TEXT NOT NULL,
                    avatar BLOB,
                    avatar_type TEXT
                );
                CREATE TABLE check_ins (
                    profile_id TEXT PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
                    place_id TEXT NOT NULL REFERENCES places (id) ON DELETE CASCADE,
                    started_at BIGINT NOT NULL, -- seconds since 1970
                    expires_at BIGINT NOT NULL
                );
                CREATE INDEX check_ins_place ON check_ins (place_id, expires_at);
                """),
        // Every change to areas or places, by Grubmap or by hand, moves the catalog's version, so servers can
        // keep the decoded catalog in memory and reread it only when it moved.
        Migration(
            version: 5, name: "count changes to areas and places",
            sql: """
                CREATE TABLE catalog_version (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    version BIGINT NOT NULL
                );
                INSERT INTO catalog_version (id, version) VALUES (1, 0);
                CREATE TRIGGER areas_inserted AFTER INSERT ON areas BEGIN
                    UPDATE catalog_version SET version = version + 1 WHERE id = 1;
                END;
                CREATE TRIGGER areas_updated AFTER UPDATE ON areas BEGIN
                    UPDATE catalog_version SET version = version + 1 WHERE id = 1;
                END;
                CREATE TRIGGER areas_deleted AFTER DELETE ON areas BEGIN
                    UPDATE catalog_version SET version = version + 1 WHERE id = 1;
                END;
                CREATE TRIGGER places_inserted AFTER INSERT ON places BEGIN
                    UPDATE catalog_version SET version = version + 1 WHERE id = 1;
                END;
                CREATE TRIGGER places_updated AFTER UPDATE ON places BEGIN
                    UPDATE catalog_version SET version = version + 1 WHERE id = 1;
                END;
                CREATE TRIGGER places_deleted AFTER DELETE ON places BEGIN
                    UPDATE catalog_version SET version = version + 1 WHERE id = 1;
                END;
                """,
            postgreSQL: """
                CREATE TABLE catalog_version (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    version BIGINT NOT NULL
                );
                INSERT INTO catalog_version (id, version) VALUES (1, 0);
                CREATE FUNCTION grubmap_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    UPDATE catalog_version SET version = version + 1 WHERE id = 1;
                    RETURN NULL;
                END
                $$;
                CREATE TRIGGER areas_changed AFTER INSERT OR UPDATE OR DELETE ON areas
                    FOR EACH STATEMENT EXECUTE FUNCTION grubmap_catalog_changed();
                CREATE TRIGGER places_changed AFTER INSERT OR UPDATE OR DELETE ON places
                    FOR EACH STATEMENT EXECUTE FUNCTION grubmap_catalog_changed();
                """),
        Migration(
            version: 6, name: "keep the servers' signing secret",
            sql: """
                CREATE TABLE server_secret (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    secret BLOB NOT NULL
                );
                """),
        Migration(
            version: 7, name: "store session tokens as their SHA-256",
            sql: hashSessionTokens { "grubmap_sha256_hex(\($0))" },
            postgreSQL: hashSessionTokens { "encode(sha256(convert_to(\($0), 'UTF8')), 'hex')" }),
        Migration(
            version: 8, name: "create the operator console's tables",
            sql: console(serialKey: "INTEGER PRIMARY KEY"),
            postgreSQL: SQLDialect.postgreSQL.migrationSQL(console(serialKey: "BIGSERIAL PRIMARY KEY"))),
    ]

    /// Operators and what they run: their accounts, areas, sessions and failed sign-ins; the audit log; API keys;
    /// menu feeds; archived places and hidden profiles. Tokens are stored as digests (``TokenDigest``). The audit
    /// log's `id` is the one thing the databases spell differently (`serialKey`): SQLite numbers an `INTEGER PRIMARY
    /// KEY` by itself, PostgreSQL needs `BIGSERIAL`. It refers to nothing, so entries outlive the operators and
    /// places they name.
    private static func console(serialKey: String) -> String {
        """
        CREATE TABLE operators (
            id TEXT PRIMARY KEY,
            email TEXT NOT NULL UNIQUE, -- lower case
            role TEXT NOT NULL, -- editor or admin
            password_hash TEXT, -- Argon2id string, NULL until set up
            totp_secret BLOB, -- NULL without a second factor
            totp_last_step BIGINT, -- the last TOTP step accepted, so a code works once
            setup_token TEXT UNIQUE, -- digest of the one-time set-up link's token
            setup_expires_at BIGINT,
            setup_used_at BIGINT,
            created_at BIGINT NOT NULL
        );
        CREATE TABLE operator_areas (
            operator_id TEXT NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
            area_id TEXT NOT NULL REFERENCES areas (id) ON DELETE CASCADE,
            PRIMARY KEY (operator_id, area_id)
        );
        CREATE TABLE operator_sessions (
            token TEXT PRIMARY KEY, -- digest
            operator_id TEXT NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
            csrf_token TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            last_seen_at BIGINT NOT NULL,
            expires_at BIGINT NOT NULL -- the earlier of idle and absolute end, as of last_seen_at
        );
        CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);
        CREATE INDEX operator_sessions_expires_at ON operator_sessions (expires_at);
        CREATE TABLE sign_in_failures (
            key TEXT PRIMARY KEY, -- account:EMAIL or address:IP
            failures INTEGER NOT NULL,
            last_failure_at BIGINT NOT NULL
        );
        CREATE TABLE audit_log (
            id \(serialKey),
            at BIGINT NOT NULL,
            actor TEXT NOT NULL,
            actor_name TEXT NOT NULL,
            area_id TEXT, -- NULL: not about one area
            action TEXT NOT NULL,
            subject TEXT NOT NULL,
            before_value TEXT,
            after_value TEXT
        );
        CREATE INDEX audit_log_area ON audit_log (area_id, id);
        CREATE INDEX audit_log_at ON audit_log (at);
        CREATE TABLE api_keys (
            id TEXT PRIMARY KEY,
            token TEXT NOT NULL UNIQUE, -- digest
            area_id TEXT NOT NULL REFERENCES areas (id) ON DELETE CASCADE,
            scope TEXT NOT NULL, -- read or write
            label TEXT NOT NULL,
            created_by TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            last_used_at BIGINT,
            revoked_at BIGINT
        );
        CREATE TABLE menu_feeds (
            place_id TEXT PRIMARY KEY REFERENCES places (id) ON DELETE CASCADE,
            url TEXT NOT NULL,
            etag TEXT,
            last_modified TEXT,
            next_fetch_at BIGINT NOT NULL,
            failures INTEGER NOT NULL DEFAULT 0, -- in a row, for the backoff
            last_fetch_at BIGINT,
            last_result TEXT, -- imported, unchanged or failed
            last_message TEXT, -- what happened, in words
            last_success_at BIGINT,
            lease_owner TEXT, -- the server fetching it now
            lease_until BIGINT
        );
        CREATE INDEX menu_feeds_due ON menu_feeds (next_fetch_at);
        ALTER TABLE places ADD COLUMN archived_at BIGINT;
        ALTER TABLE profiles ADD COLUMN hidden_at BIGINT;
        ALTER TABLE profiles ADD COLUMN hidden_reason TEXT;
        """
    }

    /// Replaces every stored session token, and the `session_token`s that refer to it, by its ``TokenDigest`` (64 hex
    /// digits; tokens Grubmap made are 43 characters), so existing cookies and bearer tokens keep working while the
    /// database holds no token. Each session is copied under its digest before the rows that refer to it move, and
    /// only then deleted: the foreign keys (which neither database lets an `UPDATE` of the key cascade to) hold at
    /// every statement. `sha256` is how the database computes the digest of a column.
    private static func hashSessionTokens(_ sha256: (String) -> String) -> String {
        """
        INSERT INTO sessions (token, csrf_token, created_at, expires_at)
            SELECT \(sha256("token")), csrf_token, created_at, expires_at FROM sessions WHERE length(token) <> 64;
        UPDATE preferences SET session_token = \(sha256("session_token")) WHERE length(session_token) <> 64;
        UPDATE profiles SET session_token = \(sha256("session_token")) WHERE length(session_token) <> 64;
        DELETE FROM sessions WHERE length(token) <> 64;
        """
    }

    /// A migrator for ``migrations``.
    public static var migrator: Migrator { Migrator(migrations: migrations) }
}
