"""``Session.turn``: one call of a front end per request, one plain record back
(issue 37): the answer, the table and its words, what changed, whether it is saved."""

from __future__ import annotations

import dataclasses
import random

import pytest
from kit import make_session
from playthrough import won_code

from pyramide_a11y.commands import Action, SetLanguage, Simple
from pyramide_a11y.core import TouchCards, Turn
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import card_name, sentence

CODE = won_code("paciencia")
EVERY_PLACE = (*(f"slot-{n}" for n in range(28)), "stock", "waste")


def _session() -> Session:
    # A clock that never moves: a table read twice is the same table.
    s = make_session(CODE, "en", rng=random.Random(3), timer=GameTimer(lambda: 0.0))
    s.hints.finder = None
    s.pars.finder = None
    return s


def test_a_turn_is_a_plain_record_of_the_answer_and_the_table() -> None:
    s = _session()
    first = s.turn()
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.quit = True  # type: ignore[misc]
    assert first.lines == () and first.changed == EVERY_PLACE  # a page shown afresh
    drawn = s.turn(Simple(Action.DRAW))
    assert drawn.lines == tuple(s.last.printed) and drawn.lines
    assert drawn.changed == ("stock", "waste")
    assert drawn.table == s.view() and drawn.table.waste.count == 1
    names = {field.name for field in dataclasses.fields(Turn)}
    assert not names & {"game", "session", "source", "timer"}


def test_a_turn_words_the_table_as_narration_does() -> None:
    s = _session()
    turn = s.turn()
    cells = [c for row in turn.words.rows for c in row.cells]
    free = next(c for c in cells if c.free and c.code and not c.code.startswith("K"))
    card = next(c.place.card for c in turn.table.cells if c.place.slot == free.slot)
    assert card is not None and free.code == str(card)
    with in_language("en"):
        assert free.text == sentence(card_name(card)).removesuffix(".")
    touched = s.turn(TouchCards((card,)))
    pressed = next(c for row in touched.words.rows for c in row.cells if c.slot == free.slot)
    assert pressed.pressed and pressed.label.startswith("Selected")
    assert f"slot-{free.slot}" in touched.changed  # with its partners, if any


def test_a_typed_line_and_a_new_language_are_one_turn_each() -> None:
    s = _session()
    assert s.turn("d").table.waste.count == 1  # read and done once, as handle does
    turned = s.turn(SetLanguage("pt_BR"))
    assert turned.language == "pt_BR"
    assert turned.words.status and "Rodada 1 de 3." in turned.words.status
    assert turned.unsaved is s.unsaved


def test_a_table_as_it_was_is_not_worded_again() -> None:
    """A poll, or a command refused, leaves the table as it was: the turn gives the
    last words back (only the clock may have moved); a change, or another
    language, words it afresh."""
    now = [0.0]
    s = make_session(CODE, "en", rng=random.Random(3), timer=GameTimer(lambda: now[0]))
    s.hints.finder = None
    s.pars.finder = None
    first = s.turn()
    now[0] = 5.0
    polled = s.turn()
    assert polled.table.clock.seconds != first.table.clock.seconds
    assert polled.words is first.words and polled.changed == ()
    refused = s.turn("zz")
    assert refused.lines and refused.words is first.words
    drawn = s.turn(Simple(Action.DRAW))
    assert drawn.words is not first.words and drawn.words.waste != first.words.waste
    english = drawn.words
    assert s.turn(SetLanguage("pt_PT")).words != english
