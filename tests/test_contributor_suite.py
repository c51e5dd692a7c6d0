"""The test suite a contributor can run (issue 36): ``scripts/postgres`` gives each
run a server of its own, and the solver tests' need of the shared data folder is
said in the README next to the test command, in the very sentence a test missing
it fails with."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from kit import SHARED_ENV, SHARED_SENTENCE, shared_data

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "postgres"
HAS_POSTGRES = any(Path("/usr/lib/postgresql").glob("*/bin/initdb"))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def test_the_readme_says_where_the_solver_tests_find_the_shared_data() -> None:
    readme = _one_line((ROOT / "README.md").read_text(encoding="utf-8"))
    assert _one_line(SHARED_SENTENCE) in readme
    # Next to the test command, not somewhere else.
    assert readme.index("scripts/test") < readme.index(_one_line(SHARED_SENTENCE))


def test_a_test_missing_the_shared_data_fails_with_that_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SHARED_ENV, str(tmp_path))
    with pytest.raises(pytest.fail.Exception) as failed:
        shared_data("no", "such-folder")
    assert SHARED_SENTENCE in str(failed.value)


def _script(*args: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
        check=True,
    )
    return done.stdout.strip()


def _folder(url: str) -> Path:
    return Path(url.split("host=", 1)[1].split("&", 1)[0])


@pytest.mark.slow
@pytest.mark.skipif(not HAS_POSTGRES or shutil.which("psql") is None, reason="no PostgreSQL")
def test_two_runs_of_scripts_postgres_keep_a_server_each() -> None:
    clean = {"PYRAMIDE_PG_DIR": "", "PYRAMIDE_DATABASE": ""}
    first = _script("start", env=clean)
    try:
        second = _script("start", env=clean)
        try:
            assert _folder(first) != _folder(second)
            _script("stop", second)  # the second run ends: the first goes on
            assert not _folder(second).exists()
            done = subprocess.run(
                ["psql", first, "-tAc", "SELECT 1"], capture_output=True, text=True, timeout=60
            )
            assert done.stdout.strip() == "1"
            # A test halts and resumes its own run's server (PYRAMIDE_DATABASE).
            _script("halt", env={**clean, "PYRAMIDE_DATABASE": first})
            _script("resume", env={**clean, "PYRAMIDE_DATABASE": first})
        finally:
            if _folder(second).exists():
                _script("stop", second)
    finally:
        _script("stop", first)
    assert not _folder(first).exists()


@pytest.mark.skipif(
    not Path("/proc/self").is_dir() or not Path("/bin/sleep").exists(), reason="Linux"
)
def test_the_tests_detect_no_screen_reader_though_orca_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pyramide_a11y.speech import detect

    orca = tmp_path / "orca"
    shutil.copy("/bin/sleep", orca)  # a process named orca, as a contributor's
    running = subprocess.Popen([str(orca), "600"])
    try:
        # Seen under its own name once the kernel shows it so (under load a moment
        # after Popen returns): waited for, within a bound.
        deadline = time.monotonic() + 10
        while "orca" not in detect.process_names() and time.monotonic() < deadline:
            time.sleep(0.05)
        # The test suite's setting (tests/conftest.py): no screen reader.
        assert detect.running_screen_reader() is None
        # Without it the game hears Orca (so it does not talk over it).
        monkeypatch.delenv(detect.SCREEN_READER_ENV)
        monkeypatch.setattr("pyramide_a11y.speech.screen_reader.prism_reader_name", lambda: None)
        assert detect.running_screen_reader() == "Orca"
        monkeypatch.setenv(detect.SCREEN_READER_ENV, "NVDA")
        assert detect.running_screen_reader() == "NVDA"
    finally:
        running.kill()
        running.wait(10)
