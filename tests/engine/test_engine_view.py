"""The table as plain values for a page (issue 25): each pyramid place with its card,
place, freedom, what covers it, what it covers and its partners; the piles; never
an unseen stock card. Worded by narration as the terminal says it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from playthrough import played, won_code

from pyramide_a11y.engine import PRESETS, Game, Layout, parse_code
from pyramide_a11y.engine.dealcode import code_text
from pyramide_a11y.engine.view import table_view
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration import narrator


def _game(code: str) -> Game:
    deal = parse_code(code)
    return Game(Layout.from_code(deal), deal.rules)


@settings(max_examples=25, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    number=st.integers(0, 10_000),
    walk=st.integers(0, 2**32 - 1),
)
def test_the_view_agrees_with_the_table(preset: str, number: int, walk: int) -> None:
    code = code_text(PRESETS[preset], number)
    assert code is not None
    game, rng = _game(code), random.Random(walk)
    for _ in range(rng.randrange(40)):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    view = table_view(game)
    position = game.position
    assert [s.card for s in view.slots] == list(position.pyramid)
    assert tuple(s.card for s in view.slots if s.free) == position.free_cards()
    for slot in view.slots:
        if slot.card is None:
            assert not slot.free and not slot.covered_by and not slot.partners
            continue
        assert slot.covered_by == position.covering(slot.slot)
        assert slot.free == (not slot.covered_by)
        assert set(slot.partners) == (
            set(position.partners(slot.card, game.rules)) if slot.free else set()
        )
        for above in slot.covers:  # it covers a card exactly when that card lists it
            above_slot = position.pyramid.index(above)
            assert slot.card in view.slots[above_slot].covered_by
    assert view.removed == position.removed_count and view.stock_count == len(position.stock)
    assert view.waste_top == position.waste_top
    if not game.rules.stock_top_playable:
        assert view.stock_top is None  # face down: never in the view


def test_a_place_is_worded_as_where_says_it_with_its_partners() -> None:
    code = won_code("paciencia")
    game = _game(code)
    set_language("en")
    labels = {s.card: narrator.slot_label(s) for s in table_view(game).slots}
    kh = next(c for c in labels if c is not None and str(c) == "KH")
    assert labels[kh] == "King of hearts: row 7, position 2, free."
    where = played(code, "en", ["where 7h"])[0]
    seven = next(c for c in labels if c is not None and str(c) == "7H")
    assert where.startswith(labels[seven].rstrip("."))  # the same words as where
    ten = next(c for c in labels if c is not None and str(c) == "10H")
    assert labels[ten] == "Ten of hearts: row 7, position 3, free."  # no partner yet
    game.select(kh)  # the king leaves: a gap in its place
    gap = table_view(game).slots[22]
    assert narrator.slot_label(gap) == "Row 7, position 2: gap."
