"""Issue 24: a game that ends with no move left (an impasse) is lost once the
player gives it up (quits there, or the window is killed there), in ``history``
and ``stats`` at once, and is never offered back as a saved game; undone out of
the impasse, it goes on and is saved as any other."""

from __future__ import annotations

import io
from pathlib import Path

from kit import deal, make_session
from storage_helpers import Program

from pyramide_a11y.cli.main import main
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.session import Session

IMPASSE_CODE = "PY1-C-AAAAAAD"  # classic, one pass: 24 draws and nothing pairs
LOST = "Classic Pyramid, PY1-C-AAAAAAD, not won, no card removed."


def _cli(folder: Path, *args: str) -> list[str]:
    out = io.StringIO()
    assert main(["--lang", "en", *args, "--data-dir", str(folder)], out=out) == 0
    return out.getvalue().splitlines()


def _session(folder: Path) -> Session:
    storage = GameStorage.open(folder)
    return make_session(storage.resume_saved() or deal(IMPASSE_CODE), storage=storage)


def _to_the_impasse(session: Session) -> None:
    for _ in range(24):
        session.handle("d")
    assert session.game.impasse


def test_quitting_at_an_impasse_records_the_loss_and_offers_nothing(tmp_path: Path) -> None:
    session = _session(tmp_path)
    _to_the_impasse(session)
    goodbye = session.handle("q")
    assert goodbye.lines == ["Goodbye."]  # not "Your game is saved": it is over
    session.close()
    (line,) = _cli(tmp_path, "history")
    assert line.endswith(LOST), line
    assert "Games played: 1." in _cli(tmp_path, "stats")
    again = _session(tmp_path)
    opening = again.opening().lines
    assert not any("saved game" in line for line in opening), opening
    again.close()


def test_a_window_killed_at_an_impasse_leaves_a_loss_not_a_saved_game(tmp_path: Path) -> None:
    program = Program(tmp_path, "--deal", IMPASSE_CODE)
    program.answer()
    for _ in range(24):
        program.send("d")
        last = program.answer()
    assert "No more moves possible" in " ".join(last)
    program.kill()
    program = Program(tmp_path)
    opening = program.answer()
    assert not opening[0].startswith("You have a saved game"), opening
    assert program.close()[0] == 0
    history = _cli(tmp_path, "history")
    assert any(line.endswith(LOST) for line in history), history


def test_undone_out_of_the_impasse_the_game_goes_on_and_is_saved(tmp_path: Path) -> None:
    session = _session(tmp_path)
    _to_the_impasse(session)
    session.handle("u")
    assert session.handle("q").lines == ["Your game is saved. Goodbye."]
    session.close()
    again = _session(tmp_path)
    assert again.opening().lines[0].startswith("You have a saved game: Classic Pyramid")
    again.close()
