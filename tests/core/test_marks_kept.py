"""A table read again costs little (issue 38): the view of a table read again
(a refused command, a poll) gives the very same places, the places kept are
always the ones made afresh, whatever the play did between, and no deal is
hashed for a par none has found."""

from __future__ import annotations

import random

import pytest
from kit import NO_HINT, make_session

from pyramide_a11y.core import par
from pyramide_a11y.core import table as core_table
from pyramide_a11y.core.table import marked_cells


def test_a_table_read_again_marks_its_places_once(monkeypatch: pytest.MonkeyPatch) -> None:
    session = make_session("PY1-P-AAAAAAB", "en", hint_finder=NO_HINT)
    made: list[object] = []
    mark = core_table.marked_cells

    def counted(*args: object) -> object:
        made.append(args)
        return mark(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(core_table, "marked_cells", counted)
    first = session.turn()
    refused = session.turn("zz")
    assert len(made) == 1
    assert refused.table.cells is first.table.cells and refused.changed == ()
    session.turn("draw")  # the waste's top changed: marked again, its place named
    assert len(made) == 2 and session.turn().changed == ()


def test_kept_places_are_the_places_made_afresh() -> None:
    chooser = random.Random(38)
    session = make_session("PY1-P-AAAAAAB", "en", hint_finder=NO_HINT)
    for step in range(200):
        game = session.game
        free = [str(card) for card in game.position.free_cards()]
        moves = [str(move) for move in game.legal_moves()]
        roll = chooser.random()
        if not moves or step % 60 == 59:
            line = "new"
        elif roll < 0.3 and free:
            line = chooser.choice(free)  # a selection: its partners marked
        elif roll < 0.4:
            line = chooser.choice(["zz", "undo", "hint"])
        else:
            line = chooser.choice(moves)
        state = session.turn(line).table
        cells, stock, waste = marked_cells(state.table, state.partners, state.hint)
        assert (state.cells, state.stock, state.waste) == (cells, stock, waste), (step, line)


def test_a_view_while_no_par_is_known_hashes_no_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    # The par is known only once a game of the deal is over: until then a view
    # does not hash the deal's 52 cards to find none.
    session = make_session("PY1-P-AAAAAAB", "en", hint_finder=NO_HINT)
    hashed: list[object] = []
    own = par._Deal.__hash__

    def counted(self: object) -> int:
        hashed.append(self)
        return own(self)

    monkeypatch.setattr(par._Deal, "__hash__", counted)
    session.turn("zz")
    assert session.view().par is None and hashed == []
