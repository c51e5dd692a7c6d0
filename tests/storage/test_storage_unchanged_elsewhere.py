"""``Store.unchanged_elsewhere`` (issue 38): whether another connection wrote the
player's store since this one's last page turn. The web answers a line that is no
command from memory only when it says so; a wrong True would answer from a game
another worker has moved on, so every way of being unsure is False."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from storage_helpers import coded_game, on_postgres

from pyramide_a11y.storage import Store, WriterMark

CODE = "PY1-P-AAAAAAB"
KEY = "web.page"
ME = f"{os.getpid()}-unchanged"


def _other(folder: Path) -> Store:
    """The same player's store opened again: another worker's connection."""
    store, _ = Store.open(folder)
    assert store is not None
    return store


@pytest.mark.skipif(on_postgres(), reason="SQLite's count of others' commits")
def test_only_another_connections_commit_makes_it_changed(tmp_path: Path) -> None:
    store, saved = coded_game(tmp_path, CODE)
    assert not store.unchanged_elsewhere()  # no turn yet: unknown
    with store.page_turn(KEY, WriterMark(tmp_path, ME)) as turn:
        saved.apply("draw")
        turn.page = "after the draw"
    assert store.unchanged_elsewhere()
    store.save_setting("own", "1")  # this connection's own write
    assert store.unchanged_elsewhere()
    other = _other(tmp_path)
    assert other.setting(KEY) == "after the draw"  # another's read changes nothing
    assert store.unchanged_elsewhere()
    other.save_setting(KEY, "another worker's page")
    assert not store.unchanged_elsewhere()
    with store.page_turn(KEY) as turn:  # the next turn reads it, and knows again
        assert turn.kept == "another worker's page"
    assert store.unchanged_elsewhere()
    other.close()
    store.close()


@pytest.mark.skipif(on_postgres(), reason="SQLite's count of others' commits")
def test_a_turn_that_fails_leaves_it_unknown(tmp_path: Path) -> None:
    store, _ = coded_game(tmp_path, CODE)
    with store.page_turn(KEY):
        pass
    assert store.unchanged_elsewhere()
    with pytest.raises(RuntimeError), store.page_turn(KEY):
        raise RuntimeError("a fault inside the turn")
    assert not store.unchanged_elsewhere()
    store.close()


@pytest.mark.skipif(not on_postgres(), reason="PostgreSQL's store")
def test_postgresql_never_says_unchanged(tmp_path: Path) -> None:
    store, _ = coded_game(tmp_path, CODE)
    with store.page_turn(KEY) as turn:
        turn.page = "shown"
    assert not store.unchanged_elsewhere()  # no count of others' commits to read
    store.close()
