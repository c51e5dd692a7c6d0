"""The page as plain values: what the template shows for one player now.

:func:`page_model` reads the session's game through ``engine.view.table_view``
and words it with ``narration`` (the same sentences the terminal says) and
:mod:`.page_words`; call it inside the player's language. The template only lays
these values out: it has no words of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pyramide_a11y.core import Session, TableState
from pyramide_a11y.engine import Card, Draw, Move, Recycle, cards_of
from pyramide_a11y.engine.view import SlotView
from pyramide_a11y.i18n import catalog_in_use, get_language, in_language
from pyramide_a11y.i18n import language as language_record
from pyramide_a11y.narration import card_name, messages, row_name, sentence
from pyramide_a11y.narration import page_words as words
from pyramide_a11y.narration.narrator import result_facts, slot_label, table_counts

LANG_TAGS = {"pt_PT": "pt-PT", "pt_BR": "pt-BR", "en": "en"}
"""The game's language codes → the page's ``<html lang>``."""


@dataclass(frozen=True)
class LanguageChoice:
    """One option of the list of languages: named in itself, through its catalog
    (the list reads the same in every language), with its ``lang`` tag."""

    code: str
    tag: str
    name: str


def language_choices() -> tuple[LanguageChoice, ...]:
    """The page's languages, each named in itself (``page_words.language_name``)."""
    return _language_choices(catalog_in_use())


@lru_cache(maxsize=64)
def _language_choices(key: object) -> tuple[LanguageChoice, ...]:
    choices = []
    for code, tag in LANG_TAGS.items():
        with in_language(code):
            choices.append(LanguageChoice(code, tag, words.language_name(code)))
    return tuple(choices)


@dataclass(frozen=True)
class ResultPanel:
    """The result panel of a won deal: the facts (time, moves, cards removed, the
    par once known), the deal's code to copy, the exits' words."""

    heading: str
    facts: tuple[str, ...]
    code: str | None
    code_fact: str | None
    copied: str
    copy_failed: str


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
    """The selected card: its :attr:`label` begins with «Selected»."""
    mark: str = ""
    """The card's face, shown large where the words do not fit: the rank as the
    player types it (``10``, ``Q``; ``D`` in Portuguese), the suit is ``glyph``."""
    partner: bool = False
    """It pairs with the selected card (the table points out every such card)."""
    hinted: bool = False
    """One of the cards of the hint just given (the hint shows on the table)."""


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
    mark: str = ""
    partner: bool = False
    hinted: bool = False


@dataclass(frozen=True)
class PileControls:
    """Whether Draw and Recycle, beside the stock, can act now (else they are grey,
    and still say why when pressed); ``hinted``: the hint just given is ``draw``
    or ``recycle``."""

    draw_ready: bool
    recycle_ready: bool
    hinted: str | None


@dataclass(frozen=True)
class ExitButton:
    """A way on after a dead end or a lost deal: the action posted (``do``) and the
    button's words."""

    do: str
    label: str


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
    """The buttons shown with :attr:`impasse`: undo, replay and another deal at the
    dead end; undo, hint, replay and another deal after the hint (seed 004)."""
    letter_keys: bool
    languages: tuple[LanguageChoice, ...]
    w: dict[str, str]
    piles: PileControls | None = None


def page_model(
    session: Session, answer: list[str], *, letter_keys: bool, state: TableState | None = None
) -> PageModel:
    """The page for ``session`` with ``answer`` (the lines of the last answer and the
    late news) in the live region; ``letter_keys``: the single-letter keys act.
    The session is read once, through :meth:`~pyramide_a11y.core.session.Session.view`
    (``state``: that view, when the caller has it already)."""
    state = state or session.view()
    view = state.table
    hint = state.hint
    key = catalog_in_use()
    marked = _Marks(view.selected, state.partners, cards_of(hint) if hint is not None else ())
    rows: list[PyramidRow] = []
    for number, first in enumerate(ROW_STARTS, start=1):
        places = view.slots[first : first + number]
        cells = tuple(_cell(s, marked, key) for s in places)
        rows.append(PyramidRow(number, _row_heading(key, number), cells))
    if state.rules.stock_top_playable:  # paciencia: the stock top is a card to touch
        stock = _pile("stock", view.stock_top, _pile_label(key, "stock", view.stock_top, 0), marked)
    else:
        stock = _pile("stock", None, _pile_label(key, "count", None, view.stock_count), marked)
    waste = _pile("waste", view.waste_top, _pile_label(key, "waste", view.waste_top, 0), marked)
    piles = PileControls(
        draw_ready=state.draw_ready,
        recycle_ready=state.recycle_ready,
        hinted=_action_of(hint),
    )
    language = get_language()
    impasse, exits = _impasse(state)
    return PageModel(
        lang=LANG_TAGS.get(language, "en"),
        language=language,
        rows=tuple(rows),
        stock=stock,
        waste=waste,
        status=tuple(sentence(part) for part in table_counts(view, state.score)),
        answer=tuple(answer),
        searching=sentence(messages.searching()) if state.hint_pending else None,
        waiting=state.waiting,
        won=view.won,
        result=_result(state) if view.won else None,
        impasse=impasse,
        exits=exits,
        letter_keys=letter_keys,
        languages=language_choices(),
        w=page_words(),
        piles=piles,
    )


def _result(state: TableState) -> ResultPanel:
    """The won deal's panel: the facts narration gives every result panel
    (:func:`~pyramide_a11y.narration.narrator.result_facts`)."""
    facts = result_facts(state.table, state.clock.seconds, state.par)
    code = state.code
    return ResultPanel(
        heading=sentence(messages.won()).removesuffix("."),
        facts=tuple(sentence(fact) for fact in facts),
        code=code,
        code_fact=sentence(messages.deal_code(code)) if code else None,
        copied=words.code_copied(code or ""),
        copy_failed=words.copy_failed(code or ""),
    )


def _impasse(state: TableState) -> tuple[str | None, tuple[ExitButton, ...]]:
    """The dead end and its three exits when no move at all is left; the hint's
    «cannot be won from here» and its four exits while it holds; else nothing
    (never once won)."""
    if state.won:
        return None, ()
    undo = ExitButton("undo", words.impasse_undo())
    replay = ExitButton("replay", words.impasse_replay())
    new = ExitButton("new", words.impasse_new())
    if state.impasse:
        return sentence(messages.impasse()), (undo, replay, new)
    if state.hint_lost:
        hint = ExitButton("hint", words.impasse_hint())
        return sentence(messages.hint_lost()), (undo, hint, replay, new)
    return None, ()


@dataclass(frozen=True)
class _Marks:
    """The cards the table marks: the selected one, its partners, the hint's."""

    selected: Card | None
    partners: tuple[Card, ...]
    hinted: tuple[Card, ...]


def _action_of(hint: Move | None) -> str | None:
    """``draw`` or ``recycle`` when the hint just given is one (its button is marked)."""
    if isinstance(hint, Draw):
        return "draw"
    if isinstance(hint, Recycle):
        return "recycle"
    return None


def _mark(card: Card) -> str:
    """The rank as the player of the language in use types it (``10``, ``Q``, ``D``)."""
    return language_record(get_language()).vocabulary.rank_mark(card.rank.value)


ROW_STARTS = tuple(row * (row - 1) // 2 for row in range(1, 8))
"""The first slot of each row (``engine.view.table_view`` lists the slots in
table order, top row first): row 1 is slot 0, row 7 slots 21 to 27."""

# Words cached: a page of 28 places said afresh each move cost more than the move
# itself (card names, row and position numbers through Babel). Each cache is keyed
# by the catalog in use (``i18n.catalog_in_use``) and by the values the words are
# made of (a place's :class:`SlotView` holds its card, row, position, cover and
# partners), never by the session: a key that differs gives its own words, so
# a cached word cannot be another table's (``tests/web/test_web_page_cache.py``).


@lru_cache(maxsize=16384)
def _place_label(key: object, view: SlotView) -> str:
    return slot_label(view)


@lru_cache(maxsize=512)
def _card_words(key: object, card: Card) -> tuple[str, str]:
    """The card in words (what the button shows) and its rank as typed."""
    return sentence(card_name(card)).removesuffix("."), _mark(card)


@lru_cache(maxsize=64)
def _row_heading(key: object, number: int) -> str:
    return sentence(row_name(number)).removesuffix(".")


@lru_cache(maxsize=64)
def _selected_word(key: object) -> str:
    return sentence(words.selected())


@lru_cache(maxsize=1024)
def _pile_label(key: object, kind: str, card: Card | None, count: int) -> str:
    """The stock's top (``stock``), its count (``count``) or the waste's top."""
    if kind == "count":
        return messages.stock_count(count)
    return messages.stock_top(card) if kind == "stock" else messages.waste_top(card)


def _cell(view: SlotView, marked: _Marks, key: object) -> CardCell:
    card = view.card
    label = _place_label(key, view)
    if card is None:
        return CardCell(view.slot, None, label, "", "", False, False)
    pressed = card == marked.selected
    text, mark = _card_words(key, card)
    return CardCell(
        slot=view.slot,
        code=str(card),
        label=_selected(label) if pressed else label,
        text=text,
        glyph=card.suit.glyph,
        free=view.free,
        pressed=pressed,
        mark=mark,
        partner=card in marked.partners,
        hinted=card in marked.hinted,
    )


def _selected(label: str) -> str:
    """``label`` with «Selected» first: a selected card says so in its name, in the
    game's words (``aria-pressed`` would make it a toggle button, which Orca
    says as "blank" when it changes, then "toggle button pressed")."""
    return f"{_selected_word(catalog_in_use())} {label}"


def _pile(name: str, card: Card | None, label: str, marked: _Marks) -> PileButton:
    text = sentence(label).removesuffix(".")
    if card is None:
        return PileButton(name, None, text, text, "", False)
    pressed = card == marked.selected
    return PileButton(
        name,
        str(card),
        _selected(text) if pressed else text,
        text,
        card.suit.glyph,
        pressed,
        mark=_mark(card),
        partner=card in marked.partners,
        hinted=card in marked.hinted,
    )


def page_words() -> dict[str, str]:
    """The page's own words (:mod:`.page_words`), by name, for the template (a
    new dict each call: the caller may keep it)."""
    return dict(_page_words(catalog_in_use()))


@lru_cache(maxsize=64)
def _page_words(key: object) -> tuple[tuple[str, str], ...]:
    names = (
        "title",
        "pyramid_heading",
        "piles_heading",
        "status_heading",
        "controls_heading",
        "more_controls_heading",
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
        "letter_keys",
        "keys_help",
        "result_new",
        "result_replay",
        "result_table",
        "copy_code",
    )
    return tuple((name, getattr(words, name)()) for name in names)
