"""What a position finds once (issue 38): its playable cards, kept with the rules
they were found for, the dead end read without listing every move, and the
table's places kept for the tables seen last, agree with what the table gives
afresh, on random play under random rules."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_properties import ACTIONS, GAMES, Action, act, rules_strategy

from pyramide_a11y.engine import Game, Position, Rules
from pyramide_a11y.engine.view import _slot_views, table_view


def _fresh(position: Position) -> Position:
    """The same table as a new value: nothing found on it yet."""
    return replace(position)


@settings(max_examples=120, deadline=None)
@given(GAMES, st.lists(ACTIONS, max_size=80), rules_strategy())
def test_found_once_is_found_afresh(game: Game, actions: list[Action], other: Rules) -> None:
    for action in actions:
        act(game, action)
        position = game.position
        for rules in (game.rules, other, game.rules):  # kept, asked for other rules, again
            playable = position.playable_cards(rules)
            assert playable == _fresh(position)._find_playable(rules)
            assert position.playable_cards(rules) is playable or rules is other
            assert position.is_impasse(rules) == (
                not position.is_won(rules) and not _fresh(position).legal_moves(rules)
            )
        # The places shown: kept, or found afresh, the same.
        assert table_view(game).slots == _slot_views.__wrapped__(_fresh(position), game.rules)
        # Not part of the value: a position with its cards found equals one without.
        assert position == _fresh(position) and hash(position) == hash(_fresh(position))
