"""The par of a deal left unfinished is kept with its record (lost), found once
undo could no longer bring it back: 0 for a deal proven not winnable. ``history``
shows it in the three languages, ``--json`` too; ``stats`` keeps moves over par
for won games only."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from fakes import HeldFinder
from kit import LANGUAGES, make_session
from playthrough import NOT_WINNABLE_CODE, won_code
from storage_helpers import stored_rows

from pyramide_a11y.cli.main import main
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.session import Session

OTHER = won_code("classic")
NEW = {"en": "new", "pt_PT": "novo", "pt_BR": "novo"}
LANG_OPTION = {"en": "en", "pt_PT": "pt", "pt_BR": "pt-BR"}
HISTORY = {
    "en": "PY1-P-AAAAAAB, not won, no card removed; the fewest possible was 52.",
    "pt_PT": "PY1-P-AAAAAAB, não ganho, nenhuma carta retirada; o mínimo possível era 52.",
    "pt_BR": "PY1-P-AAAAAAB, não vencido, nenhuma carta removida; o mínimo possível era 52.",
}
HISTORY_NOT_WINNABLE = {
    "en": "PY1-C-SKOHAAA, not won, no card removed; the deal could not be won.",
    "pt_PT": "PY1-C-SKOHAAA, não ganho, nenhuma carta retirada; não tinha solução.",
    "pt_BR": "PY1-C-SKOHAAA, não vencido, nenhuma carta removida; não tinha solução.",
}


def _session(folder: Path, language: str, code: str, finder: HeldFinder) -> Session:
    session = make_session(code, language, storage=GameStorage.open(folder), par_finder=finder)
    session.hints.finder = None
    return session


def _games(folder: Path) -> list[tuple[object, ...]]:
    return stored_rows(folder, "SELECT id, code, result, result_moves, par FROM games ORDER BY id")


def _cli(folder: Path, language: str, *args: str) -> str:
    out = io.StringIO()
    status = main(["--lang", LANG_OPTION[language], *args, "--data-dir", str(folder)], out=out)
    assert status == 0, out.getvalue()
    return out.getvalue()


def _leave_after_a_move(folder: Path, language: str, code: str, finder: HeldFinder) -> Session:
    session = _session(folder, language, code, finder)
    session.handle("d")
    session.handle(f"{NEW[language]} {OTHER}")
    session.handle("d")  # the player moved on: the par of the game left is sought
    return session


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_par_of_a_deal_left_is_kept_and_shown_by_history(tmp_path: Path, language: str) -> None:
    folder = tmp_path / "data"
    finder = HeldFinder()
    session = _leave_after_a_move(folder, language, won_code("paciencia"), finder)
    # Recorded as lost when the player moved on (undo could still reopen it).
    assert _games(folder) == [
        (1, won_code("paciencia"), "lost", 1, None),
        (2, OTHER, None, None, None),
    ]
    finder.release.set()
    assert session.pars.wait(10.0)
    session.handle("d")  # written by the session's thread at the next line
    assert _games(folder)[0] == (1, won_code("paciencia"), "lost", 1, 52)
    session.close()
    history = _cli(folder, language, "history")
    assert HISTORY[language] in history, history


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_deal_left_that_cannot_be_won_is_kept_so(tmp_path: Path, language: str) -> None:
    folder = tmp_path / "data"
    finder = HeldFinder(0)
    finder.release.set()
    session = _leave_after_a_move(folder, language, NOT_WINNABLE_CODE, finder)
    assert session.pars.wait(10.0)
    session.close()  # no line after it: written at close
    assert _games(folder)[0] == (1, NOT_WINNABLE_CODE, "lost", 1, 0)
    history = _cli(folder, language, "history")
    assert HISTORY_NOT_WINNABLE[language] in history, history


def _first_game(folder: Path) -> dict[str, object]:
    games = json.loads(_cli(folder, "en", "history", "--json"))
    return next(game for game in games if game["id"] == 1)


def test_the_json_of_history_says_par_and_winnable(tmp_path: Path) -> None:
    winnable, lost = tmp_path / "winnable", tmp_path / "lost"
    for folder, code, value in (
        (winnable, won_code("paciencia"), 52),
        (lost, NOT_WINNABLE_CODE, 0),
    ):
        finder = HeldFinder(value)
        finder.release.set()
        session = _leave_after_a_move(folder, "en", code, finder)
        assert session.pars.wait(10.0)
        session.close()
    keys = ("result", "par", "winnable", "over_par")
    assert [_first_game(winnable)[k] for k in keys] == ["lost", 52, True, None]
    assert [_first_game(lost)[k] for k in keys] == ["lost", None, False, None]
    # Moves over par are for won games: a lost game's par counts for nothing there.
    by_rules = json.loads(_cli(winnable, "en", "stats", "--json"))["rules"]
    (paciencia,) = [r for r in by_rules if r["played"]]
    assert [paciencia[k] for k in ("won_with_par", "average_over_par", "best_over_par")] == [
        0,
        None,
        None,
    ]
    assert "fewest possible" not in _cli(winnable, "en", "stats")


def test_no_par_is_kept_for_a_game_brought_back_or_left_before_a_move(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    finder = HeldFinder()
    finder.release.set()
    session = _session(folder, "en", won_code("paciencia"), finder)
    session.handle("d")
    session.handle(f"new {OTHER}")
    session.handle("u")  # brought back: in play, not over
    session.handle(f"new {NOT_WINNABLE_CODE}")
    session.handle("u")
    session.close()
    assert session.pars.wait(10.0)
    games = {row[1]: row[2:] for row in _games(folder)}
    assert games[won_code("paciencia")] == (None, None, None)  # kept to resume, no par
    assert games[OTHER] == ("discarded", 0, None)
    assert games[NOT_WINNABLE_CODE] == ("discarded", 0, None)
