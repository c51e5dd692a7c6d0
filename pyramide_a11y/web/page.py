"""The page as plain values: what the template shows for one player now.

:func:`page_model` lays out one :class:`~pyramide_a11y.core.Turn` (the table in
words, made by the core through narration: the same sentences the terminal
says) and the page's frame (:func:`~pyramide_a11y.narration.page_frame.page_frame`:
its own words and languages). It calls nothing of the game: the template only
lays these values out, and has no words of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from pyramide_a11y.core import Turn
from pyramide_a11y.narration.page_frame import LANG_TAGS, LanguageChoice, PageFrame
from pyramide_a11y.narration.table_words import TableWords

__all__ = ["LANG_TAGS", "PageModel", "page_model"]


@dataclass(frozen=True, slots=True)
class PageModel:
    """Everything the page shows (see the module docstring)."""

    lang: str
    language: str
    table: TableWords
    """The table in words, narration's record as the turn carries it (its rows,
    piles, counts, hint and dead end, a won deal's panel): laid out as it is."""
    answer: tuple[str, ...]
    waiting: bool
    """Late news is still to come (a hint thinking, a deal's par being found): the
    page's script asks again a moment later."""
    letter_keys: bool
    languages: tuple[LanguageChoice, ...]
    w: Mapping[str, str]
    """The page's own words by name (``m.w.draw``)."""


def page_model(turn: Turn, frame: PageFrame, answer: list[str], *, letter_keys: bool) -> PageModel:
    """The page of ``turn`` in ``frame`` (the frame of ``turn.language``) with
    ``answer`` (the lines of the last answer and the late news) in the live region;
    ``letter_keys``: the single-letter keys act."""
    return PageModel(
        lang=frame.lang,
        language=frame.language,
        table=turn.words,
        answer=tuple(answer),
        waiting=turn.table.waiting,
        letter_keys=letter_keys,
        languages=frame.languages,
        w=_words_by_name(frame),
    )


@lru_cache(maxsize=64)
def _words_by_name(frame: PageFrame) -> Mapping[str, str]:
    """``frame``'s words by name, made once per frame (one per catalog in use),
    read only."""
    return MappingProxyType(dict(frame.words))
