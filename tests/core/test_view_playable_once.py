"""A table's view finds the playable cards once (issue 38): the view itself, the
selection's partners and the dead end share what the position found."""

from __future__ import annotations

import pytest
from kit import NO_HINT, make_session

from pyramide_a11y.engine import Card, Position, Rules


def test_a_table_view_finds_the_playable_cards_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # A paciencia deal with a card selected: the view, the selection's partners and
    # the dead end all read the playable cards.
    session = make_session("PY1-P-AAAAAAB", "en", hint_finder=NO_HINT)
    playable = session.game.position._find_playable(session.game.rules)  # nothing kept
    chosen = next(card for card in playable if not card.is_king)
    found: list[Position] = []
    find = Position._find_playable

    def counted(self: Position, rules: Rules) -> tuple[Card, ...]:
        found.append(self)
        return find(self, rules)

    monkeypatch.setattr(Position, "_find_playable", counted)
    # Selected (its answer names the partners), then the page's view of the table.
    session.handle(str(chosen))
    state = session.view()
    assert state.selected == chosen and state.partners is not None
    assert found == [session.game.position]
