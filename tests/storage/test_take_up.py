"""``GameStorage.take_up``: the one way a session starts, for the terminal and the
page alike: the saved game taken up, else a new deal (issue 37)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from kit import deal, make_session

from pyramide_a11y.core import GameSource, GameStorage, random_deal
from pyramide_a11y.engine import get_rules
from pyramide_a11y.storage import StorageError

CODE = "PY1-N-AAAAAAB"


def _played(folder: Path) -> None:
    """A game of ``CODE`` with one draw, left in progress (as at the end of a run)."""
    storage = GameStorage.open(folder)
    session = make_session(deal(CODE), storage=storage)
    session.handle("d")
    session.close()


def _new_deal() -> GameSource:
    return random_deal(get_rules("pyramide"), random.Random(5))


def test_the_saved_game_is_taken_up_and_offered(tmp_path: Path) -> None:
    _played(tmp_path)
    storage = GameStorage.open(tmp_path)
    dealt: list[GameSource] = []

    def new_deal() -> GameSource:
        dealt.append(_new_deal())
        return dealt[-1]

    source = storage.take_up(new_deal)
    assert dealt == [] and source.code == CODE
    assert storage.offer is not None  # the terminal asks: continue, or start fresh?
    session = make_session(source, storage=storage)
    assert session.game.moves == 1
    session.close()


def test_a_page_takes_it_up_at_once(tmp_path: Path) -> None:
    _played(tmp_path)
    storage = GameStorage.open(tmp_path)
    source = storage.take_up(_new_deal, at_once=True, held=True)
    assert source.code == CODE and storage.offer is None
    make_session(source, storage=storage).close()


def test_with_nothing_saved_a_new_deal(tmp_path: Path) -> None:
    storage = GameStorage.open(tmp_path)
    assert storage.take_up(_new_deal).code == _new_deal().code
    assert storage.offer is None
    storage.close()


def test_a_held_game_is_never_dealt_over(tmp_path: Path) -> None:
    _played(tmp_path)
    holder = GameStorage.open(tmp_path)  # another window holds the game
    held_source = holder.take_up(_new_deal)
    playing = make_session(held_source, storage=holder)
    other = GameStorage.open(tmp_path)
    with pytest.raises(StorageError):
        other.take_up(_new_deal, at_once=True, held=True)
    # Without ``held`` (the terminal), the player gets a new deal and is told why.
    assert other.take_up(_new_deal).code == _new_deal().code
    other.close()
    playing.close()
