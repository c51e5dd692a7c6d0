"""The page as plain values: what the template shows for one player now.

:func:`page_model` reads the session's game through ``engine.view.table_view``
and words it with ``narration`` (the same sentences the terminal says) and
:mod:`.words`; call it inside the player's language. The template only lays
these values out: it has no words of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyramide_a11y.engine import Card
from pyramide_a11y.engine.view import SlotView, table_view
from pyramide_a11y.i18n import get_language
from pyramide_a11y.narration import card_name, messages, row_name, sentence
from pyramide_a11y.narration import page_words as words
from pyramide_a11y.narration.narrator import counts, slot_label

from .core import Session

LANG_TAGS = {"pt_PT": "pt-PT", "pt_BR": "pt-BR", "en": "en"}
"""The game's language codes → the page's ``<html lang>``."""
LANGUAGE_NAMES = {"pt_PT": "Português (Portugal)", "pt_BR": "Português (Brasil)", "en": "English"}
"""Each language named in itself (the list of languages reads the same in all)."""


@dataclass(frozen=True)
class CardCell:
    """One pyramid place: a button while its card is there (``free`` or covered),
    a gap once it is gone (``code`` None)."""

    slot: int
    code: str | None
    """Canonical notation (``10S``): the form value of the button."""
    label: str
    """The accessible name: the card, its row and position, what covers it or
    what it pairs with (``narration.narrator.slot_label``)."""
    text: str
    """What is shown: the card in words (the name begins with it)."""
    glyph: str
    """The suit symbol, shown beside the words, never the only name."""
    free: bool
    pressed: bool


@dataclass(frozen=True)
class PyramidRow:
    number: int
    heading: str
    cells: tuple[CardCell, ...]


@dataclass(frozen=True)
class PileButton:
    """The stock top or the waste top: ``code`` None when no card can be touched there."""

    name: str
    code: str | None
    label: str
    text: str
    glyph: str
    pressed: bool


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
    letter_keys: bool
    languages: tuple[tuple[str, str], ...]
    w: dict[str, str]


def page_model(session: Session, answer: list[str], *, letter_keys: bool) -> PageModel:
    """The page for ``session`` with ``answer`` (the lines of the last answer and the
    late news) in the live region; ``letter_keys``: the single-letter keys act."""
    game = session.game
    view = table_view(game)
    rows: list[PyramidRow] = []
    for number in range(1, 8):
        cells = tuple(_cell(s, view.selected) for s in view.slots if s.row == number)
        heading = sentence(row_name(number)).removesuffix(".")
        rows.append(PyramidRow(number, heading, cells))
    if game.rules.stock_top_playable:  # paciencia: the stock top is a card to touch
        stock = _pile("stock", view.stock_top, messages.stock_top(view.stock_top), view.selected)
    else:
        stock = _pile("stock", None, messages.stock_count(view.stock_count), None)
    waste = _pile("waste", view.waste_top, messages.waste_top(view.waste_top), view.selected)
    language = get_language()
    return PageModel(
        lang=LANG_TAGS.get(language, "en"),
        language=language,
        rows=tuple(rows),
        stock=stock,
        waste=waste,
        status=tuple(sentence(part) for part in counts(game)),
        answer=tuple(answer),
        searching=sentence(messages.searching()) if session.hints.pending else None,
        waiting=session.hints.pending or not session.pars.wait(0),
        won=view.won,
        letter_keys=letter_keys,
        languages=tuple(LANGUAGE_NAMES.items()),
        w=page_words(),
    )


def _cell(view: SlotView, selected: Card | None) -> CardCell:
    card = view.card
    if card is None:
        return CardCell(view.slot, None, slot_label(view), "", "", False, False)
    return CardCell(
        slot=view.slot,
        code=str(card),
        label=slot_label(view),
        text=sentence(card_name(card)).removesuffix("."),
        glyph=card.suit.glyph,
        free=view.free,
        pressed=card == selected,
    )


def _pile(name: str, card: Card | None, label: str, selected: Card | None) -> PileButton:
    text = sentence(label).removesuffix(".")
    if card is None:
        return PileButton(name, None, text, text, "", False)
    return PileButton(name, str(card), text, text, card.suit.glyph, card == selected)


def page_words() -> dict[str, str]:
    """The page's own words (:mod:`.words`), by name, for the template."""
    names = (
        "title",
        "pyramid_heading",
        "piles_heading",
        "status_heading",
        "controls_heading",
        "command_heading",
        "settings_heading",
        "answer_label",
        "draw",
        "recycle",
        "undo",
        "hint",
        "new_deal",
        "replay",
        "rules",
        "cancel",
        "send",
        "command_label",
        "language_label",
        "change_language",
        "letter_keys",
        "keys_help",
    )
    return {name: getattr(words, name)() for name in names}
