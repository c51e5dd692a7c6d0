"""A table in words: every place, pile and fact a page shows, as plain text.

:func:`table_words` words one table (anything shaped as :class:`ShownTable`: the
core's ``TableState`` is one) in the language in use: each pyramid place's
accessible name, its card in words and its face, the piles, the counts, the
hint's and the dead end's sentences, a won deal's result panel. The records hold
strings, numbers and booleans only: a front end lays them out and calls nothing
(``web/page.py``). The sentences are the ones the terminal says (:mod:`.narrator`,
:mod:`.messages`), and the page's own words are :mod:`.page_words`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from pyramide_a11y.engine import Card, Draw, Move, Recycle, Rules, cards_of
from pyramide_a11y.engine.view import SlotView, TableView
from pyramide_a11y.i18n import catalog_in_use, get_language
from pyramide_a11y.i18n import language as language_record

from . import messages
from . import page_words as words
from .card_words import card_name, row_name
from .narrator import result_facts, sentence, slot_label, table_counts

__all__ = [
    "CardCell",
    "ExitButton",
    "PileButton",
    "PileControls",
    "PyramidRow",
    "ResultPanel",
    "ShownTable",
    "TableWords",
    "table_words",
]


class _Clock(Protocol):
    @property
    def seconds(self) -> float: ...


class ShownTable(Protocol):
    """What :func:`table_words` reads of a table (the core's ``TableState`` has it
    all; narration does not import the core)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def code(self) -> str | None: ...
    @property
    def table(self) -> TableView: ...
    @property
    def partners(self) -> tuple[Card, ...]: ...
    @property
    def score(self) -> int | None: ...
    @property
    def draw_ready(self) -> bool: ...
    @property
    def recycle_ready(self) -> bool: ...
    @property
    def hint(self) -> Move | None: ...
    @property
    def hint_pending(self) -> bool: ...
    @property
    def hint_lost(self) -> bool: ...
    @property
    def impasse(self) -> bool: ...
    @property
    def won(self) -> bool: ...
    @property
    def clock(self) -> _Clock: ...
    @property
    def par(self) -> int | None: ...
    @property
    def waiting(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class ResultPanel:
    """The result panel of a won deal: the facts (time, moves, cards removed, the
    par once known), the deal's code to copy, the exits' words."""

    heading: str
    facts: tuple[str, ...]
    code: str | None
    code_fact: str | None
    copied: str
    copy_failed: str


@dataclass(frozen=True, slots=True)
class CardCell:
    """One pyramid place: a button while its card is there (``free`` or covered),
    a gap once it is gone (``code`` None)."""

    slot: int
    code: str | None
    """Canonical notation (``10S``): the form value of the button."""
    label: str
    """The accessible name: the card, its row and position, what covers it or
    what it pairs with (:func:`~.narrator.slot_label`)."""
    text: str
    """What is shown: the card in words (the name begins with it)."""
    glyph: str
    """The suit symbol, shown beside the words, never the only name."""
    free: bool
    pressed: bool
    """The selected card: its :attr:`label` begins with «Selected»."""
    mark: str = ""
    """The card's face, shown large where the words do not fit: the rank as the
    player types it (``10``, ``Q``; ``D`` in Portuguese), the suit is ``glyph``."""
    partner: bool = False
    """It pairs with the selected card (the table points out every such card)."""
    hinted: bool = False
    """One of the cards of the hint just given (the hint shows on the table)."""


@dataclass(frozen=True, slots=True)
class PyramidRow:
    number: int
    heading: str
    cells: tuple[CardCell, ...]


@dataclass(frozen=True, slots=True)
class PileButton:
    """The stock top or the waste top: ``code`` None when no card can be touched there."""

    name: str
    code: str | None
    label: str
    text: str
    glyph: str
    pressed: bool
    mark: str = ""
    partner: bool = False
    hinted: bool = False


@dataclass(frozen=True, slots=True)
class PileControls:
    """Whether Draw and Recycle, beside the stock, can act now (else they are grey,
    and still say why when pressed); ``hinted``: the hint just given is ``draw``
    or ``recycle``."""

    draw_ready: bool
    recycle_ready: bool
    hinted: str | None


@dataclass(frozen=True, slots=True)
class ExitButton:
    """A way on after a dead end or a lost deal: the action posted (``do``) and the
    button's words."""

    do: str
    label: str


@dataclass(frozen=True, slots=True)
class TableWords:
    """One table in words (see the module docstring). Equal tables in one language
    give equal records."""

    rows: tuple[PyramidRow, ...]
    stock: PileButton
    waste: PileButton
    piles: PileControls
    status: tuple[str, ...]
    """The counts: cards removed, in the stock, the round, the score."""
    searching: str | None
    """«procurando uma solução» while a hint thinks, else None."""
    impasse: str | None
    """«No more moves possible» when no move at all is left, or «this deal cannot be
    won from here» while the hint that said so still holds, else None."""
    exits: tuple[ExitButton, ...]
    """The buttons shown with :attr:`impasse`: undo, replay and another deal at the
    dead end; undo, hint, replay and another deal after the hint (seed 004)."""
    result: ResultPanel | None
    """The result panel, once the deal is won."""


ROW_STARTS = tuple(row * (row - 1) // 2 for row in range(1, 8))
"""The first slot of each row (``engine.view.table_view`` lists the slots in
table order, top row first): row 1 is slot 0, row 7 slots 21 to 27."""


def table_words(state: ShownTable, last: tuple[ShownTable, TableWords] | None = None) -> TableWords:
    """``state`` in words, in the language in use (see the module docstring).

    ``last``: a table worded before in the same language and the words made of
    it. A place equal to the one there (its card, neighbours and partners) with
    the same marks keeps its cell, and a row of kept cells its row: a move
    changes a few places of 28 (5 in the first move of a won deal), and wording
    the others again was most of the time a move's words took."""
    view = state.table
    hint = state.hint
    key = catalog_in_use()
    marked = _Marks(view.selected, state.partners, cards_of(hint) if hint is not None else ())
    if last is None:
        rows = tuple(
            PyramidRow(
                number,
                _row_heading(key, number),
                tuple(_cell(s, marked, key) for s in view.slots[first : first + number]),
            )
            for number, first in enumerate(ROW_STARTS, start=1)
        )
    else:
        rows = _rows_again(view.slots, marked, key, last[0].table.slots, last[1].rows)
    if state.rules.stock_top_playable:  # paciencia: the stock top is a card to touch
        stock = _pile("stock", view.stock_top, _pile_label(key, "stock", view.stock_top, 0), marked)
    else:
        stock = _pile("stock", None, _pile_label(key, "count", None, view.stock_count), marked)
    waste = _pile("waste", view.waste_top, _pile_label(key, "waste", view.waste_top, 0), marked)
    impasse, exits = _impasse(state)
    return TableWords(
        rows=rows,
        stock=stock,
        waste=waste,
        piles=PileControls(state.draw_ready, state.recycle_ready, _action_of(hint)),
        status=tuple(sentence(part) for part in table_counts(view, state.score)),
        searching=sentence(messages.searching()) if state.hint_pending else None,
        impasse=impasse,
        exits=exits,
        result=_result(state) if view.won else None,
    )


def _result(state: ShownTable) -> ResultPanel:
    """The won deal's panel: the facts narration gives every result panel
    (:func:`~.narrator.result_facts`)."""
    facts = result_facts(state.table, state.clock.seconds, state.par)
    code = state.code
    return ResultPanel(
        heading=sentence(messages.won()).removesuffix("."),
        facts=tuple(sentence(fact) for fact in facts),
        code=code,
        code_fact=sentence(messages.deal_code(code)) if code else None,
        copied=words.code_copied(code or ""),
        copy_failed=words.copy_failed(code or ""),
    )


def _impasse(state: ShownTable) -> tuple[str | None, tuple[ExitButton, ...]]:
    """The dead end and its three exits when no move at all is left; the hint's
    «cannot be won from here» and its four exits while it holds; else nothing
    (never once won)."""
    if state.won:
        return None, ()
    undo = ExitButton("undo", words.impasse_undo())
    replay = ExitButton("replay", words.impasse_replay())
    new = ExitButton("new", words.impasse_new())
    if state.impasse:
        return sentence(messages.impasse()), (undo, replay, new)
    if state.hint_lost:
        hint = ExitButton("hint", words.impasse_hint())
        return sentence(messages.hint_lost()), (undo, hint, replay, new)
    return None, ()


@dataclass(frozen=True, slots=True)
class _Marks:
    """The cards the table marks: the selected one, its partners, the hint's."""

    selected: Card | None
    partners: tuple[Card, ...]
    hinted: tuple[Card, ...]

    def of(self, card: Card) -> tuple[bool, bool, bool]:
        """Whether ``card`` is the selected card, a partner of it, a hint's card."""
        return card == self.selected, card in self.partners, card in self.hinted


def _action_of(hint: Move | None) -> str | None:
    """``draw`` or ``recycle`` when the hint just given is one (its button is marked)."""
    if isinstance(hint, Draw):
        return "draw"
    if isinstance(hint, Recycle):
        return "recycle"
    return None


def _mark(card: Card) -> str:
    """The rank as the player of the language in use types it (``10``, ``Q``, ``D``)."""
    return language_record(get_language()).vocabulary.rank_mark(card.rank.value)


# Words cached: a page of 28 places said afresh each move cost more than the move
# itself (card names, row and position numbers through Babel). Each cache is keyed
# by the catalog in use (``i18n.catalog_in_use``) and by the values the words are
# made of (a place's :class:`SlotView` holds its card, row, position, cover and
# partners), never by the session: a key that differs gives its own words, so
# a cached word cannot be another table's (``tests/web/test_web_page_cache.py``).


@lru_cache(maxsize=16384)
def _place_label(key: object, view: SlotView) -> str:
    return slot_label(view)


@lru_cache(maxsize=512)
def _card_words(key: object, card: Card) -> tuple[str, str, str, str]:
    """The card in words (what the button shows), its rank as typed, its
    canonical notation and its suit's symbol: one look-up a card."""
    text = sentence(card_name(card)).removesuffix(".")
    return text, _mark(card), str(card), card.suit.glyph


@lru_cache(maxsize=64)
def _row_heading(key: object, number: int) -> str:
    return sentence(row_name(number)).removesuffix(".")


@lru_cache(maxsize=64)
def _selected_word(key: object) -> str:
    return sentence(words.selected())


@lru_cache(maxsize=1024)
def _pile_label(key: object, kind: str, card: Card | None, count: int) -> str:
    """The stock's top (``stock``), its count (``count``) or the waste's top."""
    if kind == "count":
        return messages.stock_count(count)
    return messages.stock_top(card) if kind == "stock" else messages.waste_top(card)


def _rows_again(
    slots: tuple[SlotView, ...],
    marked: _Marks,
    key: object,
    old_slots: tuple[SlotView, ...],
    old_rows: tuple[PyramidRow, ...],
) -> tuple[PyramidRow, ...]:
    """The rows of ``slots``, each cell kept from ``old_rows`` where its place
    equals the one worded there and its marks are the same (the cell is then
    equal to what :func:`_cell` would make: it reads nothing else)."""
    rows = []
    for old_row, first in zip(old_rows, ROW_STARTS, strict=True):
        cells = []
        for old_cell, place, old_place in zip(
            old_row.cells,
            slots[first : first + old_row.number],
            old_slots[first : first + old_row.number],
            strict=True,
        ):
            card = place.card
            marks = marked.of(card) if card is not None else (False, False, False)
            if (place is old_place or place == old_place) and marks == (
                old_cell.pressed,
                old_cell.partner,
                old_cell.hinted,
            ):
                cells.append(old_cell)
            else:
                cells.append(_cell(place, marked, key))
        kept = all(new is old for new, old in zip(cells, old_row.cells, strict=True))
        rows.append(old_row if kept else PyramidRow(old_row.number, old_row.heading, tuple(cells)))
    return tuple(rows)


def _cell(view: SlotView, marked: _Marks, key: object) -> CardCell:
    card = view.card
    label = _place_label(key, view)
    if card is None:
        return CardCell(view.slot, None, label, "", "", False, False)
    pressed, partner, hinted = marked.of(card)
    text, mark, code, glyph = _card_words(key, card)
    return CardCell(
        slot=view.slot,
        code=code,
        label=_selected(label) if pressed else label,
        text=text,
        glyph=glyph,
        free=view.free,
        pressed=pressed,
        mark=mark,
        partner=partner,
        hinted=hinted,
    )


def _selected(label: str) -> str:
    """``label`` with «Selected» first: a selected card says so in its name, in the
    game's words (``aria-pressed`` would make it a toggle button, which Orca
    says as "blank" when it changes, then "toggle button pressed")."""
    return f"{_selected_word(catalog_in_use())} {label}"


def _pile(name: str, card: Card | None, label: str, marked: _Marks) -> PileButton:
    text = sentence(label).removesuffix(".")
    if card is None:
        return PileButton(name, None, text, text, "", False)
    pressed, partner, hinted = marked.of(card)
    return PileButton(
        name,
        str(card),
        _selected(text) if pressed else text,
        text,
        card.suit.glyph,
        pressed,
        mark=_mark(card),
        partner=partner,
        hinted=hinted,
    )
