"""Shared builders for engine tests: the seeds' layouts and small searches."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pyramide_a11y.engine import (
    Card,
    Game,
    Layout,
    Move,
    RemoveKing,
    RemovePair,
    Rules,
    get_rules,
    parse_listing,
)
from pyramide_a11y.engine.dealcode import DealCode, code_text
from pyramide_a11y.solver import Knowledge

FIXTURES = Path(__file__).parent / "fixtures"


def cards(text: str) -> list[Card]:
    return [Card.parse(x) for x in text.split()]


def seed000_layout() -> Layout:
    """Seed 000's deal PY1-N-AAAAAAS as the seed lists it (stock order from seed 0)."""
    return parse_listing((FIXTURES / "seed000-start.txt").read_text(encoding="utf-8"))


def seed000_game(rules: Rules | None = None) -> Game:
    """Seed 000's pyramid under any preset: presets without a starting waste card
    get the waste card on top of the stock instead."""
    layout = seed000_layout()
    rules = rules or get_rules("pyramide")
    if rules.initial_waste == 0:
        layout = Layout(layout.pyramid, layout.waste + layout.stock, ())
    return Game(layout, rules)


def seed002_layout() -> Layout:
    return Layout.from_json((FIXTURES / "seed002.json").read_text(encoding="utf-8"))


def greedy_line(
    rules: Rules, number: int, stop: Callable[[Game], bool], limit: int = 400
) -> tuple[str, list[Move]]:
    """The code of deal ``number`` under ``rules`` and a line of it up to the first
    table where ``stop`` holds: the first removal offered, else a draw or a recycle.

    Raises:
        AssertionError: the line came to a dead end, or ``limit`` moves, first.
    """
    game = Game(Layout.from_code(DealCode(rules, number)), rules)
    line: list[Move] = []
    for _ in range(limit):
        if stop(game):
            code = code_text(rules, number)
            assert code is not None
            return code, line
        moves = game.legal_moves()
        assert moves, "the line came to a dead end first"
        removals = [mv for mv in moves if isinstance(mv, RemoveKing | RemovePair)]
        move = removals[0] if removals else moves[0]
        game.play(move)
        line.append(move)
    raise AssertionError("the table looked for never came")


def nothing_removable_with_unseen_stock(game: Game) -> bool:
    """No card can ever be removed again, and a stock card has not shown yet."""
    position = game.position
    return position.can_never_remove(game.rules) and any(
        card not in game.seen for card in position.stock
    )


def lost_with_every_card_seen(game: Game) -> bool:
    """No card can ever be removed again, every stock card has shown, and a draw or
    a recycle is still left: the hint can say the deal is lost from here."""
    return (
        game.position.can_never_remove(game.rules)
        and Knowledge.from_game(game).complete
        and not game.impasse
    )
