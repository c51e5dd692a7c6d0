"""``scripts/play`` on a machine where setting up went wrong (issue 28): a
half-made ``.venv`` is repaired, never a permanent failure; a Python that cannot
make one is named in one sentence with the package to install. ``scripts/play``,
``scripts/serve`` and ``scripts/test`` share that logic (``scripts/setup-venv``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# What an editable install of the game needs from the source tree.
PROJECT_FILES = (
    "pyproject.toml",
    "hatch_build.py",
    "README.md",
    "LICENSE",
    "CHANGELOG.md",
    "pyramide_a11y",
    "locales",
    "scripts",
)
DEAL = "PY1-N-AAAAAAS"


def project_copy(where: Path) -> Path:
    """The game's sources in ``where``, without this checkout's ``.venv``."""
    where.mkdir()
    for name in PROJECT_FILES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, where / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, where / name)
    return where


def environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    # A game installed alone (no PostgreSQL extra) keeps its games in its own file.
    drop = ("VIRTUAL_ENV", "PYRAMIDE_DATABASE")
    env = {key: value for key, value in os.environ.items() if key not in drop}
    # The Python that runs the tests makes the new .venv (not this checkout's venv).
    env["PYTHON"] = getattr(sys, "_base_executable", sys.executable)
    env["PYRAMIDE_DATA_DIR"] = str(tmp_path / "data")
    env.update(extra)
    return env


def play(
    project: Path, env: dict[str, str], moves: str, *args: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(project / "scripts" / "play"), "--speech", "none", "--deal", DEAL, *args],
        input=moves,
        capture_output=True,
        text=True,
        env=env,
        cwd=project,
        timeout=600,
    )


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_a_half_made_venv_is_repaired_and_the_game_plays(tmp_path: Path) -> None:
    project = project_copy(tmp_path / "game")
    env = environment(tmp_path)
    # What `python3 -m venv` leaves on Debian without python3-venv: a Python, no pip.
    made = subprocess.run(
        [env["PYTHON"], "-m", "venv", "--without-pip", str(project / ".venv")],
        capture_output=True,
        timeout=120,
    )
    assert made.returncode == 0 and not (project / ".venv/bin/pip").exists()

    first = play(project, env, "Ro\nq\n", "--lang", "pt")  # seed 000: R♦ alone
    assert first.returncode == 0, first.stderr
    assert "Repairing .venv, the virtual environment: it was left half made." in first.stderr
    assert "Traceback" not in first.stderr
    lines = first.stdout.splitlines()
    assert lines[0].startswith(f"Pyramide, passagens ilimitadas pelo monte. Partida {DEAL}.")
    assert "Saiu rei de ouros." in lines
    assert lines[-1] == "A sua partida está guardada. Até à próxima."

    # Ready now: the next start installs nothing (its record of the install stays).
    stamp = project / ".venv" / ".installed-game"
    before = stamp.stat().st_mtime_ns
    again = play(project, env, "q\n", "--lang", "pt-BR")
    assert again.returncode == 0 and "Repairing" not in again.stderr
    assert again.stdout.splitlines()[-1] == "Seu jogo está salvo. Até a próxima."
    assert stamp.stat().st_mtime_ns == before

    # Its Python gone (upgraded or removed): repaired again.
    python = project / ".venv" / "bin" / "python"
    python.unlink()
    python.symlink_to(tmp_path / "no-such-python")
    third = play(project, env, "q\n", "--lang", "en")
    assert third.returncode == 0, third.stderr
    assert "Repairing .venv" in third.stderr
    assert third.stdout.splitlines()[-1].startswith("Your game is saved.")


def test_a_python_that_cannot_make_a_venv_is_named_in_one_sentence(tmp_path: Path) -> None:
    project = project_copy(tmp_path / "game")
    (project / ".venv" / "bin").mkdir(parents=True)  # half made, no Python inside
    # A Python without the venv module's ensurepip, as Debian's is without python3-venv.
    python = tmp_path / "python3"
    python.write_text(
        "#!/bin/sh\necho 'The virtual environment was not created successfully because"
        " ensurepip is not available.' >&2\nexit 1\n"
    )
    python.chmod(0o755)
    done = play(project, environment(tmp_path, PYTHON=str(python)), "q\n")
    assert done.returncode == 1 and done.stdout == ""
    assert "Repairing .venv" in done.stderr
    assert done.stderr.rstrip().endswith(
        f"Could not make a virtual environment with {python}.\n"
        "On Debian or Ubuntu, install Python's venv package: sudo apt install python3-venv"
    )
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(("script", "extras"), [("play", ""), ("serve", ""), ("test", " test")])
def test_every_script_sets_up_through_the_same_steps(script: str, extras: str) -> None:
    text = (ROOT / "scripts" / script).read_text()
    assert f"scripts/setup-venv{extras}\n" in text
    assert "-m venv" not in text and "pip install" not in text
