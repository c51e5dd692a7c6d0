"""A window killed while it commits, on PostgreSQL: the server finishes that
transaction after the process is gone, and the game locks (files of the process)
are free at once. A window started again at that moment must read the game with
that last action, not without it (the kill -9 test found one such restart that
resumed a move short, the move landing a moment later).

Here the dying window is a transaction held open on the server; the new window's
store must wait for it before it reads."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from storage_helpers import on_postgres

from pyramide_a11y.engine import Layout, parse_code
from pyramide_a11y.storage import AutosavedGame, Store
from pyramide_a11y.storage.postgres import database_url

CODE = "PY1-P-AAAAAAB"
BOUND_S = 30.0


def _someone_waits_for_an_advisory_lock() -> bool:
    """Whether a backend of the server waits for an advisory lock now."""
    import psycopg

    url = database_url()
    assert url is not None
    with psycopg.connect(url, autocommit=True) as connection:
        row = connection.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        ).fetchone()
    return row is not None and int(row[0]) > 0


@pytest.mark.skipif(not on_postgres(), reason="a PostgreSQL server's own transactions")
def test_a_store_opened_while_a_commit_is_under_way_reads_it(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path)
    assert store is not None
    code = parse_code(CODE)
    saved = AutosavedGame.start(store, Layout.from_code(code), code.rules, CODE)
    for _ in range(3):
        saved.apply("draw")
    record_id = saved.record_id
    assert record_id is not None

    inside, release = threading.Event(), threading.Event()

    def dying_writer() -> None:
        # The fourth draw's transaction, begun before the kill, committed after.
        with store._write() as conn:
            conn.execute(
                "INSERT INTO actions (game_id, seq, token, elapsed_ms) VALUES (?, 4, 'draw', 0)",
                (record_id,),
            )
            conn.execute("UPDATE games SET actions = 4 WHERE id = ?", (record_id,))
            inside.set()
            assert release.wait(BOUND_S)

    read: list[int] = []

    def new_window() -> None:
        again, _ = Store.open(tmp_path)
        assert again is not None
        loaded = again.load(record_id)
        assert loaded is not None
        read.append(len(loaded.tokens))
        again.close()

    writer = threading.Thread(target=dying_writer)
    writer.start()
    assert inside.wait(BOUND_S)
    reader = threading.Thread(target=new_window)
    reader.start()
    # The new window either read already (the old behaviour) or waits for the
    # transaction under way: whichever comes first, then the commit lands.
    deadline = time.monotonic() + BOUND_S
    while reader.is_alive() and not _someone_waits_for_an_advisory_lock():
        assert time.monotonic() < deadline, "the new window neither read nor waited"
        reader.join(0.01)
    release.set()
    writer.join(BOUND_S)
    reader.join(BOUND_S)
    assert read == [4]
    saved.close()
    store.close()
