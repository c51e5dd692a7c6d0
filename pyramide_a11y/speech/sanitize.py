"""Make a printed answer fit to be spoken: words and plain punctuation only.

What is printed and what is spoken are the same sentences; this only removes what
a synthesiser would read badly or aloud as a symbol name: markup, suit and box
symbols, decorative quotes and dashes, digit grouping. A few symbols that carry
meaning become words in the session language, from the catalogs (speech may
expand abbreviations).

Two things are said differently from how they are printed, on purpose (a
message with its own spoken form, :class:`~pyramide_a11y.i18n.spoken.Spoken`,
reaches speech already in that form: the app speaks ``Answer.speech_text``):

- a deal code (``PY1-N-AAAAAAS``) is spelled, one character at a time and grouped
  as written («P, Y, 1; N; A, A, A, A, A, A, S»), so it can be written down by
  ear: a comma after each letter makes a synthesiser say the letter's name, not
  the Portuguese article «o» or the English "a";
- a key symbol standing alone («Escreva ? para ajuda») is said as a word
  ("question mark"), where a synthesiser would drop it.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from pyramide_a11y.engine import SUIT_GLYPHS
from pyramide_a11y.i18n import DEFAULT_LANGUAGE
from pyramide_a11y.i18n.catalogs import load_translations

from .voices import session_language


@functools.lru_cache(maxsize=8)
def _symbol_words(language: str) -> dict[str, str]:
    """Symbols that carry meaning in an answer, as words of ``language``."""
    words = load_translations(language)
    return {
        # Translators: "+" read aloud, e.g. "10 + 3" (spaces around are kept).
        "+": " " + words.pgettext("spoken symbol", "plus") + " ",
        # Translators: "%" read aloud after a number, e.g. "66 %".
        "%": " " + words.pgettext("spoken symbol", "percent"),
        # Translators: "=" read aloud, e.g. "10 + 3 = 13".
        "=": " " + words.pgettext("spoken symbol", "equals") + " ",
        # Translators: "&" read aloud.
        "&": " " + words.pgettext("spoken symbol", "and") + " ",
        # Translators: "/" read aloud between numbers, e.g. "3/28" (3 of 28).
        "/": " " + words.pgettext("spoken symbol", "of") + " ",
    }


@functools.lru_cache(maxsize=8)
def _key_words(language: str) -> dict[str, str]:
    """Symbols that name a key when they stand alone («Escreva ? para ajuda»)."""
    words = load_translations(language)
    return {
        # Translators: the key "?" read aloud where it stands alone, as in "Type ?
        # for help" (pt_PT/pt_BR: ponto de interrogação).
        "?": words.pgettext("spoken symbol", "question mark"),
    }


# A deal code as engine/dealcode.py writes it: PY<version>-<rules>-<7 letters>.
_DEAL_CODE = re.compile(r"\b(PY\d+)-([A-Z0-9]{1,8})-([A-Z]{7})\b", re.IGNORECASE)
# A symbol standing alone between spaces (or at an end of the text) names a key.
_LONE_SYMBOL = re.compile(r"(?<!\S)([?])(?=[\s.,;:!)]|$)")


def spell_deal_codes(text: str) -> str:
    """Each deal code of ``text`` spelled for speech: «P, Y, 1; N; A, A, A, A, A, A, S»."""

    def spelled(match: re.Match[str]) -> str:
        return "; ".join(", ".join(group.upper()) for group in match.groups())

    return _DEAL_CODE.sub(spelled, text)


# Suit symbols are accepted in input but never spoken (cards are said in words).
_SUITS = "".join(SUIT_GLYPHS)
_MARKUP = re.compile(r"<[^<>]{0,200}>|\x1b\[[0-9;?]*[A-Za-z]|[*_`#~|\\^]+")
# Thin, no-break and narrow no-break spaces between digits group thousands in
# pt_PT; espeak-ng reads "1 234" as two numbers, so the groups are joined.
_GROUPED_DIGITS = re.compile(r"(?<=\d)[\u00a0\u202f\u2009 ](?=\d{3}\b)")
_DASHES = re.compile(r"\s*[\u2013\u2014\u2015]\s*")
_SPACES = re.compile(r"\s+")
# A hyphen is kept inside a word or code ("PY1-N-AAAAAAS"); elsewhere ("--"
# for a gone card) it is a symbol.
_LOOSE_HYPHENS = re.compile(r"(?<![^\W_])-+|-+(?![^\W_])")
# Letters, digits, spaces and the punctuation a synthesiser turns into pauses.
_KEEP_PUNCTUATION = set(".,;:!?'-()")


def speakable(text: str, language: str = DEFAULT_LANGUAGE) -> str:
    """Return ``text`` as plain words for a synthesiser.

    Spells deal codes and names a lone ``?`` key; removes markup (tags, terminal
    escapes, markdown marks), suit and other
    symbols, and joins digit groups; ``+ % = & /`` become words in ``language``
    (a session language; anything else reads as English). Never raises;
    an answer of only symbols becomes the empty string.
    """
    language = session_language(language)
    words = _symbol_words(language)
    text = unicodedata.normalize("NFC", text)
    text = spell_deal_codes(text)
    keys = _key_words(language)
    text = _LONE_SYMBOL.sub(lambda m: keys[m.group(1)], text)
    text = _MARKUP.sub(" ", text)
    text = _GROUPED_DIGITS.sub("", text)
    text = _DASHES.sub(", ", text)
    text = _LOOSE_HYPHENS.sub(" ", text)
    out: list[str] = []
    for char in text:
        if char in words:
            out.append(words[char])
        elif char in _SUITS:
            out.append(" ")
        elif char.isalnum() or char.isspace() or char in _KEEP_PUNCTUATION:
            out.append(char)
        elif unicodedata.category(char).startswith("P"):
            # Other punctuation (quotes, guillemets, brackets): a word boundary.
            out.append(" ")
        else:
            out.append(" ")
    spoken = _SPACES.sub(" ", "".join(out)).strip()
    spoken = re.sub(r"\(\s*\)", "", spoken)
    spoken = re.sub(r"\(\s+", "(", spoken)
    return re.sub(r"\s+([.,;:!?)])", r"\1", spoken).strip()
