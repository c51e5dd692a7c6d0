"""The seeds' own examples, replayed in the engine."""

from __future__ import annotations

from engine_helpers import FIXTURES, cards, seed000_game, seed002_layout

from pyramide_a11y.engine import (
    Card,
    Event,
    EventKind,
    Game,
    RemoveKing,
    RemovePair,
    format_listing,
    parse_move,
)


def test_seed002_worked_game_is_won_in_31_moves_with_13_in_stock() -> None:
    layout = seed002_layout()
    assert layout.rules is not None and layout.rules.passes == 3
    game = Game(layout, layout.rules)
    lines = (FIXTURES / "seed002.moves").read_text(encoding="utf-8").splitlines()
    moves = [parse_move(x) for x in lines if x and not x.startswith("#")]
    for move in moves:
        outcome = game.play(move)
        assert isinstance(outcome, Event), (move, outcome)
    assert game.won
    assert game.moves == 31
    assert len(game.position.stock) == 13


def test_seed002_first_thirteen_cards_leave_without_drawing() -> None:
    layout = seed002_layout()
    assert layout.rules is not None
    game = Game(layout, layout.rules)
    for text in ["KH", "6C+7D", "3H+10D", "4C+9S", "AS+QC", "JD+2S", "8H+5D"]:
        assert isinstance(game.play(parse_move(text)), Event)
    assert game.position.removed_count == 13
    assert set(game.position.free_cards()) == set(cards("3C 7S KC QH 5C"))


def test_seed000_listing_imports_and_two_moves_give_the_second_listing() -> None:
    game = seed000_game()
    start = (FIXTURES / "seed000-start.txt").read_text(encoding="utf-8").strip()
    assert format_listing(game.position) == start
    king = game.select(Card.parse("KD"))
    assert isinstance(king, Event) and king.kind is EventKind.KING
    assert king.move == RemoveKing(Card.parse("KD"))
    assert isinstance(game.select(Card.parse("10C")), Event)
    pair = game.select(Card.parse("3S"))
    assert isinstance(pair, Event) and pair.move == RemovePair(Card.parse("10C"), Card.parse("3S"))
    after = (FIXTURES / "seed000-after-two-moves.txt").read_text(encoding="utf-8").strip()
    assert format_listing(game.position) == after
    assert game.position.score == 30
    assert game.moves == 2


def test_seed000_king_removal_frees_nothing_until_both_covers_go() -> None:
    game = seed000_game()
    event = game.select(Card.parse("KD"))
    assert isinstance(event, Event)
    assert event.freed == ()
    assert event.score_delta == 10
    event = game.play(parse_move("10C+3S"))
    assert isinstance(event, Event)
    # 3S and KD gone: 10S (row 6) is free; 10C and 3H... 10C gone alone frees nothing.
    assert event.freed == (Card.parse("10S"),)
