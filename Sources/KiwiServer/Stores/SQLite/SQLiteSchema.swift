import GRDB

/// The SQLite file's tables, created and upgraded at start (GRDB keeps which migrations ran).
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE users (
                        username TEXT PRIMARY KEY NOT NULL, fullname TEXT, email TEXT, avatar TEXT,
                        password_hash TEXT NOT NULL, created_at REAL NOT NULL);
                    CREATE TABLE sessions (
                        token_hash TEXT PRIMARY KEY NOT NULL,
                        username TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE, created_at REAL NOT NULL);
                    CREATE TABLE posts (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        image TEXT NOT NULL, caption TEXT, created_at REAL NOT NULL,
                        like_count INTEGER NOT NULL DEFAULT 0, comment_count INTEGER NOT NULL DEFAULT 0);
                    CREATE INDEX posts_newest ON posts(created_at DESC, id DESC);
                    CREATE INDEX posts_by_owner ON posts(owner, created_at DESC, id DESC);
                    CREATE TABLE likes (
                        post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
                        owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        created_at REAL NOT NULL, PRIMARY KEY (post_id, owner));
                    CREATE TABLE comments (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
                        owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        text TEXT NOT NULL, created_at REAL NOT NULL);
                    CREATE INDEX comments_by_post ON comments(post_id, id);
                    CREATE TABLE following (
                        follower TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        followee TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        created_at REAL NOT NULL, PRIMARY KEY (follower, followee));
                    CREATE INDEX following_by_followee ON following(followee, created_at DESC);
                    """
            )
        }
        migrator.registerMigration("v2: a post's book") { db in
            try db.execute(sql: "ALTER TABLE posts ADD COLUMN book TEXT")
        }
        migrator.registerMigration("v4: failed logins kept with the data") { db in
            try db.execute(
                sql: """
                    CREATE TABLE login_failures (username TEXT NOT NULL, at REAL NOT NULL);
                    CREATE INDEX login_failures_by_username ON login_failures(username, at);
                    CREATE INDEX login_failures_by_time ON login_failures(at);
                    """
            )
        }
        migrator.registerMigration("v3: images kept in the database") { db in
            try db.execute(
                sql: """
                    CREATE TABLE images (
                        name TEXT PRIMARY KEY NOT NULL, content_type TEXT NOT NULL, size INTEGER NOT NULL,
                        digest TEXT NOT NULL, bytes BLOB NOT NULL, created_at REAL NOT NULL)
                    """
            )
        }
        migrator.registerMigration("v5: notifications") { db in
            try db.execute(
                sql: """
                    CREATE TABLE notifications (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        recipient TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        kind TEXT NOT NULL,
                        actor TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        post_id INTEGER REFERENCES posts(id) ON DELETE CASCADE,
                        comment_id INTEGER REFERENCES comments(id) ON DELETE CASCADE,
                        created_at REAL NOT NULL,
                        read INTEGER NOT NULL DEFAULT 0);
                    CREATE INDEX notifications_by_recipient ON notifications(recipient, id DESC);
                    CREATE INDEX notifications_by_post ON notifications(post_id, actor);
                    CREATE INDEX notifications_by_comment ON notifications(comment_id);
                    """
            )
        }
        migrator.registerMigration("v6: answers kept for Idempotency-Key") { db in
            try db.execute(
                sql: """
                    CREATE TABLE kept_answers (
                        account TEXT NOT NULL, key TEXT NOT NULL, request TEXT NOT NULL,
                        status INTEGER NOT NULL, body BLOB NOT NULL, kept_at REAL NOT NULL,
                        PRIMARY KEY (account, key));
                    CREATE INDEX kept_answers_by_age ON kept_answers(kept_at);
                    """
            )
        }
        migrator.registerMigration("v7: rate limit counts") { db in
            try db.execute(
                sql: "CREATE TABLE rate_counts (key TEXT NOT NULL, until INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (key, until))"
            )
        }
        migrator.registerMigration("v8: sign-ups that wait for approval") { db in
            try db.execute(sql: "ALTER TABLE users ADD COLUMN pending INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v9: photo descriptions") { db in
            try db.execute(sql: "ALTER TABLE posts ADD COLUMN image_alt TEXT")
        }
        migrator.registerMigration("v10: failed logins counted with the rate limits") { db in
            try db.execute(sql: "DROP TABLE login_failures")
        }
        migrator.registerMigration("v11: a book's posts") { db in
            try db.execute(sql: "CREATE INDEX posts_by_book ON posts (\(SQLiteKiwiDatabase.bookISBN13), created_at DESC, id DESC)")
        }
        migrator.registerMigration("v12: books' covers") { db in
            try db.execute(
                sql: "CREATE TABLE book_covers (isbn13 TEXT PRIMARY KEY NOT NULL, image TEXT, failures INTEGER NOT NULL, due REAL NOT NULL)"
            )
        }
        migrator.registerMigration("v13: shelves") { db in
            try db.execute(
                sql: """
                    CREATE TABLE readings (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        owner TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        isbn13 TEXT NOT NULL, book TEXT NOT NULL, shelf TEXT NOT NULL,
                        page INTEGER, pages INTEGER, percent INTEGER, started TEXT, finished TEXT,
                        rating INTEGER, updated_at REAL NOT NULL);
                    CREATE INDEX readings_by_owner ON readings(owner, isbn13, id);
                    CREATE INDEX readings_by_book ON readings(isbn13, owner, id);
                    """
            )
        }
        migrator.registerMigration("v14: full-text search") { db in
            try db.execute(sql: SQLiteSearch.schema)
            try db.execute(sql: SQLiteSearch.filled)
        }
        migrator.registerMigration("v15: spoiler warnings") { db in
            try db.execute(sql: "ALTER TABLE posts ADD COLUMN spoiler TEXT; ALTER TABLE comments ADD COLUMN spoiler TEXT")
        }
        migrator.registerMigration("v16: roles") { db in
            try db.execute(sql: "ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'member'")
        }
        migrator.registerMigration("v17: blocks and mutes") { db in
            try db.execute(
                sql: """
                    CREATE TABLE blocks (
                        blocker TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        blocked TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        created_at REAL NOT NULL, PRIMARY KEY (blocker, blocked));
                    CREATE INDEX blocks_by_blocked ON blocks(blocked);
                    CREATE TABLE mutes (
                        muter TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        muted TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        created_at REAL NOT NULL, until REAL, PRIMARY KEY (muter, muted));
                    """
            )
        }
        migrator.registerMigration("v18: reports and moderation") { db in
            try db.execute(
                sql: """
                    ALTER TABLE users ADD COLUMN silenced REAL;
                    ALTER TABLE users ADD COLUMN suspended REAL;
                    ALTER TABLE notifications ADD COLUMN note TEXT;
                    CREATE TABLE reports (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        reporter TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        account TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE,
                        subject TEXT NOT NULL, category TEXT NOT NULL, comment TEXT, content TEXT NOT NULL,
                        created_at REAL NOT NULL, outcome TEXT, resolved_at REAL,
                        UNIQUE (reporter, subject));
                    CREATE INDEX reports_open ON reports(outcome, id);
                    CREATE INDEX reports_by_account ON reports(account, id);
                    CREATE TABLE moderation_log (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        moderator TEXT NOT NULL, action TEXT NOT NULL, account TEXT NOT NULL,
                        report_id INTEGER, reason TEXT, created_at REAL NOT NULL);
                    CREATE INDEX moderation_log_by_account ON moderation_log(account, id);
                    CREATE TRIGGER moderation_log_unedited_update BEFORE UPDATE ON moderation_log
                        BEGIN SELECT RAISE(ABORT, 'the audit log is never edited'); END;
                    CREATE TRIGGER moderation_log_unedited_delete BEFORE DELETE ON moderation_log
                        BEGIN SELECT RAISE(ABORT, 'the audit log is never edited'); END;
                    """
            )
        }
        migrator.registerMigration("v19: reported photos") { db in
            try db.execute(
                sql: """
                    CREATE TABLE report_photos (
                        report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
                        post_id INTEGER NOT NULL, bytes BLOB NOT NULL, PRIMARY KEY (report_id, post_id));
                    """
            )
        }
        migrator.registerMigration("v20: reviews") { db in
            try db.execute(sql: "ALTER TABLE readings ADD COLUMN review TEXT; ALTER TABLE readings ADD COLUMN spoiler TEXT;")
        }
        migrator.registerMigration("v21: books' details owed") { db in
            try db.execute(sql: "CREATE TABLE book_details (isbn13 TEXT PRIMARY KEY, failures INTEGER NOT NULL, due REAL NOT NULL)")
        }
        migrator.registerMigration("v22: deleted accounts") { db in
            // Reports outlive the accounts they name (SQLite drops a foreign key by copying the table).
            try db.execute(
                sql: """
                    CREATE TABLE reports_kept (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        reporter TEXT NOT NULL, account TEXT NOT NULL,
                        subject TEXT NOT NULL, category TEXT NOT NULL, comment TEXT, content TEXT NOT NULL,
                        created_at REAL NOT NULL, outcome TEXT, resolved_at REAL,
                        UNIQUE (reporter, subject));
                    INSERT INTO reports_kept SELECT id, reporter, account, subject, category, comment, content, created_at, outcome, resolved_at FROM reports;
                    DROP TABLE reports;
                    ALTER TABLE reports_kept RENAME TO reports;
                    CREATE INDEX reports_open ON reports(outcome, id);
                    CREATE INDEX reports_by_account ON reports(account, id);
                    CREATE TABLE held_names (username TEXT PRIMARY KEY NOT NULL, until REAL NOT NULL);
                    """
            )
        }
        migrator.registerMigration("v23: a media store's objects") { db in
            try db.execute(
                sql: """
                    CREATE TABLE media_objects (
                        name TEXT NOT NULL, file TEXT NOT NULL, digest TEXT NOT NULL, length INTEGER NOT NULL,
                        width INTEGER NOT NULL, height INTEGER NOT NULL, crc32 INTEGER, made REAL NOT NULL,
                        PRIMARY KEY (name, file));
                    """
            )
        }
        migrator.registerMigration("v24: actors' keys") { db in
            try db.execute(
                sql: "CREATE TABLE actor_keys (owner TEXT PRIMARY KEY NOT NULL, private_key TEXT NOT NULL, created_at REAL NOT NULL)"
            )
        }
        migrator.registerMigration("v25: remote followers, deliveries and blocked servers") { db in
            try db.execute(
                sql: """
                    CREATE TABLE remote_followers (
                        member TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE, actor TEXT NOT NULL, host TEXT NOT NULL,
                        inbox TEXT NOT NULL, follow_id TEXT NOT NULL, created_at REAL NOT NULL,
                        PRIMARY KEY (member, actor));
                    CREATE INDEX remote_followers_by_follow ON remote_followers(actor, follow_id);
                    CREATE INDEX remote_followers_by_host ON remote_followers(host);
                    CREATE TABLE deliveries (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, inbox TEXT NOT NULL, host TEXT NOT NULL, activity_id TEXT NOT NULL,
                        signer TEXT NOT NULL, body BLOB NOT NULL, attempts INTEGER NOT NULL, due REAL NOT NULL,
                        created_at REAL NOT NULL, UNIQUE (inbox, activity_id));
                    CREATE INDEX deliveries_due ON deliveries(due);
                    CREATE INDEX deliveries_by_host ON deliveries(host);
                    CREATE TABLE blocked_servers (
                        host TEXT PRIMARY KEY NOT NULL, reason TEXT, blocked_by TEXT NOT NULL, created_at REAL NOT NULL);
                    """
            )
        }
        migrator.registerMigration("v26: members' follows elsewhere") { db in
            try db.execute(
                sql: """
                    CREATE TABLE remote_following (
                        member TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE, actor TEXT NOT NULL, handle TEXT NOT NULL,
                        host TEXT NOT NULL, inbox TEXT NOT NULL, follow_id TEXT NOT NULL, accepted INTEGER NOT NULL,
                        created_at REAL NOT NULL, PRIMARY KEY (member, actor));
                    CREATE INDEX remote_following_by_follow ON remote_following(actor, follow_id);
                    CREATE INDEX remote_following_by_host ON remote_following(host);
                    """
            )
        }
        migrator.registerMigration("v27: servers that keep failing") { db in
            try db.execute(sql: "CREATE TABLE failing_hosts (host TEXT PRIMARY KEY NOT NULL, since REAL NOT NULL, held_until REAL)")
        }
        migrator.registerMigration("v28: blocks with readers elsewhere") { db in
            try db.execute(
                sql: """
                    CREATE TABLE remote_blocks (
                        member TEXT NOT NULL REFERENCES users(username) ON DELETE CASCADE, actor TEXT NOT NULL, handle TEXT NOT NULL,
                        inbox TEXT NOT NULL, block_id TEXT NOT NULL, by_member INTEGER NOT NULL, created_at REAL NOT NULL,
                        PRIMARY KEY (member, actor, by_member));
                    CREATE INDEX remote_blocks_by_actor ON remote_blocks(actor);
                    """
            )
        }
        migrator.registerMigration("v29: followers elsewhere by the name they chose") { db in
            try db.execute(sql: "ALTER TABLE remote_followers ADD COLUMN handle TEXT")
        }
        // Readers elsewhere as the authors of what they send (a row each, `actor` set), and the
        // notes their posts and comments came as. The community's list of posts leaves theirs out,
        // on an index of its own that holds `remote_id` too: SQLite reads a page from the index
        // alone only when it holds every column the query names.
        migrator.registerMigration("v30: posts, comments and likes from elsewhere") { db in
            try db.execute(
                sql: """
                    ALTER TABLE users ADD COLUMN actor TEXT;
                    CREATE UNIQUE INDEX users_by_actor ON users(actor) WHERE actor IS NOT NULL;
                    ALTER TABLE posts ADD COLUMN remote_id TEXT;
                    CREATE UNIQUE INDEX posts_by_remote_id ON posts(remote_id) WHERE remote_id IS NOT NULL;
                    CREATE INDEX posts_newest_here ON posts(created_at DESC, id DESC, remote_id) WHERE remote_id IS NULL;
                    ALTER TABLE comments ADD COLUMN remote_id TEXT;
                    CREATE UNIQUE INDEX comments_by_remote_id ON comments(remote_id) WHERE remote_id IS NOT NULL;
                    """
            )
        }
        // A note from elsewhere may be edited where it was written (`Update`): the search reads its words anew.
        migrator.registerMigration("v31: edited posts and comments searched anew") { db in
            try db.execute(sql: SQLiteSearch.edits)
        }
        return migrator
    }
}
