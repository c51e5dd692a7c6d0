"""One player's session: a game, the settings, and every command's answer.

:meth:`Session.handle` takes one typed line and returns one :class:`~.answer.Answer`;
nothing raises for any input, and the game changes only through the engine's
legal actions. The session parses and dispatches: :class:`~.playing.Play` plays
(moves, touches, new deals, keyboard focus), :mod:`.settings` changes a setting,
:class:`~.hinting.Hints` runs the hint off-thread, :class:`~.lesson.Lessons` runs
the lesson, :class:`~.keyboard.Keyboard` answers the loop's keys; narration words
every answer. Each answer is built once, with its cue, and handed to the front
end's :class:`~.outlet.Outlet` as it is made (:meth:`Session.say`: the terminal
speaks it and plays the cue); the front end also prints or sends what is returned.
Late answers (a slow hint, a deal's par) go out through the ``emit`` callback.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import replace

from pyramide_a11y.commands import (
    Action,
    AmbiguousCardError,
    Command,
    CommandSyntaxError,
    NewGame,
    NoSuchCardError,
    Rows,
    SetSwitch,
    SettingCommand,
    Simple,
    Switch,
    Touch,
    parse_command,
    syntax_refusal,
)
from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.cueing import SessionCues
from pyramide_a11y.core.hinting import HintFinder, Hints, default_finder
from pyramide_a11y.core.keyboard import Keyboard
from pyramide_a11y.core.lesson import Lessons
from pyramide_a11y.core.outlet import Outlet, SpeechControl
from pyramide_a11y.core.par import ParFinder, Pars, solver_par
from pyramide_a11y.core.playing import Play
from pyramide_a11y.core.resolved import Resolved, TabClock, TouchCards, WhereCard, resolve_command
from pyramide_a11y.core.settings import Settings, apply_setting
from pyramide_a11y.core.sources import GameSource
from pyramide_a11y.core.table import ClockState, MarksKept, TableState, changed_places
from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.core.turn import Turn
from pyramide_a11y.engine import Game
from pyramide_a11y.engine.view import table_view
from pyramide_a11y.i18n import catalog_in_use, get_language, in_language
from pyramide_a11y.i18n.languages import continue_words
from pyramide_a11y.narration import answers, narrator
from pyramide_a11y.narration.table_words import TableWords, table_words

GOODBYE_WAIT = 30.0
"""Seconds the exit waits at most for the goodbye to be spoken: only a safety net.
The wait ends when the goodbye's audio ends; each speech backend bounds that by the
audio itself (the player's deadline is the sound's length plus a grace, an SSIP
message must begin within seconds and end within its text's speaking time)."""
__all__ = ["GOODBYE_WAIT", "Session"]


class Session:
    """A game session. Not thread-safe: call it from the prompt's thread only
    (late hint answers come through ``emit``, which the loop makes safe)."""

    strict = False

    def __init__(
        self,
        source: GameSource,
        *,
        settings: Settings | None = None,
        outlet: Outlet | None = None,
        speech: SpeechControl | None = None,
        storage: GameStorage | None = None,
        timer: GameTimer | None = None,
        hint_finder: HintFinder | None = None,
        par_finder: ParFinder | None = None,
        emit: Callable[[Answer], None] | None = None,
        rng: random.Random | None = None,
        keyboard_keys: bool = False,
        local_files: bool = True,
    ) -> None:
        """``storage`` (autosave, saved settings, the player's best) makes every game
        and reads ``timer``, the game clock (default: a new :class:`GameTimer`),
        when it saves an action; a saved game taken up sets it to its saved time.
        ``emit`` gets, from
        another thread, the answers that come late (a hint, a deal's par once its game is over);
        ``hint_finder`` and ``par_finder`` (a deal's par) None are the solver's.
        ``outlet`` gets every answer as it is made (the terminal's speaks it and plays
        its cue; None: the answers are only returned and emitted); ``speech`` is the
        front end's speech that in-play settings change (None: it has none).
        ``keyboard_keys``: the loop has
        keys for keyboard mode (the prompt; plain lines from a pipe have none, so
        ``keyboard`` there says so). ``local_files`` False: ``new NAME`` takes deal
        codes only, never a layout file of this machine's (a page served to others).

        """
        self.settings = settings or Settings(language=get_language())
        self.outlet = outlet
        self.speech = speech
        self.storage = storage
        clock = timer or GameTimer()
        if storage is not None:  # the one clock: storage reads it, owns none
            storage.time_ms = clock.elapsed_ms
            if (seconds := storage.taken_up_seconds(source)) is not None:
                clock.restore(seconds)  # the saved game goes on from its saved time
        self.emit = emit or (lambda answer: None)
        finder = hint_finder if hint_finder is not None else default_finder()
        self.cues = SessionCues(outlet is not None and outlet.plays_cues, settings=self.settings)
        self.hints = Hints(finder, lambda lines: self.emit(self.say(Answer(self.cues.hint(lines)))))
        self.pars = Pars(
            par_finder or solver_par,
            lambda lines: self.emit(self.say(Answer(lines))),
            lambda: self.play.game,
        )
        self.play = Play(
            source,
            self.settings,
            storage=storage,
            timer=clock,
            hints=self.hints,
            rng=rng or random.Random(),
            cues=self.cues,
            pars=self.pars,
            local_files=local_files,
        )
        self.focus = self.play.focus
        self.keyboard_keys = keyboard_keys
        self.lessons = Lessons(self.play, storage.store if storage is not None else None)
        """The lesson (``learn``): while one runs, it answers every line."""
        self.keyboard = Keyboard(
            self.play, self.answer_key, lambda: self.lessons.current is not None
        )
        """The loop's keys for keyboard mode and the terminal's focus."""
        self.last = Answer()
        self._marks = MarksKept()  # the last table's places, kept while it stays
        self._turned: TableState | None = None  # the table the last turn returned
        self._worded: tuple[object, TableState, TableWords] | None = None  # its words
        self._last_read: tuple[tuple[str, str], Command | CommandSyntaxError] | None = None
        self._leaving = False  # the goodbye was said: close() lets it be heard

    # The game in play lives in ``self.play``; these reach it there.
    @property
    def game(self) -> Game:
        return self.play.game

    @property
    def source(self) -> GameSource:
        """Where the deal in play came from (its record: ``play.deal``)."""
        return self.play.deal.source

    @property
    def timer(self) -> GameTimer:
        return self.play.timer

    def view(self) -> TableState:
        """The table now, as one plain immutable value (see
        :class:`~pyramide_a11y.core.table.TableState`): what a front end shows,
        read here once so that it never reaches into the session. Call it on the
        session's thread (the player's, on a page), as any other call."""
        game, source = self.game, self.source
        position, rules = game.position, game.rules
        table = table_view(game)
        hint = self.hints.shown(position)
        partners = position.partners(table.selected, rules) if table.selected else ()
        cells, stock, waste = self._marks.marked(table, partners, hint)
        pending = self.hints.pending
        return TableState(
            rules=rules,
            code=source.code,
            cells=cells,
            stock=stock,
            waste=waste,
            table=table,
            partners=partners,
            score=position.score if rules.scoring else None,
            draw_ready=position.draw_refusal(rules) is None,
            recycle_ready=position.recycle_refusal(rules) is None,
            hint=hint,
            hint_pending=pending,
            hint_lost=self.hints.said_lost(game),
            impasse=game.impasse,
            won=game.won,
            clock=self.clock(),
            par=self.pars.known(source.layout, rules),
            waiting=pending or not self.pars.wait(0),
        )

    def clock(self) -> ClockState:
        """The game clock now (as in :meth:`view`, without reading the table)."""
        timer = self.timer
        return ClockState(timer.elapsed(), timer.paused, timer.stopped)

    @property
    def unsaved(self) -> bool:
        """The game in play holds moves (or its record) not saved yet."""
        saved = self.play.deal.saved
        return saved is not None and saved.unsaved

    def speaking(self) -> AbstractContextManager[str]:
        """This session's language, entered for one call (see ``pyramide_a11y.i18n``):
        every sentence of the call is worded in it, and two sessions in one process
        never hear each other's language."""
        return in_language(self.settings.language)

    def say(self, answer: Answer) -> Answer:
        """``answer`` made: its cue given, remembered for repeat, and delivered to the
        outlet (which may add what the player must know about the delivery)."""
        if answer.lines:
            answer.cue = self.cues.take()
            if self.outlet is not None:
                self.outlet.deliver(answer, self.settings)
            self.last = answer
        self._leaving = self._leaving or answer.quit  # close() lets the goodbye be heard
        self.pars.start_waiting()  # a win's par is searched for once the win was said
        return answer

    def opening(self) -> Answer:
        """The preset, the deal code and the opening position, briefly; or the
        offer to continue the saved game; or the lesson's opening. Spoken."""
        with self.speaking():
            if self.lessons.current is not None:
                return self.say(self.lessons.current.opening())
            return self.say(Answer(self.play.opening_lines()))

    # -- one line ---------------------------------------------------------------------------

    def resolve(self, command: Command) -> Resolved:
        """``command`` resolved on the table of the game in play (see
        :func:`~pyramide_a11y.core.resolved.resolve_command`), ready for
        :meth:`perform`.

        Raises:
            NoSuchCardError: a rank alone that no playable card has.
            AmbiguousCardError: a rank alone that several playable cards have.
        """
        return resolve_command(command, self.game)

    def handle(self, line: str) -> Answer:
        """The answer to one typed line, in the session's language. Never raises.
        The line is read (:func:`~pyramide_a11y.commands.parse_command`), resolved
        (:meth:`resolve`) and performed as :meth:`perform` does, once each; a line
        a lesson, a question ("which one?") or a pause waits for is answered there
        first, and a line that does not read or resolve gets its one sentence."""
        with self.speaking():
            return self._guarded(line, lambda: self._handle(line))

    def perform(self, command: Resolved) -> Answer:
        """The answer to one command given already resolved (a button on a page:
        nothing worded in the player's language to be parsed back), in the
        session's language, through the same guard as a typed line. Never raises.
        While the lesson runs it answers typed lines only, and says so.
        :class:`~pyramide_a11y.core.resolved.TabClock` is silent: it moves the clock
        only, and the news for the player waits for the next answer."""
        with self.speaking():
            if isinstance(command, TabClock):
                return self._guarded("", lambda: self._clock(command), news=False)
            return self._guarded("", lambda: self._performed(command))

    def turn(self, command: Resolved | str | None = None) -> Turn:
        """One request of a front end that shows the table, in one call (see
        :mod:`~pyramide_a11y.core.turn`): ``command`` done as :meth:`perform` does
        a resolved command and :meth:`handle` a typed line (None: nothing done, the
        table read for a page shown again), then the table after it, read as
        :meth:`view` reads it and worded in the session's language as it is
        after the command. The command goes through their guard (a fault is one
        sentence, never an exception); the turn's :attr:`~.turn.Turn.changed`
        compares with the table this method last returned."""
        if command is None:
            answer = Answer()
        elif isinstance(command, str):
            answer = self.handle(command)
        else:
            answer = self.perform(command)
        with self.speaking():
            state = self.view()
            words = self._words_for(state)
        before, self._turned = self._turned, state
        return Turn(
            lines=tuple(answer.printed),
            quit=answer.quit,
            table=state,
            words=words,
            changed=changed_places(before, state),
            unsaved=self.unsaved,
            language=self.settings.language,
        )

    def quick_turn(self, line: str) -> Turn | None:
        """:meth:`turn` of a typed ``line`` whose answer is the same whatever the
        game and changes nothing a store keeps; None, with nothing done, for any
        other line. Such a line does not read as a command (its one sentence:
        :func:`~pyramide_a11y.commands.syntax_refusal`) and comes while no lesson,
        question or walk waits for a line. A front end sharing the player's store
        with other processes may answer it without a turn there, when it knows
        none of them wrote since (the web's quick path)."""
        if not self.answers_at_once(line):
            return None
        return self.turn(line)

    def answers_at_once(self, line: str) -> bool:
        """Whether :meth:`quick_turn` would answer ``line`` (a line that is no
        command, read in the session's language, while nothing waits for a line);
        False for a command. Changes nothing: the line read is kept, so the turn
        that follows reads it from memory (a front end asks this first, and looks
        at its store only for a line it may answer at once)."""
        text = line.strip()
        if not text or self.lessons.current is not None or self.play.awaits_line:
            return False
        if text.lower() in continue_words():  # carries a pause or an offer on
            return False
        return isinstance(self._read(text), CommandSyntaxError)

    def _read(self, text: str) -> Command | CommandSyntaxError:
        """``text`` read as a command in the session's language, or why it is none.
        The last reading is kept: :meth:`quick_turn` reads a line, then
        :meth:`turn` reads it again (reading is pure: the same text and language
        read the same)."""
        key = (text, self.settings.language)
        if self._last_read is not None and self._last_read[0] == key:
            return self._last_read[1]
        try:
            read: Command | CommandSyntaxError = parse_command(text, self.settings.language)
        except CommandSyntaxError as err:
            read = err
        self._last_read = (key, read)
        return read

    def _words_for(self, state: TableState) -> TableWords:
        """``state`` in words: the last turn's words again when only the clock moved
        and the catalog is the same (a page polled while a hint thinks, a refused
        command: the table as it was costs one comparison, not 28 places worded).
        The words read the clock only on a won table, whose clock is stopped."""
        key = catalog_in_use()
        last = self._worded if self._worded is not None and self._worded[0] == key else None
        if last is not None and last[1] == replace(state, clock=last[1].clock):
            return last[2]
        # The places a move left alone keep their words (in the same language only).
        words = table_words(state, (last[1], last[2]) if last is not None else None)
        self._worded = (key, state, words)
        return words

    def answer_key(self, act: Callable[[], list[str]]) -> Answer:
        """What a key of keyboard mode did (``act``'s lines, from :class:`Keyboard`) as
        this session's answer: in its language, through the same guard as a typed
        line (a fault is one sentence, never the end of the game), with the news
        that came meanwhile; spoken."""
        with self.speaking():
            try:
                answer = Answer(act())
            except Exception:
                if self.strict:
                    raise
                answer = Answer(answers.unknown_command(""))
            self._add_notices(answer)
            return self.say(answer)

    def _add_notices(self, answer: Answer) -> None:
        """The news that came with this answer, after it (``Answer.notices``)."""
        answer.notices.extend(self.play.take_notices())
        if self.storage is not None:  # a full disk, saving again …: said after
            answer.notices.extend(self.storage.take_sentences(self.play.deal.saved))

    def _performed(self, command: Resolved) -> Answer:
        if self.lessons.current is not None:
            return Answer(answers.lesson_keys())
        self.play.answer_choice("")  # a "which one?" asked before is dropped
        return self._command(command, "")

    def _guarded(self, line: str, act: Callable[[], Answer], *, news: bool = True) -> Answer:
        try:
            focused = self.focus.focused(self.game)
            key = self.keyboard.take_pressed(line)
            answer = act()
            if key is not None:  # a one-key command: its answer names the key first
                answer.lines[:1] = answers.key_pressed(key, answer.lines[:1])
            if news:
                self._add_notices(answer)
            self.focus.follow(self.game, focused, answer.lines)
            return self.say(answer)
        except Exception:
            # The last guard: a fault must not end the player's game. Tests set
            # ``strict`` so that a fault fails them instead of hiding here.
            if self.strict:
                raise
            return self.say(Answer(answers.unknown_command(line.strip())))

    def _handle(self, line: str) -> Answer:
        if self.lessons.current is not None:
            return self.lessons.handle(line)
        text = line.strip()
        if (picked := self.play.answer_choice(text)) is not None:
            return Answer(picked)
        if (carried_on := self.play.carry_on(text)) is not None:
            return Answer(carried_on)
        command = self._read(text)
        if isinstance(command, CommandSyntaxError):
            return Answer(syntax_refusal(command, text, self.settings.language))
        try:
            resolved = self.resolve(command)
        except (NoSuchCardError, AmbiguousCardError) as err:
            typed = command.cards if isinstance(command, Touch) else ()
            return Answer(self.play.unresolved(err, typed))
        return self._command(resolved, text)

    def _clock(self, command: TabClock) -> Answer:
        """The window hidden or shown again: the clock paused or running on."""
        self.play.tab_clock(command.hidden)
        return Answer()

    def _command(self, command: Resolved, text: str) -> Answer:
        """What ``command`` (typed as ``text``, or given already resolved) does."""
        match command:
            case Simple(action):
                return self._simple(action)
            case TouchCards(cards):
                return Answer(self.play.touch(cards))
            case Rows(row):
                return Answer(narrator.rows(self.game, row))
            case WhereCard(card):
                return Answer([narrator.where(card, self.game)])
            case NewGame(source):
                return Answer(self.play.new_game(source))
            case SettingCommand():
                return self._setting(command)
        return Answer(answers.unknown_command(text))  # pragma: no cover

    def _simple(self, action: Action) -> Answer:
        match action:
            case Action.KEYBOARD:
                return Answer(self.play.keyboard_command(self.keyboard_keys))
            case Action.QUIT:
                return self._goodbye()
            case Action.REPEAT:
                return Answer(answers.repeated(self.last.lines))
            case Action.LEARN:
                return self.lessons.start()
        return Answer(self.play.act(action))

    def _setting(self, command: SettingCommand) -> Answer:
        before = self.settings.stored()
        if isinstance(command, SetSwitch) and command.name is Switch.SOUNDS:
            self.settings.sounds = command.on
            answer = Answer([self.cues.switch(command.on)])
        else:
            answer = Answer(apply_setting(self.settings, command, self.speech))
        if self.storage is not None:  # what changed in play is kept for next time
            self.storage.save_changes(before, self.settings.stored())
        return answer

    # -- the end ------------------------------------------------------------------------------

    def _goodbye(self) -> Answer:
        """«Your game is saved» where it is (never without storage), then goodbye."""
        self.hints.drop()
        saved = self.storage is not None and self.storage.saved_to_resume(self.play.deal.saved)
        return Answer(answers.goodbye(saved), quit=True)

    def interrupted(self) -> Answer:
        """Ctrl-C at the prompt: the line typed is dropped, nothing else; one sentence
        says so and how to quit. Spoken."""
        with self.speaking():
            return self.say(Answer(answers.interrupted()))

    def farewell(self) -> Answer:
        """The end of input (Ctrl-D, or the end of piped lines): the same as ``q``."""
        with self.speaking():
            answer = self._goodbye()
            if self.storage is not None:
                answer.lines.extend(self.storage.take_sentences(self.play.deal.saved))
            return self.say(answer)

    def let_go(self) -> None:
        """This session is dropped without a word to its store (a newer one takes
        the same game up from the store: another server process played it since):
        its hint and its par searches end, nothing is saved or closed."""
        self.hints.drop()
        self.pars.close()

    def close(self) -> None:
        """The program ends: the game stays saved, and the goodbye is heard to its
        end (waiting at most :data:`GOODBYE_WAIT` seconds) before the exit cuts it."""
        self.hints.drop()
        self.pars.close()
        if self.storage is not None:
            with self.speaking():
                self.storage.close(self.play.deal.saved, self.play.set_aside.handles())
        if self.outlet is not None:
            self.outlet.close(goodbye=self._leaving and self.settings.speech)
