"""``Session.quick_turn`` (issue 38): the turn of a line that is no command, which
a front end sharing the store may answer without a turn there. It must answer
exactly as :meth:`Session.turn` would, and only lines that change nothing; every
other line is declined with nothing done."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from kit import make_session
from playthrough import won_code

from pyramide_a11y.commands import Action, Simple
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import answers

CODE = won_code("paciencia")
WORDS = {
    "en": ["zz", "drwa", "qq", "d", "draw", "undo", "hint", "10", "k", "ten", "king of hearts",
           "five", "rows", "where is the ace of spades", "continue", "yes", "no", "learn",
           "help", "new", "5 8", "r", "", "  ", "xyzzy blah", "par", "table", "again"],
    "pt_PT": ["zz", "comprar", "c", "anular", "dica", "dez", "rei de copas", "cinco", "filas",
              "continuar", "sim", "não", "aprender", "ajuda", "novo", "coiso", "5 8", "", "par"],
}  # fmt: skip


def _session(language: str) -> Session:
    # A clock that never moves and a fixed rng: two sessions given the same lines
    # are the same game.
    s = make_session(CODE, language, rng=random.Random(5), timer=GameTimer(lambda: 0.0))
    s.hints.finder = None
    s.pars.finder = None
    s.turn()
    return s


@settings(max_examples=60, deadline=None)
@given(data=st.data(), language=st.sampled_from(sorted(WORDS)))
def test_a_quick_turn_is_the_turn_or_nothing_done(data: st.DataObject, language: str) -> None:
    line = st.sampled_from(WORDS[language]) | st.text(max_size=12)
    before = data.draw(st.lists(line, max_size=6), label="lines before")
    tried = data.draw(line, label="line")
    quick, full = _session(language), _session(language)
    for typed in before:
        quick.turn(typed)
        full.turn(typed)
    table, last = quick.view(), quick.last
    at_once = quick.answers_at_once(tried)  # asked first: it changes nothing
    assert quick.view() == table and quick.last is last
    answered = quick.quick_turn(tried)
    assert at_once == (answered is not None)
    if answered is None:  # declined: nothing done
        assert quick.view() == table and quick.last is last
        answered = quick.turn(tried)
    else:  # a line that is no command: the table as it was, nothing to save
        assert answered.changed == () and answered.table == table
    assert answered == full.turn(tried)


def test_a_line_that_is_no_command_is_answered_quickly() -> None:
    s = _session("en")
    turn = s.quick_turn("zz")
    assert turn is not None
    with in_language("en"):
        assert turn.lines[0] == answers.unknown_command("zz")[0]
    assert s.last.printed == list(turn.lines)  # what "repeat" says


def test_commands_and_lines_something_waits_for_are_declined() -> None:
    s = _session("en")
    for line in ("draw", "d", "10", "", "  ", "continue"):
        assert s.quick_turn(line) is None, line
    s.turn("learn")  # the lesson answers every line
    assert s.lessons.current is not None
    assert s.quick_turn("zz") is None
    s.turn("learn")
    drawn = _session("en")
    drawn.turn(Simple(Action.DRAW))
    assert drawn.quick_turn("zz") is not None
