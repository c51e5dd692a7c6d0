"""Typed lines → commands, without looking at the table (first level).

:func:`parse_command` checks syntax only and raises :class:`CommandSyntaxError`;
:func:`pyramide_a11y.commands.resolve.resolve` then finds the cards on the table.

Input is lenient: case, accents and extra spaces do not matter; cards may be
written in the session language's notation (Portuguese ``A 2..10 V D R`` +
``p o c e``: ``10p``, ``Ro``, ``Vc``; English ``A 2..10 J Q K`` + ``c d h s``:
``10c``, ``kd``), in words («dez de paus», "ten of clubs") or with suit symbols
(``10♣``). When a card does not read in the session's notation, the other
language's is tried.

One rule for single letters, in every language: a letter alone on the line is
always a command (``d r u h n q``), never a card; a rank alone is typed as a
number (``1`` for the ace, ``2``..``10``) or a word (``rei``, ``valete``;
``king``, ``jack``). Any other letter alone raises :class:`CommandSyntaxError`
with ``letter`` set, and ``rank`` when it is a rank letter of the session's
notation (Portuguese ``v``, ``a``; English ``j``, ``k``, ``a``, ``t``). The same
letter inside a card (``Vp``, ``kd``) or beside another card (``v 2``) is part of
the card.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass

from pyramide_a11y.engine import Rank, Suit


class CommandError(ValueError):
    """A line that cannot be acted on; subclasses say why."""


class CommandSyntaxError(CommandError):
    """The line is not a command or a card (or a card is malformed)."""

    def __init__(
        self,
        text: str,
        *,
        card: bool = False,
        too_many: bool = False,
        row: bool = False,
        suit: bool = False,
        letter: bool = False,
        rank: Rank | None = None,
    ) -> None:
        """``text`` is the part of the line at fault; the flags say what was meant:
        a card (``card``), more than two cards, a row outside 1..7 (``row``),
        where with a rank but no suit (``suit``), or a single letter alone that is
        no command (``letter``; ``rank`` is the rank it stands for in the session's
        card notation, if any)."""
        super().__init__(text)
        self.text = text
        self.card = card
        self.too_many = too_many
        self.row = row
        self.suit = suit
        self.letter = letter
        self.rank = rank


class Action(enum.Enum):
    DRAW = "draw"
    RECYCLE = "recycle"
    UNDO = "undo"
    HINT = "hint"
    NEW = "new"
    REPLAY = "replay"
    HELP = "help"
    QUIT = "quit"
    REPEAT = "repeat"
    CANCEL = "cancel"
    TABLE = "table"
    FREE = "free"
    PILES = "piles"
    PAIRS = "pairs"
    STATUS = "status"
    RULES = "rules"
    PAUSE = "pause"
    KEYS = "keys"
    KEYBOARD = "keyboard"


@dataclass(frozen=True)
class CardSpec:
    """A card as typed: a rank, and a suit unless only the rank was given."""

    rank: Rank
    suit: Suit | None = None


@dataclass(frozen=True)
class Simple:
    action: Action


@dataclass(frozen=True)
class Touch:
    """One card (select, or remove a King) or two (try the pair at once)."""

    cards: tuple[CardSpec, ...]


@dataclass(frozen=True)
class Rows:
    row: int | None = None


@dataclass(frozen=True)
class Where:
    card: CardSpec


@dataclass(frozen=True)
class NewGame:
    """``n`` / ``novo`` with an optional deal code or layout file path."""

    source: str | None = None


@dataclass(frozen=True)
class Setting:
    """``name`` is one of language, verbosity, speech, rate, errors, think."""

    name: str
    value: str


Command = Simple | Touch | Rows | Where | NewGame | Setting


def fold(text: str) -> str:
    """Lower case, accents removed, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.split())


SINGLE_LETTERS = {
    "d": Action.DRAW,
    "r": Action.RECYCLE,
    "u": Action.UNDO,
    "h": Action.HINT,
    "n": Action.NEW,
    "q": Action.QUIT,
    "?": Action.HELP,
}

WORDS: dict[str, Action] = {
    # draw
    "draw": Action.DRAW,
    "tirar": Action.DRAW,
    "virar": Action.DRAW,
    "comprar": Action.DRAW,
    # recycle
    "recycle": Action.RECYCLE,
    "reciclar": Action.RECYCLE,
    # undo
    "undo": Action.UNDO,
    "anular": Action.UNDO,
    "desfazer": Action.UNDO,
    # hint
    "hint": Action.HINT,
    "dica": Action.HINT,
    # replay
    "replay": Action.REPLAY,
    "restart": Action.REPLAY,
    "recomecar": Action.REPLAY,
    "reiniciar": Action.REPLAY,
    # help
    "help": Action.HELP,
    "ajuda": Action.HELP,
    # quit
    "quit": Action.QUIT,
    "exit": Action.QUIT,
    "sair": Action.QUIT,
    # repeat
    "repeat": Action.REPEAT,
    "repetir": Action.REPEAT,
    # cancel
    "cancel": Action.CANCEL,
    "cancelar": Action.CANCEL,
    "esc": Action.CANCEL,
    # review
    "table": Action.TABLE,
    "mesa": Action.TABLE,
    "free": Action.FREE,
    "livres": Action.FREE,
    "descobertas": Action.FREE,
    "stock": Action.PILES,
    "waste": Action.PILES,
    "piles": Action.PILES,
    "monte": Action.PILES,
    "baralho": Action.PILES,
    "descarte": Action.PILES,
    "pilhas": Action.PILES,
    "pairs": Action.PAIRS,
    "moves": Action.PAIRS,
    "pares": Action.PAIRS,
    "jogadas": Action.PAIRS,
    "status": Action.STATUS,
    "estado": Action.STATUS,
    "rules": Action.RULES,
    "regras": Action.RULES,
    "pause": Action.PAUSE,
    "pausa": Action.PAUSE,
    "keys": Action.KEYS,
    "teclas": Action.KEYS,
    # keyboard mode (the one-key controls), entered on purpose
    "keyboard": Action.KEYBOARD,
    "keyboard mode": Action.KEYBOARD,
    "teclado": Action.KEYBOARD,
    "modo teclado": Action.KEYBOARD,
}

NEW_WORDS = ("new game", "new deal", "novo jogo", "nova partida", "new", "novo", "nova", "n")
ROW_WORDS = ("row", "fila", "fileira", "linha")
PYRAMID_WORDS = ("pyramid", "piramide")
WHERE_WORDS = ("where is", "where", "onde esta", "onde fica", "onde")
SETTING_WORDS = {
    "lang": "language",
    "language": "language",
    "idioma": "language",
    "lingua": "language",
    "brief": "verbosity",
    "breve": "verbosity",
    "full": "verbosity",
    "completo": "verbosity",
    "verbosity": "verbosity",
    "verbosidade": "verbosity",
    "speech": "speech",
    "voz": "speech",
    "fala": "speech",
    "rate": "rate",
    "velocidade": "rate",
    "errors": "errors",
    "erros": "errors",
    "think": "think",
    "pensar": "think",
}

# -- cards ------------------------------------------------------------------------------------

_RANK_DIGITS = {str(v): Rank(v) for v in range(2, 11)} | {"1": Rank.ACE}

_RANK_LETTERS = {
    "pt": {"a": Rank.ACE, "v": Rank.JACK, "d": Rank.QUEEN, "r": Rank.KING}
    | {"j": Rank.JACK, "q": Rank.QUEEN, "k": Rank.KING},
    "en": {"a": Rank.ACE, "j": Rank.JACK, "q": Rank.QUEEN, "k": Rank.KING, "t": Rank.TEN},
}
_RANK_WORDS = {
    "pt": {
        "as": Rank.ACE,
        "um": Rank.ACE,
        "dois": Rank.TWO,
        "tres": Rank.THREE,
        "quatro": Rank.FOUR,
        "cinco": Rank.FIVE,
        "seis": Rank.SIX,
        "sete": Rank.SEVEN,
        "oito": Rank.EIGHT,
        "nove": Rank.NINE,
        "dez": Rank.TEN,
        "valete": Rank.JACK,
        "dama": Rank.QUEEN,
        "rainha": Rank.QUEEN,
        "rei": Rank.KING,
    },
    "en": {
        "ace": Rank.ACE,
        "one": Rank.ACE,
        "two": Rank.TWO,
        "three": Rank.THREE,
        "four": Rank.FOUR,
        "five": Rank.FIVE,
        "six": Rank.SIX,
        "seven": Rank.SEVEN,
        "eight": Rank.EIGHT,
        "nine": Rank.NINE,
        "ten": Rank.TEN,
        "jack": Rank.JACK,
        "knave": Rank.JACK,
        "queen": Rank.QUEEN,
        "king": Rank.KING,
    },
}
_SUIT_LETTERS = {
    "pt": {"p": Suit.CLUBS, "o": Suit.DIAMONDS, "c": Suit.HEARTS, "e": Suit.SPADES},
    "en": {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES},
}
_SUIT_WORDS = {
    "pt": {
        "paus": Suit.CLUBS,
        "ouros": Suit.DIAMONDS,
        "copas": Suit.HEARTS,
        "espadas": Suit.SPADES,
    },
    "en": {
        "clubs": Suit.CLUBS,
        "club": Suit.CLUBS,
        "diamonds": Suit.DIAMONDS,
        "diamond": Suit.DIAMONDS,
        "hearts": Suit.HEARTS,
        "heart": Suit.HEARTS,
        "spades": Suit.SPADES,
        "spade": Suit.SPADES,
    },
}
_SUIT_SYMBOLS = {
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
_OF = {"pt": ("de", "do", "da"), "en": ("of",)}
_AND = {"e", "and", "com", "with", "+", ",", "&"}
_COMPACT = re.compile(r"^(10|[1-9]|[a-z])([a-z♣♧♦♢♥♡♠♤])$")


def _family(language: str) -> str:
    return "en" if language == "en" else "pt"


def _rank_token(token: str, family: str) -> Rank | None:
    return (
        _RANK_DIGITS.get(token)
        or _RANK_WORDS[family].get(token)
        or (_RANK_LETTERS[family].get(token) if len(token) == 1 else None)
    )


def _suit_token(token: str, family: str) -> Suit | None:
    return _SUIT_SYMBOLS.get(token) or _SUIT_WORDS[family].get(token)


def _cards_in(tokens: list[str], family: str) -> list[CardSpec] | None:
    """The cards ``tokens`` spell in one notation, or None."""
    cards: list[CardSpec] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token in _AND and cards:
            i += 1
            continue
        compact = _COMPACT.match(token)
        if compact and token not in _RANK_WORDS[family]:
            rank = _rank_token(compact.group(1), family)
            suit_text = compact.group(2)
            suit = _SUIT_SYMBOLS.get(suit_text) or _SUIT_LETTERS[family].get(suit_text)
            if rank is None or suit is None:
                return None
            cards.append(CardSpec(rank, suit))
            i += 1
            continue
        rank = _rank_token(token, family)
        if rank is None:
            return None
        i += 1
        if i < len(tokens) and tokens[i] in _OF[family]:
            i += 1
            if i >= len(tokens):
                return None
        if i < len(tokens) and (suit := _suit_token(tokens[i], family)) is not None:
            cards.append(CardSpec(rank, suit))
            i += 1
        elif i > 0 and tokens[i - 1] in _OF[family]:
            return None
        else:
            cards.append(CardSpec(rank))
    return cards


def _tokens(text: str) -> list[str]:
    # Split symbols and "+" from what they touch: "10♣+3♠" → 10♣ + 3♠.
    spaced = re.sub(r"([+,&])", r" \1 ", text)
    spaced = re.sub(r"([♣♧♦♢♥♡♠♤])(?=\S)", r"\1 ", spaced)
    spaced = re.sub(r"(\S)\s+([♣♧♦♢♥♡♠♤])", r"\1\2", spaced)
    return spaced.split()


def parse_cards(text: str, language: str) -> tuple[CardSpec, ...]:
    """The cards in ``text`` (folded), in the session language's notation first.

    Raises:
        CommandSyntaxError: no notation reads the text as cards.
    """
    tokens = _tokens(text)
    if not tokens:
        raise CommandSyntaxError(text)
    first = _family(language)
    for family in (first, "en" if first == "pt" else "pt"):
        cards = _cards_in(tokens, family)
        if cards:
            return tuple(cards)
    raise CommandSyntaxError(text, card=_looks_like_card(tokens))


def _looks_like_card(tokens: list[str]) -> bool:
    return len(tokens) <= 4 and any(re.match(r"^(10|[1-9])", t) for t in tokens)


# -- commands ---------------------------------------------------------------------------------


_ARTICLES = ("o ", "a ", "the ")


def _where_card(text: str, raw: str, language: str) -> CardSpec:
    """The card after "where"; ``raw`` is what the player typed after it."""
    candidates = [text] + [text[len(a) :] for a in _ARTICLES if text.startswith(a)]
    rank_only = False
    for candidate in reversed(candidates):
        try:
            cards = parse_cards(candidate, language)
        except CommandSyntaxError:
            continue
        if len(cards) == 1 and cards[0].suit is not None:
            return cards[0]
        rank_only = rank_only or (len(cards) == 1 and cards[0].suit is None)
    raise CommandSyntaxError(raw, card=True, suit=rank_only)


def parse_command(text: str, language: str) -> Command:
    """What the line asks for. Never looks at the table.

    Raises:
        CommandSyntaxError: the line is not a command or a card.
    """
    raw = text.strip()
    folded = fold(raw)
    if not folded:
        raise CommandSyntaxError(raw)
    if folded in SINGLE_LETTERS:
        return Simple(SINGLE_LETTERS[folded])
    if len(folded) == 1 and folded.isalpha():
        # A letter alone is a command or nothing: never a card (see the module doc).
        raise CommandSyntaxError(
            raw, letter=True, rank=_RANK_LETTERS[_family(language)].get(folded)
        )
    if folded in WORDS:
        return Simple(WORDS[folded])
    head, _, rest = folded.partition(" ")
    for words in NEW_WORDS:
        if folded == words:
            return NewGame()
        if folded.startswith(words + " "):
            # Keep the original text: a layout file path is case-sensitive.
            return NewGame(raw.split(None, len(words.split()))[-1].strip())
    for word in ROW_WORDS:
        if head == word and rest.isdigit() and 1 <= int(rest) <= 7:
            return Rows(int(rest))
        if head == word and (not rest or rest.isdigit()):
            raise CommandSyntaxError(raw, row=True)
    if head in PYRAMID_WORDS:
        if not rest:
            return Rows()
        if rest.isdigit() and 1 <= int(rest) <= 7:
            return Rows(int(rest))
        raise CommandSyntaxError(raw, row=rest.isdigit())
    for words in WHERE_WORDS:
        if folded.startswith(words + " "):
            asked = raw.split(None, len(words.split()))[-1].strip()
            return Where(_where_card(folded[len(words) + 1 :], asked, language))
    if head in SETTING_WORDS:
        name = SETTING_WORDS[head]
        if name == "verbosity" and not rest:
            return Setting(name, head)
        return Setting(name, rest)  # an empty value gets told what the setting takes
    cards = parse_cards(folded, language)
    if len(cards) > 2:
        raise CommandSyntaxError(raw, too_many=True)
    return Touch(cards)
