"""The session's answers that are not an action's outcome, as lines.

Each function returns the lines of one kind of answer (refusals of a line's
syntax, new deals, hints, keyboard focus, the goodbye …) from plain values, so
the session asks for "the answer to this" and never builds a sentence itself.
Like the rest of narration, nothing here speaks or prints.
"""

from __future__ import annotations

import datetime
import enum

from pyramide_a11y.engine import Card, Game, Move, Rank, Reason, RemoveKing, RemovePair, Rules
from pyramide_a11y.engine.geometry import ROW_COL
from pyramide_a11y.i18n.formatting import format_day
from pyramide_a11y.solver import HintKind

from . import help as help_text
from . import messages as m
from .card_words import card_name, rank_name
from .narrator import (
    covered_by,
    impasse_line,
    join,
    piles,
    playable,
    sentence,
    table_summary,
    waste,
)

# -- the start and the end ---------------------------------------------------------------


def opening(rules: Rules, code: str | None, table: str) -> list[str]:
    """The preset, the deal code and the help hint; then the table."""
    first = [
        m.starting(m.rules_with_variants(rules), rules.passes),
        m.deal_code(code) if code else m.no_deal_code(),
        m.help_hint(),
    ]
    return [join(first), table]


def goodbye(saved: bool) -> list[str]:
    """«Your game is saved» where it is (``saved``), then goodbye."""
    return [join([m.game_saved() if saved else "", m.goodbye()])]


# -- lines that are no command -----------------------------------------------------------


def unknown_command(text: str) -> list[str]:
    return [sentence(m.unknown_command(text))]


def interrupted() -> list[str]:
    return [sentence(m.interrupted())]


def did_you_mean(text: str, meant: str) -> list[str]:
    """A line close to a command: what it probably was, to type again."""
    return [sentence(m.did_you_mean(text, meant))]


# The refused syntax, one function per kind of fault the parser finds (the
# subclasses of ``commands.CommandSyntaxError``); ``text`` is the part at fault.


def too_many_cards() -> list[str]:
    return [sentence(m.too_many_cards())]


def no_such_row() -> list[str]:
    return [sentence(m.no_such_row())]


def where_needs_suit(text: str) -> list[str]:
    return [sentence(m.where_needs_suit(text))]


def letter_alone(line: str, rank: Rank | None) -> list[str]:
    """A letter alone that is no command: the rank it would be, else unknown."""
    if rank is None:
        return unknown_command(line)
    return [sentence(m.letter_alone(rank_name(rank)))]


def not_a_card(text: str) -> list[str]:
    return [sentence(m.not_a_card(text))]


def no_playable_rank(rank: Rank) -> list[str]:
    return [sentence(m.no_playable_rank(rank))]


def ambiguous(candidates: tuple[Card, ...]) -> list[str]:
    return [sentence(m.ambiguous(candidates))]


# -- answers in play ---------------------------------------------------------------------


def resumed() -> list[str]:
    return [sentence(m.resumed())]


def daily_deal(day: str) -> list[str]:
    """The deal of the day (``day``: its ISO date), named by its date in words, said
    before the opening («1 de dezembro de 2026», never 2026-12-01)."""
    return [join([m.daily_deal(format_day(datetime.date.fromisoformat(day)))])]


def paused() -> list[str]:
    return [sentence(m.paused())]


def repeated(last: list[str]) -> list[str]:
    """The last answer again, or that there is none."""
    return list(last) or [sentence(m.nothing_to_repeat())]


def covered_named(*cards: Card, game: Game) -> list[str]:
    """Typed with another card, ``cards`` are covered: each named with what covers
    it, as two were typed."""
    return [join([covered_by(card, game) for card in cards])]


def key_pressed(letter: str, first: list[str]) -> list[str]:
    """The answer's first line (``first``: it or nothing) after a one-key command of
    keyboard mode, headed by the key and what it does: «Tecla N, nova partida.», so
    a word typed out of habit (u, n, d, o) is heard as the keys it pressed."""
    return [join([m.key_pressed(letter), *first])]


def selection_replaced(lines: list[str], dropped: Card) -> list[str]:
    """``lines`` (the answer to two typed cards) saying the selection they replaced
    was dropped."""
    if not lines:
        return lines
    return [join([lines[0], m.selection_dropped(dropped)]), *lines[1:]]


def won(first: str, panel: list[str], best: str | None) -> list[str]:
    """The winning move's line, then the result panel with the player's best (if
    known) after its facts."""
    if best is not None:
        panel = [*panel[:2], sentence(best), *panel[2:]]
    return [first, *panel]


def daily_won(streak: int | None) -> list[str]:
    """After the won panel of the deal of the day: the days won in a row (nothing
    when the count is not known)."""
    return [] if not streak else [sentence(m.daily_won(streak))]


def lesson_keys() -> list[str]:
    """An arrow, Enter, Esc or F2 during the lesson: the lesson takes typed lines."""
    return [sentence(m.lesson_keys())]


def hint_dropped(lines: list[str]) -> list[str]:
    """``lines`` with «the hint was dropped» right after what happened."""
    return [*lines[:1], sentence(m.hint_dropped()), *lines[1:]]


# -- reading the table and the help ------------------------------------------------------


class Reading(enum.Enum):
    """What a command that only reads the help or the table reads."""

    HELP = "help"
    KEYS = "keys"
    RULES = "rules"
    TABLE = "table"
    FREE = "free"
    PILES = "piles"
    PAIRS = "pairs"
    WASTE = "waste"


def review(reading: Reading, game: Game) -> list[str]:
    """The answer to a command that only reads the help or the table."""
    match reading:
        case Reading.HELP:
            return help_text.help_lines()
        case Reading.KEYS:
            return help_text.keys_lines()
        case Reading.RULES:
            return help_text.rules_lines(game.rules)
        case Reading.TABLE:
            return [table_summary(game)]
        case Reading.FREE:
            return [sentence(m.free_cards(game.position.free_cards()))]
        case Reading.PILES:
            return [piles(game)]
        case Reading.PAIRS:
            return [playable(game)]
        case Reading.WASTE:
            return [waste(game)]


# -- new deals ---------------------------------------------------------------------------


def new_deal(replay: bool, opening: list[str]) -> list[str]:
    """A new deal (or the same one again, ``replay``) with how to go back, then its
    opening."""
    first = m.replaying() if replay else m.new_deal()
    return [join([first, m.go_back_hint()]), *opening]


def back_to_previous(code: str | None, table: str) -> list[str]:
    """Undo of a new deal: the game it replaced, its code, the table."""
    first = [m.back_to_previous(), m.deal_code(code) if code else m.no_deal_code()]
    return [join(first), table]


def bad_layout_file(text: str, reason: str = "") -> list[str]:
    """The game cannot play file ``text``; ``reason`` (a sentence) says why."""
    return [reason] if reason else [sentence(m.bad_layout_file(text))]


def bad_deal_code(text: str) -> list[str]:
    return [sentence(m.bad_deal_code(text))]


# -- hints -------------------------------------------------------------------------------


def hint(kind: HintKind | None, move: Move | None) -> list[str]:
    """The hint the solver gave: its ``kind`` (a move, draw, recycle, lost;
    anything else an impasse) and move; None when it gave none."""
    if kind is None:
        return no_hints()
    if kind is HintKind.MOVE and isinstance(move, RemovePair):
        return [sentence(m.hint_pair(move.first, move.second))]
    if kind is HintKind.MOVE and isinstance(move, RemoveKing):
        return [sentence(m.hint_king(move.card))]
    if kind is HintKind.DRAW:
        return [sentence(m.hint_draw())]
    if kind is HintKind.RECYCLE:
        return [sentence(m.hint_recycle())]
    if kind is HintKind.LOST:
        return [join([m.hint_lost(), m.hint_lost_exits()])]  # the four exits
    return [impasse_line()]


def no_hints() -> list[str]:
    return [sentence(m.no_hints())]


def no_hint_when_won() -> list[str]:
    return [sentence(m.refusal(Reason.GAME_WON, ()))]


def searching() -> list[str]:
    return [sentence(m.searching())]


def hint_closed() -> list[str]:
    return [sentence(m.hint_closed())]


# -- keyboard mode and the focus ---------------------------------------------------------


def keyboard_mode(on: bool) -> list[str]:
    return [sentence(m.keyboard_mode_on() if on else m.keyboard_mode_off())]


def keyboard_needs_terminal() -> list[str]:
    return [sentence(m.keyboard_needs_terminal())]


def focus_name(card: Card, game: Game) -> str:
    """The focused card, and its pile when it is not in the pyramid."""
    position = game.position
    if card in position.pyramid:
        row, col = ROW_COL[position.pyramid.index(card)]
        return m.focus_place(card, row + 1, col + 1)
    if card == position.waste_top:
        return m.focus_on_pile(card, waste=True)
    if card == game.stock_top:
        return m.focus_on_pile(card, waste=False)
    return card_name(card)


def focus(card: Card, game: Game) -> list[str]:
    """An arrow moved the focus to ``card``."""
    return [sentence(focus_name(card, game))]


def focus_edge(card: Card, game: Game, down: bool) -> list[str]:
    """No row below (``down``) or above the focused ``card``."""
    name = focus_name(card, game)
    return [sentence(m.nothing_below(name) if down else m.nothing_above(name))]


def no_focus() -> list[str]:
    return [sentence(m.no_focus())]


def focus_moved(card: Card | None, game: Game, said: list[str] | None = None) -> list[str]:
    """The focused card left play: the one now in its place (None: no card left);
    nothing when it is the new waste top that ``said`` (the answer it follows) just
    named ("Drew four of spades": the focus on the waste stays on its top)."""
    if card is None:
        return no_focus()
    if said and card == game.position.waste_top and card_name(card).lower() in said[0].lower():
        return []
    return [sentence(m.focus_moved(focus_name(card, game)))]


def keyboard_left_typing() -> list[str]:
    """A printable key in keyboard mode: the mode is off and a typed line began."""
    return [sentence(m.keyboard_left_typing())]


# -- the deal's par ----------------------------------------------------------------------


def par(moves: int, line: int, found: int) -> list[str]:
    """«You won in 42 moves. The fewest possible for this deal is 31.» ``moves``
    counts every move played, ``line`` those of the line played (undone ones left
    out): the par compares with the line, and both are said when they differ."""
    if moves == line <= found:
        return [join([m.won_in_par(moves), m.par_walk_offer()])]
    won = m.won_in(moves) if moves == line else m.won_in_line(moves, line)
    return [join([won, m.par_of_deal(found), m.par_walk_offer()])]


def previous_par(moves: int, line: int, found: int) -> list[str]:
    """The par of the deal won before the one in play (it arrived late); ``moves``
    and ``line`` as in :func:`par`."""
    won = m.won_previous_in(moves) if moves == line else m.won_previous_in_line(moves, line)
    return [join([won, m.par_of_previous(found)])]


def left_par(found: int) -> list[str]:
    """The par of a deal the player left for good (it arrived once the game was over)."""
    return [sentence(m.left_par(found))]


def left_not_winnable() -> list[str]:
    """A deal the player left for good was proven not winnable."""
    return [sentence(m.left_not_winnable())]


def par_not_found() -> list[str]:
    return [sentence(m.par_not_found())]


def par_walk_not_won() -> list[str]:
    return [sentence(m.par_walk_not_won())]


def par_walk_unknown() -> list[str]:
    return [sentence(m.par_walk_unknown())]


def par_walk_start(count: int) -> list[str]:
    """The shortest line begins: its length, and how to go on or leave."""
    return [join([m.par_walk_start(count), m.par_walk_keys()])]


def par_step(number: int, count: int, said: list[str], last: bool) -> list[str]:
    """One move of the shortest line: «Move 3 of 52.», what it did; at the end, so."""
    lines = [join([m.par_walk_step(number, count)]), *said]
    return [*lines, sentence(m.par_walk_end())] if last else lines
