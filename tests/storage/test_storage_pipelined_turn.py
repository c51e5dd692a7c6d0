"""PostgreSQL's transaction inside a request's turn is pipelined (issue 38): its
statements go to the server without waiting for each other's results, which come
back at COMMIT or when the store reads one. A statement that fails may then be
told late, but it is told: the whole move is lost to the store, the player hears
it once, and the next save stores it. What the store reads inside the
transaction is what it wrote there."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from kit import wait_until
from storage_helpers import coded_game, on_postgres, stored_tokens

from pyramide_a11y.storage import NoticeKind, Store
from pyramide_a11y.storage.postgres import PgConnection, database_url

CODE = "PY1-P-AAAAAAB"
KEY = "web.page"

pytestmark = pytest.mark.skipif(not on_postgres(), reason="PostgreSQL's pipelined transaction")


def _other(folder: Path) -> Store:
    """Another connection to the same player's schema (another worker's, say)."""
    other, _ = Store.open(folder)
    assert other is not None
    return other


def test_a_move_the_server_refuses_is_lost_whole_said_once_and_saved_again(
    tmp_path: Path,
) -> None:
    store, saved = coded_game(tmp_path, CODE)
    other = _other(tmp_path)
    # The server will refuse the move's action: its place is taken.
    other.conn.execute(
        "INSERT INTO actions (game_id, seq, token, elapsed_ms) VALUES (?, 1, 'draw', 0)",
        (saved.record_id,),
    )
    with store.page_turn(KEY) as turn:
        saved.apply("draw")
        turn.page, turn.unsaved = "after the draw", saved.unsaved
    assert saved.unsaved
    assert [notice.kind for notice in saved.take_notices()] == [NoticeKind.UNAVAILABLE]
    moves = other.conn.execute("SELECT moves FROM games WHERE id = ?", (saved.record_id,))
    assert moves.fetchone()[0] == 0  # the games row the same pipeline updated: not kept
    # The refusal comes back at COMMIT, with the page record in the same lost
    # transaction; or, when it is back before the store sends the record, the
    # move fails there and then, and the record is written by itself, as on
    # SQLite (the writer mark says moves are pending). Never in between.
    assert (KEY in store.settings()) == turn.saved
    other.conn.execute("DELETE FROM actions WHERE game_id = ?", (saved.record_id,))
    assert saved.flush()
    assert stored_tokens(tmp_path, saved.record_id) == 1
    other.close()
    store.close()


def test_inside_a_turn_the_transaction_reads_what_it_wrote(tmp_path: Path) -> None:
    store, _ = coded_game(tmp_path, CODE)
    store.save_setting(KEY, "before")
    with store.exclusive():
        conn = store.conn
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO settings (key, value) VALUES ('new', 'written')")
        changed = conn.execute("UPDATE settings SET value = 'after' WHERE key = ?", (KEY,))
        read = conn.execute("SELECT key, value FROM settings ORDER BY key")
        assert read.fetchall() == [("new", "written"), (KEY, "after")]
        assert changed.rowcount == 1
        conn.execute("COMMIT")
    assert store.settings() == {"new": "written", KEY: "after"}
    store.close()


def test_a_turn_after_the_servers_connections_were_cut_takes_a_fresh_one(
    tmp_path: Path,
) -> None:
    store, saved = coded_game(tmp_path, CODE)
    assert isinstance(store.conn, PgConnection)
    pool = store.conn.pool
    idle = [pool.getconn() for _ in range(3)]  # three in the pool, whichever comes first
    pids = [connection.info.backend_pid for connection in idle]
    for connection in idle:
        pool.putconn(connection)
    # Cut as a server restart would: the pool's idle connections are now broken,
    # and the turn's first statement, which is also the pool's check, finds it out.
    with psycopg.connect(str(database_url()), autocommit=True) as killer:
        killer.execute("SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid", (pids,))

        def gone() -> bool:  # a backend told to end ends a moment later
            alive = "SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s::int[])"
            row = killer.execute(alive, (pids,)).fetchone()
            return row is not None and row[0] == 0

        assert wait_until(gone)
    with store.page_turn(KEY) as turn:
        saved.apply("draw")
        turn.page, turn.unsaved = "after the draw", saved.unsaved
    assert (turn.saved, saved.unsaved, saved.take_notices()) == (True, False, [])
    assert stored_tokens(tmp_path, saved.record_id) == 1
    store.close()
