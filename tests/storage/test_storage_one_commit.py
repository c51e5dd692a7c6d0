"""``Store.one_commit`` (issue 38): moves held open for the next write to commit.
When that commit fails, the moves are unsaved again, the player is told once, and
the next save stores every one of them: nothing played is lost."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest
from storage_helpers import on_postgres

from pyramide_a11y.engine import Layout, parse_code
from pyramide_a11y.storage import AutosavedGame, NoticeKind, StorageError, Store
from pyramide_a11y.storage.connection import Connection, Cursor

CODE = "PY1-P-AAAAAAB"
PAGE = "page"

pytestmark = pytest.mark.skipif(on_postgres(), reason="fails SQLite's commit on purpose")


class FailingCommit:
    """A connection whose next ``COMMIT`` fails as a full disk would."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.fail = False

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Cursor:
        if self.fail and sql.strip().upper() == "COMMIT":
            self.fail = False
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Cursor:
        return self.conn.executemany(sql, parameters)

    def close(self) -> None:
        self.conn.close()


def _game(tmp_path: Path) -> tuple[Store, FailingCommit, AutosavedGame]:
    store, _ = Store.open(tmp_path)
    assert store is not None
    failing = FailingCommit(store.conn)
    store.conn = failing
    code = parse_code(CODE)
    return store, failing, AutosavedGame.start(store, Layout.from_code(code), code.rules, CODE)


def _stored_tokens(tmp_path: Path, record_id: int | None) -> int:
    again, _ = Store.open(tmp_path)
    assert again is not None and record_id is not None
    try:
        record = again.load(record_id)
        assert record is not None
        return len(record.tokens)
    finally:
        again.close()


def test_a_held_move_commits_with_the_next_write(tmp_path: Path) -> None:
    store, _, saved = _game(tmp_path)
    with store.one_commit():
        saved.apply("draw")
        assert not saved.unsaved  # handed to the store, its commit still to come
        store.save_setting(PAGE, "after the draw")
        assert _stored_tokens(tmp_path, saved.record_id) == 1  # committed with the page
    assert store.settings()[PAGE] == "after the draw"
    store.close()


def test_a_held_move_whose_commit_fails_is_saved_by_the_next_save(tmp_path: Path) -> None:
    store, failing, saved = _game(tmp_path)
    with store.one_commit():
        saved.apply("draw")
        failing.fail = True
        with pytest.raises(StorageError) as raised:
            store.save_setting(PAGE, "after the draw")
        assert "full" in str(raised.value)
    assert saved.unsaved
    assert [notice.kind for notice in saved.take_notices()] == [NoticeKind.DISK_FULL]
    assert _stored_tokens(tmp_path, saved.record_id) == 0
    assert PAGE not in store.settings()
    saved.apply("draw")  # the next move saves both
    assert not saved.unsaved
    assert _stored_tokens(tmp_path, saved.record_id) == 2
    assert [notice.kind for notice in saved.take_notices()] == [NoticeKind.SAVING_AGAIN]
    store.close()


def test_a_held_move_whose_commit_fails_at_the_blocks_end_is_saved_again(
    tmp_path: Path,
) -> None:
    store, failing, saved = _game(tmp_path)
    with store.one_commit():
        saved.apply("draw")
        failing.fail = True
    assert saved.unsaved
    assert saved.flush()
    assert _stored_tokens(tmp_path, saved.record_id) == 1
    store.close()
