"""Playing with storage: the saved game offered and continued, the player's best on
the result panel, settings saved in play and reloaded, command-line settings for
the session only."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from kit import deal, make_session
from playthrough import winning_commands, won_code
from storage_helpers import Program, sqlite_file

from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.hinting import default_finder
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.i18n import set_language
from pyramide_a11y.speech.base import RecordingSpeaker
from pyramide_a11y.storage import Store
from pyramide_a11y.storage.saved_settings import load_settings
from pyramide_a11y.terminal.loop import Printer, run_plain


def session_with(storage: GameStorage, code: str | None, timer: GameTimer | None = None) -> Session:
    source = storage.resume_saved() if code is None else None
    return make_session(source or deal(code or won_code("pyramide")), storage=storage, timer=timer)


def test_the_win_panel_shows_the_players_best(tmp_path: Path) -> None:
    for _ in range(2):
        storage = GameStorage.open(tmp_path)
        session = session_with(storage, won_code("classic"), GameTimer(lambda: 0.0))
        for command in winning_commands("classic", "en")[:-1]:
            session.handle(command)
        panel = session.handle(winning_commands("classic", "en")[-1]).lines
        assert panel[1] == "You won!"
        assert panel[2].startswith("Time 0 seconds. ")
        assert panel[3].startswith("Your best: 0 seconds, ")  # this game, or the first
        session.close()
    store, _ = Store.open(tmp_path)
    assert store is not None
    (stats,) = store.stats()
    assert (stats.played, stats.won, stats.best_streak) == (2, 2, 2)


def test_the_saved_game_is_offered_then_continued_or_left(tmp_path: Path) -> None:
    storage = GameStorage.open(tmp_path)
    session = session_with(storage, won_code("pyramide"))
    session.opening()
    for command in ("d", "d", "u"):
        session.handle(command)
    table = session.handle("table").lines
    session.close()  # the program ends: the game stays saved

    storage = GameStorage.open(tmp_path)
    session = session_with(storage, None)
    opening = session.opening().lines
    assert opening[0] == (
        "You have a saved game: Pyramide, no card removed, 2 moves. Type continue to play "
        "it, or new for a fresh deal."
    )
    assert opening[1:] == table
    assert session.handle("continuar").lines == ["Continuing your saved game.", *table]
    session.handle("d")
    session.close()

    storage = GameStorage.open(tmp_path)
    session = session_with(storage, None)
    assert session.opening().lines[0].startswith("You have a saved game")
    session.handle("n")  # a fresh deal, played: the saved one counts as played, not won
    session.handle("d")
    session.close()
    store, _ = Store.open(tmp_path)
    assert store is not None
    (stats,) = store.stats()
    assert (stats.played, stats.won) == (1, 0)
    (record,) = [r for r in store.recent(10) if r.result == "lost"]
    assert store.load(record.id).tokens == ("draw", "draw", "undo", "draw")  # type: ignore[union-attr]


def test_settings_changed_in_play_are_kept_and_the_command_line_wins_for_a_session(
    tmp_path: Path,
) -> None:
    program = Program(tmp_path)
    program.answer()
    program.send("rate 220")
    assert program.answer() == ["Speech rate 220."]
    program.send("full")
    program.answer()
    assert program.close()[0] == 0
    store, _ = Store.open(tmp_path)
    assert load_settings(store) == {"rate.en": 220, "verbosity": "full"}  # English's rate
    assert store is not None
    store.close()

    # Reloaded: the session starts with them.
    program = Program(tmp_path)
    program.answer()
    program.send("status")
    program.answer()
    assert program.close()[0] == 0

    # A command-line rate applies to that session and is not saved; a language
    # changed in play is saved.
    program = Program(tmp_path, "--rate", "300")
    program.answer()
    program.send("language pt")
    assert program.answer() == ["Língua: português de Portugal."]
    assert program.close()[0] == 0
    store, _ = Store.open(tmp_path)
    assert load_settings(store) == {"rate.en": 220, "verbosity": "full", "language": "pt_PT"}


def test_a_saved_language_is_the_next_sessions_language(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path)
    assert store is not None
    store.save_setting("language", "pt_BR")
    store.close()
    program = Program(tmp_path)
    opening = program.answer()
    assert "Digite ? para ajuda" in " ".join(opening)
    program.close()
    program = Program(tmp_path, "--lang", "en")  # the command line wins for a session
    assert "Type ? for help" in " ".join(program.answer())
    program.close()


@sqlite_file
def test_without_a_usable_folder_play_goes_on_and_says_so_once(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    storage = GameStorage.open(blocker / "data")
    session = session_with(storage, won_code("pyramide"))
    out = io.StringIO()
    run_plain(session, io.StringIO("d\nd\nq\n"), Printer(out))
    lines = out.getvalue().splitlines()
    assert lines[0] == "Your games cannot be saved right now; play goes on."
    assert sum("saved" in line for line in lines) == 1
    assert any(line.startswith("Drew ") for line in lines)


def test_continue_without_a_saved_game_resumes_a_pause(tmp_path: Path) -> None:
    storage = GameStorage.open(tmp_path)
    session = session_with(storage, won_code("pyramide"))
    session.opening()
    session.handle("pause")
    answer = session.handle("continuar").lines
    assert len(answer) == 1 and not answer[0].startswith("Continuing")
    assert session.handle("continue").lines[0].startswith("Free: ")
    session.close()


def test_rules_named_on_the_command_line_choose_which_saved_game_is_offered(
    tmp_path: Path,
) -> None:
    program = Program(tmp_path, "--deal", won_code("pyramide"))
    program.answer()
    program.send("d")
    program.answer()
    assert program.close()[0] == 0
    program = Program(tmp_path, "--rules", "classic")
    opening = program.answer()
    assert opening[0] == (  # the saved game is kept, and said so (issue 24)
        "Your saved game of Pyramide is kept; type pyramide --rules pyramide to continue it."
    )
    assert opening[1].startswith("Classic Pyramid")  # a new classic deal
    assert program.close()[0] == 0
    program = Program(tmp_path, "--rules", "pyramide")
    assert program.answer()[0].startswith("You have a saved game: Pyramide")
    assert program.close()[0] == 0


def test_sounds_on_the_command_line_is_for_that_session_only(tmp_path: Path) -> None:
    program = Program(tmp_path, "--sounds", "on")
    program.answer()
    program.send("status")
    assert program.answer()
    assert program.close()[0] == 0
    store, _ = Store.open(tmp_path)
    assert store is not None
    assert "sounds" not in load_settings(store)  # never saved
    store.close()
    program = Program(tmp_path, "--sounds", "loud")
    assert program.close()[0] == 2  # argparse refuses any other value


def autosaved_session(data_dir: Path, code: str, language: str = "en") -> Session:
    """A session made as the real program makes it: every game autosaved, a saved
    game taken up again."""
    set_language(language)
    storage = GameStorage.open(data_dir)
    return make_session(
        storage.resume_saved() or deal(code), language, speaker=RecordingSpeaker(), storage=storage
    )


def test_a_hint_works_on_an_autosaved_game_and_saves_none_of_its_search(tmp_path: Path) -> None:
    # The hint used to deep-copy the autosaved game with its database connection:
    # it failed, and the player heard "I do not understand h".
    if default_finder() is None:
        pytest.skip("this build has no solver")
    session = autosaved_session(tmp_path, won_code("pyramide"))
    session.handle("d")
    answer = session.handle("h")
    assert answer.lines[0].startswith(("Hint: ", "Searching for a solution"))
    position = session.game.position
    assert session.storage is not None
    session.storage.close()
    again = autosaved_session(tmp_path, won_code("pyramide"))
    assert again.game.position == position  # the solver's trial moves were not logged
