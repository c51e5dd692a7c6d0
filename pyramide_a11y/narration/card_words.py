"""Cards, rows and places in words, in the current language.

Cards are always words («dez de paus», "ten of clubs"), never symbols: a
screen reader or a speech engine reads "10♣" badly or not at all. Both
Portuguese catalogs say «valete», «dama», «rei», «ás»: the rules of ``paciencia``
write J and Q in their table of values, but a letter read aloud ("jota") is not
what a Brazilian player calls the card, and the listings of the rules documents use
the words.
"""

from __future__ import annotations

from collections.abc import Iterable

from pyramide_a11y.engine import Card, Draw, Move, Rank, Recycle, RemoveKing, RemovePair, Suit
from pyramide_a11y.i18n import _, get_language, language, pgettext
from pyramide_a11y.i18n.formatting import format_list


def rank_name(rank: Rank) -> str:
    """The rank in words: «ás», «dez», «rei» / "ace", "ten", "king"."""
    # The context keeps rank names apart from the same words used elsewhere.
    match rank:
        case Rank.ACE:
            # Translators: a card rank, as in "ace of spades".
            return pgettext("rank", "ace")
        case Rank.TWO:
            # Translators: a card rank.
            return pgettext("rank", "two")
        case Rank.THREE:
            # Translators: a card rank.
            return pgettext("rank", "three")
        case Rank.FOUR:
            # Translators: a card rank.
            return pgettext("rank", "four")
        case Rank.FIVE:
            # Translators: a card rank.
            return pgettext("rank", "five")
        case Rank.SIX:
            # Translators: a card rank.
            return pgettext("rank", "six")
        case Rank.SEVEN:
            # Translators: a card rank.
            return pgettext("rank", "seven")
        case Rank.EIGHT:
            # Translators: a card rank.
            return pgettext("rank", "eight")
        case Rank.NINE:
            # Translators: a card rank.
            return pgettext("rank", "nine")
        case Rank.TEN:
            # Translators: a card rank.
            return pgettext("rank", "ten")
        case Rank.JACK:
            # Translators: a card rank (valete in both Portuguese catalogs).
            return pgettext("rank", "jack")
        case Rank.QUEEN:
            # Translators: a card rank (dama in both Portuguese catalogs).
            return pgettext("rank", "queen")
        case _:
            # Translators: a card rank.
            return pgettext("rank", "king")


# The grammatical gender of each rank's name, per language: language data, like
# the names above. Portuguese says «o ás», «o dois» … «o dez», «o valete», «o rei»
# but «a dama»; a language missing here has no gender (English). A sentence that
# agrees with a card («ainda não visto», «ainda não vista») is looked up with the
# context :func:`gender_of` gives.
MASCULINE = "masculine"
FEMININE = "feminine"


def gender_of(rank: Rank, code: str | None = None) -> str:
    """The grammatical gender of ``rank``'s name in the language ``code`` (default: the
    session's): :data:`FEMININE` or :data:`MASCULINE` (also for a language without
    gender). Messages that agree with a card use it as their ``pgettext`` context."""
    feminine = language(code or get_language()).feminine_ranks
    return FEMININE if rank.value in feminine else MASCULINE


def gender_of_cards(cards: Iterable[Card], code: str | None = None) -> str:
    """The gender a list of cards takes: feminine only when every card is (as
    Portuguese agrees «dama e dama: cobertas», «dama e rei: cobertos»)."""
    listed = list(cards)
    if listed and all(gender_of(c.rank, code) == FEMININE for c in listed):
        return FEMININE
    return MASCULINE


def suit_name(suit: Suit) -> str:
    """The suit in words: «paus», «ouros», «copas», «espadas»."""
    match suit:
        case Suit.CLUBS:
            # Translators: a suit, as in "ten of clubs".
            return pgettext("suit", "clubs")
        case Suit.DIAMONDS:
            # Translators: a suit.
            return pgettext("suit", "diamonds")
        case Suit.HEARTS:
            # Translators: a suit.
            return pgettext("suit", "hearts")
        case _:
            # Translators: a suit.
            return pgettext("suit", "spades")


def card_name(card: Card) -> str:
    """The card in words: «dez de paus», "ten of clubs"."""
    # Translators: a card's name, e.g. "ten of clubs" («dez de paus»).
    return _("{rank} of {suit}").format(rank=rank_name(card.rank), suit=suit_name(card.suit))


def card_list(cards: Iterable[Card], style: str = "standard") -> str:
    """Several cards in words: «dez de paus, rei de copas e ás de ouros»."""
    return format_list([card_name(card) for card in cards], style=style)


def row_name(row: int) -> str:
    """A pyramid row from 1 (top) to 7 (bottom): «fila 3», «fileira 3», "row 3"."""
    # Translators: a pyramid row, 1 at the top to 7 at the bottom. pt_PT «fila»
    # as in the rules of `pyramide`, pt_BR «fileira» as in the rules of `paciencia`.
    return _("row {row}").format(row=row)


def card_notation(card: Card, code: str | None = None) -> str:
    """``card`` as a player of language ``code`` (default: the current one) types
    it: ``6c`` is «seis de copas» in Portuguese (``A 2..10 V D R`` + ``p o c e``),
    ``6H`` the six of hearts in English, which is the canonical notation."""
    words = language(code or get_language()).vocabulary
    return words.rank_mark(card.rank.value) + words.suit_mark(card.suit.value)


def move_notation(move: Move, code: str | None = None) -> str:
    """``move`` as a line a player of language ``code`` (default: the current one)
    types into the game: ``Vp+2e``, ``Rc``, ``tirar``, ``reciclar`` in Portuguese;
    ``JC+2S``, ``KH``, ``draw``, ``recycle`` in English (``str(move)``)."""
    words = language(code or get_language()).vocabulary
    match move:
        case RemovePair(first, second):
            return f"{card_notation(first, code)}+{card_notation(second, code)}"
        case RemoveKing(card):
            return card_notation(card, code)
        case Draw():
            return words.action_word("draw")
        case Recycle():
            return words.action_word("recycle")


def card_symbol(card: Card) -> str:
    """The card with its suit symbol, ``10♣``: for the optional visual mode only,
    never spoken."""
    return card.rank.symbol + card.suit.glyph


def with_symbols(text: str) -> str:
    """``text`` with each card name followed by its symbol, «dez de paus (10♣)».

    For printing in the visual mode; what is spoken is always the plain text.
    """
    import re

    from pyramide_a11y.engine import DECK

    names = sorted(((card_name(c), c) for c in DECK), key=lambda item: -len(item[0]))
    table = {name.lower(): card for name, card in names}
    pattern = re.compile(
        r"\b(" + "|".join(re.escape(name) for name, _ in names) + r")\b", re.IGNORECASE
    )
    return pattern.sub(lambda m: f"{m.group(0)} ({card_symbol(table[m.group(0).lower()])})", text)
