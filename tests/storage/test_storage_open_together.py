"""Two workers open a new player's store at the same moment (issue 36): both get
a working store, on SQLite and on PostgreSQL, where ``CREATE SCHEMA IF NOT
EXISTS`` raced (``duplicate key … pg_namespace_nspname_index``) and one worker
played an unsaved copy of the game beside the other's."""

from __future__ import annotations

import secrets
import threading
from pathlib import Path

from pyramide_a11y.storage import Notice, Store

ROUNDS = 8


def test_a_new_players_store_opened_twice_at_once_works_twice(tmp_path: Path) -> None:
    for _ in range(ROUNDS):
        # Both opened with nothing to say, both wrote and read back in the store.
        assert _open_twice_at_once(tmp_path) == [([], "1"), ([], "1")]


def _open_twice_at_once(tmp_path: Path) -> list[tuple[list[Notice], str]]:
    """A new player's store opened by two threads at once, each writing a setting
    of its own and reading it back: the notices and the value read, per thread."""
    player = secrets.token_urlsafe(32)
    folder = tmp_path / player
    start = threading.Barrier(2)
    results: list[tuple[list[Notice], str]] = []

    def open_and_write(index: int) -> None:
        start.wait(30)
        store, notices = Store.open(folder, player=player)
        if store is None:
            results.append((notices, ""))
            return
        try:
            store.save_setting(f"web.worker{index}", "1")
            results.append((notices, store.settings().get(f"web.worker{index}", "")))
        finally:
            store.close()

    threads = [threading.Thread(target=open_and_write, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results
