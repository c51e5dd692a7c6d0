"""Cards: ranks, suits and their canonical English notation.

The canonical notation is the one used in layout files and move lists:
rank ``A 2..10 J Q K`` followed by suit ``C D H S`` (``10C``, ``QD``).
It is a data format, not something spoken to the player. Suit symbols
(``♣ ♦ ♥ ♠`` and their white forms) are read as well and printed in the visual
mode; :data:`SUIT_GLYPHS` is their one table.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache


class Rank(enum.IntEnum):
    """A card's rank; its value is the card's worth in a sum (A=1 … K=13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """Canonical notation: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self.value - 1]


_RANK_SYMBOLS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class Suit(enum.Enum):
    """A card's suit. Suits never matter to the rules; they name cards apart."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """Canonical notation: ``C``, ``D``, ``H`` or ``S``."""
        return self.value

    @property
    def glyph(self) -> str:
        """The suit's printed symbol: ``♣``, ``♦``, ``♥`` or ``♠`` (never spoken)."""
        return _GLYPHS[self.value]


_GLYPHS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

SUIT_GLYPHS: dict[str, Suit] = {
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
"""Every suit symbol a player may type, black or white, to its suit."""


SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
RANKS: tuple[Rank, ...] = tuple(Rank)


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card of the 52. Immutable and hashable; ``str()`` is canonical notation.

    Cards order by :attr:`index` (suit C, D, H, S, then rank A..K), the order of a
    new deck in the deal generator.
    """

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index < 52:
            raise ValueError(f"card index out of range: {self.index}")

    @staticmethod
    def of(rank: Rank, suit: Suit) -> Card:
        """The card of this rank and suit."""
        return Card(SUITS.index(suit) * 13 + rank.value - 1)

    # The dataclass's own equality and hash build a one-field tuple each time; these
    # give the same answers without (a position's hash hashes its 52 cards, and
    # cards are compared and looked up on every move). The hash is the very value
    # the dataclass gave, so sets of cards keep their order.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.index == other.index
        return NotImplemented

    def __hash__(self) -> int:
        return _HASHES[self.index]

    @property
    def rank(self) -> Rank:
        return RANKS[self.index % 13]

    @property
    def suit(self) -> Suit:
        return SUITS[self.index // 13]

    @property
    def value(self) -> int:
        """Worth in a sum: A=1 … K=13."""
        return self.index % 13 + 1

    @property
    def is_king(self) -> bool:
        return self.value == 13

    def pairs_with(self, other: Card) -> bool:
        """True when the two values sum to 13 (suits never matter)."""
        return self.value + other.value == 13

    def __str__(self) -> str:
        return _NOTATION[self.index]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Card:
        """Parse canonical notation (case-insensitive, ``T`` accepted for ten).

        Raises:
            ValueError: the text is not a card in canonical notation.
        """
        return _parse_canonical(text.strip().upper())


@cache
def _parse_canonical(text: str) -> Card:
    if len(text) < 2:
        raise ValueError(f"not a card: {text!r}")
    rank_text, suit_text = text[:-1], text[-1]
    if rank_text == "T":
        rank_text = "10"
    try:
        rank = Rank(_RANK_SYMBOLS.index(rank_text) + 1)
        suit = Suit(suit_text)
    except ValueError:
        raise ValueError(f"not a card: {text!r} (write e.g. 10C, QD, AS)") from None
    return Card.of(rank, suit)


_HASHES = tuple(hash((index,)) for index in range(52))
"""Each card's hash, by index: the dataclass's own (the hash of its fields' tuple)."""
_NOTATION = tuple(rank.symbol + suit.symbol for suit in SUITS for rank in RANKS)
"""Each card's canonical notation, by index (``AC`` … ``KS``)."""

DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""The 52 cards in new-deck order: clubs, diamonds, hearts, spades, each A..K."""
