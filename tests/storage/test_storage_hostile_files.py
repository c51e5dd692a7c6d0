"""The data folder under hostile conditions (issue 29): a full disk at start-up
that gets room later, a database truncated to 0 bytes, reading a folder that
cannot be written, and the permissions of a folder and a file made by someone
else. The SQLite file itself: ``sqlite_file``."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from storage_helpers import ROOT, Program, new_game, sqlite_file
from test_storage_database import digest, fill, folder_digests, read_only

from pyramide_a11y.cli.main import main
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration.notice_words import notice_text
from pyramide_a11y.storage import AutosavedGame, Notice, NoticeKind, Store
from pyramide_a11y.storage.paths import DATABASE_NAME

pytestmark = sqlite_file

CODE = "PY1-N-AAAAAAS"


def sentence(kind: NoticeKind) -> str:
    set_language("en")
    return notice_text(Notice(kind))


@contextlib.contextmanager
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 400 KB tmpfs (root only)."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("needs root to mount a small tmpfs")
    folder = tmp_path / "tiny"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=400k", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def fill_up(folder: Path) -> Path:
    """Fill the file system of ``folder``; the file that holds the room."""
    filler = folder / "filler"
    with contextlib.suppress(OSError), filler.open("wb") as out:
        while True:
            out.write(bytes(4096))
            out.flush()
    return filler


def run(*argv: str) -> tuple[int, list[str]]:
    out = io.StringIO()
    status = main([*argv], out)
    return status, out.getvalue().splitlines()


@pytest.mark.parametrize("existing", [False, True], ids=["new_folder", "saved_games"])
def test_a_game_started_on_a_full_disk_is_saved_once_there_is_room(
    tmp_path: Path, existing: bool
) -> None:
    with tiny_disk(tmp_path) as folder:
        if existing:
            fill(folder, games=2, actions=3)
        filler = fill_up(folder)
        program = Program(folder, "--deal", CODE)
        opening = program.answer()
        assert opening.count(sentence(NoticeKind.DISK_FULL)) == 1
        said = []
        for _ in range(3):
            program.send("d")
            said += program.answer()
        assert sentence(NoticeKind.DISK_FULL) not in said  # said once, at the start
        filler.unlink()
        program.send("d")
        assert program.answer()[-1] == sentence(NoticeKind.SAVING_AGAIN)
        assert program.close()[0] == 0
        store, notices = Store.open(folder)
        assert store is not None and notices == []
        newest = max(r.id for r in store.recent(include_discarded=True))
        loaded = store.load(newest)
        assert loaded is not None and loaded.tokens == ("draw",) * 4
        store.close()
        status, lines = run("history", "--data-dir", str(folder), "--lang", "en")
        assert status == 0 and lines[0].startswith(f"Game {newest}, ")


def test_a_saved_game_taken_up_on_a_full_disk_is_saved_once_there_is_room(
    tmp_path: Path,
) -> None:
    with tiny_disk(tmp_path) as folder:
        fill(folder, games=2, actions=3)
        filler = fill_up(folder)
        program = Program(folder)
        said = program.answer()
        assert any(line.startswith("You have a saved game") for line in said)  # read
        program.send("continue")
        said += program.answer()
        for _ in range(2):
            program.send("d")
            said += program.answer()
        assert said.count(sentence(NoticeKind.DISK_FULL)) == 1
        filler.unlink()
        program.send("d")
        assert program.answer()[-1] == sentence(NoticeKind.SAVING_AGAIN)
        assert program.close()[0] == 0
        store, _ = Store.open(folder)
        assert store is not None
        (record,) = store.in_progress()
        loaded = store.load(record.id)
        assert loaded is not None and loaded.tokens == ("draw",) * 6
        store.close()


def test_a_store_opened_on_a_full_disk_saves_the_game_when_room_comes(tmp_path: Path) -> None:
    with tiny_disk(tmp_path) as folder:
        filler = fill_up(folder)
        store, notices = Store.open(folder)
        assert notices == []  # said by the first write that fails
        assert store is not None
        dealt = new_game(CODE)
        game = AutosavedGame.start(store, dealt.layout, dealt.rules, CODE)
        for _ in range(5):
            game.apply("draw")
        assert [n.kind for n in game.take_notices()] == [NoticeKind.DISK_FULL]
        assert game.saved_actions == 0
        filler.unlink()
        game.apply("draw")
        assert [n.kind for n in game.take_notices()] == [NoticeKind.SAVING_AGAIN]
        assert game.saved_actions == 6 and game.record_id is not None
        game.close()
        store.close()
        store, notices = Store.open(folder)
        assert store is not None and notices == []
        loaded = store.load(game.record_id)
        assert loaded is not None and loaded.tokens == ("draw",) * 6
        store.close()


def test_a_database_truncated_to_nothing_is_moved_aside_with_a_sentence(tmp_path: Path) -> None:
    fill(tmp_path, games=2)
    path = tmp_path / DATABASE_NAME
    path.write_bytes(b"")
    store, notices = Store.open(tmp_path)
    assert [n.kind for n in notices] == [NoticeKind.MOVED_CORRUPT]
    moved = tmp_path / notices[0].name
    assert moved.name.startswith("pyramide-corrupt-") and moved.stat().st_size == 0
    assert store is not None and store.in_progress() == []
    store.close()
    # The program says so, in one sentence, then plays.
    path.unlink()
    path.write_bytes(b"")
    program = Program(tmp_path, "--deal", CODE)
    opening = program.answer()
    (second,) = sorted(set(tmp_path.glob("pyramide-corrupt-*.sqlite3")) - {moved})
    set_language("en")
    assert opening[0] == notice_text(Notice(NoticeKind.MOVED_CORRUPT, second.name))
    assert program.close()[0] == 0


def test_a_new_database_is_never_an_empty_file_at_its_name(tmp_path: Path) -> None:
    """A failed creation leaves nothing, so an empty file is always damage."""
    store, notices = Store.open(tmp_path)
    assert store is not None and notices == []
    assert (tmp_path / DATABASE_NAME).stat().st_size > 0
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
    store.close()


@pytest.mark.parametrize("command", [["stats"], ["history"], ["history", "1"]])
def test_a_read_only_folder_is_still_read(tmp_path: Path, command: list[str]) -> None:
    fill(tmp_path, games=3, actions=5)
    expected = run(*command, "--data-dir", str(tmp_path), "--lang", "en")
    before = folder_digests(tmp_path)
    with read_only(tmp_path):
        got = run(*command, "--data-dir", str(tmp_path), "--lang", "en")
    assert got == expected and got[0] == 0
    assert folder_digests(tmp_path) == before


def test_a_full_disk_is_still_read(tmp_path: Path) -> None:
    with tiny_disk(tmp_path) as folder:
        fill(folder, games=3, actions=5)
        expected = run("history", "--data-dir", str(folder), "--lang", "en")
        stats = run("stats", "--data-dir", str(folder), "--lang", "en")
        fill_up(folder)
        assert run("history", "--data-dir", str(folder), "--lang", "en") == expected
        assert run("stats", "--data-dir", str(folder), "--lang", "en") == stats
        assert expected[0] == 0 and len(expected[1]) == 3


def test_an_open_folder_and_file_are_made_private(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    fill(folder, games=1)
    folder.chmod(0o755)
    (folder / DATABASE_NAME).chmod(0o644)
    store, notices = Store.open(folder)
    assert store is not None and notices == []
    store.close()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / DATABASE_NAME).stat().st_mode) == 0o600


def test_a_folder_shared_with_other_files_keeps_its_mode(tmp_path: Path) -> None:
    folder = tmp_path / "documents"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    (folder / "letter.txt").write_text("mine")
    store, _ = Store.open(folder)
    assert store is not None
    store.close()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o755
    assert stat.S_IMODE((folder / DATABASE_NAME).stat().st_mode) == 0o600


def test_making_private_on_a_read_only_folder_changes_nothing(tmp_path: Path) -> None:
    fill(tmp_path, games=1)
    path = tmp_path / DATABASE_NAME
    path.chmod(0o644)
    before = digest(path)
    with read_only(tmp_path):
        store, notices = Store.open(tmp_path)
        assert store is None and [n.kind for n in notices] == [NoticeKind.READ_ONLY]
        status, _ = run("history", "--data-dir", str(tmp_path))
        assert status == 0
    assert digest(path) == before


def test_a_home_of_no_user_is_a_folder_named_as_written(tmp_path: Path) -> None:
    """``~nosuchuser/x`` names no home: the folder is taken literally (as a shell
    leaves it), relative to the current folder; no traceback."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(LANGUAGE="en", PYRAMIDE_DATA_DIR="~nosuchuser-pyramide/x")
    for command in (["stats"], ["history"], ["--speech", "none", "--deal", CODE]):
        done = subprocess.run(
            [sys.executable, "-m", "pyramide_a11y", *command],
            input="d\n",
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
            env={**env, "PYTHONPATH": str(ROOT)},
        )
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr and "Error" not in done.stderr
    folder = tmp_path / "~nosuchuser-pyramide" / "x"
    assert (folder / DATABASE_NAME).is_file()
    store, _ = Store.open(folder)
    assert store is not None and [r.snapshot.actions for r in store.in_progress()] == [1]
    store.close()


def test_a_read_only_folder_without_games_has_none_to_show(tmp_path: Path) -> None:
    with read_only(tmp_path):
        for folder in (tmp_path, tmp_path / "never-made"):
            assert run("stats", "--data-dir", str(folder), "--lang", "en") == (
                0,
                ["No games finished yet."],
            )
            status, lines = run("history", "--data-dir", str(folder), "--lang", "en")
            assert status == 0 and len(lines) == 1 and "cannot be read" not in lines[0]
    assert list(tmp_path.iterdir()) == []
