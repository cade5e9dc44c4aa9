import GrubmapCore

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
        Migration(version: 4, name: "create profiles and check-ins") { dialect in
            """
            CREATE TABLE profiles (
                id TEXT PRIMARY KEY,
                session_token TEXT NOT NULL UNIQUE REFERENCES sessions (token) ON DELETE CASCADE,
                first_name TEXT NOT NULL,
                last_name TEXT NOT NULL,
                company TEXT NOT NULL,
                bio TEXT NOT NULL,
                avatar \(dialect.blobType),
                avatar_type TEXT
            );
            CREATE TABLE check_ins (
                profile_id TEXT PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
                place_id TEXT NOT NULL REFERENCES places (id) ON DELETE CASCADE,
                started_at BIGINT NOT NULL, -- seconds since 1970
                expires_at BIGINT NOT NULL
            );
            CREATE INDEX check_ins_place ON check_ins (place_id, expires_at);
            """
        },
        // Every change to areas or places, by Grubmap or by hand, moves the catalog's version, so servers can
        // keep the decoded catalog in memory and reread it only when it moved.
        Migration(version: 5, name: "count changes to areas and places") { dialect in
            """
            CREATE TABLE catalog_version (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                version BIGINT NOT NULL
            );
            INSERT INTO catalog_version (id, version) VALUES (1, 0);
            \(countCatalogChanges(dialect))
            """
        },
        Migration(version: 6, name: "keep the servers' signing secret") { dialect in
            """
            CREATE TABLE server_secret (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                secret \(dialect.blobType) NOT NULL
            );
            """
        },
        Migration(version: 7, name: "store session tokens as their SHA-256", sql: hashSessionTokens),
        Migration(version: 8, name: "create the operator console's tables", sql: console),
        // Places by location and by name, and each area's number of places and a rectangle holding them, all kept by
        // the database itself, so every writer (the store, the operator console, an import, SQL by hand) keeps
        // them in step, in the same transaction as the change.
        //
        // SQLite: an R*Tree of each place's point, keyed by the place's rowid (which VACUUM keeps; a test checks),
        // filled from the places there are and kept by triggers. R*Trees store 32-bit floats rounded outwards, so
        // the box they answer for holds every point inside it; the exact coordinates then decide. One trigger
        // does all an insert needs (the catalog's version, the tree, the counts): each trigger program costs, and
        // an import runs it a million times.
        //
        // PostgreSQL: a GiST index on the expression `point(longitude, latitude)`, which answers "inside this box"
        // (`<@`) and nearest first (`<->`, in degrees) by itself. Its triggers run once per statement over their
        // transition tables, so a million-row import updates each area's counts once.
        //
        // Both: the menu days by date, so an area's menus on a day are found from the day's menus (a handful)
        // rather than from the area's places (a city's million); see `SQLStore.menus(inArea:on:)`.
        //
        // Both: the name order of each interface language as an index on an expression (see
        // `LocalizedText.sortKey(in:)`), which the queries repeat word for word so the planner uses it. The counts'
        // rectangle only grows (a deleted place leaves it as it was): it must hold every place, not be the smallest
        // that does.
        Migration(version: 9, name: "index places by location and by name, and count them") { dialect in
            """
            \(indexPlacesByLocation(dialect))
            CREATE TABLE place_stats (
                area_id TEXT PRIMARY KEY REFERENCES areas (id) ON DELETE CASCADE,
                place_count BIGINT NOT NULL,
                south DOUBLE PRECISION NOT NULL,
                north DOUBLE PRECISION NOT NULL,
                west DOUBLE PRECISION NOT NULL,
                east DOUBLE PRECISION NOT NULL
            );
            INSERT INTO place_stats (area_id, place_count, south, north, west, east)
                SELECT area_id, count(*), min(latitude), max(latitude), min(longitude), max(longitude)
                FROM places WHERE archived_at IS NULL GROUP BY area_id;
            \(keepPlaceStats(dialect))
            \(indexPlacesByName(dialect))
            CREATE INDEX menu_days_date ON menu_days (date, place_id);
            """
        },
        // An area's basemap is drawn whole from memory, so it is stored as one row per feature and read in one go;
        // each feature's extent is kept beside it for reading only a view's features should an area outgrow memory.
        Migration(version: 10, name: "keep the areas' basemaps") { dialect in
            """
            CREATE TABLE basemaps (
                area_id TEXT PRIMARY KEY REFERENCES areas (id) ON DELETE CASCADE,
                revision BIGINT NOT NULL, -- a new random number with every import: servers reread when it moves
                source TEXT NOT NULL, -- openstreetmap or schematic
                note TEXT,
                south DOUBLE PRECISION NOT NULL, -- what the features cover
                west DOUBLE PRECISION NOT NULL,
                north DOUBLE PRECISION NOT NULL,
                east DOUBLE PRECISION NOT NULL,
                feature_count BIGINT NOT NULL
            );
            CREATE TABLE basemap_features (
                area_id TEXT NOT NULL REFERENCES basemaps (area_id) ON DELETE CASCADE,
                position BIGINT NOT NULL, -- 0, 1, … in drawing order
                kind TEXT NOT NULL,
                name TEXT, -- JSON of LocalizedText, or NULL
                south DOUBLE PRECISION NOT NULL, -- the feature's extent
                west DOUBLE PRECISION NOT NULL,
                north DOUBLE PRECISION NOT NULL,
                east DOUBLE PRECISION NOT NULL,
                geometry \(dialect.blobType) NOT NULL, -- BasemapGeometryCoding: parts of points, 1e-7 degree deltas
                source_id TEXT, -- w123, r45, n6 for OpenStreetMap; NULL for drawn data
                PRIMARY KEY (area_id, position)
            );
            """
        },
        // What is happening now (issue 30). Line reports are one row per person per place, a new report replacing the
        // old one, keyed by a digest of the session or device (`ReporterKey`), never the token or id; the rows go
        // once expired (`pruneLive`). Popular times are counters per place and local hour of a local week: no person,
        // no instant. Times are seconds since 1970 as everywhere else.
        Migration(version: 11, name: "keep line reports, popular-times counters and places' seats") { _ in
            """
            ALTER TABLE places ADD COLUMN seats INTEGER CHECK (seats IS NULL OR seats BETWEEN 1 AND 100000);
            CREATE TABLE line_reports (
                place_id TEXT NOT NULL REFERENCES places (id) ON DELETE CASCADE,
                reporter TEXT NOT NULL, -- hex SHA-256 of "s:" + session token or "d:" + signed device id
                level INTEGER NOT NULL CHECK (level BETWEEN 0 AND 3), -- none, short, long, very_long
                reported_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL, -- when it stops counting
                PRIMARY KEY (place_id, reporter)
            );
            CREATE INDEX line_reports_live ON line_reports (place_id, expires_at);
            CREATE INDEX line_reports_expiry ON line_reports (expires_at);
            CREATE TABLE popular_counts (
                place_id TEXT NOT NULL REFERENCES places (id) ON DELETE CASCADE,
                week BIGINT NOT NULL, -- Sunday-first local weeks: (local days since 1970 + 4) floor-divided by 7
                weekday INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6), -- Sunday 0, local
                hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23), -- local
                check_ins BIGINT NOT NULL DEFAULT 0,
                reports BIGINT NOT NULL DEFAULT 0,
                sample INTEGER NOT NULL DEFAULT 0, -- 1: the demo's generated history
                PRIMARY KEY (place_id, week, weekday, hour)
            );
            CREATE INDEX popular_counts_week ON popular_counts (week);
            """
        },
        // Meals marked sold out, and the reports that may mark them, keyed by place, date and meal id (a hash of the
        // meal's category and name, `MealID`). No foreign key to `menu_days`: a feed replacing today's menu deletes
        // and re-inserts its rows, and must not erase the day's marks. Reporters are hex SHA-256 digests, never a raw
        // session token or device id; `operator_id` has no foreign key, like `audit_log`, so it outlives the
        // operator.
        Migration(version: 12, name: "keep meals marked sold out and the reports of them") { _ in
            """
            CREATE TABLE sold_out_marks (
                place_id TEXT NOT NULL REFERENCES places (id) ON DELETE CASCADE,
                date TEXT NOT NULL,
                meal_id TEXT NOT NULL,
                marked_at BIGINT NOT NULL,
                marked_by TEXT NOT NULL CHECK (marked_by IN ('operator', 'reports')),
                operator_id TEXT,
                PRIMARY KEY (place_id, date, meal_id)
            );
            CREATE INDEX sold_out_marks_date ON sold_out_marks (date, place_id);
            CREATE TABLE sold_out_reports (
                place_id TEXT NOT NULL REFERENCES places (id) ON DELETE CASCADE,
                date TEXT NOT NULL,
                meal_id TEXT NOT NULL,
                reporter TEXT NOT NULL,
                reported_at BIGINT NOT NULL,
                PRIMARY KEY (place_id, date, meal_id, reporter)
            );
            CREATE INDEX sold_out_reports_date ON sold_out_reports (date);
            """
        },
        // Dishes (issue 31): a dish of an area is found by the key of a meal's name (`DishKey`), kept on each meal as
        // `dish_key` (written by every menu write, in its transaction; meals stored before have NULL until the store's
        // backfill keys them). `dish_keys` maps an area's key to its dish, so merging moves keys and splitting gives
        // one a new dish; a merged dish keeps its row with `merged_into`, so its id still leads somewhere. Ids are
        // never reused (AUTOINCREMENT on SQLite, a sequence on PostgreSQL).
        Migration(version: 13, name: "keep dishes, the keys of their meals' names, and their names") { dialect in
            """
            CREATE TABLE dishes (
                id \(dialect.serialPrimaryKey),
                area_id TEXT NOT NULL REFERENCES areas (id) ON DELETE CASCADE,
                merged_into BIGINT REFERENCES dishes (id) ON DELETE SET NULL
            );
            CREATE INDEX dishes_area ON dishes (area_id, id);
            CREATE TABLE dish_keys (
                area_id TEXT NOT NULL REFERENCES areas (id) ON DELETE CASCADE,
                dish_key TEXT NOT NULL, -- DishKey: NFKC, case folded, no spaces or punctuation
                dish_id BIGINT NOT NULL REFERENCES dishes (id) ON DELETE CASCADE,
                PRIMARY KEY (area_id, dish_key)
            );
            CREATE INDEX dish_keys_dish ON dish_keys (dish_id);
            CREATE TABLE dish_names (
                dish_id BIGINT NOT NULL REFERENCES dishes (id) ON DELETE CASCADE,
                language TEXT NOT NULL CHECK (language IN ('en', 'ko')),
                name TEXT NOT NULL,
                PRIMARY KEY (dish_id, language)
            );
            ALTER TABLE menu_meals ADD COLUMN dish_key TEXT;
            CREATE INDEX menu_meals_dish_key ON menu_meals (dish_key, date);
            """
        },
        // Names visitors suggest for dishes (issue 31), waiting for an operator. A suggester is a digest of their session or
        // device (`ReporterKey`), as for reports, and only while the suggestion waits: deciding it clears `reporter`.
        // One waiting suggestion per person, dish and language (the partial unique index). `area_id` is the dish's,
        // kept on the row so the queue of an area is one index range; `decided_by` has no foreign key, like
        // `audit_log`'s actor, so it outlives the operator or key.
        Migration(version: 14, name: "keep names visitors suggest for dishes, waiting for an operator") { dialect in
            """
            CREATE TABLE name_suggestions (
                id \(dialect.serialPrimaryKey),
                dish_id BIGINT NOT NULL REFERENCES dishes (id) ON DELETE CASCADE,
                area_id TEXT NOT NULL REFERENCES areas (id) ON DELETE CASCADE,
                language TEXT NOT NULL CHECK (language IN ('en', 'ko')),
                name TEXT NOT NULL,
                reporter TEXT, -- hex SHA-256 of "s:" + session token or "d:" + signed device id; NULL once decided
                suggested_at BIGINT NOT NULL,
                state TEXT NOT NULL DEFAULT 'pending'
                    CHECK (state IN ('pending', 'approved', 'rejected', 'superseded')),
                decided_at BIGINT,
                decided_by TEXT,
                reason TEXT
            );
            CREATE UNIQUE INDEX name_suggestions_one_waiting ON name_suggestions (reporter, dish_id, language)
                WHERE state = 'pending';
            CREATE INDEX name_suggestions_queue ON name_suggestions (area_id, state, suggested_at);
            CREATE INDEX name_suggestions_dish ON name_suggestions (dish_id, language, state);
            """
        },
        // Ratings (issue 31): one row per person and meal of a day, the meal named by the key of its name (`DishKey`),
        // not by its dish, so a dish's ratings follow its keys through merges and splits. The rater is the profile's id
        // without a reference: a rating outlives the session it came from, as the counts people read should. A
        // comment people flagged counts its flags (one per person, `meal_rating_flags`) until an operator hides it
        // (with a reason its author sees) or keeps it (the flags cleared).
        Migration(version: 15, name: "keep people's ratings of the meals of a day") { dialect in
            """
            CREATE TABLE meal_ratings (
                id \(dialect.serialPrimaryKey),
                area_id TEXT NOT NULL REFERENCES areas (id) ON DELETE CASCADE,
                place_id TEXT NOT NULL REFERENCES places (id) ON DELETE CASCADE,
                date TEXT NOT NULL,
                dish_key TEXT NOT NULL,
                profile_id TEXT NOT NULL,
                stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
                comment TEXT NOT NULL,
                rated_at BIGINT NOT NULL,
                hidden_reason TEXT,
                flags INTEGER NOT NULL DEFAULT 0,
                UNIQUE (place_id, date, dish_key, profile_id)
            );
            CREATE INDEX meal_ratings_dish ON meal_ratings (area_id, dish_key);
            CREATE INDEX meal_ratings_area_date ON meal_ratings (area_id, date);
            CREATE INDEX meal_ratings_flagged ON meal_ratings (area_id, flags) WHERE flags > 0;
            CREATE TABLE meal_rating_flags (
                rating_id BIGINT NOT NULL REFERENCES meal_ratings (id) ON DELETE CASCADE,
                reporter TEXT NOT NULL,
                PRIMARY KEY (rating_id, reporter)
            );
            """
        },
        // Calendar feeds (issue 31): a person's private `/calendar/{token}.ics`. The token is never stored: it is made
        // from the session's token and the feed's `generation` (an HMAC the session's owner can make again to show the
        // address), and `token` keeps its digest for the lookup, NULL once revoked; revoking and opening again moves
        // `generation` on, so an old address stays dead. The row goes with its session.
        Migration(version: 16, name: "keep people's private calendar feeds") { _ in
            """
            CREATE TABLE calendar_feeds (
                session_token TEXT PRIMARY KEY REFERENCES sessions (token) ON DELETE CASCADE,
                generation INTEGER NOT NULL,
                token TEXT UNIQUE, -- hex SHA-256 of the feed's token; NULL while revoked
                opened_at BIGINT NOT NULL
            );
            """
        },
        // Meal photos (issue 31): at most one per person and meal of a day, keyed as ratings are (place, day, `DishKey`),
        // by a person who rated that meal. A second upload deletes the first and takes a new id, so a photo's bytes
        // never change under its address (caches may keep them a day). Both pictures are kept as Grubmap made them
        // (JPEGs without metadata, `PhotoMaker`), with their sizes for the pages' `width` and `height`. Flags and
        // hiding work as for rating comments.
        Migration(version: 17, name: "keep people's photos of the meals of a day") { dialect in
            """
            CREATE TABLE meal_photos (
                id \(dialect.serialPrimaryKey),
                area_id TEXT NOT NULL REFERENCES areas (id) ON DELETE CASCADE,
                place_id TEXT NOT NULL REFERENCES places (id) ON DELETE CASCADE,
                date TEXT NOT NULL,
                dish_key TEXT NOT NULL,
                profile_id TEXT NOT NULL,
                photo \(dialect.blobType) NOT NULL, -- JPEG, at most 1,280 pixels on its longest side
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                thumbnail \(dialect.blobType) NOT NULL, -- JPEG, at most 320 pixels on its longest side
                thumbnail_width INTEGER NOT NULL,
                thumbnail_height INTEGER NOT NULL,
                created_at BIGINT NOT NULL,
                hidden_reason TEXT,
                flags INTEGER NOT NULL DEFAULT 0,
                UNIQUE (place_id, date, dish_key, profile_id)
            );
            CREATE INDEX meal_photos_dish ON meal_photos (area_id, dish_key, created_at);
            CREATE INDEX meal_photos_area_date ON meal_photos (area_id, date);
            CREATE INDEX meal_photos_flagged ON meal_photos (area_id, flags) WHERE flags > 0;
            CREATE TABLE meal_photo_flags (
                photo_id BIGINT NOT NULL REFERENCES meal_photos (id) ON DELETE CASCADE,
                reporter TEXT NOT NULL,
                PRIMARY KEY (photo_id, reporter)
            );
            """
        },
        // Web Push (issue 31): the servers' VAPID key, made at first start like the signing secret; the browsers'
        // subscriptions, each of a session (gone with it) and holding the day it was last sent a message, which a
        // server sets before sending so no two servers send the same day; and the hour of each area's daily message
        // (none stored: `PushSchedule.defaultHour`).
        Migration(version: 18, name: "keep Web Push's key, subscriptions and each area's hour") { dialect in
            """
            CREATE TABLE push_server_key (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                private_key \(dialect.blobType) NOT NULL
            );
            CREATE TABLE push_subscriptions (
                id \(dialect.serialPrimaryKey),
                session_token TEXT NOT NULL REFERENCES sessions (token) ON DELETE CASCADE,
                endpoint TEXT NOT NULL UNIQUE,
                p256dh \(dialect.blobType) NOT NULL,
                auth \(dialect.blobType) NOT NULL,
                created_at BIGINT NOT NULL,
                last_sent_day TEXT -- YYYY-MM-DD in the area's time zone, NULL before the first message
            );
            CREATE INDEX push_subscriptions_session ON push_subscriptions (session_token);
            CREATE TABLE area_push_hours (
                area_id TEXT PRIMARY KEY REFERENCES areas (id) ON DELETE CASCADE,
                hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23)
            );
            """
        },
        Migration(version: 19, name: "keep each area's routing graphs, built with its basemap") { dialect in
            """
            CREATE TABLE routing_graphs (
                area_id TEXT NOT NULL REFERENCES areas (id) ON DELETE CASCADE,
                mode TEXT NOT NULL CHECK (mode IN ('walk', 'drive')),
                revision BIGINT NOT NULL, -- the basemap's revision it was built with
                node_count INTEGER NOT NULL,
                edge_count INTEGER NOT NULL,
                graph \(dialect.blobType) NOT NULL, -- RoutingGraph.encoded(): little-endian Int32 arrays
                PRIMARY KEY (area_id, mode)
            );
            """
        },
        // The catalog's version heard rather than asked for (issue 32): on PostgreSQL every statement that moves it
        // notifies the servers' listeners and tells the connection that ran it, so a server reads the version only
        // after a change (``CatalogFreshness``). SQLite reads it in process, as before.
        Migration(version: 20, name: "tell the servers when the catalog's version moves") { dialect in
            switch dialect {
            case .sqlite:
                ""
            case .postgreSQL:
                """
                CREATE FUNCTION grubmap_catalog_moved() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    PERFORM pg_notify('\(CatalogFreshness.channel)', '');
                    RAISE NOTICE '\(CatalogFreshness.notice)';
                    RETURN NULL;
                END
                $$;
                CREATE TRIGGER catalog_version_moved AFTER UPDATE ON catalog_version
                    FOR EACH STATEMENT EXECUTE FUNCTION grubmap_catalog_moved();
                """
            }
        },
        // Popular times' counters in rows per bucket and shard (``SQLDialect/counterShard``), so concurrent check-ins
        // at one place write different rows on PostgreSQL; readers add a bucket's rows up. What was counted stays in
        // shard 0.
        Migration(version: 21, name: "count popular times in shards") { dialect in
            switch dialect {
            case .sqlite:
                """
                CREATE TABLE popular_counts_sharded (
                    place_id TEXT NOT NULL REFERENCES places (id) ON DELETE CASCADE,
                    week BIGINT NOT NULL, -- Sunday-first local weeks: (local days since 1970 + 4) floor-divided by 7
                    weekday INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6), -- Sunday 0, local
                    hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23), -- local
                    shard INTEGER NOT NULL DEFAULT 0, -- which of the bucket's rows; not a person
                    check_ins BIGINT NOT NULL DEFAULT 0,
                    reports BIGINT NOT NULL DEFAULT 0,
                    sample INTEGER NOT NULL DEFAULT 0, -- 1: the demo's generated history
                    PRIMARY KEY (place_id, week, weekday, hour, shard)
                );
                INSERT INTO popular_counts_sharded (place_id, week, weekday, hour, check_ins, reports, sample)
                    SELECT place_id, week, weekday, hour, check_ins, reports, sample FROM popular_counts;
                DROP TABLE popular_counts;
                ALTER TABLE popular_counts_sharded RENAME TO popular_counts;
                CREATE INDEX popular_counts_week ON popular_counts (week);
                """
            case .postgreSQL:
                """
                ALTER TABLE popular_counts ADD COLUMN shard INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE popular_counts DROP CONSTRAINT popular_counts_pkey;
                ALTER TABLE popular_counts ADD PRIMARY KEY (place_id, week, weekday, hour, shard);
                """
            }
        },
    ]

    /// Migration 5's triggers, which move `catalog_version` on every change to areas and places: on SQLite one a
    /// table and event, on PostgreSQL one a table, run once a statement.
    private static func countCatalogChanges(_ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite:
            ["areas", "places"].flatMap { table in
                [("INSERT", "inserted"), ("UPDATE", "updated"), ("DELETE", "deleted")].map { event, suffix in
                    """
                    CREATE TRIGGER \(table)_\(suffix) AFTER \(event) ON \(table) BEGIN
                        UPDATE catalog_version SET version = version + 1 WHERE id = 1;
                    END;
                    """
                }
            }.joined(separator: "\n")
        case .postgreSQL:
            """
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
            """
        }
    }

    /// Migration 9's index of places by location: an R*Tree filled from the places there are on SQLite, a GiST
    /// index on `point(longitude, latitude)` on PostgreSQL.
    private static func indexPlacesByLocation(_ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite:
            """
            CREATE VIRTUAL TABLE places_rtree USING rtree(
                id, min_latitude, max_latitude, min_longitude, max_longitude
            );
            INSERT INTO places_rtree (id, min_latitude, max_latitude, min_longitude, max_longitude)
                SELECT rowid, latitude, latitude, longitude, longitude FROM places;
            """
        case .postgreSQL:
            "CREATE INDEX places_location ON places USING gist (point(longitude, latitude));"
        }
    }

    /// Migration 9's triggers, which keep `place_stats` (and on SQLite the R*Tree and the catalog's version, in the
    /// one trigger an insert runs) in step with `places`.
    private static func keepPlaceStats(_ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite:
            """
            DROP TRIGGER places_inserted;
            CREATE TRIGGER places_inserted AFTER INSERT ON places BEGIN
                UPDATE catalog_version SET version = version + 1 WHERE id = 1;
                INSERT INTO places_rtree (id, min_latitude, max_latitude, min_longitude, max_longitude)
                VALUES (NEW.rowid, NEW.latitude, NEW.latitude, NEW.longitude, NEW.longitude);
                INSERT INTO place_stats (area_id, place_count, south, north, west, east)
                VALUES (NEW.area_id, NEW.archived_at IS NULL, NEW.latitude, NEW.latitude, NEW.longitude,
                    NEW.longitude)
                ON CONFLICT (area_id) DO UPDATE SET place_count = place_count + excluded.place_count,
                    south = min(south, excluded.south), north = max(north, excluded.north),
                    west = min(west, excluded.west), east = max(east, excluded.east);
            END;
            CREATE TRIGGER places_moved AFTER UPDATE OF area_id, latitude, longitude, archived_at ON places BEGIN
                DELETE FROM places_rtree WHERE id = OLD.rowid;
                INSERT INTO places_rtree (id, min_latitude, max_latitude, min_longitude, max_longitude)
                VALUES (NEW.rowid, NEW.latitude, NEW.latitude, NEW.longitude, NEW.longitude);
                UPDATE place_stats SET place_count = place_count - (OLD.archived_at IS NULL)
                WHERE area_id = OLD.area_id;
                INSERT INTO place_stats (area_id, place_count, south, north, west, east)
                VALUES (NEW.area_id, NEW.archived_at IS NULL, NEW.latitude, NEW.latitude, NEW.longitude,
                    NEW.longitude)
                ON CONFLICT (area_id) DO UPDATE SET place_count = place_count + excluded.place_count,
                    south = min(south, excluded.south), north = max(north, excluded.north),
                    west = min(west, excluded.west), east = max(east, excluded.east);
            END;
            CREATE TRIGGER places_removed AFTER DELETE ON places BEGIN
                DELETE FROM places_rtree WHERE id = OLD.rowid;
                UPDATE place_stats SET place_count = place_count - (OLD.archived_at IS NULL)
                WHERE area_id = OLD.area_id;
            END;
            """
        case .postgreSQL:
            """
            CREATE FUNCTION grubmap_place_stats_add() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO place_stats (area_id, place_count, south, north, west, east)
                    SELECT area_id, count(*), min(latitude), max(latitude), min(longitude), max(longitude)
                    FROM added WHERE archived_at IS NULL GROUP BY area_id
                ON CONFLICT (area_id) DO UPDATE SET place_count = place_stats.place_count + excluded.place_count,
                    south = least(place_stats.south, excluded.south),
                    north = greatest(place_stats.north, excluded.north),
                    west = least(place_stats.west, excluded.west), east = greatest(place_stats.east, excluded.east);
                RETURN NULL;
            END
            $$;
            CREATE FUNCTION grubmap_place_stats_remove() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE place_stats SET place_count = place_count - gone.count
                    FROM (SELECT area_id, count(*) AS count FROM removed WHERE archived_at IS NULL GROUP BY area_id) AS gone
                    WHERE place_stats.area_id = gone.area_id;
                RETURN NULL;
            END
            $$;
            CREATE FUNCTION grubmap_place_stats_move() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE place_stats SET place_count = place_count - gone.count
                    FROM (SELECT area_id, count(*) AS count FROM removed WHERE archived_at IS NULL GROUP BY area_id) AS gone
                    WHERE place_stats.area_id = gone.area_id;
                INSERT INTO place_stats (area_id, place_count, south, north, west, east)
                    SELECT area_id, count(*), min(latitude), max(latitude), min(longitude), max(longitude)
                    FROM added WHERE archived_at IS NULL GROUP BY area_id
                ON CONFLICT (area_id) DO UPDATE SET place_count = place_stats.place_count + excluded.place_count,
                    south = least(place_stats.south, excluded.south),
                    north = greatest(place_stats.north, excluded.north),
                    west = least(place_stats.west, excluded.west), east = greatest(place_stats.east, excluded.east);
                RETURN NULL;
            END
            $$;
            CREATE TRIGGER place_stats_inserted AFTER INSERT ON places REFERENCING NEW TABLE AS added
                FOR EACH STATEMENT EXECUTE FUNCTION grubmap_place_stats_add();
            CREATE TRIGGER place_stats_updated AFTER UPDATE ON places
                REFERENCING OLD TABLE AS removed NEW TABLE AS added
                FOR EACH STATEMENT EXECUTE FUNCTION grubmap_place_stats_move();
            CREATE TRIGGER place_stats_deleted AFTER DELETE ON places REFERENCING OLD TABLE AS removed
                FOR EACH STATEMENT EXECUTE FUNCTION grubmap_place_stats_remove();
            """
        }
    }

    /// Migration 9's indexes of each area's places in the name order of each interface language
    /// (``SQLDialect/nameSortKey(_:)``); PostgreSQL first gets the function that key calls, and orders ids byte by
    /// byte as SQLite does.
    private static func indexPlacesByName(_ dialect: SQLDialect) -> String {
        let indexes = [("en", Language.english), ("ko", Language.korean)].map { suffix, language in
            let key = dialect.nameSortKey(language)
            return switch dialect {
            case .sqlite: "CREATE INDEX places_name_\(suffix) ON places (area_id, \(key), id);"
            case .postgreSQL: "CREATE INDEX places_name_\(suffix) ON places (area_id, (\(key)), id COLLATE \"C\");"
            }
        }.joined(separator: "\n")
        switch dialect {
        case .sqlite:
            return indexes
        case .postgreSQL:
            return """
                CREATE FUNCTION grubmap_name_key(name text, first text, second text) RETURNS text
                    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
                BEGIN
                    RETURN lower(coalesce(name::jsonb ->> first, name::jsonb ->> second, name) COLLATE "C");
                EXCEPTION WHEN invalid_text_representation THEN
                    -- A name that is not JSON (a row broken by hand) sorts by its text, and reads as an error.
                    RETURN lower(name COLLATE "C");
                END
                $$;
                \(indexes)
                """
        }
    }

    /// Operators and what they run: their accounts, areas, sessions and failed sign-ins; the audit log; API keys;
    /// menu feeds; archived places and hidden profiles. Tokens are stored as digests (``TokenDigest``). The audit
    /// log's `id` is numbered by the database: SQLite numbers an `INTEGER PRIMARY KEY` by itself, PostgreSQL needs
    /// `BIGSERIAL`. It refers to nothing, so entries outlive the operators and places they name.
    private static func console(_ dialect: SQLDialect) -> String {
        let serialKey =
            switch dialect {
            case .sqlite: "INTEGER PRIMARY KEY"
            case .postgreSQL: "BIGSERIAL PRIMARY KEY"
            }
        return """
            CREATE TABLE operators (
                id TEXT PRIMARY KEY,
                email TEXT NOT NULL UNIQUE, -- lower case
                role TEXT NOT NULL, -- editor or admin
                password_hash TEXT, -- Argon2id string, NULL until set up
                totp_secret \(dialect.blobType), -- NULL without a second factor
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
    /// every statement. SQLite computes the digest with Grubmap's own function, PostgreSQL with its `sha256`.
    private static func hashSessionTokens(_ dialect: SQLDialect) -> String {
        func sha256(_ column: String) -> String {
            switch dialect {
            case .sqlite: "grubmap_sha256_hex(\(column))"
            case .postgreSQL: "encode(sha256(convert_to(\(column), 'UTF8')), 'hex')"
            }
        }
        return """
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
