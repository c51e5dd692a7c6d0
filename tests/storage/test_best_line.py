"""Issue 24: "Your best" after a win, and in ``stats``, never names a result worse
than one kept: when the fastest win is not the one with the fewest moves, each
record is said on its own."""

from __future__ import annotations

import io
from pathlib import Path

from kit import make_session
from playthrough import winning_commands, won_code

from pyramide_a11y.cli.main import main
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.timer import GameTimer

PRESET = "classic"  # won in 35 moves by the recorded line


def _win(folder: Path, seconds_per_line: float, extra: tuple[str, ...] = ()) -> str:
    """Win the recorded deal, each line taking ``seconds_per_line``, after the
    ``extra`` lines (a draw undone still counts one move); the "Your best" line said."""
    now = [0.0]
    storage = GameStorage.open(folder)
    session = make_session(won_code(PRESET), storage=storage, timer=GameTimer(lambda: now[0]))
    session.pars.finder = None
    lines: list[str] = []
    for command in (*extra, *winning_commands(PRESET, "en")):
        now[0] += seconds_per_line
        lines = session.handle(command).lines
    assert session.game.won
    session.close()
    (best,) = [line for line in lines if line.startswith("Your best")]
    return best


def test_your_best_names_each_record_when_they_come_from_different_wins(tmp_path: Path) -> None:
    # The fastest win (36 moves, a draw undone) …
    assert _win(tmp_path, 0.5, ("d", "u")) == "Your best: 18 seconds, 36 moves."
    # … then a slower one in fewer moves: the fastest is still 18 seconds, but 37
    # moves is no longer the fewest.
    assert _win(tmp_path, 2.0) == "Your best time: 18 seconds; fewest moves: 35."
    out = io.StringIO()
    assert main(["stats", "--lang", "en", "--data-dir", str(tmp_path)], out) == 0
    stats = out.getvalue().splitlines()
    assert "Best time: 18 seconds." in stats and "Fewest moves: 35." in stats
    assert not any("36 moves" in line for line in stats), stats
    # A win both fastest and shortest is the one best game again.
    assert _win(tmp_path, 0.25) == "Your best: 8 seconds, 35 moves."
