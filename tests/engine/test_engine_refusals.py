"""Every refusal in RULES.md, produced by its situation, per preset.

A refused action returns a typed reason and leaves the table as it was.
"""

from __future__ import annotations

import pytest
from engine_helpers import seed000_game

from pyramide_a11y.engine import (
    Card,
    Draw,
    Event,
    Game,
    IllegalMoveError,
    Layout,
    Reason,
    Recycle,
    Refusal,
    RemoveKing,
    RemovePair,
    get_rules,
)

PRESETS = ["pyramide", "classic", "paciencia"]
C = Card.parse


def refused(game: Game, outcome: object, reason: Reason) -> Refusal:
    assert isinstance(outcome, Refusal), outcome
    assert outcome.reason is reason
    return outcome


def draw_all(game: Game) -> None:
    while game.position.stock:
        assert isinstance(game.draw(), Event)


@pytest.mark.parametrize("preset", PRESETS)
def test_covered_card_is_refused_and_changes_nothing(preset: str) -> None:
    game = seed000_game(get_rules(preset))
    before = game.position
    refusal = refused(game, game.select(C("QC")), Reason.COVERED)  # row 6, seed 000
    assert refusal.cards == (C("QC"),)
    assert game.position == before and game.selected is None and game.moves == 0


@pytest.mark.parametrize("preset", PRESETS)
def test_pair_with_a_covering_card_is_refused(preset: str) -> None:
    game = seed000_game(get_rules(preset))
    assert isinstance(game.select(C("KD")), Event)
    # 10S (row 6) is still covered by 3S: they sum to 13 but may not pair.
    refused(game, game.play(RemovePair(C("3S"), C("10S"))), Reason.COVERED)


def test_cover_pair_variant_lets_a_card_pair_with_its_only_cover() -> None:
    rules = get_rules("pyramide").with_options(cover_pairs=True)
    game = seed000_game(rules)
    assert isinstance(game.select(C("KD")), Event)
    assert isinstance(game.play(RemovePair(C("10C"), C("3H"))), Event)
    # JS is covered by 7S alone: it may pair only with 7S, not with the free 2C.
    refused(game, game.play(RemovePair(C("JS"), C("2C"))), Reason.COVERED)
    refused(game, game.play(RemovePair(C("10S"), C("3H"))), Reason.GONE)
    event = game.play(RemovePair(C("10S"), C("3S")))
    assert isinstance(event, Event) and set(event.removed) == {C("10S"), C("3S")}


def test_sum_not_13_keeps_the_second_card_selected_in_pyramide() -> None:
    game = seed000_game()
    assert isinstance(game.select(C("7C")), Event)
    refusal = refused(game, game.select(C("7S")), Reason.SUM_NOT_13)
    assert refusal.cards == (C("7C"), C("7S"))
    assert refusal.selected == C("7S") and game.selected == C("7S")
    assert game.moves == 0


@pytest.mark.parametrize("preset", ["classic", "paciencia"])
def test_sum_not_13_changes_nothing_in_the_other_presets(preset: str) -> None:
    game = seed000_game(get_rules(preset))
    assert isinstance(game.select(C("7C")), Event)
    refused(game, game.select(C("7S")), Reason.SUM_NOT_13)
    assert game.selected == C("7C")


@pytest.mark.parametrize("preset", PRESETS)
def test_selecting_the_same_card_again_cancels(preset: str) -> None:
    game = seed000_game(get_rules(preset))
    event = game.select(C("3H"))
    assert isinstance(event, Event) and event.selected == C("3H")
    assert C("10C") in event.partners
    cancel = game.select(C("3H"))
    assert isinstance(cancel, Event) and cancel.selected is None
    refused(game, game.cancel(), Reason.NOTHING_SELECTED)


@pytest.mark.parametrize("preset", PRESETS)
def test_removed_card_is_gone(preset: str) -> None:
    game = seed000_game(get_rules(preset))
    assert isinstance(game.play(RemovePair(C("3H"), C("10C"))), Event)
    refused(game, game.select(C("3H")), Reason.GONE)
    refused(game, game.play(RemovePair(C("3H"), C("10S"))), Reason.GONE)


@pytest.mark.parametrize("preset", PRESETS)
def test_only_kings_leave_alone(preset: str) -> None:
    game = seed000_game(get_rules(preset))
    refused(game, game.play(RemoveKing(C("7C"))), Reason.NOT_A_KING)


@pytest.mark.parametrize("preset", PRESETS)
def test_unseen_stock_card_is_not_available(preset: str) -> None:
    game = seed000_game(get_rules(preset))
    hidden = game.position.stock[1]
    refusal = refused(game, game.select(hidden), Reason.NOT_AVAILABLE)
    assert refusal.cards == (hidden,)


def stock_pair_first(game: Game) -> Game:
    """The same deal with two stock cards that sum to 13 moved to the stock's top."""
    stock = list(game.layout.stock)
    a = next(c for c in stock if any(c.pairs_with(d) for d in stock))
    b = next(d for d in stock if a.pairs_with(d))
    stock.remove(a)
    stock.remove(b)
    layout = Layout(game.layout.pyramid, (a, b, *stock), game.layout.waste)
    return Game(layout, game.rules)


def test_just_drawn_card_does_not_pair_with_the_waste_card_under_it() -> None:
    game = stock_pair_first(seed000_game())
    pair = _draw_until_waste_pair(game)
    assert pair is not None, "seed 0's stock order has such a pair"
    top, under = pair
    refused(game, game.play(RemovePair(top, under)), Reason.NOT_AVAILABLE)


def test_stock_against_waste_variant_lets_them_pair() -> None:
    game = stock_pair_first(
        seed000_game(get_rules("pyramide").with_options(stock_waste_pairs=True))
    )
    pair = _draw_until_waste_pair(game)
    assert pair is not None
    event = game.play(RemovePair(*pair))
    assert isinstance(event, Event) and set(event.removed) == set(pair)
    assert event.score_delta == 0  # waste cards score nothing


def _draw_until_waste_pair(game: Game) -> tuple[Card, Card] | None:
    while game.position.stock:
        assert isinstance(game.draw(), Event)
        waste = game.position.waste
        if len(waste) >= 2 and waste[-1].pairs_with(waste[-2]):
            return waste[-1], waste[-2]
    return None


@pytest.mark.parametrize("on", [True, False])
def test_paciencia_stock_top_pairs_with_waste_top(on: bool) -> None:
    rules = get_rules("paciencia").with_options(stock_waste_pairs=on)
    game = stock_pair_first(seed000_game(rules))
    assert isinstance(game.draw(), Event)
    found = None
    while game.position.stock:
        stock_top, waste_top = game.stock_top, game.position.waste_top
        if stock_top and waste_top and stock_top.pairs_with(waste_top):
            found = (stock_top, waste_top)
            break
        assert isinstance(game.draw(), Event)
    assert found is not None
    event = game.play(RemovePair(*found))
    if not on:
        refused(game, event, Reason.NOT_PAIRABLE)
        return
    assert isinstance(event, Event)
    assert event.stock_top_changed and event.waste_top_changed


@pytest.mark.parametrize("preset", ["classic", "paciencia"])
def test_nothing_to_draw_when_the_stock_is_empty(preset: str) -> None:
    game = seed000_game(get_rules(preset))
    draw_all(game)
    refusal = refused(game, game.draw(), Reason.NOTHING_TO_DRAW)
    assert refusal.cards == ()


def test_paciencia_recycle_refusals_and_three_rounds() -> None:
    game = seed000_game(get_rules("paciencia"))
    refused(game, game.recycle(), Reason.RECYCLE_STOCK_NOT_EMPTY)
    for expected_round in (2, 3):
        draw_all(game)
        event = game.recycle()
        assert isinstance(event, Event) and event.round == expected_round and event.round_changed
    draw_all(game)
    refused(game, game.recycle(), Reason.RECYCLE_NONE_LEFT)
    refused(game, game.draw(), Reason.NOTHING_TO_DRAW)


def test_recycle_refused_when_the_waste_is_empty() -> None:
    # Seed 000's stock and waste hold no pair in the stock-against-waste sense, so
    # build a tiny endgame instead: every stock card removed with its partner.
    game = seed000_game(get_rules("paciencia"))
    assert game.position.recycle_refusal(game.rules) is Reason.RECYCLE_STOCK_NOT_EMPTY
    from pyramide_a11y.engine import Position

    empty = Position(game.position.pyramid, (), (), 0)
    assert empty.recycle_refusal(game.rules) is Reason.RECYCLE_WASTE_EMPTY
    assert empty.draw_refusal(game.rules) is Reason.NOTHING_TO_DRAW
    assert empty.is_impasse(game.rules) == (not empty.legal_moves(game.rules))


def test_pyramide_draw_on_an_empty_stock_recycles_without_limit() -> None:
    game = seed000_game()
    # The starting waste card goes back first: it lies at the bottom of the waste.
    expected_stock = game.position.waste + game.position.stock
    for round_number in range(2, 6):
        draw_all(game)
        assert game.legal_moves()[-1] == Recycle()
        event = game.draw()
        assert isinstance(event, Event) and event.round == round_number
        assert event.move == Draw() and event.kind.value == "recycle"
        assert game.position.stock == expected_stock


def test_limited_recycles_variant_on_pyramide() -> None:
    game = seed000_game(get_rules("pyramide").with_options(recycles=0))
    draw_all(game)
    refused(game, game.draw(), Reason.RECYCLE_NONE_LEFT)
    refused(game, game.recycle(), Reason.RECYCLE_NONE_LEFT)


def test_recycle_keeps_the_order_of_the_stock() -> None:
    game = seed000_game(get_rules("classic").with_options(passes=2))
    first_stock = game.position.stock
    draw_all(game)
    assert isinstance(game.recycle(), Event)
    assert game.position.stock == first_stock and game.position.waste == ()


def test_nothing_to_undo_and_undo_limit() -> None:
    game = seed000_game()
    refused(game, game.undo(), Reason.NOTHING_TO_UNDO)
    for _ in range(101):
        game.draw()
    for _ in range(100):
        assert isinstance(game.undo(), Event)
    refused(game, game.undo(), Reason.UNDO_LIMIT)
    assert game.moves == 101


def test_paciencia_undo_is_unlimited_and_brings_the_round_back() -> None:
    game = seed000_game(get_rules("paciencia"))
    draw_all(game)
    assert isinstance(game.recycle(), Event)
    for _ in range(150):
        if not game.position.stock:
            break
        game.draw()
    while game.can_undo:
        assert isinstance(game.undo(), Event)
    assert game.position == seed000_game(get_rules("paciencia")).position
    assert game.position.round == 1
    refused(game, game.undo(), Reason.NOTHING_TO_UNDO)


def test_a_won_game_refuses_everything_but_undo() -> None:
    from engine_helpers import seed002_layout

    layout = seed002_layout()
    assert layout.rules is not None
    game = Game(layout, layout.rules)
    from engine_helpers import FIXTURES

    from pyramide_a11y.engine import parse_move

    for line in (FIXTURES / "seed002.moves").read_text().splitlines():
        if line and not line.startswith("#"):
            last = game.play(parse_move(line))
    assert isinstance(last, Event) and last.won and not last.impasse
    refused(game, game.draw(), Reason.GAME_WON)
    refused(game, game.select(game.position.stock[0]), Reason.GAME_WON)
    assert isinstance(game.undo(), Event) and not game.won


def test_position_after_an_illegal_move_raises_the_engine_error() -> None:
    game = seed000_game()
    with pytest.raises(IllegalMoveError) as caught:
        game.position.after(RemovePair(C("JD"), C("2C")), game.rules)
    assert isinstance(caught.value, ValueError)  # callers that catch ValueError still do
    assert caught.value.reason is Reason.COVERED
    assert caught.value.move == RemovePair(C("JD"), C("2C"))
    assert str(caught.value) == "illegal move JD+2C: covered"
