"""Deals and positions shared by the solver tests."""

from __future__ import annotations

from pyramide_a11y.engine import DECK, Card, Layout, Position, Rules

SEED002_ROWS = (
    "5S",
    "9H QD",
    "2D JS 6H",
    "8S 4D AD 10C",
    "3C 7S KC QH 5C",
    "AS 4C 8H JD 2S 5D",
    "6C 7D KH 9S 3H 10D QC",
)
SEED002_STOCK_START = "10H 6S AC 9C 7C QS 3S 2H 4S AH 8D"


def seed002_layout() -> Layout:
    """Seed 002's worked deal; the 13 never-drawn stock cards in deck order."""
    pyramid = tuple(Card.parse(t) for row in SEED002_ROWS for t in row.split())
    start = tuple(Card.parse(t) for t in SEED002_STOCK_START.split())
    rest = tuple(c for c in DECK if c not in pyramid and c not in start)
    return Layout(pyramid, start + rest, ())


def replays_to_win(position: Position, moves: tuple[object, ...], rules: Rules) -> bool:
    """Play ``moves`` with the engine; True when every move is legal and the end is won."""
    for move in moves:
        position = position.after(move, rules)  # type: ignore[arg-type]
    return position.is_won(rules)
