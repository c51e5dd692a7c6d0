"""Fixes found by playing the game by ear (the polish pass): each test is a
sentence or a behaviour a blind player would notice."""

from __future__ import annotations

from pathlib import Path

import pytest
from playthrough import source_of, won_code

from pyramide_a11y.app.autosave import GameStorage
from pyramide_a11y.app.hinting import default_finder
from pyramide_a11y.app.session import Session, Settings
from pyramide_a11y.i18n import set_language
from pyramide_a11y.speech.base import RecordingSpeaker


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    set_language("en")


def autosaved_session(data_dir: Path, code: str, language: str = "en") -> Session:
    """A session made as the real program makes it: every game autosaved, a saved
    game taken up again."""
    set_language(language)
    storage = GameStorage.open(data_dir)
    session = Session(
        storage.resume_saved() or source_of(code),
        settings=Settings(language=language),
        speaker=RecordingSpeaker(),
        timer=storage.timer,
        game_factory=storage.game_factory,
    )
    session.storage = storage
    session.strict = True
    return session


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
