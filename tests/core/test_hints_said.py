"""What the hints left on the table is one record (``Hints.said``), with the same
rules as before: the move's marks leave when another hint starts, «cannot be won
from here» holds for its table until another one is said."""

from __future__ import annotations

import threading

from kit import make_session

from pyramide_a11y.core.hinting import Said
from pyramide_a11y.engine import Draw
from pyramide_a11y.solver import Hint, HintKind, Knowledge


def test_one_record_keeps_the_move_and_the_lost_table_apart() -> None:
    answers = [Hint(HintKind.LOST, None, True), Hint(HintKind.DRAW, Draw(), True)]

    def finder(knowledge: Knowledge, budget: float, stop: threading.Event | None) -> Hint:
        return answers.pop(0)

    s = make_session("PY1-N-AAAAAAB", hint_finder=finder)
    start = s.game.position
    s.handle("hint")  # «cannot be won from here», for this table
    assert s.hints.said == Said(shown=None, lost=start)
    assert s.view().hint_lost
    s.handle("d")
    assert not s.view().hint_lost  # another table
    s.handle("hint")  # a draw, for the table after the draw
    drawn = s.game.position
    assert s.hints.said == Said(shown=(drawn, Draw()), lost=start)
    assert s.view().hint == Draw()
    s.handle("u")  # back to the table the loss was said for: its exits again
    view = s.view()
    assert view.hint_lost and view.hint is None
