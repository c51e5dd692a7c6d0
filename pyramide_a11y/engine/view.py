"""The table as plain values, for a front end that shows it (a web page): every
pyramid slot with its card, place, whether it is free, what covers it, what it
covers and what it pairs with; the piles' tops, counts and pass; the selection.

Pure data (cards, numbers, tuples): narration words it (``narration.narrator``),
so a page and the terminal say the same things. A stock card the player has not
seen is never in the view: the stock shows its count, and its top only where the
rules turn it face up.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .cards import Card
from .game import Game
from .geometry import COVERED_BY, COVERS, ROW_COL, SLOTS
from .position import Position
from .rules import Rules

SLOT_VIEWS_KEPT = 512
"""Tables whose places are kept (:func:`table_view`): the last tables of the
players playing now (a page shows its player's table again and again until a
move changes it); about 7 KiB each."""


@dataclass(frozen=True, slots=True)
class SlotView:
    """One of the 28 pyramid places. ``row`` and ``position`` count from 1 (row 1
    is the top, position 1 the left end); ``card`` is None once it is removed
    (then it covers, is covered by and pairs with nothing)."""

    slot: int
    row: int
    position: int
    card: Card | None
    free: bool
    covered_by: tuple[Card, ...]
    """The cards still on it (the two just below it, in the next row)."""
    covers: tuple[Card, ...]
    """The cards it still lies on (in the row above)."""
    partners: tuple[Card, ...]
    """The playable cards it pairs with now (empty unless it is free)."""


@dataclass(frozen=True, slots=True)
class TableView:
    """The whole table as the player may know it."""

    slots: tuple[SlotView, ...]
    stock_count: int
    stock_top: Card | None
    """Only where the rules turn the stock top face up (``paciencia``)."""
    waste_top: Card | None
    waste_count: int
    removed: int
    """Pyramid cards removed, of 28."""
    pass_number: int
    passes: int | None
    """How many passes the rules allow (None: no limit)."""
    selected: Card | None
    won: bool
    moves: int


def table_view(game: Game) -> TableView:
    """The table of ``game`` now, as :class:`TableView`."""
    position, rules = game.position, game.rules
    return TableView(
        slots=_slot_views(position, rules),
        stock_count=len(position.stock),
        stock_top=game.stock_top,
        waste_top=position.waste_top,
        waste_count=len(position.waste),
        removed=position.removed_count,
        pass_number=position.round,
        passes=rules.passes,
        selected=game.selected,
        won=game.won,
        moves=game.moves,
    )


@lru_cache(maxsize=SLOT_VIEWS_KEPT)
def _slot_views(position: Position, rules: Rules) -> tuple[SlotView, ...]:
    """The 28 places of ``position`` under ``rules``: found once for a table that
    several requests show (a refused command, a poll, the page after a move's
    answer), kept for the :data:`SLOT_VIEWS_KEPT` tables seen last."""
    pyramid = position.pyramid
    playable = position.playable_cards(rules)
    slots = []
    for slot in range(SLOTS):
        card = pyramid[slot]
        row, col = ROW_COL[slot]
        free = card is not None and position.is_free(slot)
        slots.append(
            SlotView(
                slot=slot,
                row=row + 1,
                position=col + 1,
                card=card,
                free=free,
                covered_by=_cards(pyramid, COVERED_BY[slot]) if card is not None else (),
                covers=_cards(pyramid, COVERS[slot]) if card is not None else (),
                partners=(
                    position.partners(card, rules, playable) if free and card is not None else ()
                ),
            )
        )
    return tuple(slots)


def _cards(pyramid: tuple[Card | None, ...], slots: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(card for card in (pyramid[s] for s in slots) if card is not None)
