"""``Store.one_commit`` (issue 38): moves held open for the next write to commit.
When that commit fails, the moves are unsaved again, the player is told once, and
the next save stores every one of them: nothing played is lost."""

from __future__ import annotations

from pathlib import Path

import pytest
from storage_helpers import FailingCommit, coded_game, on_postgres, stored_tokens

from pyramide_a11y.storage import AutosavedGame, NoticeKind, StorageError, Store

CODE = "PY1-P-AAAAAAB"
PAGE = "page"

pytestmark = pytest.mark.skipif(on_postgres(), reason="fails SQLite's commit on purpose")


def _game(tmp_path: Path) -> tuple[Store, FailingCommit, AutosavedGame]:
    store, saved = coded_game(tmp_path, CODE)
    failing = FailingCommit(store.conn)
    store.conn = failing
    return store, failing, saved


def test_a_held_move_commits_with_the_next_write(tmp_path: Path) -> None:
    store, _, saved = _game(tmp_path)
    with store.one_commit():
        saved.apply("draw")
        assert not saved.unsaved  # handed to the store, its commit still to come
        store.save_setting(PAGE, "after the draw")
        assert stored_tokens(tmp_path, saved.record_id) == 1  # committed with the page
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
    assert stored_tokens(tmp_path, saved.record_id) == 0
    assert PAGE not in store.settings()
    saved.apply("draw")  # the next move saves both
    assert not saved.unsaved
    assert stored_tokens(tmp_path, saved.record_id) == 2
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
    assert stored_tokens(tmp_path, saved.record_id) == 1
    store.close()
