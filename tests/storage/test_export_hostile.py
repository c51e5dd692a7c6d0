"""``history --export`` against hostile names (issue 29): a name too long, a pipe
with ``--force`` (never waited on), a symbolic link with ``--force`` (replaced,
its target untouched), and the system's reason said in the player's language."""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from storage_helpers import ROOT, new_game

from pyramide_a11y.cli.main import main
from pyramide_a11y.i18n import set_language
from pyramide_a11y.storage import AutosavedGame, Store

CODE = "PY1-N-AAAAAAS"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """One game with two draws (game 1)."""
    data = tmp_path / "data"
    store, _ = Store.open(data)
    assert store is not None
    game = new_game(CODE)
    saved = AutosavedGame.start(store, game.layout, game.rules, CODE)
    saved.apply("draw")
    saved.apply("draw")
    saved.close()
    store.close()
    return data


def run(*argv: str) -> tuple[int, list[str]]:
    out = io.StringIO()
    try:
        status = main(list(argv), out)
    finally:
        set_language("en")
    return status, out.getvalue().splitlines()


def export(folder: Path, target: str, *extra: str, lang: str = "en") -> tuple[int, list[str]]:
    data = ("--data-dir", str(folder), "--lang", lang)
    return run("history", "1", "--export", target, *extra, *data)


def test_a_name_too_long_is_one_sentence(folder: Path, tmp_path: Path) -> None:
    name = str(tmp_path / ("x" * 300 + ".txt"))
    for extra in ((), ("--force",)):
        status, lines = export(folder, name, *extra)
        assert status == 1
        (line,) = lines
        assert line.startswith("Cannot write ") and line.endswith(": the name is too long.")
        assert "…" in line and len(line) < 280  # the name is cut, not echoed whole


def test_a_pipe_is_refused_even_with_force_and_never_waited_on(
    folder: Path, tmp_path: Path
) -> None:
    pipe = tmp_path / "pipe.txt"
    os.mkfifo(pipe)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env["LANGUAGE"] = "en"
    for extra in ((), ("--force",)):
        done = subprocess.run(
            [
                *(sys.executable, "-m", "pyramide_a11y", "history", "1", "--export", str(pipe)),
                *extra,
                *("--data-dir", str(folder), "--lang", "en"),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=ROOT,
            env=env,
        )
        assert done.returncode == 1, done.stderr
        if extra:
            assert done.stdout.splitlines() == [
                f"{pipe} is a pipe or a device, not an ordinary file; I leave it. Give a file name."
            ]
        else:
            assert done.stdout.splitlines()[0].startswith(f"{pipe} exists already")
        assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


def test_force_replaces_a_link_and_never_writes_its_target(folder: Path, tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n")
    link = tmp_path / "game.txt"
    link.symlink_to(target)
    status, lines = export(folder, str(link))
    assert status == 1 and lines[0].startswith(f"{link} exists already")
    status, lines = export(folder, str(link), "--force")
    assert status == 0 and lines == [f"Written: {link}."]
    assert target.read_text() == "keep me\n"
    assert not link.is_symlink()
    assert link.read_text(encoding="utf-8").startswith("Game 1, ")
    assert stat.S_IMODE(link.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "game.txt", "precious.txt"]


def test_a_dangling_link_is_not_followed_either(folder: Path, tmp_path: Path) -> None:
    link = tmp_path / "game.txt"
    link.symlink_to(tmp_path / "elsewhere.txt")
    status, lines = export(folder, str(link))
    assert status == 1 and lines[0].startswith(f"{link} exists already")
    assert not (tmp_path / "elsewhere.txt").exists()


def test_force_on_a_folder_is_refused(folder: Path, tmp_path: Path) -> None:
    (tmp_path / "dir").mkdir()
    for extra in ((), ("--force",)):
        status, lines = export(folder, str(tmp_path / "dir"), *extra)
        assert status == 1 and lines == [
            f"Cannot write the game to '{tmp_path / 'dir'}': give a file name."
        ]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "there is no such file or folder"),
        ("pt", "não existe esse ficheiro nem essa pasta"),
        ("pt-BR", "não existe esse arquivo nem essa pasta"),
    ],
)
def test_the_reason_is_in_the_players_language(
    folder: Path, tmp_path: Path, lang: str, expected: str
) -> None:
    missing = tmp_path / "no" / "such" / "game.txt"
    status, lines = export(folder, str(missing), lang=lang)
    assert status == 1
    (line,) = lines
    assert line.endswith(f": {expected}.")
    assert "No such file" not in line
