"""One player's session: a game, the settings, and every command's answer.

:meth:`Session.handle` takes one typed line and returns one :class:`Answer`;
nothing raises for any input, and the game changes only through the engine's
legal actions. The session dispatches: narration (``narration.answers``) words
every answer, :class:`~.focus.Focus` keeps keyboard mode, :class:`~.hinting.Hints`
the hint off-thread, :class:`~.setaside.SetAside` the game a new deal replaced.
The prompt loops (``loop.py``) print and speak the answers; the session itself
does no I/O except through the ``emit`` callback it is given for late answers
(a hint that took a while).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from pyramide_a11y.commands import (
    Action,
    AmbiguousCardError,
    CommandSyntaxError,
    LetterAloneError,
    NewGame,
    NoSuchCardError,
    NoSuchRowError,
    NotACardError,
    Rows,
    SettingCommand,
    Simple,
    TooManyCardsError,
    Touch,
    Where,
    WhereNeedsSuitError,
    parse_command,
    resolve,
)
from pyramide_a11y.engine import Card, Event, EventKind, Game, Reason, Refusal
from pyramide_a11y.i18n import get_language, set_language
from pyramide_a11y.i18n.languages import continue_words
from pyramide_a11y.narration import answers, describe, narrator, sentence
from pyramide_a11y.speech.base import Speaker

from . import records_text
from .autosave import GameStorage
from .focus import Focus
from .hinting import HintFinder, Hints, default_finder
from .setaside import LeftGame, SetAside
from .settings import Settings, apply_setting
from .sources import BadDealCode, BadLayoutFile, GameSource, named_source, random_deal
from .speaking import take_speech_sentences
from .timer import GameTimer

GOODBYE_WAIT = 3.0
"""Seconds the exit waits at most for the goodbye to be spoken."""
_TABLE_UNCHANGED = (EventKind.SELECT, EventKind.CANCEL)
__all__ = ["GOODBYE_WAIT", "Answer", "Session", "Settings"]


@dataclass
class Answer:
    """The lines that answer one command; ``quit`` ends the session."""

    lines: list[str] = field(default_factory=list)
    quit: bool = False

    @property
    def text(self) -> str:
        return " ".join(self.lines)


def _refused(err: CommandSyntaxError, line: str) -> list[str]:
    """Why ``line`` is no command, from the kind of fault the parser found."""
    match err:
        case TooManyCardsError():
            return answers.too_many_cards()
        case NoSuchRowError():
            return answers.no_such_row()
        case WhereNeedsSuitError():
            return answers.where_needs_suit(err.text)
        case LetterAloneError(rank=rank):
            return answers.letter_alone(line, rank)
        case NotACardError():
            return answers.not_a_card(err.text)
    return answers.unknown_command(line)


class Session:
    """A game session. Not thread-safe: call it from the prompt's thread only
    (late hint answers come through ``emit``, which the loop makes safe)."""

    strict = False
    keyboard_keys = False
    """Whether the loop has keys for keyboard mode (the prompt sets it; plain lines
    from a pipe have none, so ``keyboard`` there says so)."""

    def __init__(
        self,
        source: GameSource,
        *,
        settings: Settings | None = None,
        speaker: Speaker | None = None,
        storage: GameStorage | None = None,
        timer: GameTimer | None = None,
        hint_finder: HintFinder | None = None,
        emit: Callable[[Answer], None] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        """``storage`` (autosave, saved settings, the player's best) makes every game
        and keeps the clock: give a ``timer`` only without it. ``emit`` gets, from
        another thread, the answers that come late (a hint); ``hint_finder`` None
        is the solver's.

        Raises:
            ValueError: both ``storage`` and ``timer`` given.
        """
        if storage is not None and timer is not None:
            raise ValueError("with storage the clock is the storage's: give no timer")
        self.settings = settings or Settings(language=get_language())
        set_language(self.settings.language)
        self.speaker = speaker
        self.storage = storage
        self.timer = storage.timer if storage is not None else timer or GameTimer()
        self.emit = emit or (lambda answer: None)
        self.rng = rng or random.Random()
        finder = hint_finder if hint_finder is not None else default_finder()
        self.hints = Hints(finder, lambda lines: self.emit(self.say(Answer(lines))))
        self.focus = Focus()
        self.set_aside = SetAside(storage)
        self.source = source
        self.game = self._make_game(source)
        self.last = Answer()
        self._leaving = False  # the goodbye was said: close() lets it be heard

    def _make_game(self, source: GameSource) -> Game:
        """Every game the session plays is made here: autosaved with storage."""
        if self.storage is not None:
            return self.storage.game_factory(source)
        return Game(source.layout, source.rules)

    def say(self, answer: Answer) -> Answer:
        """Remember ``answer`` for repeat and speak it (when speech is on).

        When speech has given up since the last answer (it kept failing, or
        "speech on" found none that works), one sentence saying so is added to
        ``answer`` first: the player hears nothing, so the printed answer tells
        them, in reading order."""
        if answer.lines:
            if self.speaker is not None and self.settings.speech:
                answer.lines.extend(take_speech_sentences(self.speaker))
                self.speaker.say(answer.text)
            self.last = answer
        return answer

    def opening(self) -> Answer:
        """The preset, the deal code and the opening position, briefly; or the
        offer to continue the saved game. Spoken."""
        return self.say(Answer(self._opening_lines()))

    def _opening_lines(self) -> list[str]:
        notices = self.storage.take_sentences() if self.storage else []
        table = narrator.table_summary(self.game)
        if self.storage is not None and self.storage.offer is not None:
            offer = records_text.saved_game_offer(self.storage.offer)
            return [*notices, offer, table]
        rules, code = self.game.rules, self.source.code
        return [*notices, *answers.opening(rules, code, table)]

    # -- one line ---------------------------------------------------------------------------

    def handle(self, line: str) -> Answer:
        """The answer to one typed line. Never raises."""
        try:
            focused = self.focus.focused(self.game)
            answer = self._handle(line)
            if self.storage is not None:  # a full disk, saving again …: said after
                answer.lines.extend(self.storage.take_sentences())
            self.focus.follow(self.game, focused, answer.lines)
            return self.say(answer)
        except Exception:
            # The last guard: a fault must not end the player's game. Tests set
            # ``strict`` so that a fault fails them instead of hiding here.
            if self.strict:
                raise
            return self.say(Answer(answers.unknown_command(line.strip())))

    def _handle(self, line: str) -> Answer:
        resumed = self.timer.activity()
        text = line.strip()
        if text.lower() in continue_words() and self.storage and self.storage.accept_offer():
            continuing = sentence(records_text.continuing())  # the offer at start
            return Answer([continuing, narrator.table_summary(self.game)])
        if not text or text.lower() in continue_words():  # or after a pause
            return Answer(answers.resumed() if resumed else [narrator.table_summary(self.game)])
        try:
            command = parse_command(text, self.settings.language)
        except CommandSyntaxError as err:
            return Answer(_refused(err, text))
        match command:
            case Simple(action):
                return self._simple(action)
            case Touch(cards):
                try:
                    resolved = resolve(cards, self.game)
                except NoSuchCardError as err:
                    return Answer(answers.no_playable_rank(err.rank))
                except AmbiguousCardError as err:
                    return Answer(answers.ambiguous(err.candidates))
                return self._touch(resolved)
            case Rows(row):
                return Answer(narrator.rows(self.game, row))
            case Where(spec):
                card = resolve((spec,), self.game)[0]
                return Answer([narrator.where(card, self.game)])
            case NewGame(source):
                return self._new_game(source)
            case SettingCommand():
                return self._setting(command)
        return Answer(answers.unknown_command(text))  # pragma: no cover

    def _simple(self, action: Action) -> Answer:
        game = self.game
        review = answers.review(action.value, game)  # help, table, pairs …
        if review is not None:
            return Answer(review)
        match action:
            case Action.DRAW:
                return self._outcome(game.draw())
            case Action.RECYCLE:
                return self._outcome(game.recycle())
            case Action.UNDO:
                left = self.set_aside.bring_back()
                return self._outcome(game.undo()) if left is None else self._go_back(left)
            case Action.CANCEL:
                return self._cancel()
            case Action.HINT:
                return Answer(self.hints.start(game, self.settings.hint_budget))
            case Action.NEW:
                return self._new_game(None)
            case Action.REPLAY:
                return self._start(self.source, replay=True)
            case Action.KEYBOARD:
                if not self.keyboard_keys:
                    return Answer(answers.keyboard_needs_terminal())
                self.focus.keyboard_mode = True
                return Answer(answers.keyboard_mode(True))
            case Action.QUIT:
                return self._goodbye()
            case Action.REPEAT:
                return Answer(answers.repeated(self.last.lines))
            case Action.STATUS:
                elapsed, keyboard = self.timer.elapsed(), self.focus.keyboard_mode
                status = narrator.status(game, elapsed, self.source.code, keyboard_mode=keyboard)
                return Answer([status])
            case Action.PAUSE:
                self.timer.pause()
                return Answer(answers.paused())
        return Answer(answers.unknown_command(action.value))  # pragma: no cover

    # -- playing ------------------------------------------------------------------------------

    def _outcome(self, outcome: Event | Refusal) -> Answer:
        # A refusal, a selection or a cancel leaves the table as the hint saw it.
        moved = isinstance(outcome, Event) and outcome.kind not in _TABLE_UNCHANGED
        overtaken = moved and self.hints.drop()
        if isinstance(outcome, Event):
            self.set_aside.forget()
        if moved:  # the clock stops at the win, and runs again if it is undone
            if self.game.won:
                self.timer.stop()
            elif self.timer.stopped:
                self.timer.restart()
        lines = describe(outcome, self.game, self.settings.style)
        if isinstance(outcome, Event) and outcome.won:
            panel = narrator.won_panel(self.game, self.timer.elapsed(), self.source.code)
            best = self.storage.best_line(self.game.rules) if self.storage else None
            lines = answers.won(lines[0], panel, best)
        return Answer(answers.hint_dropped(lines) if overtaken else lines)

    def _touch(self, cards: tuple[Card, ...]) -> Answer:
        game = self.game
        if len(cards) == 1:
            return self._outcome(game.select(cards[0]))
        dropped = game.selected if game.selected not in cards else None
        if game.selected is not None:
            game.cancel()
        answer = self._touch_pair(cards)
        if dropped is not None:  # two typed cards replaced a selection
            answer.lines = answers.selection_replaced(answer.lines, dropped)
        return answer

    def _touch_pair(self, cards: tuple[Card, ...]) -> Answer:
        game = self.game
        first, second = cards
        outcome = game.select(first)
        if isinstance(outcome, Refusal) or outcome.kind is not EventKind.SELECT:
            # The first card was refused, or was a King and left alone.
            return self._pair_refused(outcome, first)
        self.set_aside.forget()  # the first card is selected: an action in this game
        outcome = game.select(second)
        if isinstance(outcome, Refusal) and outcome.reason is not Reason.SUM_NOT_13:
            # One line, one action: refused, it leaves nothing selected (a sum that is
            # not 13 keeps the seeds' selection, and says so).
            game.cancel()
        return self._pair_refused(outcome, second)

    def _pair_refused(self, outcome: Event | Refusal, card: Card) -> Answer:
        """The answer to a two-card line; a covered ``card`` is named, as two were typed."""
        if (
            isinstance(outcome, Refusal)
            and outcome.reason is Reason.COVERED
            and self.settings.error_help
        ):
            return Answer(answers.covered_named(card))
        return self._outcome(outcome)

    def _cancel(self) -> Answer:
        if self.hints.drop():
            return Answer(answers.hint_closed())
        return self._outcome(self.game.cancel())

    # -- new deals ----------------------------------------------------------------------------

    def _new_game(self, text: str | None) -> Answer:
        if not text:
            return self._start(random_deal(self.game.rules, self.rng))
        try:
            return self._start(named_source(text, self.game.rules))
        except BadLayoutFile:
            return Answer(answers.bad_layout_file(text))
        except BadDealCode:
            return Answer(answers.bad_deal_code(text))

    def _start(self, source: GameSource, *, replay: bool = False) -> Answer:
        self.hints.drop()
        if self.set_aside.left is None:  # else that one stays the game undo brings back
            elapsed, focus = self.timer.elapsed(), self.focus
            self.set_aside.keep(LeftGame(self.source, self.game, elapsed, focus.index, focus.heard))
        self.source = source
        self.game = self._make_game(source)
        self.timer.reset()
        self.focus.start_over()
        # Said once, as part of this answer (not spoken on its own first).
        return Answer(answers.new_deal(replay, self._opening_lines()))

    def _go_back(self, left: LeftGame) -> Answer:
        """Undo right after a new deal: the game it replaced, exactly as it was."""
        self.hints.drop()
        self.source, self.game = left.source, left.game
        self.timer.restore(left.elapsed)
        self.focus.start_over(left.focus, left.focus_heard)
        table = narrator.table_summary(self.game)
        return Answer(answers.back_to_previous(self.source.code, table))

    # -- settings -----------------------------------------------------------------------------

    def _setting(self, command: SettingCommand) -> Answer:
        before = self.settings.stored()
        answer = Answer(apply_setting(self.settings, command, self.speaker))
        if self.storage is not None:  # what changed in play is kept for next time
            self.storage.save_changes(before, self.settings.stored())
        return answer

    # -- keyboard mode: the loop's keys -------------------------------------------------------

    @property
    def keyboard_mode(self) -> bool:
        """Whether keyboard mode is on (the loop's key bindings read it)."""
        return self.focus.keyboard_mode

    def move_focus(self, direction: str) -> Answer:
        """An arrow: the card focused now (see :meth:`Focus.move`)."""
        self.timer.activity()
        return self.say(Answer(self.focus.move(self.game, direction)))

    def activate_focus(self) -> Answer:
        """Enter or Space on an empty line: select the focused card."""
        self.timer.activity()
        card = self.focus.activate(self.game)
        if card is None:
            return self.say(Answer(answers.no_focus()))
        answer = self._outcome(self.game.select(card))
        self.focus.follow(self.game, card, answer.lines)
        return self.say(answer)

    def enter_keyboard_mode(self) -> Answer:
        """F2 outside keyboard mode: enter it, announced in one sentence."""
        return self._switch_keyboard_mode(True)

    def leave_keyboard_mode(self) -> Answer:
        """F2, or a typed character that is no one-key command: leave keyboard mode,
        announced in one sentence."""
        return self._switch_keyboard_mode(False)

    def _switch_keyboard_mode(self, on: bool) -> Answer:
        self.timer.activity()
        self.focus.keyboard_mode = on
        return self.say(Answer(answers.keyboard_mode(on)))

    def escape(self) -> Answer:
        """Esc: close the hint still thinking, else cancel the selection (seed 004);
        in keyboard mode, also leave it, in one answer (Esc always leaves keyboard
        mode)."""
        self.timer.activity()
        if not self.focus.keyboard_mode:
            return self.say(self._cancel())
        self.focus.keyboard_mode = False
        off = answers.keyboard_mode(False)
        if not self.hints.pending and self.game.selected is None:
            return self.say(Answer(off))
        return self.say(Answer([*self._cancel().lines, *off]))

    def focus_lost(self) -> None:
        self.timer.pause()

    def focus_gained(self) -> None:
        self.timer.activity()

    # -- the end ------------------------------------------------------------------------------

    def _goodbye(self) -> Answer:
        """«Your game is saved» where it is (never without storage), then goodbye."""
        self.hints.drop()
        self._leaving = True
        saved = self.storage is not None and self.storage.saved_to_resume()
        return Answer(answers.goodbye(saved), quit=True)

    def farewell(self) -> Answer:
        """The end of input (Ctrl-D, or the end of piped lines): the same as ``q``."""
        answer = self._goodbye()
        if self.storage is not None:
            answer.lines.extend(self.storage.take_sentences())
        return self.say(answer)

    def close(self) -> None:
        """The program ends: the game stays saved, and the goodbye is heard to its
        end (waiting at most :data:`GOODBYE_WAIT` seconds) before the exit cuts it."""
        self.hints.drop()
        if self.storage is not None:
            self.storage.close()
        if self._leaving and self.speaker is not None and self.settings.speech:
            self.speaker.wait_idle(GOODBYE_WAIT)
