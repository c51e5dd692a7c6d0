"""One suggestion for a line that is no command: "drwa" → "draw", «dez de copsa» →
«dez de copas».

Each word of the line that is not a word of the session's language (command words,
card words, setting words) is replaced by the closest one, if one is close enough
(:data:`CUTOFF`, difflib's ratio); the corrected line is suggested only if it then
parses. Only the session language's words are offered, so the suggestion is in the
player's language; accents are put back where the language records give them.
"""

from __future__ import annotations

import difflib
import itertools
from collections import Counter

from pyramide_a11y.engine.text import fold
from pyramide_a11y.i18n import Vocabulary
from pyramide_a11y.i18n.languages import language as language_record

from .syntax import CommandSyntaxError, parse_command

CUTOFF = 0.75
"""How alike a word and its correction must be (difflib's ratio, 0..1): "drwa" and
"draw" are 0.75, "tabel" and "table" 0.8; "xyz" is like nothing."""


_KNOWN: dict[str, tuple[str, ...]] = {}
_LETTERS: dict[str, dict[str, tuple[tuple[int, int], ...]]] = {}
"""Per family, each letter's known words: (the word's index in :func:`_known`, how
many times the letter is in it)."""


def _known(words: Vocabulary) -> tuple[str, ...]:
    """Every single word a player of this family may type, folded (kept per family)."""
    if words.family in _KNOWN:
        return _KNOWN[words.family]
    phrases = [
        *words.actions,
        *words.own_actions,
        *words.new_words,
        *words.row_words,
        *words.pyramid_words,
        *words.where_words,
        *words.settings,
        *words.rank_words,
        *words.suit_words,
        *words.of_words,
        *words.and_words,
        *words.brief_words,
        *words.full_words,
        *words.yes_words,
        *words.no_words,
    ]
    known = tuple(dict.fromkeys(w for phrase in phrases for w in phrase.split()))
    _KNOWN[words.family] = known
    return known


def _letters(words: Vocabulary) -> dict[str, tuple[tuple[int, int], ...]]:
    """:data:`_LETTERS` of this family (made once)."""
    found = _LETTERS.get(words.family)
    if found is None:
        postings: dict[str, list[tuple[int, int]]] = {}
        for index, known in enumerate(_known(words)):
            for letter, count in Counter(known).items():
                postings.setdefault(letter, []).append((index, count))
        found = _LETTERS[words.family] = {k: tuple(v) for k, v in postings.items()}
    return found


def _near(word: str, words: Vocabulary) -> list[str]:
    """The (up to three) known words closest to ``word`` at :data:`CUTOFF` or more,
    closest first: difflib's own choice, made among only the words that can reach
    it. difflib's ratio is at most its ``quick_ratio``, 2·m/(a + b) for lengths a
    and b and m letters in common (counted with repeats), and that bound is worked
    out here for the whole vocabulary at once, from each letter's words (a few
    dozen additions, where difflib compares the 70-odd words of a close length one
    by one). It holds the length bound too (m is at most the shorter length)."""
    known = _known(words)
    common: dict[int, int] = {}
    for letter, count in Counter(word).items():
        for index, times in _letters(words).get(letter, ()):
            common[index] = common.get(index, 0) + min(count, times)
    size = len(word)
    alike = [
        known[index]
        for index, shared in common.items()
        # difflib's own arithmetic (``_calculate_ratio``), so that a word at the
        # cutoff is kept exactly when difflib keeps it.
        if 2.0 * shared / (size + len(known[index])) >= CUTOFF
    ]
    # difflib picks by (ratio, word): the order the words come in changes nothing.
    return difflib.get_close_matches(word, alike, n=3, cutoff=CUTOFF)


def suggestion(line: str, language: str) -> str | None:
    """The line the player probably meant (the corrected words, in the language's
    spelling), or None when no close correction makes it a command."""
    words = language_record(language).vocabulary
    known = _known(words)
    typed = fold(line).split()
    if not typed or len(typed) > 6:
        return None
    choices: list[list[str]] = []
    for word in typed:
        if word in known or word.isdigit():
            choices.append([word])
            continue
        close = _near(word, words)
        if not close:
            return None
        choices.append(close)
    if all(len(c) == 1 and c[0] in typed for c in choices) or _unknown(choices, typed) > 3:
        return None
    # The closest words first; the first line that parses is the suggestion ("ica":
    # «fica» is closest but no command alone, «dica» is).
    for corrected in itertools.product(*choices):
        if list(corrected) == typed:
            continue
        try:
            parse_command(" ".join(corrected), language)
        except CommandSyntaxError:
            continue
        return " ".join(words.accented.get(w, w) for w in corrected)
    return None


def _unknown(choices: list[list[str]], typed: list[str]) -> int:
    """How many typed words were not words of the language."""
    return sum(1 for options, word in zip(choices, typed, strict=True) if options != [word])
