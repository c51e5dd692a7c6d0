"""Events and refusals → sentences. An observer: it never speaks or prints.

:func:`describe` gives the answer to one action, most important first: what
happened, then what changed (cards newly free, the new waste top, in
``paciencia`` the new stock top), then — only in full verbosity or when they
change meaningfully — counts.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pyramide_a11y.engine import (
    Card,
    Draw,
    Event,
    EventKind,
    Game,
    Place,
    Reason,
    Refusal,
    RemoveKing,
    RemovePair,
)
from pyramide_a11y.engine.geometry import COVERS, ROW_COL, ROW_SLOTS
from pyramide_a11y.engine.view import SlotView, TableView
from pyramide_a11y.i18n.spoken import Spoken, spoken_form

from . import messages as m
from .front_end import FrontEnd, front_end


class Verbosity(enum.Enum):
    BRIEF = "brief"
    FULL = "full"


@dataclass(frozen=True)
class Style:
    """How much to say: verbosity, and the error help of the rules of ``pyramide``."""

    verbosity: Verbosity = Verbosity.BRIEF
    error_help: bool = True


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter, a final stop unless it has one.

    The catalogs keep the seeds' wording exactly («essas duas não somam 13»);
    this only frames it for the line. A :class:`Spoken` text stays one, both
    forms framed.
    """
    if isinstance(text, Spoken):
        return Spoken(sentence(str(text)), sentence(text.spoken))
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def join(parts: list[str]) -> str:
    """The non-empty ``parts`` as sentences on one line; :class:`Spoken` when a
    part is (its spoken form joins the parts' spoken forms)."""
    framed = [sentence(p) for p in parts if p]
    line = " ".join(framed)
    if any(isinstance(p, Spoken) for p in framed):
        return Spoken(line, " ".join(spoken_form(p) for p in framed))
    return line


def describe(outcome: Event | Refusal, game: Game, style: Style | None = None) -> list[str]:
    """The lines that answer one action (one or two normally)."""
    style = style or Style()
    if isinstance(outcome, Refusal):
        if outcome.reason is Reason.COVERED and not style.error_help:
            return []  # seed 000: a covered card touched does nothing (its cue aside)
        line = _describe_refusal(outcome, game, style)
        if (
            outcome.reason is Reason.NOTHING_TO_DRAW
            and game.position.recycle_refusal(game.rules) is None
        ):
            line = join([line, m.recycle_instead()])  # what to do instead: r
        # Every move is refused now: the terminal says what can still be done each
        # time; the page said it once, after the move that caused it, and shows
        # its exits beside the table (issue 34: the impasse is heard once).
        if game.impasse and front_end() is FrontEnd.TERMINAL:
            return [line, impasse_line()]
        return [line]
    return _describe_event(outcome, game, style)


_RECYCLE_REFUSALS = (
    Reason.RECYCLE_NONE_LEFT,
    Reason.RECYCLE_STOCK_NOT_EMPTY,
    Reason.RECYCLE_WASTE_EMPTY,
)


def _describe_refusal(refusal: Refusal, game: Game, style: Style) -> str:
    if refusal.reason in _RECYCLE_REFUSALS and game.rules.recycles == 0:
        return sentence(m.no_recycle_in_these_rules())  # never "no more": there were none
    if refusal.reason is Reason.NOT_AVAILABLE and refusal.cards:
        # Where the card is ("not seen yet", "in the waste, under 3 cards"): "not in
        # play" sounded as if it were gone.
        card = refusal.cards[0]
        if game.position.locate(card)[0] in (Place.STOCK, Place.WASTE):
            return where(card, game)
    parts = [m.refusal(refusal.reason, refusal.cards)]
    if refusal.reason is Reason.COVERED and refusal.cards:
        parts.append(covered_by(refusal.cards[0], game))
    if (
        refusal.reason is Reason.SUM_NOT_13
        and refusal.selected is not None
        and len(refusal.cards) == 2
    ):
        kept = refusal.selected
        if kept == refusal.cards[1]:  # the selection moved to the second card (pyramide)
            parts.append(m.no_longer_selected(refusal.cards[0]))
        partners = game.position.partners(kept, game.rules)
        if partners:
            parts.append(m.still_selected_pairs(kept, partners))
        else:
            parts.extend([m.still_selected(kept), m.no_partner()])
    return join(parts)


def covered_by(card: Card, game: Game) -> str:
    """«Dama de paus: coberta por …»: a pyramid card named with the cards on it."""
    position = game.position
    place, index = position.locate(card)
    covering = position.covering(index) if place is Place.PYRAMID else ()
    return m.covered_by(card, covering)


def _describe_event(event: Event, game: Game, style: Style) -> list[str]:
    """The lines that answer an accepted action: what happened, then what changed
    and what it made possible, on one line; then the result panel once the deal is
    won, or the impasse line."""
    match event.kind:
        case EventKind.SELECT:
            return [join(_selected(event))]
        case EventKind.CANCEL:  # the card that was selected, named
            return [join([m.selection_dropped(event.dropped) if event.dropped else m.cancelled()])]
    first = _what_happened(event, game)
    if event.dropped is not None:  # a draw, undo … dropped the selection: say so
        first.append(m.selection_dropped(event.dropped))
    if event.won:
        return [join(first), *won_panel(game)]
    lines = [join(first + _what_changed(event, game, style))]
    # The seeds' dead end, a fact of the table: no move at all, not even a draw or
    # a recycle. That nothing can be removed any more while the stock can still be
    # drawn is the hint's to say, once every stock card has been seen (seed 004).
    if event.impasse:
        lines.append(impasse_line())
    return lines


def _selected(event: Event) -> list[str]:
    """A card selected, and what it pairs with (or that it pairs with nothing)."""
    parts = [] if event.selected is None else [m.selected(event.selected)]
    parts.append(m.pairs_with(event.partners) if event.partners else m.no_partner())
    return parts


def _what_happened(event: Event, game: Game) -> list[str]:
    """The move itself: the cards removed, drawn, the recycle, the undo."""
    match event.kind:
        case EventKind.KING:
            return [m.removed_king(event.removed[0])]
        case EventKind.PAIR:
            return [m.removed_pair(event.removed[0], event.removed[1])]
        case EventKind.DRAW:
            return _drawn(event, game)
        case EventKind.RECYCLE:
            return [m.recycled(), *_round(game)]
        case EventKind.UNDO:
            return _undone(event, game)
    return []


def _undone(event: Event, game: Game) -> list[str]:
    """An undo: the cards back, the card back on the stock, the round back."""
    rules = game.rules
    parts = [m.undone()]
    if event.removed:
        parts.append(m.cards_back(event.removed))
    top = game.position.stock_top
    if isinstance(event.move, Draw) and top is not None and not rules.stock_top_playable:
        parts.append(m.back_on_stock(top))  # seen already: it was just drawn
    if event.round_changed and rules.passes is not None:  # a recycle undone
        parts.append(m.round_of(event.round, rules.passes))
    return parts


def _what_changed(event: Event, game: Game, style: Style) -> list[str]:
    """What the move changed on the table (cards free or covered, the new tops),
    what it made possible, and the counts the verbosity asks for."""
    changes: list[str] = []
    freed = event.freed
    if event.kind is EventKind.UNDO:  # "… are back" said them already
        freed = tuple(card for card in freed if card not in event.removed)
    if freed:
        changes.append(m.now_free(freed))
    if event.covered:
        changes.append(m.no_longer_free(event.covered))
    changes.extend(_new_tops(event, game))
    if event.kind is not EventKind.DRAW:  # a draw says each card's partners already
        possible = made_possible(event, game, said=_partners_said(event, game))
        if possible:
            changes.append(m.new_moves(possible))
    changes.extend(_counts_said(event, game, style))
    return changes


def _new_tops(event: Event, game: Game) -> list[str]:
    """The new waste top, and the new stock top where it is face up (a draw says
    both already)."""
    if event.kind is EventKind.DRAW:
        return []
    tops: list[str] = []
    if event.waste_top_changed:
        tops.append(m.waste_top(event.waste_top))
    if event.stock_top_changed and game.rules.stock_top_playable:
        top = event.stock_top
        if event.kind is EventKind.RECYCLE and top is not None:
            tops.append(_showing(m.on_stock(top), top, game))
        else:
            tops.append(m.stock_top(top))
    return tops


def _partners_said(event: Event, game: Game) -> tuple[Card | None, ...]:
    """The cards whose partners :func:`_new_tops` said: the stock top a recycle
    turned face up."""
    if (
        event.kind is EventKind.RECYCLE
        and game.rules.stock_top_playable
        and event.stock_top_changed
    ):
        return (event.stock_top,)
    return ()


def _counts_said(event: Event, game: Game, style: Style) -> list[str]:
    """The stock's count where brief answers say it (face-down stock: after a
    recycle, and when a draw emptied it), or every count in full answers."""
    if style.verbosity is Verbosity.FULL:
        return counts(game)
    if (
        event.kind in (EventKind.DRAW, EventKind.RECYCLE)
        and not game.rules.stock_top_playable
        and (event.stock_count == 0 or event.kind is EventKind.RECYCLE)
        and style.verbosity is Verbosity.BRIEF
    ):
        return [m.stock_count(event.stock_count)]
    return []


def shown_cards(event: Event, game: Game) -> set[Card]:
    """The cards ``event`` made playable: newly free, back after an undo, the new
    waste top, and the new stock top where it is face up."""
    shown = set(event.freed)
    if event.kind is EventKind.UNDO:
        shown.update(event.removed)
    if event.waste_top_changed and event.waste_top is not None:
        shown.add(event.waste_top)
    if event.stock_top_changed and event.stock_top is not None and game.rules.stock_top_playable:
        shown.add(event.stock_top)
    return shown


def made_possible(event: Event, game: Game, said: tuple[Card | None, ...] = ()) -> list[str]:
    """The removals that ``event`` made possible: the legal moves now that involve a
    card it showed (newly free, back after an undo, the new waste or stock top),
    each new card named first; a card in ``said`` had its partners said already."""
    shown = shown_cards(event, game)
    shown.difference_update(c for c in said if c is not None)
    items: list[str] = []
    for move in game.legal_moves():
        if event.kind is EventKind.UNDO and move == event.move:
            continue  # the move just taken back: "… are back" said it already
        match move:
            case RemovePair(first, second) if first in shown or second in shown:
                new, other = (first, second) if first in shown else (second, first)
                items.append(m.playable_pair(new, other))
            case RemoveKing(card) if card in shown:
                items.append(m.king_alone(card))
    return items


def impasse_line() -> str:
    """«No more moves possible», and what can still be done: undo, replay, new."""
    return join([m.impasse(), m.impasse_exits()])


def _drawn(event: Event, game: Game) -> list[str]:
    """What a draw showed, each new face-up card with what it pairs with now.

    Where the stock top is face up (paciencia) the card drawn went to the waste and
    another shows on the stock: both are said (a pair of the two, once). Partners
    are the engine's legal partners, so only cards in play and face up are named."""
    drawn = event.waste_top
    if not game.rules.stock_top_playable:
        return [] if drawn is None else [_showing(m.drew(drawn), drawn, game)]
    top = event.stock_top
    # The new stock top is named after the drawn card: a pair of the two is said
    # with it, once it has been named.
    parts = [] if drawn is None else [_showing(m.to_waste(drawn), drawn, game, said=top)]
    if top is None:
        parts.append(m.stock_top(None))
    else:
        parts.append(_showing(m.on_stock(top), top, game))
    return parts


def _showing(what: str, card: Card, game: Game, said: Card | None = None) -> str:
    """``what`` (a card that just showed), with the cards it pairs with now (but
    ``said``, named already), or that it can go alone (a King)."""
    position, rules = game.position, game.rules
    if card.is_king:
        return m.goes_alone(what) if position.king_refusal(card, rules) is None else what
    partners = tuple(c for c in position.partners(card, rules) if c != said)
    return m.with_partners(what, partners) if partners else what


def counts(game: Game) -> list[str]:
    """«N de 28», the stock, the round where rounds are limited, the score in pyramide."""
    position, rules = game.position, game.rules
    score = position.score if rules.scoring else None
    return _counts(position.removed_count, len(position.stock), position.round, rules.passes, score)


def table_counts(table: TableView, score: int | None) -> list[str]:
    """:func:`counts` from the table's plain values (``score`` None: the rules keep none)."""
    return _counts(table.removed, table.stock_count, table.pass_number, table.passes, score)


def _counts(
    removed: int, stock: int, pass_number: int, passes: int | None, score: int | None
) -> list[str]:
    parts = [m.removed_of_28(removed), m.stock_count(stock)]
    parts.extend(_pass(pass_number, passes))
    if score is not None:
        parts.append(m.score(score))
    return parts


def _round(game: Game) -> list[str]:
    """The pass: "pass 2 of 3" where the passes are limited, "pass 4" where they
    are not; nothing with one pass (there is no second pass to count toward)."""
    return _pass(game.position.round, game.rules.passes)


def _pass(pass_number: int, passes: int | None) -> list[str]:
    if passes is None:
        return [m.round_unlimited(pass_number)]
    if passes < 2:
        return []
    return [m.round_of(pass_number, passes)]


def result_facts(table: TableView, seconds: float | None, par: int | None = None) -> list[str]:
    """The facts every result panel gives, from the table's plain values: the time
    (``seconds`` None: not known), the moves, the cards removed, and the deal's par
    once found (``par``: never 0, a won deal has a line). A page shows these
    (``web/page.py``, from the session's view); :func:`won_panel` says them first."""
    return _result_facts(table.moves, table.removed, seconds, par)


def _result_facts(moves: int, removed: int, seconds: float | None, par: int | None) -> list[str]:
    facts = [] if seconds is None else [m.elapsed(seconds)]
    facts += [m.moves(moves), m.won_panel_removed(removed)]
    if par:
        facts.append(m.par_of_deal(par))
    return facts


def won_panel(game: Game, seconds: float | None = None, code: str | None = None) -> list[str]:
    """The result panel as plain lines: time, moves, cards removed, score, deal code;
    then the exits. The app passes the time and code it knows."""
    position = game.position
    facts = _result_facts(game.moves, position.removed_count, seconds, None)
    if not game.rules.strict_win:  # strict: both are empty, or it would not be won
        facts.append(m.won_left(len(position.stock), len(position.waste)))
    if game.rules.scoring:
        facts.append(m.score(position.score))
    if code is not None:
        facts.append(m.deal_code(code))
    return [join([m.won()]), join(facts), join([m.won_exits()])]


def table_summary(game: Game) -> str:
    """Free cards, then the waste top (and the stock top or count): the opening
    line and the answer to "where am I"."""
    position = game.position
    parts = [m.free_cards(position.free_cards())]
    if game.rules.stock_top_playable:
        parts.append(m.stock_top(game.stock_top))
    parts.append(m.waste_top(position.waste_top))
    if position.stock or not game.rules.stock_top_playable:  # else "stock empty" said it
        parts.append(m.stock_count(len(position.stock)))
    parts.extend(_round(game))
    if game.selected is not None:  # the next card typed pairs with it: say so
        parts.append(m.selected(game.selected))
    if game.impasse:  # a saved game taken up, "table" at the end: the exits too
        parts.extend([m.impasse(), m.impasse_exits()])
    return join(parts)


def piles(game: Game) -> str:
    """The waste top and stock: count, and the top only where it is face up."""
    position = game.position
    parts = []  # in the table's order: the stock top, the waste, the stock count
    if game.rules.stock_top_playable:
        parts.append(m.stock_top(game.stock_top))
    parts.append(m.waste_top(position.waste_top))
    if position.stock or not game.rules.stock_top_playable:  # else "stock empty" said it
        parts.append(m.stock_count(len(position.stock)))
    parts.extend(_round(game))
    return join(parts)


def rows(game: Game, only: int | None = None) -> list[str]:
    """The pyramid row by row from the top (1) to the bottom (7), or one row."""
    pyramid = game.position.pyramid
    numbers = [only] if only is not None else list(range(1, 8))
    # Gaps are said in place: the card at row r, position p is covered by
    # positions p and p + 1 of row r + 1, so the shape is heard in one listing.
    return [sentence(m.row_cards(r, tuple(pyramid[s] for s in ROW_SLOTS[r - 1]))) for r in numbers]


def where(card: Card, game: Game) -> str:
    """Where ``card`` is; for a pyramid card, also what covers it and what it covers.
    A stock card never shown says only "not seen yet"."""
    position = game.position
    place, index = position.locate(card)
    if place is Place.GONE:
        return sentence(m.where_gone(card))
    if place is Place.PYRAMID:
        row, col = ROW_COL[index]
        here = _pyramid_place(card, row + 1, col + 1, position.covering(index))
        below = tuple(c for s in COVERS[index] if (c := position.pyramid[s]) is not None)
        return join([here, m.covers(below) if below else m.covers_nothing()])
    if place is Place.WASTE:
        if index == 0:
            return sentence(m.where_waste_top(card))
        return sentence(m.where_waste_under(card, index))
    if index == 0 and game.stock_top == card:
        return sentence(m.where_stock_top(card))
    if card in game.seen:
        return sentence(m.where_stock_seen(card))
    return sentence(m.where_unseen(card))


def slot_label(view: SlotView) -> str:
    """One pyramid place of :func:`~pyramide_a11y.engine.view.table_view` in words,
    as ``where`` says it, with what the card pairs with when it is free: "Ten of
    spades: row 7, position 4, free. Pairs with three of hearts." A removed card's
    place is a gap ("Row 6, position 1: gap")."""
    card = view.card
    if card is None:
        return sentence(m.gap_at(view.row, view.position))
    here = _pyramid_place(card, view.row, view.position, view.covered_by)
    return join([here, m.pairs_with(view.partners) if view.partners else ""])


def _pyramid_place(card: Card, row: int, position: int, covering: tuple[Card, ...]) -> str:
    """«Sete de copas: fila 6, posição 2, coberto por …», or «…, livre»."""
    if covering:
        return m.where_pyramid_covered(card, row, position, covering)
    return m.where_pyramid_free(card, row, position)


def waste(game: Game) -> str:
    """The whole waste, top first: every card in it was seen (``waste`` command)."""
    return sentence(m.waste_cards(tuple(reversed(game.position.waste))))


def playable(game: Game) -> str:
    """Every removal possible now: pairs, then Kings."""
    items: list[str] = []
    for move in game.legal_moves():
        match move:
            case RemovePair(first, second):
                items.append(m.playable_pair(first, second))
            case RemoveKing(card):
                items.append(m.king_alone(card))
    if not items:
        return sentence(m.no_pairs())
    return sentence(m.playable_pairs(items))


def status(
    game: Game,
    seconds: float,
    code: str | None,
    *,
    keyboard_mode: bool = False,
    par: int | None = None,
    deal: bool = True,
) -> str:
    """«N de 28», rounds, score (pyramide), moves, time, deal code (``code`` None: a
    layout file's deal; ``deal`` False: a table that is no deal, the lesson's, says
    none); the deal's par (given only after the win, when found); and "keyboard mode
    on" last while it is on."""
    position = game.position
    parts = [m.removed_of_28(position.removed_count), m.stock_count(len(position.stock))]
    parts.extend(_round(game))
    if game.rules.scoring:
        parts.append(m.score(position.score))
    parts.append(m.moves(game.moves))
    if par is not None and game.line_length != game.moves:  # par compares with the line
        parts.append(m.in_line_played(game.line_length))
    parts.append(m.elapsed(seconds))
    if deal:
        parts.append(m.deal_code(code) if code else m.no_deal_code())
    if par is not None:
        parts.append(m.par_of_deal(par))
    if keyboard_mode:
        parts.append(m.keyboard_mode_status())
    return join(parts)
