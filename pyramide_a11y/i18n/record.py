"""What the game knows about one language, as data: :class:`Language`.

A language is one record: its code and the names that choose it, the words a
player types in it (card notation and command words, shared by a *family* of
languages through one :class:`Vocabulary`), the voices that speak it and how its
numbers are said. The sentences themselves are in its catalog
(``locales/<code>/LC_MESSAGES/pyramide.po``). The records in use are listed by
:mod:`pyramide_a11y.i18n.languages`; see ``docs/adding-a-language.md``.

Cards are named here without the engine: ranks by their value (ace 1 … king 13)
and suits by their canonical letter (``C D H S``); command words by the value of
the command's action (``"draw"``, ``"quit"``: ``commands.syntax.Action``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Vocabulary:
    """The words typed in a family of languages (Portuguese for pt_PT and pt_BR).

    Every word is folded: lower case, no accents. The parser accepts the words of
    every family in every session; the session's own family reads cards first.
    """

    family: str
    """The card notation's name: one per vocabulary (``pt``, ``en``)."""
    rank_letters: Mapping[str, int]
    """Letters for ranks inside a compact card (``Vp``, ``kd``); ranks by value."""
    rank_words: Mapping[str, int]
    suit_letters: Mapping[str, str]
    """Letters for suits inside a compact card; suits by canonical letter (C D H S)."""
    suit_words: Mapping[str, str]
    of_words: tuple[str, ...]
    """Between a rank and a suit in words: «dez de paus», "ten of clubs"."""
    and_words: tuple[str, ...]
    """Between two cards on one line."""
    articles: tuple[str, ...]
    """Articles that may come before the card after "where" (with their space)."""
    actions: Mapping[str, str]
    """Command words (whole line) → the action's value (``"draw"``)."""
    new_words: tuple[str, ...]
    """A new deal, alone or before a deal code or a file."""
    row_words: tuple[str, ...]
    pyramid_words: tuple[str, ...]
    where_words: tuple[str, ...]
    settings: Mapping[str, str]
    """Setting words → the setting's name (language, verbosity, speech, voices, rate,
    volume, errors, think, sounds); the verbosity words also set it when typed alone."""
    brief_words: tuple[str, ...]
    full_words: tuple[str, ...]
    yes_words: tuple[str, ...]
    """Switch a setting on (``voz sim``, ``speech on``)."""
    no_words: tuple[str, ...]
    continue_words: tuple[str, ...]
    """Take up the saved game offered at start, or go on after a pause."""
    reader_words: tuple[str, ...] = ()
    """After the speech setting: speak through the running screen reader (``voz
    leitor``, ``speech reader``)."""
    voice_name_words: tuple[str, ...] = ()
    """After the speech setting, before a voice's name: choose that voice (``voz
    nome roa/pt``, ``voice name gmw/en-US``)."""
    default_words: tuple[str, ...] = ()
    """After the speech setting (or its voice-name word): back to the language's
    own voice (``voz padrão``, ``voice default``)."""
    own_actions: Mapping[str, str] = field(default_factory=dict)
    """Command words that mean this in this family's sessions, whatever another
    family's word of the same spelling means: Portuguese «par» is a pair (the
    list of pairs), not the English "par" (the shortest line)."""
    ordinal_words: Mapping[str, int] = field(default_factory=dict)
    """Answers to "which one: …?" by place in the list asked (``first``, «segunda»)."""
    accented: Mapping[str, str] = field(default_factory=dict)
    """Folded words as the language writes them (``recomecar`` → «recomeçar»), for
    a word said back to the player (a suggestion)."""
    rank_marks: Mapping[int, str] = field(default_factory=dict)
    """How a card printed for a person writes the ranks that are not numbers (1, 11,
    12, 13 → ``A V D R``); empty: the first of ``rank_letters``, in capitals."""
    suit_marks: Mapping[str, str] = field(default_factory=dict)
    """How a card printed for a person writes each suit (canonical letter → mark,
    ``H`` → ``c``); empty: the first of ``suit_letters``, in capitals."""

    def rank_mark(self, value: int) -> str:
        """A rank as a printed card writes it: ``V``, ``K``, ``10``."""
        if value in self.rank_marks:
            return self.rank_marks[value]
        if 2 <= value <= 10:
            return str(value)
        letter = next(k for k, v in self.rank_letters.items() if v == value)
        return letter.upper()

    def suit_mark(self, suit: str) -> str:
        """A suit (canonical letter) as a printed card writes it: ``c``, ``H``."""
        if suit in self.suit_marks:
            return self.suit_marks[suit]
        return next(k for k, v in self.suit_letters.items() if v == suit).upper()

    def action_word(self, action: str) -> str:
        """The first word of ``actions`` for ``action`` (``"draw"`` → ``tirar``)."""
        return next(word for word, value in self.actions.items() if value == action)


@dataclass(frozen=True)
class Voices:
    """How each speech backend names the voice of a language."""

    espeak: str
    """espeak-ng voice (the ``espeak-ng`` program, and pyttsx3 on Linux)."""
    dispatcher: str
    """speech-dispatcher language (SSIP ``SET self LANGUAGE``)."""
    platform: tuple[str, ...]
    """Tags naming it in SAPI5 (Windows) and NSSpeechSynthesizer (macOS) voice lists,
    most specific first. Tags of three letters or fewer match whole tokens only."""
    fallback: tuple[str, ...] = ()
    """Last-resort tags, tried after the voices of the languages it shares a
    ``locale_language`` with (a Brazilian voice for pt_PT, then any Portuguese)."""


@dataclass(frozen=True)
class Language:
    """One language of the game."""

    code: str
    """Its code: the catalog's folder, the saved setting,
    :func:`pyramide_a11y.i18n.get_language`."""
    locale_language: str
    """The ISO 639 language of the locale names that mean it (``pt`` in ``pt_BR.UTF-8``)."""
    choice: str
    """The word the player is told to type after ``lang`` (``br``)."""
    aliases: tuple[str, ...]
    """Folded words accepted after ``lang`` (the choice among them)."""
    vocabulary: Vocabulary
    voices: Voices
    option: str = ""
    """How ``--lang`` help names it (``pt-BR``; empty: ``code``)."""
    option_note: str = ""
    """What ``--lang`` help adds in brackets, in English (``Brazil``)."""
    territories: tuple[str, ...] = ()
    """Locale territories that mean this record; empty: every territory of
    ``locale_language`` that no other record claims (``pt`` alone is pt_PT)."""
    number_locale: str = ""
    """The CLDR locale for numbers, lists and durations (empty: ``code``): decimal
    comma, list words («a, b e c»)."""
    zero_is_plural: bool = False
    """Choose plural forms for 0 as for 2: zero takes the plural when said («0
    jogadas»), but some CLDR rules file it with 1 (pt_BR's is meant for «0,5 milhão»)."""
    feminine_ranks: frozenset[int] = frozenset()
    """The ranks (1 ace … 13 king) whose names are grammatically feminine («dama»):
    messages that agree with a card take the feminine context for them."""

    @property
    def family(self) -> str:
        """The card notation it types: its vocabulary's family."""
        return self.vocabulary.family

    @property
    def cldr_locale(self) -> str:
        """The locale Babel formats numbers, lists, durations and dates in."""
        return self.number_locale or self.code
