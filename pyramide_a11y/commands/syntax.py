"""Typed lines → commands, without looking at the table (first level).

:func:`parse_command` checks syntax only and raises a :class:`CommandSyntaxError`
(one subclass per fault); a setting comes with its value read
(:func:`setting_value`);
:func:`pyramide_a11y.commands.resolve.resolve` then finds the cards on the table.

Input is lenient: case, accents and extra spaces do not matter; cards may be
written in the session language's notation (Portuguese ``A 2..10 V D R`` +
``p o c e``: ``10p``, ``Ro``, ``Vc``; English ``A 2..10 J Q K`` + ``c d h s``:
``10c``, ``kd``), in words («dez de paus», "ten of clubs") or with suit symbols
(``10♣``). When a card does not read in the session's notation, the other
languages' are tried. The words are the language records' (``pyramide_a11y.i18n``:
each language's ``Vocabulary``); every language's are accepted in every session.

One rule for single letters, in every language: a letter alone on the line is
always a command (``d r u h n q``), never a card; a rank alone is typed as a
number (``1`` for the ace, ``2``..``10``) or a word (``rei``, ``valete``;
``king``, ``jack``). Any other letter alone raises :class:`LetterAloneError`,
with ``rank`` set when it is a rank letter of the session's notation
(Portuguese ``v``, ``a``; English ``j``, ``k``, ``a``, ``t``). The same
letter inside a card (``Vp``, ``kd``) or beside another card (``v 2``) is part of
the card.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass

from pyramide_a11y.engine import SUIT_GLYPHS, Card, DealCodeError, Rank, Suit, parse_code
from pyramide_a11y.engine.numbers import (
    ORDINARY_SPACES,
    NumberProblem,
    is_plain_whole,
    read_decimal,
    read_whole,
)
from pyramide_a11y.engine.text import fold
from pyramide_a11y.i18n import Language, Vocabulary
from pyramide_a11y.i18n import language as language_record
from pyramide_a11y.i18n.languages import (
    brief_words,
    default_words,
    full_words,
    language_named,
    languages,
    no_words,
    reader_words,
    voice_name_words,
    yes_words,
)
from pyramide_a11y.i18n.languages import vocabularies as i18n_vocabularies
from pyramide_a11y.narration import Verbosity


class CommandError(ValueError):
    """A line that cannot be acted on; subclasses say why."""


class CommandSyntaxError(CommandError):
    """The line is not a command or a card (or a card is malformed); each subclass
    is one kind of fault. ``text`` is the part of the line at fault."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class UnknownCommandError(CommandSyntaxError):
    """Nothing in the line reads as a command or a card."""


class NotACardError(CommandSyntaxError):
    """The line was meant as a card (it starts with a number) but is none."""


class TooManyCardsError(CommandSyntaxError):
    """More than two cards on one line."""


class NoSuchRowError(CommandSyntaxError):
    """A row outside 1..7."""


class WhereNeedsSuitError(CommandSyntaxError):
    """ "Where" with a rank but no suit."""


class LetterAloneError(CommandSyntaxError):
    """A single letter alone that is no command; ``rank`` is the rank it stands for
    in the session's card notation, if any."""

    def __init__(self, text: str, rank: Rank | None) -> None:
        super().__init__(text)
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
    WASTE = "waste"
    STATUS = "status"
    RULES = "rules"
    PAUSE = "pause"
    KEYS = "keys"
    KEYBOARD = "keyboard"
    DAILY = "daily"
    LEARN = "learn"
    PAR = "par"


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
class TouchCards:
    """One card (select it, or remove a King) or two (try the pair at once), each
    named in full: a :class:`Touch` resolved on the table, or a page's card button
    (performed as it is, never read again)."""

    cards: tuple[Card, ...]

    @classmethod
    def named(cls, code: str) -> TouchCards | None:
        """The touch of the card whose canonical notation is ``code`` (``10S``, as
        a page's button carries it); None when ``code`` names no card."""
        try:
            return cls((Card.parse(code),)) if 2 <= len(code) <= 3 else None
        except ValueError:
            return None


@dataclass(frozen=True)
class Rows:
    row: int | None = None


@dataclass(frozen=True)
class Where:
    card: CardSpec


@dataclass(frozen=True)
class NewGame:
    """``n`` / ``novo`` with an optional deal code or layout file path; a valid deal
    code typed alone is ``NewGame(code)`` too."""

    source: str | None = None


class SettingCommand:
    """A setting typed in play, its value already read (``core.settings`` applies it)."""


@dataclass(frozen=True)
class SetLanguage(SettingCommand):
    code: str


@dataclass(frozen=True)
class SetVerbosity(SettingCommand):
    verbosity: Verbosity


class Switch(enum.StrEnum):
    """The settings switched on and off (a str: also its name in ``SettingCommand``)."""

    SPEECH = "speech"
    ERRORS = "errors"
    SOUNDS = "sounds"


@dataclass(frozen=True)
class SetSwitch(SettingCommand):
    """``speech``, ``errors`` (the help on errors) or ``sounds`` (the cues), ``on``
    or off."""

    name: Switch
    on: bool


@dataclass(frozen=True)
class SetSoundChannels(SettingCommand):
    """``sounds mono`` (``mono``: every cue in both ears alike) or ``sounds stereo``
    (cues placed left to right); either also switches the cues on."""

    mono: bool


@dataclass(frozen=True)
class SetSpeechRoute(SettingCommand):
    """Speech on through ``route`` (``screen-reader``: the reader's own voice)."""

    route: str


@dataclass(frozen=True)
class SetVoice(SettingCommand):
    """A voice chosen by name (``voz nome roa/pt``), as typed (folded); None: back to
    the language's own voice (``voz padrão``). Whether the backend has it is checked
    where it is applied."""

    name: str | None


@dataclass(frozen=True)
class ListVoices(SettingCommand):
    """``vozes`` / ``voices``: the voices the backend in use has for the language."""


@dataclass(frozen=True)
class SetRate(SettingCommand):
    """A speech rate in words per minute (the range is checked where it is applied)."""

    rate: int


@dataclass(frozen=True)
class SetVolume(SettingCommand):
    """A speech volume from 0 to 100 (the range is checked where it is applied)."""

    volume: int


@dataclass(frozen=True)
class SetThink(SettingCommand):
    """Seconds a hint may think (the range is checked where it is applied)."""

    seconds: float


@dataclass(frozen=True)
class BadSettingValue(SettingCommand):
    """A setting whose value does not read: ``name`` is one of language, verbosity,
    speech, voice (the voice-name word with no name), voices, rate, volume, errors,
    think; ``text`` what was typed after it (maybe empty)."""

    name: str
    text: str


Command = Simple | Touch | Rows | Where | NewGame | SettingCommand


SINGLE_LETTERS = {
    "d": Action.DRAW,
    "r": Action.RECYCLE,
    "u": Action.UNDO,
    "h": Action.HINT,
    "n": Action.NEW,
    "q": Action.QUIT,
    "?": Action.HELP,
}
"""The letters alone that are commands: the same in every language."""

# Words of no language: a key's name, the new-deal letter before a code, the
# symbols between two cards.
_NEUTRAL_WORDS = {"esc": Action.CANCEL}
_NEUTRAL_NEW = ("n",)
_NEUTRAL_AND = ("+", ",", "&")
# After "sounds": mono or stereo. The same words in English and Portuguese (folded:
# «estéreo» is "estereo"), so kept here rather than in each vocabulary.
_CHANNEL_WORDS = {"mono": True, "stereo": False, "estereo": False}


@dataclass(frozen=True)
class _Words:
    """Every language's command words together: all are accepted in every session.
    Built from the language records (``pyramide_a11y.i18n``), again when they change."""

    languages: tuple[Language, ...]
    actions: dict[str, Action]
    new: tuple[str, ...]
    rows: tuple[str, ...]
    pyramid: tuple[str, ...]
    where: tuple[str, ...]
    settings: dict[str, str]
    articles: tuple[str, ...]
    and_words: frozenset[str]


def _merged(tables: list[Mapping[str, str]]) -> dict[str, str]:
    merged: dict[str, str] = {}
    for table in tables:
        for word, meaning in table.items():
            if merged.setdefault(word, meaning) != meaning:
                raise ValueError(f"{word!r} means both {merged[word]!r} and {meaning!r}")
    return merged


def _longest_first(words: list[str]) -> tuple[str, ...]:
    # "where is" before "where", "new game" before "new": the longer phrase wins.
    unique = list(dict.fromkeys(words))
    return tuple(sorted(unique, key=lambda w: -len(w.split())))


_built: _Words | None = None


def _words() -> _Words:
    global _built
    current = languages()
    if _built is not None and _built.languages is current:
        return _built
    vocabularies = i18n_vocabularies()
    actions = _merged([v.actions for v in vocabularies])
    _built = _Words(
        languages=current,
        actions={w: Action(a) for w, a in actions.items()} | _NEUTRAL_WORDS,
        new=_longest_first([w for v in vocabularies for w in v.new_words] + list(_NEUTRAL_NEW)),
        rows=tuple(dict.fromkeys(w for v in vocabularies for w in v.row_words)),
        pyramid=tuple(dict.fromkeys(w for v in vocabularies for w in v.pyramid_words)),
        where=_longest_first([w for v in vocabularies for w in v.where_words]),
        settings=_merged([v.settings for v in vocabularies]),
        articles=tuple(dict.fromkeys(a for v in vocabularies for a in v.articles)),
        and_words=frozenset(w for v in vocabularies for w in v.and_words) | set(_NEUTRAL_AND),
    )
    return _built


# The shipped languages' words (the parser reads the registry at use time).
WORDS: dict[str, Action] = _words().actions
NEW_WORDS: tuple[str, ...] = _words().new

# -- cards ------------------------------------------------------------------------------------

_RANK_DIGITS = {str(v): Rank(v) for v in range(2, 11)} | {"1": Rank.ACE}
_GLYPHS = "".join(SUIT_GLYPHS)  # the suit symbols, for character classes
_COMPACT = re.compile(rf"^(10|[1-9]|[a-z])([a-z{_GLYPHS}])$")


def _rank_letter(letter: str, words: Vocabulary) -> Rank | None:
    value = words.rank_letters.get(letter)
    return Rank(value) if value is not None else None


def _rank_token(token: str, words: Vocabulary) -> Rank | None:
    word = words.rank_words.get(token)
    return (
        _RANK_DIGITS.get(token)
        or (Rank(word) if word is not None else None)
        or (_rank_letter(token, words) if len(token) == 1 else None)
    )


def _suit_token(token: str, words: Vocabulary) -> Suit | None:
    word = words.suit_words.get(token)
    return SUIT_GLYPHS.get(token) or (Suit(word) if word is not None else None)


def _suit_letter(text: str, words: Vocabulary) -> Suit | None:
    letter = words.suit_letters.get(text)
    return SUIT_GLYPHS.get(text) or (Suit(letter) if letter is not None else None)


def _cards_in(tokens: list[str], words: Vocabulary) -> list[CardSpec] | None:
    """The cards ``tokens`` spell in one notation, or None."""
    cards: list[CardSpec] = []
    and_words = _words().and_words
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token in and_words and cards:
            i += 1
            continue
        compact = _COMPACT.match(token)
        if compact and token not in words.rank_words:
            rank = _rank_token(compact.group(1), words)
            suit = _suit_letter(compact.group(2), words)
            if rank is None or suit is None:
                return None
            cards.append(CardSpec(rank, suit))
            i += 1
            continue
        rank = _rank_token(token, words)
        if rank is None:
            return None
        i += 1
        if i < len(tokens) and tokens[i] in words.of_words:
            i += 1
            if i >= len(tokens):
                return None
        if i < len(tokens) and (suit := _suit_token(tokens[i], words)) is not None:
            cards.append(CardSpec(rank, suit))
            i += 1
        elif i > 0 and tokens[i - 1] in words.of_words:
            return None
        else:
            cards.append(CardSpec(rank))
    return cards


def _tokens(text: str) -> list[str]:
    # Split symbols and "+" from what they touch: "10♣+3♠" → 10♣ + 3♠.
    spaced = re.sub(r"([+,&])", r" \1 ", text)
    spaced = re.sub(rf"([{_GLYPHS}])(?=\S)", r"\1 ", spaced)
    spaced = re.sub(rf"(\S)\s+([{_GLYPHS}])", r"\1\2", spaced)
    return spaced.split()


def parse_cards(text: str, language: str) -> tuple[CardSpec, ...]:
    """The cards in ``text`` (folded), in the session language's notation first.

    Raises:
        CommandSyntaxError: no notation reads the text as cards.
    """
    tokens = _tokens(text)
    if not tokens:
        raise UnknownCommandError(text)
    for words in i18n_vocabularies(language):
        cards = _cards_in(tokens, words)
        if cards:
            return tuple(cards)
    if _looks_like_card(tokens):
        raise NotACardError(text)
    raise UnknownCommandError(text)


def _looks_like_card(tokens: list[str]) -> bool:
    return len(tokens) <= 4 and any(re.match(r"^(10|[1-9])", t) for t in tokens)


# -- commands ---------------------------------------------------------------------------------


def _where_card(text: str, raw: str, language: str) -> CardSpec:
    """The card after "where"; ``raw`` is what the player typed after it."""
    articles = _words().articles
    candidates = [text] + [text[len(a) :] for a in articles if text.startswith(a)]
    rank_only = False
    for candidate in reversed(candidates):
        try:
            cards = parse_cards(candidate, language)
        except CommandSyntaxError:
            continue
        if len(cards) == 1 and cards[0].suit is not None:
            return cards[0]
        rank_only = rank_only or (len(cards) == 1 and cards[0].suit is None)
    raise WhereNeedsSuitError(raw) if rank_only else NotACardError(raw)


def parse_command(text: str, language: str) -> Command:
    """What the line asks for. Never looks at the table.

    Raises:
        CommandSyntaxError: the line is not a command or a card.
    """
    raw = text.strip()
    folded = fold(raw)
    if not folded:
        raise UnknownCommandError(raw)
    if folded in SINGLE_LETTERS:
        return Simple(SINGLE_LETTERS[folded])
    if len(folded) == 1 and folded.isalpha():
        # A letter alone is a command or nothing: never a card (see the module doc).
        rank = _rank_letter(folded, language_record(language).vocabulary)
        raise LetterAloneError(raw, rank)
    own = language_record(language).vocabulary.own_actions
    if folded in own:  # the session's language first: Portuguese «par» is a pair
        return Simple(Action(own[folded]))
    vocabulary = _words()
    if folded in vocabulary.actions:
        return Simple(vocabulary.actions[folded])
    if "-" in folded:
        # A deal code alone starts that deal, as ``new CODE`` does.
        try:
            return NewGame(str(parse_code(raw)))
        except DealCodeError:
            pass
    head, _, rest = folded.partition(" ")
    for words in vocabulary.new:
        if folded == words:
            return NewGame()
        if folded.startswith(words + " "):
            # Keep the original text: a layout file path is case-sensitive.
            return NewGame(raw.split(None, len(words.split()))[-1].strip())
    typed = _typed_value(text)
    for word in vocabulary.rows:
        if head == word and (row := _row(rest, typed)) is not None:
            return Rows(row)
        if head == word and (not rest or rest.isdigit()):
            raise NoSuchRowError(raw)
    if head in vocabulary.pyramid:
        if not rest:
            return Rows()
        if (row := _row(rest, typed)) is not None:
            return Rows(row)
        raise NoSuchRowError(raw) if rest.isdigit() else UnknownCommandError(raw)
    for words in vocabulary.where:
        if folded.startswith(words + " "):
            asked = raw.split(None, len(words.split()))[-1].strip()
            return Where(_where_card(folded[len(words) + 1 :], asked, language))
    if head in vocabulary.settings:
        name = vocabulary.settings[head]
        return setting_value(name, head if name == "verbosity" and not rest else rest, typed)
    cards = parse_cards(folded, language)
    if len(cards) > 2:
        raise TooManyCardsError(raw)
    return Touch(cards)


def _typed_value(raw: str) -> str:
    """What the line holds after its first word, as typed (not folded: folding
    makes full-width digits plain ones), parted at ordinary spaces only."""
    parts = re.split(r"[ \t]+", raw.strip(ORDINARY_SPACES + "\r\n"), maxsplit=1)
    return parts[1] if len(parts) > 1 else ""


def _row(folded: str, typed: str) -> int | None:
    """The row number 1 to 7 typed after a rows word, in ASCII digits
    (:mod:`pyramide_a11y.engine.numbers`: not ``٣``, ``３`` or ``0_3``); None otherwise."""
    if not folded.isdigit() or not is_plain_whole(typed):
        return None
    row = read_whole(typed, 1, 7)
    return row if isinstance(row, int) else None


def _voice_value(word: str) -> SettingCommand | None:
    """A voice after ``speech``: the voice-name word and a name (every word after it
    is the name, even ``sim``: a name the backend lacks is refused where it is
    applied), or the default word alone; None for anything else."""
    if word in default_words():
        return SetVoice(None)
    head, _, name = word.partition(" ")
    if head not in voice_name_words():
        return None
    name = name.strip()
    if not name:
        return BadSettingValue("voice", "")
    return SetVoice(None) if name in default_words() else SetVoice(name)


def setting_value(name: str, value: str, typed: str | None = None) -> SettingCommand:
    """The setting ``name`` (language, verbosity, speech, voices, rate, volume, errors, think)
    with the folded ``value`` read: yes/no and the other words of every language (and
    mono or stereo after sounds), whole numbers for the rate and the volume, seconds
    with a decimal point or comma. A number is read from ``typed``, the value as
    typed (default: ``value``), in ASCII digits only
    (:mod:`pyramide_a11y.engine.numbers`). A value that does not read (or none) is
    :class:`BadSettingValue`."""
    word = value.strip()
    number_text = word if typed is None else typed
    if name == "language":
        code = language_named(word) if word else None
        return SetLanguage(code) if code is not None else BadSettingValue(name, value)
    if name == "verbosity":
        if word in brief_words():
            return SetVerbosity(Verbosity.BRIEF)
        if word in full_words():
            return SetVerbosity(Verbosity.FULL)
        return BadSettingValue(name, value)
    if name == "speech" and (voice := _voice_value(word)) is not None:
        return voice
    if name == "voices":
        return ListVoices() if not word else BadSettingValue(name, value)
    if name == "sounds" and word in _CHANNEL_WORDS:
        return SetSoundChannels(_CHANNEL_WORDS[word])
    if name in ("speech", "errors", "sounds"):
        if name == "speech" and word in reader_words():
            return SetSpeechRoute("screen-reader")
        if word in yes_words() | no_words():
            return SetSwitch(Switch(name), word in yes_words())
        return BadSettingValue(name, value)
    if name in ("rate", "volume"):
        # Any whole number 0 or more is taken here (the setting says its own range
        # when it is applied); one of more digits than that is no rate at all.
        whole = read_whole(number_text, 0, _LARGEST_SETTING)
        if isinstance(whole, NumberProblem):
            return BadSettingValue(name, value)
        return SetRate(whole) if name == "rate" else SetVolume(whole)
    seconds = read_decimal(number_text, 0, _LARGEST_SETTING)
    return BadSettingValue(name, value) if isinstance(seconds, NumberProblem) else SetThink(seconds)


_LARGEST_SETTING = 1_000_000
"""The largest number a setting's value is read as (each setting's own range is
narrower: said when it is applied)."""
