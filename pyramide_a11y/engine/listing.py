"""Seed 000's plain-text listing of a table, read and written.

The format, as the seed prints it (European Portuguese, card ranks as digits
except ás, valete, dama and rei)::

    Monte: 23 cartas; descarte: 7 de ouros. fila 1: valete de ouros; fila 2: 6 de
    paus, 7 de copas; … fila 7: 7 de paus, 10 de paus, ….

It is a data format with fixed words, not a translated message: the narration
layer speaks cards its own way. Removed cards are left out of a row.
"""

from __future__ import annotations

import re

from .cards import Card, Rank, Suit
from .geometry import ROW_SLOTS, ROWS
from .layout import Layout, LayoutError, LayoutProblem, fill_stock
from .position import Position
from .text import fold

_RANK_WORDS = {
    "as": Rank.ACE,
    "a": Rank.ACE,
    "valete": Rank.JACK,
    "v": Rank.JACK,
    "dama": Rank.QUEEN,
    "d": Rank.QUEEN,
    "rei": Rank.KING,
    "r": Rank.KING,
    "dois": Rank.TWO,
    "tres": Rank.THREE,
    "quatro": Rank.FOUR,
    "cinco": Rank.FIVE,
    "seis": Rank.SIX,
    "sete": Rank.SEVEN,
    "oito": Rank.EIGHT,
    "nove": Rank.NINE,
    "dez": Rank.TEN,
}
_SUIT_WORDS = {
    "paus": Suit.CLUBS,
    "ouros": Suit.DIAMONDS,
    "copas": Suit.HEARTS,
    "espadas": Suit.SPADES,
}
_RANK_NAMES = {Rank.ACE: "ás", Rank.JACK: "valete", Rank.QUEEN: "dama", Rank.KING: "rei"}
_SUIT_NAMES = {v: k for k, v in _SUIT_WORDS.items()}


def card_name(card: Card) -> str:
    """A card as the listing writes it: ``7 de ouros``, ``valete de ouros``."""
    rank = _RANK_NAMES.get(card.rank, str(card.value))
    return f"{rank} de {_SUIT_NAMES[card.suit]}"


def parse_card_name(text: str) -> Card:
    """Read ``7 de ouros``, ``ás de espadas``, ``dez de paus`` …

    Raises:
        LayoutError: not a card name.
    """
    words = fold(text).split()
    if len(words) != 3 or words[1] != "de":
        raise LayoutError(
            f"not a card name like '7 de ouros': {text.strip()!r}",
            LayoutProblem.BAD_CARD,
            text=text.strip()[:20],
        )
    rank_word, suit_word = words[0], words[2]
    rank = _RANK_WORDS.get(rank_word)
    if rank is None and rank_word.isdigit() and 2 <= int(rank_word) <= 10:
        rank = Rank(int(rank_word))
    suit = _SUIT_WORDS.get(suit_word)
    if rank is None or suit is None:
        raise LayoutError(
            f"not a card name like '7 de ouros': {text.strip()!r}",
            LayoutProblem.BAD_CARD,
            text=text.strip()[:20],
        )
    return Card.of(rank, suit)


def format_listing(position: Position) -> str:
    """The table in the listing format of the rules of ``pyramide`` (stock size, waste
    top, each row)."""
    n = len(position.stock)
    stock = f"Monte: {n} {'carta' if n == 1 else 'cartas'}"
    top = position.waste_top
    waste = f"descarte: {card_name(top) if top else 'vazio'}"
    rows = []
    for r, slots in enumerate(ROW_SLOTS):
        cards = [card_name(c) for c in (position.pyramid[s] for s in slots) if c is not None]
        rows.append(f"fila {r + 1}: {', '.join(cards) if cards else 'vazia'}")
    return f"{stock}; {waste}. " + "; ".join(rows) + "."


_HEAD_RE = re.compile(
    r"^\s*monte:\s*([0-9]{1,4})\s*cartas?\s*;\s*descarte:\s*([^.]*?)\s*\.\s*(.*?)\s*\.?\s*$",
    re.DOTALL,
)
_ROW_RE = re.compile(r"fila\s+([0-9]{1,4})\s*:\s*([^;]*)")


def parse_listing(text: str, seed: int = 0) -> Layout:
    """Read a starting layout from a listing as the rules of ``pyramide`` print it.

    The listing shows the waste top and every pyramid card but not the stock's
    order: the remaining cards fill the stock in an order shuffled from ``seed``.
    The waste holds the one card named (``vazio`` for none).

    Raises:
        LayoutError: the text is not such a listing, a row does not hold its cards,
            or the cards are not one deck with the stock size stated.
    """
    match = _HEAD_RE.match(fold(text))
    if not match:
        raise LayoutError(
            "expected 'Monte: N cartas; descarte: …. fila 1: …; … fila 7: …'",
            LayoutProblem.LISTING_SHAPE,
        )
    stock_size = int(match.group(1))
    waste_text = match.group(2).strip()
    waste = () if waste_text in ("vazio", "") else (parse_card_name(waste_text),)
    rows: dict[int, list[Card]] = {}
    for number, cards_text in _ROW_RE.findall(match.group(3)):
        row = int(number)
        if row in rows or not 1 <= row <= ROWS:
            raise LayoutError(
                f"row {row} is repeated or out of 1..7", LayoutProblem.LISTING_ROW, row=row
            )
        rows[row] = [parse_card_name(part) for part in cards_text.split(",") if part.strip()]
    pyramid: list[Card] = []
    for row in range(1, ROWS + 1):
        cards = rows.get(row)
        if cards is None or len(cards) != row:
            raise LayoutError(
                f"row {row} must list {row} cards for a starting layout",
                LayoutProblem.LISTING_ROW_SIZE,
                row=row,
            )
        pyramid.extend(cards)
    stock = fill_stock([*pyramid, *waste], seed)
    if len(stock) != stock_size:
        raise LayoutError(
            f"the listing says {stock_size} cards in the stock, but {len(stock)} remain",
            LayoutProblem.LISTING_STOCK,
            said=stock_size,
            left=len(stock),
        )
    layout = Layout(tuple(pyramid), stock, waste)
    layout.validate()
    return layout
