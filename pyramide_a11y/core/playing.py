"""The game in play: what each move, touch, undo or new deal does to the table, the
clock, the hint and the game set aside, and the lines that answer it.

:class:`Play` is the session's (``session.py``) part that plays: the session
parses and dispatches, ``Play`` acts on the game through the engine's legal
actions only and returns lines that narration worded.
"""

from __future__ import annotations

import random
from dataclasses import replace

from pyramide_a11y.commands import (
    Action,
    AmbiguousCardError,
    CardSpec,
    NoSuchCardError,
    resolve,
)
from pyramide_a11y.commands.choice import chosen
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.cueing import SessionCues
from pyramide_a11y.core.focus import Direction, Focus
from pyramide_a11y.core.hinting import Hints
from pyramide_a11y.core.par import Pars, ParWalk
from pyramide_a11y.core.setaside import InPlay, LeftGame, SetAside
from pyramide_a11y.core.settings import Settings
from pyramide_a11y.core.sources import (
    BadDealCode,
    BadLayoutFile,
    GameSource,
    daily_deal,
    named_source,
    random_deal,
)
from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.engine import Card, Event, EventKind, Game, Reason, Refusal
from pyramide_a11y.i18n.languages import continue_words
from pyramide_a11y.narration import answers, describe, narrator, sentence
from pyramide_a11y.narration import record_words as records_text
from pyramide_a11y.narration.answers import Reading

_TABLE_UNCHANGED = (EventKind.SELECT, EventKind.CANCEL)

READINGS = {
    Action.HELP: Reading.HELP,
    Action.KEYS: Reading.KEYS,
    Action.RULES: Reading.RULES,
    Action.TABLE: Reading.TABLE,
    Action.FREE: Reading.FREE,
    Action.PILES: Reading.PILES,
    Action.PAIRS: Reading.PAIRS,
    Action.WASTE: Reading.WASTE,
}
"""The commands that only read the help or the table, and what each reads."""


class Play:
    """The game and the deal it came from, the keyboard focus, the game set aside,
    with the session's clock, hint and settings (shared with the session)."""

    def __init__(
        self,
        source: GameSource,
        settings: Settings,
        *,
        storage: GameStorage | None,
        timer: GameTimer,
        hints: Hints,
        rng: random.Random,
        cues: SessionCues,
        pars: Pars | None = None,
        local_files: bool = True,
    ) -> None:
        """The game of ``source``; the session's parts, each named: its ``settings``,
        ``storage`` (None: in memory), game clock, hint, random source for new
        deals, cues and pars (None: no par is sought)."""
        self.settings, self.storage, self.timer = settings, storage, timer
        self.local_files = local_files
        """``new NAME`` may name a layout file of this machine (a page: codes only)."""
        self.hints, self.rng, self.cues = hints, rng, cues
        self.pars = pars
        """The deal's par, found after a win (None: never)."""
        self.walk: ParWalk | None = None
        """The shortest line played move by move after a win (``par``), while it runs."""
        self.focus = Focus()
        self.set_aside = SetAside(storage)
        self._left_par: list[str] = []
        """The par of the game just left for good, when known at once: said after
        this answer (:meth:`take_notices`)."""
        self.deal = self.make_deal(source)
        """The deal in play: its source, its game, its saved-game handle."""
        self._choice: tuple[tuple[Card, ...], tuple[CardSpec, ...]] | None = None
        """The cards "which one: …?" asked about, and the cards typed then."""

    @property
    def game(self) -> Game:
        """The game of the deal in play (:attr:`deal`)."""
        return self.deal.game

    @property
    def awaits_line(self) -> bool:
        """Whether the next typed line is read first as an answer to something: the
        question "which one: …?" (:meth:`answer_choice`) or the shortest line's
        walk (:meth:`carry_on`)."""
        return self._choice is not None or self.walk is not None

    def make_deal(self, source: GameSource, replacing: InPlay | None = None) -> InPlay:
        """Every game the session plays is made here: autosaved with storage (the
        game it replaces, ``replacing``, then left)."""
        if self.storage is not None:
            old = replacing.saved if replacing is not None else None
            saved = self.storage.game_factory(source, old, self.set_aside.record_left)
            return InPlay(source, saved.game, saved)
        return InPlay(source, Game(source.layout, source.rules))

    def opening_lines(self) -> list[str]:
        """The preset, the deal code and the table; or the offer of the saved game."""
        notices = self.storage.take_sentences(self.deal.saved) if self.storage else []
        table = narrator.table_summary(self.game)
        if self.storage is not None and self.storage.offer is not None:
            offer = records_text.saved_game_offer(self.storage.offer)
            return [*notices, offer, table]
        rules, code = self.game.rules, self.deal.source.code
        day = answers.daily_deal(self.deal.source.daily) if self.deal.source.daily else []
        return [*notices, *day, *answers.opening(rules, code, table)]

    def carry_on(self, text: str) -> list[str] | None:
        """The answer to a line that only carries on (empty, or a continue word):
        the saved game offered at start goes on, or play after a pause; None for
        any other line. Every line tells the clock the player is there."""
        resumed = self.timer.activity()
        if self.walk is not None:  # Enter: the next move of the shortest line
            if text:  # any other line leaves it, and is answered as usual
                self.walk = None
                return None
            lines = self.walk.step(self.settings.style)
            if self.walk.finished:
                self.walk = None
            return lines
        if text.lower() in continue_words() and self.storage and self.storage.accept_offer():
            continuing = sentence(records_text.continuing())  # the offer at start
            return [continuing, narrator.table_summary(self.game)]
        if not text or text.lower() in continue_words():  # or after a pause
            return answers.resumed() if resumed else [narrator.table_summary(self.game)]
        return None

    # -- playing ------------------------------------------------------------------------------

    def act(self, action: Action) -> list[str]:
        """The lines for a review (help, table, pairs …) or an action on the game,
        the clock or the hint (the session keeps keyboard, quit and repeat)."""
        game = self.game
        if (reading := READINGS.get(action)) is not None:
            return answers.review(reading, game)
        match action:
            case Action.DRAW:
                return self.outcome(game.draw())
            case Action.RECYCLE:
                return self.outcome(game.recycle())
            case Action.UNDO:
                return self.undo()
            case Action.CANCEL:
                return self.cancel()
            case Action.HINT:
                lines = self.hints.start(game, self.settings.hint_budget)
                return lines if self.hints.pending else self.cues.hint(lines)
            case Action.DAILY:
                return self.start(daily_deal(game.rules))
            case Action.NEW:
                return self.new_game(None)
            case Action.REPLAY:
                return self.start(self.deal.source, replay=True)
            case Action.STATUS:
                elapsed, keyboard = self.timer.elapsed(), self.focus.keyboard_mode
                code = self.deal.source.code
                par = self.pars.known(self.deal.source.layout, game.rules) if self.pars else None
                par = par if game.won else None  # never before the win
                return [narrator.status(game, elapsed, code, keyboard_mode=keyboard, par=par)]
            case Action.PAR:
                return self.start_walk()
            case Action.PAUSE:
                self.timer.pause()
                return answers.paused()
        return answers.unknown_command(action.value)  # pragma: no cover

    def start_walk(self) -> list[str]:
        """``par`` after a win: the deal's shortest line, one move per Enter (never
        before the win: the line shows the unseen stock)."""
        if not self.game.won:
            return answers.par_walk_not_won()
        line = self.pars.line(self.deal.source.layout, self.game.rules) if self.pars else None
        if not line:
            return answers.par_walk_unknown()
        self.walk = ParWalk(self.deal.source.layout, self.game.rules, line)
        return answers.par_walk_start(len(line))

    def touch_typed(self, specs: tuple[CardSpec, ...]) -> list[str]:
        """Cards as typed: found on the table (rank-only shorthand), then touched. A
        rank several playable cards have is asked back ("which one: …?"): the next
        line may answer with the suit alone or the place in the list."""
        self._choice = None
        try:
            cards = resolve(specs, self.game)
        except (NoSuchCardError, AmbiguousCardError) as err:
            return self.unresolved(err, specs)
        return self.touch(cards)

    def unresolved(
        self, err: NoSuchCardError | AmbiguousCardError, specs: tuple[CardSpec, ...]
    ) -> list[str]:
        """The answer to cards typed as ``specs`` that name no playable card, or
        several: then "which one: …?" is asked (see :meth:`answer_choice`)."""
        if isinstance(err, NoSuchCardError):
            return answers.no_playable_rank(err.rank)
        self._choice = (err.candidates, specs)
        return answers.ambiguous(err.candidates)

    def answer_choice(self, text: str) -> list[str] | None:
        """The line after "which one: …?": the card it picks touched as if typed in
        full (None: no question asked, or the line picks none; it is then read as
        any other line, and the question is dropped)."""
        pending, self._choice = self._choice, None
        if pending is None:
            return None
        candidates, specs = pending
        card = chosen(text, candidates, self.settings.language)
        if card is None:
            return None
        typed = tuple(
            CardSpec(card.rank, card.suit) if spec.suit is None and spec.rank is card.rank else spec
            for spec in specs
        )
        return self.touch_typed(typed)

    def outcome(self, outcome: Event | Refusal) -> list[str]:
        """The lines for what the engine did (or refused), the clock and hint kept."""
        # A refusal, a selection or a cancel leaves the table as the hint saw it.
        moved = isinstance(outcome, Event) and outcome.kind not in _TABLE_UNCHANGED
        overtaken = moved and self.hints.drop()
        if isinstance(outcome, Event):
            self._leave_for_good()
        if moved:  # the clock stops at the win, and runs again if it is undone
            if self.game.won:
                self.timer.stop()
            elif self.timer.stopped:
                self.timer.restart()
        self.cues.outcome(self.game, outcome)
        lines = describe(outcome, self.game, self.settings.style)
        if isinstance(outcome, Event) and outcome.won:
            panel = narrator.won_panel(self.game, self.timer.elapsed(), self.deal.source.code)
            best = self.storage.best_line(self.game.rules) if self.storage else None
            lines = answers.won(lines[0], panel, best)
            if self.deal.source.daily and self.storage:
                lines += answers.daily_won(self.storage.daily_streak(self.deal.source.daily))
            if self.pars is not None:  # known already (won before), else said later
                keep = self.storage.par_keeper_of(self.deal.saved) if self.storage else None
                lines = [*lines, *self.pars.won(self.game, self.deal.source.layout, keep)]
        return answers.hint_dropped(lines) if overtaken else lines

    def _leave_for_good(self) -> None:
        """An action in this game: the player moved on from the game set aside last.
        If a move was played in it, its par is sought now (a won one had its own;
        one left before any move has none); undo can still bring it back. Left for
        the same deal (``replay``, or its code again), it is not "the deal you left":
        its par is only kept, never said while that deal is being played."""
        left = self.set_aside.forget()
        if left is None or self.pars is None or left.game.won or left.game.moves == 0:
            return
        same_deal = (
            left.source.layout == self.deal.source.layout and left.game.rules == self.game.rules
        )
        self._left_par += self.pars.left(
            left.game, left.source.layout, left.keep_par, quiet=same_deal
        )

    def take_notices(self) -> list[str]:
        """The par of a game left for good, when known at once: said after the answer
        to the action that left it, as its own answer (``Answer.notices``)."""
        lines, self._left_par = self._left_par, []
        return lines

    def undo(self) -> list[str]:
        """Undo a move; with nothing to undo in this deal (as dealt), bring back the
        game it replaced, as many times as deals were left."""
        if self.game.at_start and (left := self.set_aside.bring_back(self.deal.saved)):
            return self._go_back(left)
        return self.outcome(self.game.undo())

    def touch(self, cards: tuple[Card, ...]) -> list[str]:
        """One card typed (select it) or two (try the pair at once)."""
        game = self.game
        if len(cards) == 1:
            return self.outcome(game.select(cards[0]))
        dropped = game.selected if game.selected not in cards else None
        if game.selected is not None:
            game.cancel()
        lines = self._touch_pair(cards)
        if dropped is not None:  # two typed cards replaced a selection
            lines = answers.selection_replaced(lines, dropped)
        return lines

    def _touch_pair(self, cards: tuple[Card, ...]) -> list[str]:
        game = self.game
        first, second = cards
        if first == second:  # the same card twice: refused, nothing selected
            return self.outcome(Refusal(Reason.SAME_CARD, (first,), game.selected))
        covered = [c for c in cards if game.position.access(c, game.rules) is Reason.COVERED]
        if len(covered) == 2 and self.settings.error_help:  # both named, with what covers them
            refusal = Refusal(Reason.COVERED, (first,), game.selected)
            self.cues.outcome(game, refusal)
            return answers.covered_named(*covered, game=game)
        outcome = game.select(first)
        if isinstance(outcome, Refusal) or outcome.kind is not EventKind.SELECT:
            # The first card was refused, or was a King and left alone.
            return self._pair_refused(outcome, first)
        self._leave_for_good()  # the first card is selected: an action in this game
        outcome = game.select(second)
        if isinstance(outcome, Refusal) and outcome.reason is not Reason.SUM_NOT_13:
            # One line, one action: refused, it leaves nothing selected (a sum that is
            # not 13 keeps the seeds' selection, and says so).
            game.cancel()
        return self._pair_refused(outcome, second)

    def _pair_refused(self, outcome: Event | Refusal, card: Card) -> list[str]:
        """The answer to a two-card line; a covered ``card`` is named, as two were typed."""
        if (
            isinstance(outcome, Refusal)
            and outcome.reason is Reason.COVERED
            and self.settings.error_help
        ):
            self.cues.outcome(self.game, outcome)
            return answers.covered_named(card, game=self.game)
        return self.outcome(outcome)

    def cancel(self) -> list[str]:
        """Close the hint still thinking, else cancel the selection."""
        if self.hints.drop():
            return answers.hint_closed()
        return self.outcome(self.game.cancel())

    # -- new deals ----------------------------------------------------------------------------

    def new_game(self, text: str | None) -> list[str]:
        """A new deal: random (``text`` None), or the code or layout file named."""
        if not text:
            return self.start(random_deal(self.game.rules, self.rng))
        try:
            return self.start(named_source(text, self.game.rules, files=self.local_files))
        except BadLayoutFile as err:  # the cause named, in the player's language
            return answers.bad_layout_file(text, err.reason)
        except BadDealCode:  # echoed whole where it was typed, cut on a page
            return answers.bad_deal_code(text if self.local_files else text[:40])

    def start(self, source: GameSource, *, replay: bool = False) -> list[str]:
        """Play ``source`` from the start; the game it replaces is set aside."""
        self.hints.drop()
        # A deal as dealt is simply replaced (nothing in it to lose): undo then goes
        # back to the game before it. The first deal of a session is kept even so
        # (it may be the saved game taken up, or the player's own choice of deal).
        replacing: InPlay | None = self.deal
        if not (self.game.at_start and self.set_aside.left is not None):
            elapsed, focus, deal = self.timer.elapsed(), self.focus, self.deal
            left = LeftGame(deal.source, deal.game, elapsed, focus.index, focus.heard)
            self.set_aside.keep(replace(left, saved=deal.saved))
            replacing = None  # kept, not left
        self.deal = self.make_deal(source, replacing)
        self.timer.reset()
        self.focus.start_over()
        # Said once, as part of this answer (not spoken on its own first).
        return answers.new_deal(replay, self.opening_lines())

    def _go_back(self, left: LeftGame) -> list[str]:
        """Undo right after a new deal: the game it replaced, exactly as it was."""
        self.hints.drop()
        self.deal = InPlay(left.source, left.game, left.saved)
        self.timer.restore(left.elapsed)
        self.focus.start_over(left.focus, left.focus_heard)
        table = narrator.table_summary(self.game)
        return answers.back_to_previous(self.deal.source.code, table)

    # -- keyboard mode ------------------------------------------------------------------------

    def keyboard_command(self, keys: bool) -> list[str]:
        """``keyboard`` typed: keyboard mode on, where the loop has ``keys`` for it."""
        if not keys:
            return answers.keyboard_needs_terminal()
        self.focus.keyboard_mode = True
        return answers.keyboard_mode(True)

    def move_focus(self, direction: Direction) -> list[str]:
        """An arrow: the card focused now (see :meth:`Focus.move`)."""
        self.timer.activity()
        lines = self.focus.move(self.game, direction)
        self.cues.focus(self.game, self.focus.focused(self.game))
        return lines

    def activate_focus(self) -> list[str]:
        """Enter or Space on an empty line: select the focused card."""
        self.timer.activity()
        card = self.focus.activate(self.game)
        if card is None:
            return answers.no_focus()
        lines = self.outcome(self.game.select(card))
        self.focus.follow(self.game, card, lines)
        return lines

    def tab_clock(self, hidden: bool) -> None:
        """The window hidden (the clock pauses) or shown again (it runs on, from
        where it paused: a clock not paused is left as it is)."""
        if hidden:
            self.timer.pause()
        elif self.timer.paused:
            self.timer.activity()

    def switch_keyboard_mode(self, on: bool) -> list[str]:
        """Enter or leave keyboard mode, announced in one sentence."""
        self.timer.activity()
        self.focus.keyboard_mode = on
        return answers.keyboard_mode(on)

    def escape(self) -> list[str]:
        """Esc: close the hint still thinking, else cancel the selection (as in the
        rules of ``paciencia``);
        in keyboard mode, also leave it, in one answer (Esc always leaves keyboard
        mode)."""
        self.timer.activity()
        if not self.focus.keyboard_mode:
            return self.cancel()
        self.focus.keyboard_mode = False
        off = answers.keyboard_mode(False)
        if not self.hints.pending and self.game.selected is None:
            return off
        return [*self.cancel(), *off]
