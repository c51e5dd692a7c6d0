"""The database schema and its migrations.

``PRAGMA user_version`` holds the schema version. :data:`MIGRATIONS` ``[n]`` takes a
database from version ``n`` to ``n + 1``; opening an older database runs the
missing ones in one transaction, so an interrupted upgrade leaves the old version
intact. A database whose version is above :data:`SCHEMA_VERSION` was written by a
newer program and is never touched (see :mod:`.database`).

Version 1: game records (``games``), their action logs (``actions``) and settings.
Version 2: the statistics table (``stats``), filled from the game records.
Version 3: the deals of the day started (``daily``, see :mod:`.daily_games`); a table
added, nothing else changed, so older records read as before.
Version 4: two columns of ``games``, NULL in older records: ``par``, the deal's
proven fewest moves, stored when it is found once the game is over: won, or
lost (left for good after a move); 0 for a deal proven not winnable
(``core/par.py``, ``GameRecord.par``), and
``damaged_at``, when the player was told that this saved game does not replay
(so it is said once, and never offered again; the record is otherwise kept as
it is).
Version 5: ``games.result_line``, the moves of the line played when the result
was decided (``result_moves`` without the moves undone), which is what compares
with the par. Older decided records get it from their action log: their
``result_moves`` when no move was undone, else the log replayed up to the
result; NULL for a record whose log does not replay to its ``result_moves``
(then its moves over par are not known).
Version 6: no table changed. A deal code whose number was published with other
cards (``engine.dealcode.PUBLISHED``: seed 000's ``PY1-N-AAAAAAS``) now deals
those; a record whose code deals other cards than its layout loses its code
(NULL, as for a layout without one): the game, its log and its figures stay as
played, and no code shown with it names other cards.

Before migrating, :func:`migrate` checks that the file holds the schema its version
says (:func:`check_schema`): every table of that version with exactly its columns
(name, type, constraints), and none of the tables a later migration creates. A
missing ``stats`` table (derived: everything in it comes from the game records)
is rebuilt from the records, and a missing index is recreated; any other
difference (version 0 over existing tables, a missing essential table, a column
of another type) is a schema the program does not recognise: :class:`UnknownSchema`,
and nothing is changed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from .connection import Connection

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

V4 = """
ALTER TABLE games ADD COLUMN par INTEGER;      -- the deal's fewest moves, NULL until found
ALTER TABLE games ADD COLUMN damaged_at TEXT;  -- ISO 8601 UTC: found not to replay, and said
"""


V5 = """
ALTER TABLE games ADD COLUMN result_line INTEGER;  -- result_moves without the moves undone
"""


def _v1(conn: Connection) -> None:
    _run_script(conn, V1)


def _v2(conn: Connection) -> None:
    # Imported here: stats depends on the schema module's tables, not the reverse.
    from .stats import rebuild_stats

    _run_script(conn, V2)
    rebuild_stats(conn)


def _v3(conn: Connection) -> None:
    _run_script(conn, V3)


def _v4(conn: Connection) -> None:
    _run_script(conn, V4)


def _v5(conn: Connection) -> None:
    _run_script(conn, V5)
    # With no undo in its log, every move counted is in the line played.
    conn.execute(
        "UPDATE games SET result_line = result_moves WHERE result IS NOT NULL AND NOT EXISTS "
        "(SELECT 1 FROM actions WHERE game_id = games.id AND token = 'undo')"
    )
    for game_id, rules, layout, result, moves in conn.execute(
        "SELECT id, rules, layout, result, result_moves FROM games "
        "WHERE result IS NOT NULL AND result_line IS NULL"
    ).fetchall():
        tokens = [
            str(token)
            for (token,) in conn.execute(
                "SELECT token FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            )
        ]
        line = _line_from_log(str(rules), str(layout), tokens, won=result == "won")
        if line is not None and line[0] == moves:
            conn.execute("UPDATE games SET result_line = ? WHERE id = ?", (line[1], game_id))


def _v6(conn: Connection) -> None:
    # Imported here: the schema module stands below the game records.
    from pyramide_a11y.engine import Layout, parse_code
    from pyramide_a11y.engine.dealcode import PUBLISHED, DealCodeError

    for game_id, code, layout in conn.execute(
        "SELECT id, code, layout FROM games WHERE code IS NOT NULL"
    ).fetchall():
        try:
            parsed = parse_code(str(code))
            if (parsed.rules.name, parsed.number) not in PUBLISHED:
                continue  # the generator deals it as before
            dealt = Layout.from_code(parsed)
            kept = Layout.from_json(str(layout))
        except (DealCodeError, ValueError):  # a code or layout no program wrote: kept as is
            continue
        if (dealt.pyramid, dealt.stock, dealt.waste) != (kept.pyramid, kept.stock, kept.waste):
            conn.execute("UPDATE games SET code = NULL WHERE id = ?", (game_id,))


def _line_from_log(
    rules: str, layout: str, tokens: list[str], *, won: bool
) -> tuple[int, int] | None:
    """(moves, moves of the line played) of a decided game, from its log; None when
    it does not replay (a damaged record keeps its other figures)."""
    # Imported here: the schema module stands below the game records.
    from pyramide_a11y.engine import Layout, parse_rules

    from .actions import game_at_result, played_line

    try:
        game = game_at_result(Layout.from_json(layout), parse_rules(rules), tokens, won=won)
    except ValueError:  # ActionLogError, LayoutError and a bad rules string are ValueErrors
        return None
    return game.moves, played_line(game)


def _run_script(conn: Connection, script: str) -> None:
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


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (_v1, _v2, _v3, _v4, _v5, _v6)
"""The steps, each run on SQLite (:func:`migrate`) and on PostgreSQL
(:func:`.postgres.migrate_postgres`) alike."""
SCHEMA_VERSION = len(MIGRATIONS)

DERIVED_TABLES = frozenset({"stats"})
"""Tables whose whole content is recomputed from the game records."""


class UnknownSchema(ValueError):
    """The file's tables are not the schema its version says (nothing was changed)."""


_Columns = tuple[tuple[object, ...], ...]


@dataclass(frozen=True, slots=True)
class _Shape:
    tables: dict[str, _Columns]
    indexes: dict[str, str]  # name → the SQL that creates it


def _shape(conn: sqlite3.Connection) -> _Shape:
    tables: dict[str, _Columns] = {}
    indexes: dict[str, str] = {}
    for kind, name, sql in conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
    ):
        if kind == "table":
            # (cid, name, type, notnull, default, pk) for every column, in order.
            info = conn.execute(f'PRAGMA table_info("{str(name).replace(chr(34), "")}")')
            tables[str(name)] = tuple(tuple(row) for row in info)
        elif kind == "index" and sql is not None:
            indexes[str(name)] = str(sql)
    return _Shape(tables, indexes)


@cache
def _expected(version: int) -> _Shape:
    """The shape the migrations give a database at ``version``."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for step in range(version):
            MIGRATIONS[step](conn)
        return _shape(conn)
    finally:
        conn.close()


@dataclass(frozen=True, slots=True)
class SchemaCheck:
    """What :func:`check_schema` found to repair: derived tables and indexes missing."""

    missing_derived: tuple[str, ...] = ()
    missing_indexes: tuple[str, ...] = ()


def check_schema(conn: sqlite3.Connection, version: int) -> SchemaCheck:
    """Check that the tables in ``conn`` are those of schema ``version`` (see the
    module's docstring) and say what can be repaired.

    Raises:
        UnknownSchema: a difference that cannot be repaired.
        sqlite3.Error: as raised by SQLite.
    """
    found = _shape(conn)
    expected = _expected(version)
    later = set(_expected(SCHEMA_VERSION).tables) - set(expected.tables)
    if version == 0 and found.tables:
        raise UnknownSchema(f"version 0 over tables {sorted(found.tables)}")
    if clash := later & set(found.tables):
        raise UnknownSchema(f"version {version} with later tables {sorted(clash)}")
    missing: list[str] = []
    for name, columns in expected.tables.items():
        if name not in found.tables:
            if name not in DERIVED_TABLES:
                raise UnknownSchema(f"table {name} missing")
            missing.append(name)
        elif found.tables[name] != columns:
            raise UnknownSchema(f"table {name} has columns {found.tables[name]}")
    indexes = tuple(name for name in expected.indexes if name not in found.indexes)
    return SchemaCheck(tuple(missing), indexes)


def _repair(conn: sqlite3.Connection, check: SchemaCheck, version: int) -> None:
    expected = _expected(version)
    if "stats" in check.missing_derived:
        from .stats import rebuild_stats

        _run_script(conn, V2)
        rebuild_stats(conn)
    for name in check.missing_indexes:
        conn.execute(expected.indexes[name])


def migrate(conn: sqlite3.Connection, *, target: int = SCHEMA_VERSION) -> int:
    """Bring the database to ``target`` in one immediate transaction; return the
    version it had. Two processes may race here: the transaction makes the second
    one see the first one's result.

    Raises:
        UnknownSchema: the tables are not those of the file's version (nothing
            is changed).
        ValueError: the database is newer than ``target`` (nothing is changed).
        sqlite3.Error: as raised by SQLite (nothing is changed).
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > target:
            raise ValueError(f"schema version {version} is newer than {target}")
        if version < 0:
            raise UnknownSchema(f"schema version {version}")
        _repair(conn, check_schema(conn, version), version)
        for step in range(version, target):
            MIGRATIONS[step](conn)
        if version != target:
            conn.execute(f"PRAGMA user_version = {int(target)}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return version
