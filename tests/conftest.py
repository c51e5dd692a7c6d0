"""Test-wide set-up: the tests never touch the player's real data folder.

Every program the tests start (in process or as a child process that inherits the
environment) keeps its saved games, statistics and settings in a fresh folder
named by ``PYRAMIDE_DATA_DIR``, removed at the end of the run.
"""

from __future__ import annotations

import os
import shutil
import tempfile

_DATA_DIR = tempfile.mkdtemp(prefix="pyramide-tests-")
os.environ["PYRAMIDE_DATA_DIR"] = _DATA_DIR


def pytest_sessionfinish() -> None:
    shutil.rmtree(_DATA_DIR, ignore_errors=True)
