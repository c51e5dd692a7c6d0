"""One setting read without opening the store (``storage.peek``): the value the
store keeps, or None, and never a folder, file or schema made on the way."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyramide_a11y.storage import Store
from pyramide_a11y.storage.paths import DATABASE_NAME
from pyramide_a11y.storage.peek import peek_setting


def _kept(folder: Path, player: str, language: str) -> None:
    store, _ = Store.open(folder, player=player)
    assert store is not None
    try:
        store.save_setting("language", language)
    finally:
        store.close()


def test_a_kept_setting_is_read(tmp_path: Path) -> None:
    _kept(tmp_path / "p", "player-one", "pt_BR")
    assert peek_setting(tmp_path / "p", "language", player="player-one") == "pt_BR"
    assert peek_setting(tmp_path / "p", "rate", player="player-one") is None


def test_no_store_reads_none_and_makes_nothing(tmp_path: Path) -> None:
    assert peek_setting(tmp_path / "nobody", "language", player="nobody-at-all") is None
    assert not (tmp_path / "nobody").exists()
    # Read again through a real open: the player's store is still new (no schema
    # was made by the peek on PostgreSQL, no file on SQLite).
    store, _ = Store.open(tmp_path / "nobody", player="nobody-at-all")
    assert store is not None
    try:
        assert store.settings() == {}
    finally:
        store.close()


@pytest.mark.sqlite_file
def test_a_damaged_file_reads_none_and_stays_as_it_was(tmp_path: Path) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / DATABASE_NAME).write_bytes(b"not a database at all" * 100)
    assert peek_setting(folder, "language", player="p") is None
    assert (folder / DATABASE_NAME).read_bytes() == b"not a database at all" * 100
    assert sorted(p.name for p in folder.iterdir()) == [DATABASE_NAME]


@pytest.mark.sqlite_file
def test_a_closed_store_is_read_without_a_file_made(tmp_path: Path) -> None:
    folder = tmp_path / "p"
    _kept(folder, "p", "en")
    before = sorted(p.name for p in folder.iterdir())
    assert peek_setting(folder, "language", player="p") == "en"
    assert sorted(p.name for p in folder.iterdir()) == before
