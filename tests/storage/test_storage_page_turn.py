"""``Store.page_turn`` (issue 37): a web request's one turn at the player's store.
The player's lock and the one commit are taken on entry with the page record read;
the record the caller hands back is written on leaving, in the move's commit, and
the writer mark says who played last, before the lock is let go. A turn that
changed nothing writes nothing; a write that fails is said, never raised."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from storage_helpers import FailingCommit, coded_game, on_postgres, stored_tokens

from pyramide_a11y.storage import AutosavedGame, PageTurn, Store, WriterMark
from pyramide_a11y.storage.locks import player_lock
from pyramide_a11y.storage.writer_mark import MARK_FILE

CODE = "PY1-P-AAAAAAB"
KEY = "web.page"
ME = f"{os.getpid()}-page-turn"


def _game(folder: Path) -> tuple[Store, AutosavedGame]:
    return coded_game(folder, CODE)


def _mark(folder: Path) -> str | None:
    path = folder / "locks" / MARK_FILE
    return path.read_text(encoding="ascii") if path.exists() else None


def test_a_turn_reads_the_record_on_entry_and_writes_the_new_one_on_leaving(
    tmp_path: Path,
) -> None:
    store, saved = _game(tmp_path)
    store.save_setting(KEY, "shown before")
    with store.page_turn(KEY, WriterMark(tmp_path, ME)) as turn:
        assert turn.kept == "shown before"
        saved.apply("draw")
        turn.page, turn.unsaved = "after the draw", saved.unsaved
        assert _mark(tmp_path) is None  # marked on leaving, with the page
    assert turn.saved
    assert store.settings()[KEY] == "after the draw"
    assert stored_tokens(tmp_path, saved.record_id) == 1
    assert _mark(tmp_path) == f"{ME} 0"  # this process played last, nothing pending
    store.close()


def test_a_turn_that_set_nothing_writes_nothing(tmp_path: Path) -> None:
    store, _ = _game(tmp_path)
    store.save_setting(KEY, "shown before")
    with store.page_turn(KEY, WriterMark(tmp_path, ME)) as turn:
        assert turn.kept == "shown before"
    assert not turn.saved
    assert store.settings()[KEY] == "shown before"
    assert _mark(tmp_path) is None
    store.close()


def test_no_record_yet_reads_as_empty(tmp_path: Path) -> None:
    store, _ = _game(tmp_path)
    with store.page_turn(KEY) as turn:
        assert turn == PageTurn(kept="")
    store.close()


@pytest.mark.skipif(on_postgres(), reason="the folder's lock is SQLite's; PostgreSQL's is advisory")
def test_the_player_is_this_process_alone_for_the_turn(tmp_path: Path) -> None:
    store, _ = _game(tmp_path)
    with store.page_turn(KEY), player_lock(tmp_path, timeout=0.0) as other:
        assert not other  # another worker waits
    with player_lock(tmp_path, timeout=0.0) as other:
        assert other  # let go once the turn ends
    store.close()


def test_a_failure_inside_the_turn_writes_no_page_and_lets_the_player_go(tmp_path: Path) -> None:
    store, _ = _game(tmp_path)
    store.save_setting(KEY, "shown before")
    with pytest.raises(RuntimeError), store.page_turn(KEY, WriterMark(tmp_path, ME)) as turn:
        turn.page = "never"
        raise RuntimeError("the work failed")
    assert store.settings()[KEY] == "shown before"
    assert _mark(tmp_path) is None
    with store.page_turn(KEY) as again:  # the lock was let go
        assert again.kept == "shown before"
    store.close()


def test_moves_held_by_another_living_process_are_seen_when_asked(tmp_path: Path) -> None:
    store, _ = _game(tmp_path)
    (tmp_path / "locks").mkdir(exist_ok=True)
    (tmp_path / "locks" / MARK_FILE).write_text(f"{os.getppid()}-other 1", encoding="ascii")
    mark = WriterMark(tmp_path, ME)
    with store.page_turn(KEY, mark, look_elsewhere=True) as turn:
        assert turn.held_elsewhere
    with store.page_turn(KEY, mark) as turn:
        assert not turn.held_elsewhere  # a read does not look
    store.close()


@pytest.mark.skipif(on_postgres(), reason="fails SQLite's write on purpose")
def test_a_page_that_cannot_be_written_is_not_saved_and_the_mark_says_pending(
    tmp_path: Path,
) -> None:
    store, saved = _game(tmp_path)
    failing = FailingCommit(store.conn)
    store.conn = failing
    with store.page_turn(KEY, WriterMark(tmp_path, ME)) as turn:
        saved.apply("draw")
        turn.page, turn.unsaved = "after the draw", saved.unsaved
        failing.fail = True  # the commit of the move with its page
    assert not turn.saved
    assert saved.unsaved  # the move's commit went with the page: to be saved again
    assert _mark(tmp_path) == f"{ME} 1"
    store.close()
