-- A progress store written by the game at commit 0c71641 (schema 3, before the typed level
-- identity): the session on campaign level 2 and saves of a file level, a random level
-- and a level of My levels. {HOME} stands for the data folder it was written in.
PRAGMA user_version = 3;
BEGIN TRANSACTION;
CREATE TABLE campaign (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            position INTEGER NOT NULL,
            total_score INTEGER NOT NULL
        );
CREATE TABLE collections (
            collection_id TEXT PRIMARY KEY,
            title TEXT NOT NULL DEFAULT '',
            path TEXT NOT NULL DEFAULT '',
            levels TEXT NOT NULL DEFAULT '[]',  -- JSON: the level fingerprints in order
            opened_at REAL NOT NULL DEFAULT 0
        );
CREATE TABLE level_records (
            collection_id TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            solved INTEGER NOT NULL DEFAULT 0,
            best_moves_lurd TEXT,
            best_pushes_lurd TEXT,
            best_score INTEGER NOT NULL DEFAULT 0,
            attempts INTEGER NOT NULL DEFAULT 0,
            seconds REAL NOT NULL DEFAULT 0,
            moves_played INTEGER NOT NULL DEFAULT 0,
            pushes_played INTEGER NOT NULL DEFAULT 0,
            hints INTEGER NOT NULL DEFAULT 0,
            solver_used INTEGER NOT NULL DEFAULT 0,
            par_moves INTEGER,
            par_pushes INTEGER,
            first_solved_at REAL,
            last_played_at REAL,
            PRIMARY KEY (collection_id, fingerprint)
        );
CREATE TABLE session (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            game TEXT NOT NULL
        );
INSERT INTO "session" VALUES(1,'{"collection_id":"campaign","collection_path":"campaign","collection_title":"Campaign","level_index":1,"level_fingerprint":"996269780f95401b0b42","history":"","statistics":{"steps":0,"pushes":0,"elapsed":12.5,"hints_used":0,"solver_used":false,"par_moves":0,"par_pushes":0,"current_score":0,"levels_solved":0,"total_steps":0,"total_pushes":0,"total_time":0.0,"total_hints":0,"solved_titles":[]},"saved_at":1795529762.4706004}');
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE slots (name TEXT PRIMARY KEY, saved_at REAL NOT NULL, game TEXT NOT NULL);
INSERT INTO "slots" VALUES('a file',1.79552976247199773786e+09,'{"collection_id":"title:Old file","collection_path":"/nowhere/old.xsb","collection_title":"Old file","level_index":1,"level_fingerprint":"b78c35ea77b1ab9260e6","history":"","statistics":{"steps":0,"pushes":0,"elapsed":0.0,"hints_used":0,"solver_used":false,"par_moves":0,"par_pushes":0,"current_score":0,"levels_solved":0,"total_steps":0,"total_pushes":0,"total_time":0.0,"total_hints":0,"solved_titles":[]},"saved_at":1795529762.4719977}');
INSERT INTO "slots" VALUES('a random',1.7955297624731545448e+09,'{"collection_id":"title:Random levels","collection_path":"random","collection_title":"Random levels","level_index":0,"level_fingerprint":"7585893bb474631c0670","history":"","statistics":{"steps":0,"pushes":0,"elapsed":0.0,"hints_used":0,"solver_used":false,"par_moves":0,"par_pushes":0,"current_score":0,"levels_solved":0,"total_steps":0,"total_pushes":0,"total_time":0.0,"total_hints":0,"solved_titles":[]},"saved_at":1795529762.4731545}');
INSERT INTO "slots" VALUES('mine',1.79552976247429156306e+09,'{"collection_id":"title:My levels","collection_path":"{HOME}/levels/My levels.xsb","collection_title":"My levels","level_index":0,"level_fingerprint":"7585893bb474631c0670","history":"","statistics":{"steps":0,"pushes":0,"elapsed":0.0,"hints_used":0,"solver_used":false,"par_moves":0,"par_pushes":0,"current_score":0,"levels_solved":0,"total_steps":0,"total_pushes":0,"total_time":0.0,"total_hints":0,"solved_titles":[]},"saved_at":1795529762.4742916}');
CREATE TABLE solved_events (
            id INTEGER PRIMARY KEY,
            solved_at REAL NOT NULL,
            collection_id TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            moves INTEGER NOT NULL,
            pushes INTEGER NOT NULL,
            score INTEGER NOT NULL
        );
CREATE TABLE unverified_records (
            collection_id TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            record TEXT NOT NULL,  -- JSON: the imported level record
            PRIMARY KEY (collection_id, fingerprint)
        );
CREATE INDEX solved_events_by_time ON solved_events (solved_at);
CREATE INDEX level_records_solved ON level_records (collection_id, solved, fingerprint);
COMMIT;
