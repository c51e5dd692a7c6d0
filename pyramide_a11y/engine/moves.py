"""Moves and their canonical English notation.

A move is one of: a King removed alone (``KD``), a pair removed (``10C+3S``),
``draw`` or ``recycle``. ``str(move)`` is canonical and :func:`parse_move`
reads it back (case-insensitive, spaces around ``+`` allowed).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True, slots=True)
class RemoveKing:
    """A King leaves alone."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class RemovePair:
    """Two cards summing to 13 leave together. ``first`` is the card chosen first."""

    first: Card
    second: Card

    @property
    def cards(self) -> tuple[Card, Card]:
        return (self.first, self.second)

    def __str__(self) -> str:
        return f"{self.first}+{self.second}"


@dataclass(frozen=True, slots=True)
class Draw:
    """The stock's top card goes to the waste (and, in ``pyramide``, an empty stock
    is recycled)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Recycle:
    """The whole waste goes back to the stock, in the same order."""

    def __str__(self) -> str:
        return "recycle"


Move = RemoveKing | RemovePair | Draw | Recycle


def cards_of(move: Move) -> tuple[Card, ...]:
    """The cards a move names (a King, a pair; none for a draw or a recycle)."""
    match move:
        case RemoveKing(card):
            return (card,)
        case RemovePair(first, second):
            return (first, second)
        case _:
            return ()


def parse_move(text: str) -> Move:
    """Parse canonical notation: ``KD``, ``10C+3S``, ``draw``, ``recycle``.

    Raises:
        ValueError: the text is not a move.
    """
    word = text.strip().lower()
    if word == "draw":
        return Draw()
    if word == "recycle":
        return Recycle()
    if "+" in word:
        left, _, right = word.partition("+")
        return RemovePair(Card.parse(left), Card.parse(right))
    card = Card.parse(word)
    if not card.is_king:
        raise ValueError(f"{card} is not a King: a single card must be a King")
    return RemoveKing(card)
