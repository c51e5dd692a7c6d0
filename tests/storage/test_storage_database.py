"""The database file under stress: migrations, a newer schema, corrupt and truncated
files, a read-only folder and a full disk. Each gets a notice, play goes on, and
nothing that existed is destroyed."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from storage_helpers import new_game, sqlite_file, state_json

from pyramide_a11y.storage import AutosavedGame, NoticeKind, Store
from pyramide_a11y.storage.database import move_aside
from pyramide_a11y.storage.paths import DATABASE_NAME
from pyramide_a11y.storage.schema import SCHEMA_VERSION, migrate

pytestmark = sqlite_file

CODE = "PY1-N-AAAAAAS"


def fill(folder: Path, games: int = 5, actions: int = 40) -> None:
    """A data folder with some finished games and one in progress."""
    store, notices = Store.open(folder)
    assert store is not None and notices == []
    for number in range(games):
        game = new_game(CODE)
        saved = AutosavedGame.start(store, game.layout, game.rules, CODE)
        game = saved.game
        for _ in range(actions):
            saved.apply("draw")
        if number < games - 1:
            saved.leave()
        else:
            saved.close()
    store.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def folder_digests(folder: Path) -> dict[str, str]:
    return {p.name: digest(p) for p in sorted(folder.iterdir()) if p.is_file()}


def plays_on(store: Store | None) -> None:
    """A fresh game can be played and saved in ``store``."""
    assert store is not None
    game = new_game(CODE)
    saved = AutosavedGame.start(store, game.layout, game.rules, CODE)
    game = saved.game
    saved.apply("KD")
    assert saved.take_notices() == []
    assert saved.record_id is not None
    record = store.load(saved.record_id)
    assert record is not None and record.tokens == ("KD",)


def test_a_new_folder_gets_a_current_database_in_wal_mode(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "data"
    store, notices = Store.open(folder)
    assert store is not None and notices == []
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert (folder / DATABASE_NAME).exists()


def test_environment_variable_and_option_choose_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYRAMIDE_DATA_DIR", str(tmp_path / "env"))
    store, _ = Store.open()
    assert store is not None and store.folder == tmp_path / "env"
    store.close()
    store, _ = Store.open(tmp_path / "option")
    assert store is not None and store.folder == tmp_path / "option"


def test_an_older_database_is_upgraded_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / DATABASE_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=1)
    layout = new_game(CODE).layout.to_json()
    for number, result in enumerate(["won", "lost", "won", "won", None], start=1):
        conn.execute(
            "INSERT INTO games (rules, code, layout, started_at, updated_at, result, "
            "ended_seq, result_ms, result_moves, result_score, moves) "
            "VALUES ('pyramide', ?, ?, '2026-01-01', '2026-01-01', ?, ?, ?, ?, 280, 40)",
            (CODE, layout, result, number if result else None, 1000 * number, 40 + number),
        )
    conn.execute("INSERT INTO settings VALUES ('language', 'pt_BR')")
    conn.close()

    store, notices = Store.open(tmp_path)
    assert store is not None and notices == []
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    (stats,) = store.stats()
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (4, 3, 2, 2)
    assert (stats.best_time_ms, stats.fewest_moves) == (1000, 41)
    assert store.settings() == {"language": "pt_BR"}
    assert len(store.in_progress()) == 1


def test_a_newer_database_is_moved_aside_untouched(tmp_path: Path) -> None:
    fill(tmp_path)
    path = tmp_path / DATABASE_NAME
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = digest(path)
    store, notices = Store.open(tmp_path)
    assert [n.kind for n in notices] == [NoticeKind.MOVED_NEWER]
    moved = tmp_path / notices[0].name
    assert moved.name.startswith("pyramide-newer-") and moved.suffix == ".sqlite3"
    assert digest(moved) == before
    assert store is not None and store.in_progress() == []
    plays_on(store)


@pytest.mark.parametrize(
    "damage",
    ["garbage", "truncated_half", "truncated_tiny", "overwritten_middle", "zero_header"],
)
def test_a_damaged_database_is_moved_aside_untouched(tmp_path: Path, damage: str) -> None:
    fill(tmp_path)
    path = tmp_path / DATABASE_NAME
    data = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"this is not a database at all\n" * 200)
    elif damage == "truncated_half":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "truncated_tiny":
        path.write_bytes(data[:50])
    elif damage == "overwritten_middle":
        middle = len(data) // 2
        path.write_bytes(data[:middle] + bytes([0x5A]) * 4096 + data[middle + 4096 :])
    else:
        path.write_bytes(bytes(100) + data[100:])
    before = digest(path)
    store, notices = Store.open(tmp_path)
    assert [n.kind for n in notices] == [NoticeKind.MOVED_CORRUPT]
    moved = tmp_path / notices[0].name
    assert moved.name.startswith("pyramide-corrupt-")
    assert digest(moved) == before
    plays_on(store)


def test_moving_aside_never_overwrites_an_earlier_copy(tmp_path: Path) -> None:
    path = tmp_path / DATABASE_NAME
    names = []
    for text in (b"first", b"second", b"third"):
        path.write_bytes(text)
        Path(str(path) + "-wal").write_bytes(text + b" wal")
        names.append(move_aside(path, "corrupt"))
    assert len(set(names)) == 3
    assert sorted(p.read_bytes() for p in names) == [b"first", b"second", b"third"]
    assert not path.exists() and not Path(str(path) + "-wal").exists()


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """Make ``folder`` read-only for this process: a permission change for an
    ordinary user, a read-only bind mount for root (who ignores permissions)."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    mounted = subprocess.run(["mount", "--bind", str(folder), str(folder)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("root without mount permission: cannot make a folder read-only")
    try:
        remount = subprocess.run(
            ["mount", "-o", "remount,ro,bind", str(folder)], capture_output=True
        )
        if remount.returncode != 0:
            pytest.skip("cannot remount read-only")
        yield
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def test_a_read_only_folder_plays_on_without_saving_and_changes_nothing(
    tmp_path: Path,
) -> None:
    fill(tmp_path)
    before = folder_digests(tmp_path)
    with read_only(tmp_path):
        store, notices = Store.open(tmp_path)
        assert store is None
        assert [n.kind for n in notices] == [NoticeKind.READ_ONLY]
        game = new_game(CODE)
        saved = AutosavedGame.start(store, game.layout, game.rules, CODE)
        game = saved.game
        saved.apply("KD")  # play goes on, in memory
        assert game.moves == 1
    assert folder_digests(tmp_path) == before


def test_an_empty_read_only_folder_gets_a_notice(tmp_path: Path) -> None:
    with read_only(tmp_path):
        store, notices = Store.open(tmp_path / "pyramide")
        assert store is None
        assert [n.kind for n in notices] == [NoticeKind.READ_ONLY]
        store, notices = Store.open(tmp_path)
        assert store is None
        assert [n.kind for n in notices] == [NoticeKind.READ_ONLY]


def test_a_full_disk_keeps_actions_in_memory_and_saves_them_later(tmp_path: Path) -> None:
    fill(tmp_path, games=1)
    probe, _ = Store.open(tmp_path)
    assert probe is not None
    pages = int(probe.conn.execute("PRAGMA page_count").fetchone()[0])
    probe.close()
    store, notices = Store.open(tmp_path, max_pages=pages)
    assert store is not None and notices == []
    game = new_game(CODE)
    saved = AutosavedGame.start(store, game.layout, game.rules, CODE)
    game = saved.game
    kinds = []
    for _ in range(400):
        saved.apply("draw")
        kinds += [n.kind for n in saved.take_notices()]
    assert kinds == [NoticeKind.DISK_FULL]  # said once, not at every move
    assert saved.saved_actions < 400
    store.conn.execute(f"PRAGMA max_page_count = {pages + 1000}")  # room again
    saved.apply("KD")
    assert [n.kind for n in saved.take_notices()] == [NoticeKind.SAVING_AGAIN]
    assert saved.saved_actions == 401
    assert saved.record_id is not None
    record = store.load(saved.record_id)
    assert record is not None
    assert state_json(record.rebuild()) == state_json(game)


def test_a_really_full_disk(tmp_path: Path) -> None:
    """The same on a tiny real file system (root only: mounts a tmpfs)."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("needs root to mount a small tmpfs")
    folder = tmp_path / "tiny"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=400k", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    store: Store | None = None
    try:
        store, notices = Store.open(folder)
        assert store is not None and notices == []
        filler = folder / "filler"
        with contextlib.suppress(OSError), filler.open("wb") as out:
            while True:
                out.write(bytes(4096))
                out.flush()
        game = new_game(CODE)
        saved = AutosavedGame.start(store, game.layout, game.rules, CODE)
        game = saved.game
        kinds = []
        for _ in range(3000):
            saved.apply("draw")
            kinds += [n.kind for n in saved.take_notices()]
        assert kinds[:1] == [NoticeKind.DISK_FULL]
        assert saved.saved_actions < 3000
        filler.unlink()
        saved.apply("KD")
        assert [n.kind for n in saved.take_notices()] == [NoticeKind.SAVING_AGAIN]
        assert saved.saved_actions == 3001
        store.close()
        store, notices = Store.open(folder)
        assert store is not None and notices == []
        assert saved.record_id is not None
        record = store.load(saved.record_id)
        assert record is not None
        assert state_json(record.rebuild()) == state_json(game)
    finally:
        for opened in (store,):
            if opened is not None:
                opened.close()
        subprocess.run(["umount", "-l", str(folder)], check=True)
