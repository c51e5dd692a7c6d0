"""The database schema and its migrations.

``PRAGMA user_version`` holds the schema version. :data:`MIGRATIONS` ``[n]`` takes a
database from version ``n`` to ``n + 1``; opening an older database runs the
missing ones in one transaction, so an interrupted upgrade leaves the old version
intact. A database whose version is above :data:`SCHEMA_VERSION` was written by a
newer program and is never touched (see :mod:`.database`).

Version 1: game records (``games``), their action logs (``actions``) and settings.
Version 2: the statistics table (``stats``), filled from the game records.
Version 3: the deals of the day started (``daily``, see :mod:`.daily`); a table
added, nothing else changed, so older records read as before.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

V1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    rules TEXT NOT NULL,            -- str(rules); read back with engine.parse_rules
    code TEXT,                      -- deal code, NULL for a layout without one
    layout TEXT NOT NULL,           -- layout JSON, so a record stands alone
    started_at TEXT NOT NULL,       -- ISO 8601, UTC
    updated_at TEXT NOT NULL,
    result TEXT,                    -- NULL playing, 'won', 'lost' or 'discarded'
    ended_seq INTEGER,              -- order in which results were decided
    ended_at TEXT,
    result_ms INTEGER,              -- time, moves and score when the result was decided
    result_moves INTEGER,
    result_score INTEGER,
    elapsed_ms INTEGER NOT NULL DEFAULT 0,  -- the state after the last action
    moves INTEGER NOT NULL DEFAULT 0,
    score INTEGER NOT NULL DEFAULT 0,
    removed INTEGER NOT NULL DEFAULT 0,
    actions INTEGER NOT NULL DEFAULT 0,
    selected TEXT,
    seen TEXT NOT NULL DEFAULT ''   -- cards seen face up, canonical, space-separated
);
CREATE INDEX games_by_result ON games (result, updated_at);
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,           -- 1, 2, … in the order played
    token TEXT NOT NULL,            -- see storage.actions
    elapsed_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
"""

V2 = """
CREATE TABLE stats (
    rules TEXT PRIMARY KEY,         -- str(rules): a preset and its variant set
    played INTEGER NOT NULL DEFAULT 0,
    won INTEGER NOT NULL DEFAULT 0,
    current_streak INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    best_time_ms INTEGER,
    fewest_moves INTEGER,
    best_score INTEGER,
    best_game_id INTEGER REFERENCES games (id)
) WITHOUT ROWID;
"""

V3 = """
CREATE TABLE daily (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    day TEXT NOT NULL,              -- ISO date (the player's local date)
    rules TEXT NOT NULL             -- str(rules)
);
CREATE INDEX daily_by_day ON daily (day);
"""


def _v1(conn: sqlite3.Connection) -> None:
    _run_script(conn, V1)


def _v2(conn: sqlite3.Connection) -> None:
    # Imported here: stats depends on the schema module's tables, not the reverse.
    from .stats import rebuild_stats

    _run_script(conn, V2)
    rebuild_stats(conn)


def _v3(conn: sqlite3.Connection) -> None:
    _run_script(conn, V3)


def _run_script(conn: sqlite3.Connection, script: str) -> None:
    # executescript() would COMMIT first; run statement by statement to stay inside
    # the migration's transaction.
    statement = ""
    for line in script.splitlines(keepends=True):
        statement += line
        if sqlite3.complete_statement(statement):
            conn.execute(statement)
            statement = ""
    if statement.strip():
        raise ValueError(f"incomplete SQL statement: {statement!r}")


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2, _v3)
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(conn: sqlite3.Connection, *, target: int = SCHEMA_VERSION) -> int:
    """Bring the database to ``target`` in one immediate transaction; return the
    version it had. Two processes may race here: the transaction makes the second
    one see the first one's result.

    Raises:
        ValueError: the database is newer than ``target`` (nothing is changed).
        sqlite3.Error: as raised by SQLite (nothing is changed).
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > target:
            raise ValueError(f"schema version {version} is newer than {target}")
        for step in range(version, target):
            MIGRATIONS[step](conn)
        if version != target:
            conn.execute(f"PRAGMA user_version = {int(target)}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return version
