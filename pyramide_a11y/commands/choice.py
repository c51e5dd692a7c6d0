"""The answer to "which one: ace of hearts, ace of diamonds or ace of clubs?": the
suit alone (``hearts``, «copas», ``♥``, «de copas») or the place in the list asked
(``second``, «segunda»), in any language's words.

Suit letters alone are not answers: a letter alone is always a command (``d`` is
draw, never diamonds).
"""

from __future__ import annotations

from pyramide_a11y.engine import SUIT_GLYPHS, Card, Suit
from pyramide_a11y.engine.text import fold
from pyramide_a11y.i18n.languages import vocabularies


def chosen(text: str, candidates: tuple[Card, ...], language: str) -> Card | None:
    """The card of ``candidates`` that ``text`` picks, or None when it picks none
    (then the line is read as any other)."""
    words = fold(text).split()
    if not words:
        return None
    families = vocabularies(language)
    articles = {a.strip() for v in families for a in v.articles}
    of_words = {w for v in families for w in v.of_words}
    while len(words) > 1 and (words[0] in articles or words[0] in of_words):
        words = words[1:]  # «a segunda», "the second", «de copas»
    if len(words) != 1:
        return None
    word = words[0]
    for vocabulary in families:
        if word in vocabulary.ordinal_words:
            place = vocabulary.ordinal_words[word]
            return candidates[place - 1] if place <= len(candidates) else None
    suit: Suit | None = SUIT_GLYPHS.get(word)
    if suit is None:
        for vocabulary in families:
            if word in vocabulary.suit_words:
                suit = Suit(vocabulary.suit_words[word])
                break
    if suit is None:
        return None
    matching = [card for card in candidates if card.suit is suit]
    return matching[0] if len(matching) == 1 else None
