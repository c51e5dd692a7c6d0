"""Test-wide set-up: the tests never touch the player's real data folder, nor this
machine's speech-dispatcher, nor detect the screen reader running on it.

Every program the tests start (in process, or as a child process that inherits
the environment) keeps its saved games, statistics and settings in a folder
named by ``PYRAMIDE_DATA_DIR``: a fresh one for each test, so a game one test
leaves in progress is never offered to another. It finds speech-dispatcher at a
socket of the test's own (``SPEECHD_ADDRESS``), where nothing listens, and the
``speech-dispatcher`` first on ``PATH`` ends at once: installed but not starting.
The tests that speak SSIP start the stand-in server instead (``ssip_server``).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from pyramide_a11y.i18n import set_language
from pyramide_a11y.storage.postgres import close_pools, database_url

_DATA_DIR = tempfile.mkdtemp(prefix="pyramide-tests-")
os.environ["PYRAMIDE_DATA_DIR"] = _DATA_DIR  # for anything started outside a test
# No screen reader, whatever runs on this machine (a blind contributor's Orca):
# the tests that depend on one say so themselves; child processes inherit it.
os.environ["PYRAMIDE_SCREEN_READER"] = "none"
_NO_DISPATCHER = Path(_DATA_DIR) / "bin"
_NO_DISPATCHER.mkdir()
(_NO_DISPATCHER / "speech-dispatcher").write_text("#!/bin/sh\nexit 1\n")
(_NO_DISPATCHER / "speech-dispatcher").chmod(0o755)


@pytest.fixture(autouse=True)
def _own_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PYRAMIDE_DATA_DIR", str(tmp_path / "pyramide-data"))
    # The cues would add calls to the fake audio players the speech tests count.
    monkeypatch.setenv("PYRAMIDE_SOUNDS", "off")


@pytest.fixture(autouse=True)
def _no_speech_dispatcher(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``auto`` must not find (or start) this machine's speech-dispatcher: the
    tests would then hang on, or hear, whatever it does."""
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'no-speechd.sock'}")
    monkeypatch.setenv("PATH", f"{_NO_DISPATCHER}{os.pathsep}{os.environ.get('PATH', '')}")


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """Every test begins and ends in English: the language a test expects unless it
    sets one, whatever a test before it (or a module's import) left."""
    set_language("en")
    yield
    set_language("en")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """On PostgreSQL (``PYRAMIDE_DATABASE`` set: ``scripts/test`` runs the storage
    and web tests again so) the tests of the SQLite file itself are left out."""
    if database_url() is None:
        return
    skip = pytest.mark.skip(reason="a test of the SQLite file itself; this run is on PostgreSQL")
    for item in items:
        if "sqlite_file" in item.keywords:
            item.add_marker(skip)


def pytest_sessionfinish() -> None:
    close_pools()
    shutil.rmtree(_DATA_DIR, ignore_errors=True)
