"""The two small files every turn of a web player touches, read and written plainly
(pathlib and a mkdir each time were a tenth of a turn at the store):

- the folder's player lock (``storage.locks.player_lock``): its folder made only
  when missing; a folder where no lock file can be made never stops the game
  (the turn goes on unlocked);
- the writer mark (``storage.writer_mark.WriterMark``): which process played
  last, and whether it holds moves not saved yet."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from pyramide_a11y.storage.locks import player_lock
from pyramide_a11y.storage.paths import LOCKS_FOLDER
from pyramide_a11y.storage.writer_mark import MARK_FILE, WriterMark


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_a_folder_without_its_locks_folder_gets_one_only_its_owner_opens(tmp_path: Path) -> None:
    folder = tmp_path / "players" / "p1"  # neither exists yet
    with player_lock(folder) as held:
        assert held
    assert stat.S_IMODE(os.stat(folder / LOCKS_FOLDER).st_mode) == 0o700
    assert (folder / LOCKS_FOLDER / "player.lock").is_file()


def test_the_lock_is_one_holders_at_a_time_and_free_after(tmp_path: Path) -> None:
    with player_lock(tmp_path) as held, player_lock(tmp_path, timeout=0.0) as other:
        assert held and not other
    with player_lock(tmp_path, timeout=0.0) as again:
        assert again


def test_a_folder_where_no_lock_can_be_made_goes_on_unlocked(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    ran = []
    with player_lock(blocker / "player") as held:
        ran.append(held)
    assert ran == [False]


def test_a_mark_tells_another_living_process_and_its_unsaved_moves(tmp_path: Path) -> None:
    living = f"{os.getppid()}-other"  # the test runner's parent: alive, not us
    WriterMark(tmp_path, living).mark(pending=True)
    assert WriterMark(tmp_path, f"{os.getpid()}-me").other() == (True, True)
    WriterMark(tmp_path, living).mark(pending=False)
    assert WriterMark(tmp_path, f"{os.getpid()}-me").other() == (True, False)
    assert WriterMark(tmp_path, living).other() == (False, False)  # its own mark


def test_no_mark_or_a_mark_not_read_as_one_is_no_other_writer(tmp_path: Path) -> None:
    me = WriterMark(tmp_path, f"{os.getpid()}-me")
    assert me.other() == (False, False)  # none yet
    me.path.parent.mkdir(parents=True)
    for text in (b"\xff\xfe 1", b"", b"not-a-pid 1"):
        (tmp_path / LOCKS_FOLDER / MARK_FILE).write_bytes(text)
        assert me.other() == (False, False)
