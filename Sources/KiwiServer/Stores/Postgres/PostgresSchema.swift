/// The PostgreSQL tables, created and upgraded at start, and the triggers through which the
/// database itself tells every server of every write (`NOTIFY`, heard by `PostgresChangeListener`):
/// in each write's own transaction, on the channel of the schema (`kiwi_<schema>`), in the
/// words `KiwiChange(notice:)` reads.
enum PostgresSchema {
    static let statements =
        [
            """
            CREATE TABLE IF NOT EXISTS users (
                username TEXT PRIMARY KEY, fullname TEXT, email TEXT, avatar TEXT,
                password_hash TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)
            """,
            "CREATE UNIQUE INDEX IF NOT EXISTS users_lower ON users (lower(username))",
            // Sign-ups that wait for approval (`--registrations approval`).
            "ALTER TABLE users ADD COLUMN IF NOT EXISTS pending INTEGER NOT NULL DEFAULT 0",
            // Admins and moderators (`toolbox kiwi role`).
            "ALTER TABLE users ADD COLUMN IF NOT EXISTS role TEXT NOT NULL DEFAULT 'member'",
            """
            CREATE TABLE IF NOT EXISTS sessions (
                token_hash TEXT PRIMARY KEY, username TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                created_at DOUBLE PRECISION NOT NULL)
            """,
            """
            CREATE TABLE IF NOT EXISTS posts (
                id BIGSERIAL PRIMARY KEY, owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                image TEXT NOT NULL, caption TEXT, created_at DOUBLE PRECISION NOT NULL,
                like_count INTEGER NOT NULL DEFAULT 0, comment_count INTEGER NOT NULL DEFAULT 0)
            """,
            "ALTER TABLE posts ADD COLUMN IF NOT EXISTS book TEXT",
            "ALTER TABLE posts ADD COLUMN IF NOT EXISTS image_alt TEXT",
            "ALTER TABLE posts ADD COLUMN IF NOT EXISTS spoiler TEXT",
            "CREATE INDEX IF NOT EXISTS posts_newest ON posts (created_at DESC, id DESC)",
            "CREATE INDEX IF NOT EXISTS posts_by_owner ON posts (owner, created_at DESC, id DESC)",
            "CREATE INDEX IF NOT EXISTS posts_by_book ON posts (\(PostgresKiwiDatabase.bookISBN13), created_at DESC, id DESC)",
            """
            CREATE TABLE IF NOT EXISTS likes (
                post_id BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
                owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                created_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (post_id, owner))
            """,
            """
            CREATE TABLE IF NOT EXISTS comments (
                id BIGSERIAL PRIMARY KEY, post_id BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
                owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                text TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)
            """,
            "CREATE INDEX IF NOT EXISTS comments_by_post ON comments (post_id, id)",
            "ALTER TABLE comments ADD COLUMN IF NOT EXISTS spoiler TEXT",
            """
            CREATE TABLE IF NOT EXISTS following (
                follower TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                followee TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                created_at DOUBLE PRECISION NOT NULL, seq BIGSERIAL, PRIMARY KEY (follower, followee))
            """,
            "CREATE INDEX IF NOT EXISTS following_by_followee ON following (followee, created_at DESC)",
            // A cursor's follow is found by its number.
            "CREATE INDEX IF NOT EXISTS following_by_seq ON following (seq)",
            """
            CREATE TABLE IF NOT EXISTS images (
                name TEXT PRIMARY KEY, content_type TEXT NOT NULL, size INTEGER NOT NULL,
                digest TEXT NOT NULL, bytes BYTEA NOT NULL, created_at DOUBLE PRECISION NOT NULL)
            """,
            """
            CREATE TABLE IF NOT EXISTS notifications (
                id BIGSERIAL PRIMARY KEY,
                recipient TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                actor TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                post_id BIGINT REFERENCES posts(id) ON DELETE CASCADE,
                comment_id BIGINT REFERENCES comments(id) ON DELETE CASCADE,
                created_at DOUBLE PRECISION NOT NULL,
                read INTEGER NOT NULL DEFAULT 0)
            """,
            "CREATE INDEX IF NOT EXISTS notifications_by_recipient ON notifications (recipient, id DESC)",
            """
            CREATE TABLE IF NOT EXISTS kept_answers (
                account TEXT NOT NULL, key TEXT NOT NULL, request TEXT NOT NULL,
                status INTEGER NOT NULL, body BYTEA NOT NULL, kept_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (account, key))
            """,
            "CREATE INDEX IF NOT EXISTS kept_answers_by_age ON kept_answers (kept_at)",
            // Failed logins are counted with the rate limits now (`failed-logins`).
            "DROP TABLE IF EXISTS login_failures",
            "CREATE TABLE IF NOT EXISTS rate_counts (key TEXT NOT NULL, until BIGINT NOT NULL, count BIGINT NOT NULL, PRIMARY KEY (key, until))",
            "CREATE INDEX IF NOT EXISTS notifications_by_post ON notifications (post_id, actor)",
            "CREATE INDEX IF NOT EXISTS notifications_by_comment ON notifications (comment_id)",
            """
            CREATE TABLE IF NOT EXISTS book_covers (
                isbn13 TEXT PRIMARY KEY, image TEXT, failures INTEGER NOT NULL, due DOUBLE PRECISION NOT NULL)
            """,
            """
            CREATE TABLE IF NOT EXISTS readings (
                id BIGSERIAL PRIMARY KEY, owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                isbn13 TEXT NOT NULL, book TEXT NOT NULL, shelf TEXT NOT NULL,
                page INTEGER, pages INTEGER, percent INTEGER, started TEXT, finished TEXT,
                rating INTEGER, updated_at DOUBLE PRECISION NOT NULL)
            """,
            "CREATE INDEX IF NOT EXISTS readings_by_owner ON readings (owner, isbn13, id)",
            "CREATE INDEX IF NOT EXISTS readings_by_book ON readings (isbn13, owner, id)",
            // A reading's review and its spoiler warning.
            "ALTER TABLE readings ADD COLUMN IF NOT EXISTS review TEXT",
            "ALTER TABLE readings ADD COLUMN IF NOT EXISTS spoiler TEXT",
            // Books named by their ISBN-13 alone while the book search could not answer.
            "CREATE TABLE IF NOT EXISTS book_details (isbn13 TEXT PRIMARY KEY, failures INTEGER NOT NULL, due DOUBLE PRECISION NOT NULL)",
            """
            CREATE TABLE IF NOT EXISTS blocks (
                blocker TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                blocked TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                created_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (blocker, blocked))
            """,
            "CREATE INDEX IF NOT EXISTS blocks_by_blocked ON blocks (blocked)",
            """
            CREATE TABLE IF NOT EXISTS mutes (
                muter TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                muted TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                created_at DOUBLE PRECISION NOT NULL, until DOUBLE PRECISION, PRIMARY KEY (muter, muted))
            """,
            // Reports and moderation: who is silenced or suspended since when, what a moderator
            // told a member, the reports, and the audit log that nobody edits.
            "ALTER TABLE users ADD COLUMN IF NOT EXISTS silenced DOUBLE PRECISION",
            "ALTER TABLE users ADD COLUMN IF NOT EXISTS suspended DOUBLE PRECISION",
            "ALTER TABLE notifications ADD COLUMN IF NOT EXISTS note TEXT",
            """
            CREATE TABLE IF NOT EXISTS reports (
                id BIGSERIAL PRIMARY KEY,
                reporter TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                account TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                subject TEXT NOT NULL, category TEXT NOT NULL, comment TEXT, content TEXT NOT NULL,
                created_at DOUBLE PRECISION NOT NULL, outcome TEXT, resolved_at DOUBLE PRECISION,
                UNIQUE (reporter, subject))
            """,
            "CREATE INDEX IF NOT EXISTS reports_open ON reports (outcome, id)",
            "CREATE INDEX IF NOT EXISTS reports_by_account ON reports (account, id)",
            """
            CREATE TABLE IF NOT EXISTS moderation_log (
                id BIGSERIAL PRIMARY KEY, moderator TEXT NOT NULL, action TEXT NOT NULL, account TEXT NOT NULL,
                report_id BIGINT, reason TEXT, created_at DOUBLE PRECISION NOT NULL)
            """,
            "CREATE INDEX IF NOT EXISTS moderation_log_by_account ON moderation_log (account, id)",
            """
            CREATE TABLE IF NOT EXISTS report_photos (
                report_id BIGINT NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
                post_id BIGINT NOT NULL, bytes BYTEA NOT NULL, PRIMARY KEY (report_id, post_id))
            """,
            """
            CREATE OR REPLACE FUNCTION kiwi_unedited() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'the audit log is never edited'; END $$
            """,
            "DROP TRIGGER IF EXISTS moderation_log_unedited ON moderation_log",
            // Reports outlive the accounts they name; a deleted account's name is held a while.
            "ALTER TABLE reports DROP CONSTRAINT IF EXISTS reports_reporter_fkey",
            "ALTER TABLE reports DROP CONSTRAINT IF EXISTS reports_account_fkey",
            "CREATE TABLE IF NOT EXISTS held_names (username TEXT PRIMARY KEY, until DOUBLE PRECISION NOT NULL)",
            """
            CREATE TABLE IF NOT EXISTS media_objects (
                name TEXT NOT NULL, file TEXT NOT NULL, digest TEXT NOT NULL, length BIGINT NOT NULL,
                width INTEGER NOT NULL, height INTEGER NOT NULL, crc32 BIGINT, made DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (name, file))
            """,
            "CREATE TABLE IF NOT EXISTS actor_keys (owner TEXT PRIMARY KEY, private_key TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)",
            """
            CREATE TABLE IF NOT EXISTS remote_followers (
                member TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE, actor TEXT NOT NULL, host TEXT NOT NULL,
                inbox TEXT NOT NULL, follow_id TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (member, actor))
            """,
            "CREATE INDEX IF NOT EXISTS remote_followers_by_follow ON remote_followers(actor, follow_id)",
            "CREATE INDEX IF NOT EXISTS remote_followers_by_host ON remote_followers(host)",
            "ALTER TABLE remote_followers ADD COLUMN IF NOT EXISTS handle TEXT",
            """
            CREATE TABLE IF NOT EXISTS remote_following (
                member TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE, actor TEXT NOT NULL, handle TEXT NOT NULL,
                host TEXT NOT NULL, inbox TEXT NOT NULL, follow_id TEXT NOT NULL, accepted INTEGER NOT NULL,
                created_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (member, actor))
            """,
            "CREATE INDEX IF NOT EXISTS remote_following_by_follow ON remote_following(actor, follow_id)",
            "CREATE INDEX IF NOT EXISTS remote_following_by_host ON remote_following(host)",
            """
            CREATE TABLE IF NOT EXISTS remote_blocks (
                member TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE, actor TEXT NOT NULL, handle TEXT NOT NULL,
                inbox TEXT NOT NULL, block_id TEXT NOT NULL, by_member INTEGER NOT NULL, created_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (member, actor, by_member))
            """,
            "CREATE INDEX IF NOT EXISTS remote_blocks_by_actor ON remote_blocks(actor)",
            // Readers elsewhere as the authors of what they send (a row each, `actor` set), and the
            // notes their posts and comments came as. The community's list of posts leaves theirs
            // out, on an index of its own.
            "ALTER TABLE users ADD COLUMN IF NOT EXISTS actor TEXT",
            "CREATE UNIQUE INDEX IF NOT EXISTS users_by_actor ON users (actor) WHERE actor IS NOT NULL",
            "ALTER TABLE posts ADD COLUMN IF NOT EXISTS remote_id TEXT",
            "CREATE UNIQUE INDEX IF NOT EXISTS posts_by_remote_id ON posts (remote_id) WHERE remote_id IS NOT NULL",
            "CREATE INDEX IF NOT EXISTS posts_newest_here ON posts (created_at DESC, id DESC) WHERE remote_id IS NULL",
            "ALTER TABLE comments ADD COLUMN IF NOT EXISTS remote_id TEXT",
            "CREATE UNIQUE INDEX IF NOT EXISTS comments_by_remote_id ON comments (remote_id) WHERE remote_id IS NOT NULL",
            "CREATE TABLE IF NOT EXISTS failing_hosts (host TEXT PRIMARY KEY, since DOUBLE PRECISION NOT NULL, held_until DOUBLE PRECISION)",
            """
            CREATE TABLE IF NOT EXISTS deliveries (
                id BIGSERIAL PRIMARY KEY, inbox TEXT NOT NULL, host TEXT NOT NULL, activity_id TEXT NOT NULL, signer TEXT NOT NULL,
                body BYTEA NOT NULL, attempts INTEGER NOT NULL, due DOUBLE PRECISION NOT NULL,
                created_at DOUBLE PRECISION NOT NULL, UNIQUE (inbox, activity_id))
            """,
            "CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries(due)",
            "CREATE INDEX IF NOT EXISTS deliveries_by_host ON deliveries(host)",
            """
            CREATE TABLE IF NOT EXISTS blocked_servers (
                host TEXT PRIMARY KEY, reason TEXT, blocked_by TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)
            """,
            "CREATE TRIGGER moderation_log_unedited BEFORE UPDATE OR DELETE ON moderation_log FOR EACH ROW EXECUTE FUNCTION kiwi_unedited()",
        ] + search + [
            """
            CREATE OR REPLACE FUNCTION kiwi_notice() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                channel TEXT := 'kiwi_' || TG_TABLE_SCHEMA;
                op TEXT := CASE TG_OP WHEN 'INSERT' THEN 'i' WHEN 'UPDATE' THEN 'u' ELSE 'd' END;
                r RECORD;
            BEGIN
                IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
                CASE TG_TABLE_NAME
                WHEN 'posts' THEN
                    PERFORM pg_notify(channel, 'post:' || op || ':' || r.id || ':' || r.owner);
                    IF TG_OP = 'DELETE' THEN PERFORM pg_notify(channel, 'photo:' || r.image); END IF;
                WHEN 'users' THEN
                    PERFORM pg_notify(channel, 'member:' || r.username);
                    IF TG_OP = 'DELETE' THEN PERFORM pg_notify(channel, 'gone:' || r.username); END IF;
                    -- An avatar replaced or gone: its photo is no longer kept.
                    IF OLD.avatar IS NOT NULL AND (TG_OP = 'DELETE' OR OLD.avatar IS DISTINCT FROM NEW.avatar) THEN
                        PERFORM pg_notify(channel, 'photo:' || OLD.avatar);
                    END IF;
                WHEN 'sessions' THEN PERFORM pg_notify(channel, 'session:' || r.token_hash);
                WHEN 'following' THEN PERFORM pg_notify(channel, 'follow:' || op || ':' || r.follower || ':' || r.followee);
                WHEN 'notifications' THEN
                    IF TG_OP = 'UPDATE' THEN
                        PERFORM pg_notify(channel, 'read:' || r.recipient);
                    ELSE
                        PERFORM pg_notify(channel, 'notification:' || op || ':' || r.id || ':' || r.recipient);
                    END IF;
                WHEN 'book_covers' THEN PERFORM pg_notify(channel, 'cover:' || r.isbn13);
                WHEN 'readings' THEN
                    PERFORM pg_notify(channel, 'reading:' || op || ':' || r.id || ':' || r.isbn13 || ':' || r.owner);
                WHEN 'blocks' THEN PERFORM pg_notify(channel, 'keptAway:' || r.blocker || ':' || r.blocked);
                WHEN 'mutes' THEN PERFORM pg_notify(channel, 'keptAway:' || r.muter || ':' || r.muted);
                END CASE;
                RETURN NULL;
            END $$
            """
        ]
        + notices.flatMap { table, events in
            [
                "DROP TRIGGER IF EXISTS \(table)_notice ON \(table)",
                "CREATE TRIGGER \(table)_notice AFTER \(events) ON \(table) FOR EACH ROW EXECUTE FUNCTION kiwi_notice()",
            ]
        }

    /// The full-text search: a `tsvector` column the database computes in each write (so the index
    /// follows every write in its own transaction), with a GIN index, over text folded as SQLite's
    /// tokenizer folds it (lower case, without diacritics: "Brontë" is "bronte").
    static let search =
        [
            """
            CREATE OR REPLACE FUNCTION kiwi_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
            AS $$ SELECT translate(lower($1), '\(accented)', '\(plain)') $$
            """
        ]
        + [
            ("posts", "search", "coalesce(caption, '')"), ("comments", "search", "text"),
            ("users", "search", "username || ' ' || coalesce(fullname, '')"),
            ("posts", "book_search", bookText), ("readings", "book_search", bookText),
        ].flatMap { table, column, text in
            [
                "ALTER TABLE \(table) ADD COLUMN IF NOT EXISTS \(column) tsvector GENERATED ALWAYS AS (to_tsvector('simple', kiwi_fold(\(text)))) STORED",
                "CREATE INDEX IF NOT EXISTS \(table)_\(column) ON \(table) USING GIN (\(column))",
            ]
        }

    /// A post's or a shelf's book (its JSON), as words: its title and authors.
    private static let bookText = "coalesce(book::jsonb ->> 'title', '') || ' ' || coalesce(book::jsonb ->> 'authors', '')"

    /// The letters `kiwi_fold` strips of their marks, and what each becomes.
    static let accented = "àáâãäåāăąçćĉčďđèéêëēĕėęěĝğġģĥìíîïĩīĭįıĵķĺļľłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżžß"
    static let plain = "aaaaaaaaaccccddeeeeeeeeegggghiiiiiiiiijkllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzzs"

    /// The writes each table tells of: a new session or a failed login changes nothing kept.
    static let notices = [
        ("posts", "INSERT OR UPDATE OR DELETE"), ("users", "UPDATE OR DELETE"), ("sessions", "DELETE"),
        ("following", "INSERT OR DELETE"), ("notifications", "INSERT OR UPDATE OR DELETE"), ("book_covers", "INSERT OR UPDATE"),
        ("readings", "INSERT OR UPDATE OR DELETE"), ("blocks", "INSERT OR DELETE"), ("mutes", "INSERT OR UPDATE OR DELETE"),
    ]
}
