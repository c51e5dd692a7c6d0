"""The table of one session as one plain, immutable value: what a front end shows.

:meth:`Session.view <pyramide_a11y.core.session.Session.view>` returns a
:class:`TableState`: every pyramid place (its card or its gap, free or covered,
what covers it) with the marks a page puts on it (selected, partner of the
selection, part of the hint just given), the stock and the waste, the counts and
the round, the clock, the deal's code and par, the hint's state, the dead end. It
holds no game and no session: two states can be kept and compared, and
:func:`changed_places` names the places whose cell differs (issue 38 sends only
those). A page (``web/page.py``) and narration's result panel
(:func:`~pyramide_a11y.narration.narrator.result_facts`) render it; neither reads
the session.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyramide_a11y.engine import Card, Move, Rules, cards_of
from pyramide_a11y.engine.view import SlotView, TableView

__all__ = ["Cell", "ClockState", "MarksKept", "Pile", "TableState", "changed_places"]


@dataclass(frozen=True, slots=True)
class Cell:
    """One pyramid place as shown: the engine's :class:`SlotView` (card or gap,
    free, what covers it) and the marks on its card."""

    place: SlotView
    pressed: bool
    """Its card is the selected one."""
    partner: bool
    """Its card pairs with the selected one."""
    hinted: bool
    """Its card is one of the hint just given."""


@dataclass(frozen=True, slots=True)
class Pile:
    """The stock or the waste: its top card where the player may see it (None:
    empty, or a face-down stock), how many cards it holds, and the marks on its top."""

    top: Card | None
    count: int
    pressed: bool = False
    partner: bool = False
    hinted: bool = False


@dataclass(frozen=True, slots=True)
class ClockState:
    """The game clock: seconds played (idle time past the limit not counted);
    ``paused`` (a pause, the window hidden); ``stopped`` at the win."""

    seconds: float
    paused: bool
    stopped: bool


@dataclass(frozen=True, slots=True)
class TableState:
    """One session's table now (see the module docstring). Equal states show the
    same page; each field and each :attr:`cells` item compares on its own."""

    rules: Rules
    code: str | None
    """The deal's code (None: a layout file's deal)."""
    cells: tuple[Cell, ...]
    """The 28 pyramid places, top row first, left to right."""
    stock: Pile
    waste: Pile
    table: TableView
    """The engine's plain table, as :attr:`cells` and the piles were read from."""
    partners: tuple[Card, ...]
    """The playable cards the selected card pairs with (empty: none selected)."""
    score: int | None
    """The score where the rules keep one (``pyramide``), else None."""
    draw_ready: bool
    """A draw is legal now (else the button says why when pressed)."""
    recycle_ready: bool
    hint: Move | None
    """The move of the last hint given, while the table is still the one it was
    given for; else None."""
    hint_pending: bool
    """A hint is still thinking."""
    hint_lost: bool
    """The last hint said the deal cannot be won from this very table."""
    impasse: bool
    """No move at all is left (not even a draw or a recycle)."""
    won: bool
    clock: ClockState
    par: int | None
    """The deal's par once found (only ever once a game of it is over); 0: the deal
    was proven not winnable."""
    waiting: bool
    """Late news is still to come (a hint thinking, a deal's par being found)."""

    @property
    def selected(self) -> Card | None:
        return self.table.selected


def marked_cells(
    table: TableView, partners: tuple[Card, ...], hint: Move | None
) -> tuple[tuple[Cell, ...], Pile, Pile]:
    """The places and the piles of ``table`` with their marks: the selection, its
    ``partners``, the cards of ``hint``."""
    hinted = cards_of(hint) if hint is not None else ()
    selected = table.selected

    def marks(card: Card | None) -> tuple[bool, bool, bool]:
        if card is None:
            return False, False, False
        return card == selected, card in partners, card in hinted

    cells = tuple(Cell(slot, *marks(slot.card)) for slot in table.slots)
    stock = Pile(table.stock_top, table.stock_count, *marks(table.stock_top))
    waste = Pile(table.waste_top, table.waste_count, *marks(table.waste_top))
    return cells, stock, waste


class MarksKept:
    """The last table's places with their marks (:func:`marked_cells`), kept for
    the next request of the same table: a refused command, a poll or the page
    after a move asks again for the table it just read. One per session (its
    calls are the session's: one at a time)."""

    __slots__ = ("_key", "_marked")

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._marked: tuple[tuple[Cell, ...], Pile, Pile] | None = None

    def marked(
        self, table: TableView, partners: tuple[Card, ...], hint: Move | None
    ) -> tuple[tuple[Cell, ...], Pile, Pile]:
        """:func:`marked_cells` of ``table``: the ones made last, the very same
        values, while everything they are made of is equal. The engine keeps a
        table's places (``engine.view``), so an unchanged table compares its 28
        places by identity, not one by one."""
        key = (
            table.slots,
            table.stock_top,
            table.stock_count,
            table.waste_top,
            table.waste_count,
            table.selected,
            partners,
            hint,
        )
        if self._marked is None or key != self._key:
            self._key, self._marked = key, marked_cells(table, partners, hint)
        return self._marked


def changed_places(before: TableState | None, after: TableState) -> tuple[str, ...]:
    """The places whose cell differs between two states: ``slot-N`` (N from 0),
    ``stock`` and ``waste``, in table order; every place of ``after`` when there
    is no ``before`` (a session's first turn). Each cell is compared on its own
    (a frozen value), so the cost is one comparison per place; the very same
    places (:class:`MarksKept`), none."""
    if before is None:
        return (*(f"slot-{cell.place.slot}" for cell in after.cells), "stock", "waste")
    changed: list[str] = []
    if before.cells is not after.cells:
        changed += (
            f"slot-{cell.place.slot}"
            for old, cell in zip(before.cells, after.cells, strict=True)
            if old != cell
        )
    if before.stock is not after.stock and before.stock != after.stock:
        changed.append("stock")
    if before.waste is not after.waste and before.waste != after.waste:
        changed.append("waste")
    return tuple(changed)
