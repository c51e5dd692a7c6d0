"""One player's session: a game, the settings, and every command's answer.

:meth:`Session.handle` takes one typed line and returns one :class:`Answer`;
nothing raises for any input, and the game changes only through the engine's
legal actions. The prompt loops (``loop.py``) print and speak the answers; the
session itself does no I/O except through the ``emit`` callback it is given for
late answers (a hint that took a while).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pyramide_a11y.commands import (
    Action,
    AmbiguousCardError,
    CommandSyntaxError,
    NewGame,
    NoSuchCardError,
    Rows,
    Setting,
    Simple,
    Touch,
    Where,
    parse_command,
    resolve,
)
from pyramide_a11y.engine import (
    Card,
    DealCode,
    DealCodeError,
    Event,
    EventKind,
    Game,
    Reason,
    Refusal,
    RemoveKing,
    RemovePair,
    Rules,
    parse_code,
)
from pyramide_a11y.engine.dealcode import LETTERS
from pyramide_a11y.engine.geometry import ROW_COL
from pyramide_a11y.i18n import DEFAULT_LANGUAGE, get_language, set_language
from pyramide_a11y.i18n.languages import (
    brief_words,
    continue_words,
    full_words,
    language_named,
    no_words,
    reader_words,
    yes_words,
)
from pyramide_a11y.narration import (
    Style,
    Verbosity,
    card_name,
    describe,
    join,
    narrator,
    rank_name,
)
from pyramide_a11y.narration import help as help_text
from pyramide_a11y.narration import messages as m
from pyramide_a11y.speech.base import Speaker

from . import records_text
from .autosave import GameStorage
from .hinting import QUICK_WAIT, HintFinder, HintJob, HintLike, default_finder
from .sources import GameSource, SourceError, coded_source, read_layout_file
from .speaking import take_speech_sentences, use_screen_reader
from .timer import GameTimer

GOODBYE_WAIT = 3.0
"""Seconds the exit waits at most for the goodbye to be spoken."""
_TABLE_UNCHANGED = (EventKind.SELECT, EventKind.CANCEL)
RATE_RANGE = (80, 450)
THINK_RANGE = (0.5, 60.0)


@dataclass
class Settings:
    """What the player can change in play."""

    language: str = DEFAULT_LANGUAGE
    verbosity: Verbosity = Verbosity.BRIEF
    speech: bool = True
    speech_route: str = "auto"
    """What speaks when speech is on: ``auto``, ``screen-reader`` or a backend."""
    rate: int = 175
    error_help: bool = True
    hint_budget: float = 2.0

    @property
    def style(self) -> Style:
        return Style(self.verbosity, self.error_help)

    def stored(self) -> dict[str, str | int | float | bool]:
        """The settings as the storage keeps them (see ``storage.settings``)."""
        return {
            "language": self.language,
            "verbosity": self.verbosity.value,
            "speech": self.speech_route if self.speech else "none",
            "rate": self.rate,
            "error_help": self.error_help,
            "hint_budget": self.hint_budget,
        }


@dataclass
class Answer:
    """The lines that answer one command; ``quit`` ends the session."""

    lines: list[str] = field(default_factory=list)
    quit: bool = False

    @property
    def text(self) -> str:
        return " ".join(self.lines)


def random_deal(rules: Rules, rng: random.Random | None = None) -> GameSource:
    """A new deal under ``rules``, with its code where the rules can be coded."""
    number = (rng or random.Random()).randrange(26**LETTERS)
    return coded_source(DealCode(rules, number))


@dataclass
class LeftGame:
    """A game left for a new deal or a replay, kept while undo can bring it back:
    until the player plays an action in the new game."""

    source: GameSource
    game: Game
    elapsed: float
    focus: int
    focus_heard: bool


class Session:
    """A game session. Not thread-safe: call it from the prompt's thread only
    (late hint answers come through ``emit``, which the loop makes safe)."""

    strict = False
    storage: GameStorage | None = None
    """Autosave, saved settings and the player's best (set by ``play``); with it,
    make the session with ``game_factory=storage.game_factory``."""
    keyboard_keys = False
    """Whether the loop has keys for keyboard mode (the prompt sets it; plain lines
    from a pipe have none, so ``keyboard`` there says so)."""

    def __init__(
        self,
        source: GameSource,
        *,
        settings: Settings | None = None,
        speaker: Speaker | None = None,
        timer: GameTimer | None = None,
        hint_finder: HintFinder | None = None,
        emit: Callable[[Answer], None] | None = None,
        rng: random.Random | None = None,
        game_factory: Callable[[GameSource], Game] | None = None,
    ) -> None:
        self.settings = settings or Settings(language=get_language())
        set_language(self.settings.language)
        self.speaker = speaker
        self.timer = timer or GameTimer()
        self.hint_finder = hint_finder if hint_finder is not None else default_finder()
        self.emit = emit or (lambda answer: None)
        self.rng = rng or random.Random()
        # Where storage hooks in: every game the session plays is made here.
        self.game_factory = game_factory or (lambda s: Game(s.layout, s.rules))
        self.source = source
        self.game = self.game_factory(source)
        self.last = Answer()
        self.focus: int = 0
        self.focus_heard = False
        """Whether an arrow has spoken the focus in this deal yet."""
        self.keyboard_mode = False
        """Keyboard mode (seed 004's one-key controls), entered only on purpose: the
        command ``keyboard``/``teclado`` or F2; left by Escape, F2 or a typed word."""
        self._hint: HintJob | None = None
        self._lock = threading.Lock()
        self.left: LeftGame | None = None
        """The game the last new deal replaced, while ``u`` can bring it back."""
        self._leaving = False  # the goodbye was said: close() lets it be heard

    # -- speaking -----------------------------------------------------------------------

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

    # -- the start --------------------------------------------------------------------------

    def opening(self) -> Answer:
        """The preset, the deal code and the opening position, briefly; or the
        offer to continue the saved game."""
        notices = self.storage.take_sentences() if self.storage else []
        if self.storage is not None and self.storage.offer is not None:
            offer = records_text.saved_game_offer(self.storage.offer)
            return self.say(Answer([*notices, offer, narrator.table_summary(self.game)]))
        rules = self.game.rules
        first = [
            m.starting(m.rules_with_variants(rules), rules.passes),
            m.deal_code(self.source.code) if self.source.code else m.no_deal_code(),
            m.help_hint(),
        ]
        return self.say(Answer([*notices, join(first), narrator.table_summary(self.game)]))

    # -- one line ---------------------------------------------------------------------------

    def handle(self, line: str) -> Answer:
        """The answer to one typed line. Never raises."""
        try:
            focused = self._focused()
            answer = self._handle(line)
            if self.storage is not None:  # a full disk, saving again …: said after
                answer.lines.extend(self.storage.take_sentences())
            self._follow_focus(focused, answer)
            return self.say(answer)
        except Exception:
            # The last guard: a fault must not end the player's game. Tests set
            # ``strict`` so that a fault fails them instead of hiding here.
            if self.strict:
                raise
            return self.say(Answer([join([m.unknown_command(line.strip())])]))

    def _handle(self, line: str) -> Answer:
        resumed = self.timer.activity()
        text = line.strip()
        if not text:
            if resumed:
                return Answer([join([m.resumed()])])
            return Answer([narrator.table_summary(self.game)])
        if text.lower() in continue_words():  # the offer at start, or after a pause
            if self.storage is not None and self.storage.accept_offer():
                continuing = join([records_text.continuing()])
                return Answer([continuing, narrator.table_summary(self.game)])
            if resumed:
                return Answer([join([m.resumed()])])
            return Answer([narrator.table_summary(self.game)])
        try:
            command = parse_command(text, self.settings.language)
        except CommandSyntaxError as err:
            if err.too_many:
                return Answer([join([m.too_many_cards()])])
            if err.row:
                return Answer([join([m.no_such_row()])])
            if err.suit:
                return Answer([join([m.where_needs_suit(err.text)])])
            if err.letter and err.rank is not None:
                return Answer([join([m.letter_alone(rank_name(err.rank))])])
            if err.card:
                return Answer([join([m.not_a_card(err.text)])])
            return Answer([join([m.unknown_command(text)])])
        match command:
            case Simple(action):
                return self._simple(action)
            case Touch(cards):
                try:
                    resolved = resolve(cards, self.game)
                except NoSuchCardError as err:
                    return Answer([join([m.no_playable_rank(rank_name(err.rank))])])
                except AmbiguousCardError as err:
                    return Answer([join([m.ambiguous(err.candidates)])])
                return self._touch(resolved)
            case Rows(row):
                return Answer(narrator.rows(self.game, row))
            case Where(spec):
                card = resolve((spec,), self.game)[0]
                return Answer([narrator.where(card, self.game)])
            case NewGame(source):
                return self._new_game(source)
            case Setting(name, value):
                return self._setting(name, value)
        return Answer([join([m.unknown_command(text)])])  # pragma: no cover

    # -- playing ------------------------------------------------------------------------------

    def _outcome(self, outcome: Event | Refusal) -> Answer:
        # A refusal, a selection or a cancel leaves the table as the hint saw it.
        moved = isinstance(outcome, Event) and outcome.kind not in _TABLE_UNCHANGED
        overtaken = moved and self._drop_hint()
        if isinstance(outcome, Event):
            self._forget_left()
        if moved:
            self._clock_follows_the_win()
        if isinstance(outcome, Event) and outcome.won:
            lines = describe(outcome, self.game, self.settings.style)
            panel = narrator.won_panel(self.game, self.timer.elapsed(), self.source.code)
            best = self.storage.best_line(self.game.rules) if self.storage else None
            if best is not None:  # the panel's facts, then the player's best
                panel.insert(2, join([best]))
            lines = [lines[0], *panel]
        else:
            lines = describe(outcome, self.game, self.settings.style)
        if overtaken:  # said, not lost: right after what happened
            lines.insert(1, join([m.hint_dropped()]))
        return Answer(lines)

    def _clock_follows_the_win(self) -> None:
        """The clock stops at the win (``status`` then gives the final time) and
        runs again if the winning move is undone."""
        if self.game.won:
            self.timer.stop()
        elif self.timer.stopped:
            self.timer.restart()

    def _touch(self, cards: tuple[Card, ...]) -> Answer:
        game = self.game
        if len(cards) == 1:
            return self._outcome(game.select(cards[0]))
        dropped = game.selected if game.selected not in cards else None
        if game.selected is not None:
            game.cancel()
        answer = self._touch_pair(cards)
        if dropped is not None and answer.lines:  # two typed cards replaced a selection
            answer.lines[0] = join([answer.lines[0], m.selection_dropped(dropped)])
        return answer

    def _touch_pair(self, cards: tuple[Card, ...]) -> Answer:
        game = self.game
        first, second = cards
        outcome = game.select(first)
        if isinstance(outcome, Refusal) or outcome.kind is not EventKind.SELECT:
            # The first card was refused, or was a King and left alone.
            return self._pair_refused(outcome, first)
        self._forget_left()  # the first card is selected: an action in this game
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
            return Answer([join([m.covered_named(card)])])
        return self._outcome(outcome)

    def _simple(self, action: Action) -> Answer:
        game = self.game
        match action:
            case Action.DRAW:
                return self._outcome(game.draw())
            case Action.RECYCLE:
                return self._outcome(game.recycle())
            case Action.UNDO:
                if self.left is not None:
                    return self._go_back()
                return self._outcome(game.undo())
            case Action.CANCEL:
                return self._cancel()
            case Action.HINT:
                return self._start_hint()
            case Action.NEW:
                return self._new_game(None)
            case Action.REPLAY:
                return self._start(self.source, m.replaying())
            case Action.HELP:
                return Answer(help_text.help_lines())
            case Action.KEYS:
                return Answer(help_text.keys_lines())
            case Action.KEYBOARD:
                if not self.keyboard_keys:
                    return Answer([join([m.keyboard_needs_terminal()])])
                self.keyboard_mode = True
                return Answer([join([m.keyboard_mode_on()])])
            case Action.RULES:
                return Answer(help_text.rules_lines(game.rules))
            case Action.QUIT:
                return self._goodbye()
            case Action.REPEAT:
                return Answer(list(self.last.lines) or [join([m.nothing_to_repeat()])])
            case Action.TABLE:
                return Answer([narrator.table_summary(game)])
            case Action.FREE:
                return Answer([join([m.free_cards(game.position.free_cards())])])
            case Action.PILES:
                return Answer([narrator.piles(game)])
            case Action.PAIRS:
                return Answer([narrator.playable(game)])
            case Action.STATUS:
                elapsed = self.timer.elapsed()
                keyboard = self.keyboard_mode
                return Answer(
                    [narrator.status(game, elapsed, self.source.code, keyboard_mode=keyboard)]
                )
            case Action.PAUSE:
                self.timer.pause()
                return Answer([join([m.paused()])])
        return Answer([join([m.unknown_command(action.value)])])  # pragma: no cover

    # -- new deals ----------------------------------------------------------------------------

    def _start(self, source: GameSource, first: str) -> Answer:
        self._drop_hint()
        if self.left is None:
            # Kept for undo. A new deal not played yet is simply replaced: undo
            # then goes back to the game before it.
            self.left = LeftGame(
                self.source, self.game, self.timer.elapsed(), self.focus, self.focus_heard
            )
            if self.storage is not None:
                self.storage.set_aside()
        self.source = source
        self.game = self.game_factory(source)
        self.timer.reset()
        self.focus = 0
        self.focus_heard = False
        opening = self.opening()
        return Answer([join([first, m.go_back_hint()]), *opening.lines])

    def _go_back(self) -> Answer:
        """Undo right after a new deal: the game it replaced, exactly as it was."""
        left, self.left = self.left, None
        assert left is not None
        self._drop_hint()
        if self.storage is not None:
            self.storage.bring_back()
        self.source, self.game = left.source, left.game
        self.timer.restore(left.elapsed)
        self.focus, self.focus_heard = left.focus, left.focus_heard
        code = self.source.code
        first = [m.back_to_previous(), m.deal_code(code) if code else m.no_deal_code()]
        return Answer([join(first), narrator.table_summary(self.game)])

    def _forget_left(self) -> None:
        """The player moved on in the new game: the one left cannot come back."""
        if self.left is not None:
            self.left = None
            if self.storage is not None:
                self.storage.drop_left()

    def _new_game(self, text: str | None) -> Answer:
        rules = self.game.rules
        if not text:
            return self._start(random_deal(rules, self.rng), m.new_deal())
        path = Path(text).expanduser()
        if path.is_file():
            try:
                layout = read_layout_file(path)
                chosen = layout.rules or rules
                layout.validate(chosen)
            except (SourceError, ValueError):
                return Answer([join([m.bad_layout_file(text)])])
            return self._start(GameSource(layout, chosen, None), m.new_deal())
        try:
            source = coded_source(parse_code(text))
        except (DealCodeError, ValueError):
            return Answer([join([m.bad_deal_code(text)])])
        return self._start(source, m.new_deal())

    # -- settings -----------------------------------------------------------------------------

    def _setting(self, name: str, value: str) -> Answer:
        before = self.settings.stored()
        answer = self._change_setting(name, value)
        if self.storage is not None:  # what changed in play is kept for next time
            self.storage.save_changes(before, self.settings.stored())
        return answer

    def _change_setting(self, name: str, value: str) -> Answer:
        settings = self.settings
        word = value.strip()
        if name == "language":
            chosen = language_named(word)
            if not word:
                return Answer([join([m.choose_language()])])
            if chosen is None:
                return Answer([join([m.unknown_language(value)])])
            settings.language = set_language(chosen)
            if self.speaker is not None:
                self.speaker.set_language(settings.language)
            return Answer([join([m.language_set()])])
        if name == "verbosity":
            if word in brief_words():
                settings.verbosity = Verbosity.BRIEF
                return Answer([join([m.verbosity_brief()])])
            if word in full_words():
                settings.verbosity = Verbosity.FULL
                return Answer([join([m.verbosity_full()])])
            return Answer([join([m.bad_setting()])])
        if name in ("speech", "errors"):
            if name == "speech" and word in reader_words():
                settings.speech, settings.speech_route = True, "screen-reader"
                return Answer([join([use_screen_reader(self.speaker)])])
            if word not in yes_words() | no_words():
                bad = m.bad_speech_switch() if name == "speech" else m.bad_errors_switch()
                return Answer([join([bad])])
            on = word in yes_words()
            if name == "speech":
                settings.speech, settings.speech_route = on, "auto"
                if self.speaker is not None and on:
                    self.speaker.retry()  # also after it gave up: try it again
                elif self.speaker is not None:
                    self.speaker.stop()
                return Answer([join([m.speech_on() if on else m.speech_off()])])
            settings.error_help = on
            return Answer([join([m.error_help_on() if on else m.error_help_off()])])
        if name == "rate":
            if not word.isdigit() or not RATE_RANGE[0] <= int(word) <= RATE_RANGE[1]:
                return Answer([join([m.bad_rate()])])
            settings.rate = int(word)
            if self.speaker is not None:
                self.speaker.set_rate(settings.rate)
            return Answer([join([m.rate_set(settings.rate)])])
        try:
            seconds = float(word.replace(",", "."))
        except ValueError:
            seconds = -1.0
        if not THINK_RANGE[0] <= seconds <= THINK_RANGE[1]:
            return Answer([join([m.bad_think(*THINK_RANGE)])])
        settings.hint_budget = seconds
        return Answer([join([m.hint_budget_set(seconds)])])

    # -- hints --------------------------------------------------------------------------------

    def _drop_hint(self) -> bool:
        """Cancel the hint still thinking, if any; True when one was dropped."""
        with self._lock:  # the delivering thread takes the job under the same lock
            job, self._hint = self._hint, None
        if job is None:
            return False
        job.cancel()
        return True

    def _start_hint(self) -> Answer:
        if self.game.won:  # the solver would find no move and call it an impasse
            return Answer([join([m.refusal(Reason.GAME_WON, ())])])
        if self.hint_finder is None:
            return Answer([join([m.no_hints()])])
        self._drop_hint()
        job = HintJob(self.hint_finder, self.game, self.settings.hint_budget)
        self._hint = job
        if job.wait(QUICK_WAIT):
            self._hint = None
            return self._hint_answer(job)

        def deliver() -> None:
            job.wait(self.settings.hint_budget + 30.0)
            with self._lock:
                if self._hint is not job or job.cancelled.is_set():
                    return
                self._hint = None
            self.emit(self.say(self._hint_answer(job)))

        threading.Thread(target=deliver, name="hint-deliver", daemon=True).start()
        return Answer([join([m.searching()])])

    def _hint_answer(self, job: HintJob) -> Answer:
        hint: HintLike | None = job.result
        if hint is None:
            return Answer([join([m.no_hints()])])
        kind = hint.kind.value
        move = hint.move
        if kind == "move" and isinstance(move, RemovePair):
            return Answer([join([m.hint_pair(move.first, move.second)])])
        if kind == "move" and isinstance(move, RemoveKing):
            return Answer([join([m.hint_king(move.card)])])
        if kind == "draw":
            return Answer([join([m.hint_draw()])])
        if kind == "recycle":
            return Answer([join([m.hint_recycle()])])
        if kind == "lost":
            return Answer([join([m.hint_lost()])])  # its exits are in the sentence
        return Answer([narrator.impasse_line()])

    # -- keyboard mode ------------------------------------------------------------------------

    def _focusable(self) -> list[Card]:
        return list(self.game.position.playable_cards(self.game.rules))

    def move_focus(self, direction: str) -> Answer:
        """Left/right: previous/next playable card; up/down: the nearest playable card
        in the row above/below (the piles count as a row under the pyramid)."""
        self.timer.activity()
        cards = self._focusable()
        if not cards:
            return self.say(Answer([join([m.no_focus()])]))
        index = min(self.focus, len(cards) - 1)
        if not self.focus_heard and direction in ("right", "left"):
            # The first arrow of a deal says the first card (or, leftwards, the last)
            # rather than step over a card the player never heard.
            index = 0 if direction == "right" else len(cards) - 1
        elif direction == "right":
            index = (index + 1) % len(cards)
        elif direction == "left":
            index = (index - 1) % len(cards)
        else:
            moved = self._row_step(cards, index, 1 if direction == "down" else -1)
            if moved == index and self.focus_heard:
                # No row that way: say so, or the same card again sounds like a move.
                name = self._focus_name(cards[index])
                edge = m.nothing_below(name) if direction == "down" else m.nothing_above(name)
                return self.say(Answer([narrator.sentence(edge)]))
            index = moved
        self.focus = index
        self.focus_heard = True
        return self.say(Answer([narrator.sentence(self._focus_name(cards[index]))]))

    def _focus_name(self, card: Card) -> str:
        """The focused card, and its pile when it is not in the pyramid."""
        position = self.game.position
        if card in position.pyramid:
            return card_name(card)
        if card == position.waste_top:
            return m.waste_top(card)
        if card == self.game.stock_top:
            return m.stock_top(card)
        return card_name(card)

    def _row_step(self, cards: list[Card], index: int, step: int) -> int:
        pyramid = self.game.position.pyramid

        def row_of(card: Card) -> int:
            return ROW_COL[pyramid.index(card)][0] if card in pyramid else 7

        here = row_of(cards[index])
        rows = sorted({row_of(c) for c in cards})
        targets = [r for r in rows if (r - here) * step > 0]
        if not targets:
            return index
        target = min(targets, key=lambda r: abs(r - here))
        return next(i for i, c in enumerate(cards) if row_of(c) == target)

    def activate_focus(self) -> Answer:
        """Enter or Space on an empty line: select the focused card."""
        cards = self._focusable()
        if not cards:
            self.timer.activity()
            return self.say(Answer([join([m.no_focus()])]))
        card = cards[min(self.focus, len(cards) - 1)]
        self.timer.activity()
        self.focus_heard = True  # Enter acts on this card, so it is the focus now
        answer = self._outcome(self.game.select(card))
        self._follow_focus(card, answer)
        return self.say(answer)

    def _focused(self) -> Card | None:
        """The focused card, once an arrow has said one in this deal."""
        cards = self._focusable()
        if not cards or not self.focus_heard:
            return None
        return cards[min(self.focus, len(cards) - 1)]

    def _follow_focus(self, focused: Card | None, answer: Answer) -> None:
        """Keep the focus on ``focused`` after an action; when that card left play, the
        focus goes to the card now in its place, and in keyboard mode ``answer`` ends
        by naming it (the player did not move it)."""
        if focused is None or not self.focus_heard:
            return  # nothing was focused, or a new deal started over
        cards = self._focusable()
        if focused in cards:
            self.focus = cards.index(focused)
            return
        self.focus = min(self.focus, max(0, len(cards) - 1))
        if not self.keyboard_mode:
            return
        if not cards:
            answer.lines.append(join([m.no_focus()]))
        else:
            name = self._focus_name(cards[self.focus])
            answer.lines.append(join([m.focus_moved(name)]))

    def enter_keyboard_mode(self) -> Answer:
        """F2 outside keyboard mode: enter it, announced in one sentence."""
        self.timer.activity()
        self.keyboard_mode = True
        return self.say(Answer([join([m.keyboard_mode_on()])]))

    def leave_keyboard_mode(self) -> Answer:
        """F2, or a typed character that is no one-key command: leave keyboard mode,
        announced in one sentence."""
        self.timer.activity()
        self.keyboard_mode = False
        return self.say(Answer([join([m.keyboard_mode_off()])]))

    def escape(self) -> Answer:
        """Esc: close the hint still thinking, else cancel the selection (seed 004);
        in keyboard mode, also leave it, in one answer (Esc always leaves keyboard
        mode)."""
        self.timer.activity()
        if not self.keyboard_mode:
            return self.say(self._cancel())
        self.keyboard_mode = False
        off = join([m.keyboard_mode_off()])
        if self._hint is None and self.game.selected is None:
            return self.say(Answer([off]))
        answer = self._cancel()
        return self.say(Answer([*answer.lines, off]))

    def _cancel(self) -> Answer:
        if self._drop_hint():
            return Answer([join([m.hint_closed()])])
        return self._outcome(self.game.cancel())

    # -- the end ------------------------------------------------------------------------------

    def _goodbye(self) -> Answer:
        """«Your game is saved» where it is (never without storage), then goodbye."""
        self._drop_hint()
        self._leaving = True
        parts = [m.game_saved()] if self.storage and self.storage.saved_to_resume() else []
        return Answer([join([*parts, m.goodbye()])], quit=True)

    def farewell(self) -> Answer:
        """The end of input (Ctrl-D, or the end of piped lines): the same as ``q``."""
        answer = self._goodbye()
        if self.storage is not None:
            answer.lines.extend(self.storage.take_sentences())
        return self.say(answer)

    def focus_lost(self) -> None:
        self.timer.pause()

    def focus_gained(self) -> None:
        self.timer.activity()

    def close(self) -> None:
        """The program ends: the game stays saved, and the goodbye is heard to its
        end (waiting at most :data:`GOODBYE_WAIT` seconds) before the exit cuts it."""
        self._drop_hint()
        if self.storage is not None:
            self.storage.close()
        if self._leaving and self.speaker is not None and self.settings.speech:
            self.speaker.wait_idle(GOODBYE_WAIT)
