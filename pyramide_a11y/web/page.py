"""The page as plain values: what the template shows for one player now.

:func:`page_model` lays out one :class:`~pyramide_a11y.core.Turn` (the table in
words, made by the core through narration: the same sentences the terminal
says) and the page's frame (:func:`~pyramide_a11y.narration.page_frame.page_frame`:
its own words and languages). It calls nothing of the game: the template only
lays these values out, and has no words of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyramide_a11y.core import Turn
from pyramide_a11y.narration.page_frame import LANG_TAGS, LanguageChoice, PageFrame
from pyramide_a11y.narration.table_words import (
    ExitButton,
    PileButton,
    PileControls,
    PyramidRow,
    ResultPanel,
)

__all__ = ["LANG_TAGS", "PageModel", "page_model"]


@dataclass(frozen=True)
class PageModel:
    """Everything the page shows (see the module docstring)."""

    lang: str
    language: str
    rows: tuple[PyramidRow, ...]
    stock: PileButton
    waste: PileButton
    status: tuple[str, ...]
    answer: tuple[str, ...]
    searching: str | None
    """«procurando uma solução» while a hint thinks, else None."""
    waiting: bool
    """Late news is still to come (a hint thinking, a deal's par being found): the
    page's script asks again a moment later."""
    won: bool
    result: ResultPanel | None
    """The result panel, once the deal is won."""
    impasse: str | None
    """«No more moves possible» when no move at all is left, or «this deal cannot be
    won from here» while the hint that said so still holds, else None."""
    exits: tuple[ExitButton, ...]
    """The buttons shown with :attr:`impasse`."""
    letter_keys: bool
    languages: tuple[LanguageChoice, ...]
    w: dict[str, str]
    piles: PileControls | None = None


def page_model(turn: Turn, frame: PageFrame, answer: list[str], *, letter_keys: bool) -> PageModel:
    """The page of ``turn`` in ``frame`` (the frame of ``turn.language``) with
    ``answer`` (the lines of the last answer and the late news) in the live region;
    ``letter_keys``: the single-letter keys act."""
    words, state = turn.words, turn.table
    return PageModel(
        lang=frame.lang,
        language=frame.language,
        rows=words.rows,
        stock=words.stock,
        waste=words.waste,
        status=words.status,
        answer=tuple(answer),
        searching=words.searching,
        waiting=state.waiting,
        won=state.won,
        result=words.result,
        impasse=words.impasse,
        exits=words.exits,
        letter_keys=letter_keys,
        languages=frame.languages,
        w=dict(frame.words),
        piles=words.piles,
    )
