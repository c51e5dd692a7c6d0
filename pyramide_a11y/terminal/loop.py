"""The two ways of talking to the player: a prompt_toolkit ``PromptSession`` when
standard input and output are both terminals, plain lines otherwise.

Both print each answer as plain lines in reading order (no colour, toolbar,
completion menu or full-screen layout) and let the session speak it.

Typed text is always read as a whole line: no key outside keyboard mode turns a
letter into a command. Up and Down are the prompt's history; on an empty line,
Left and Right say the playable cards one by one (a reading aid; Enter still
sends the line); Escape on an empty line cancels the selection.

The prompt adds keyboard mode (the one-key controls of the rules of
``paciencia``), which the player
enters on purpose with the command ``keyboard``/``teclado`` or F2, and the
session keeps (``Session.keyboard``, which the key bindings call). In it the arrows move the focus
among the playable cards (Up and Down change row), Enter or Space selects the
focused card, and ``u h n d r`` act at once, echoed on the line. Escape always
leaves it (cancelling a selection in the same answer), so does F2; any other
printable key leaves it too and goes on the line as the start of a typed
command. Entering and leaving are each said in one sentence.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from typing import TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.application import Application, run_in_terminal
from prompt_toolkit.filters import Condition
from prompt_toolkit.input import Input
from prompt_toolkit.input.ansi_escape_sequences import ANSI_SEQUENCES
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import ColorDepth, Output

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.focus import Direction
from pyramide_a11y.core.session import Session
from pyramide_a11y.narration.card_words import with_symbols
from pyramide_a11y.terminal import prompt_stop
from pyramide_a11y.terminal.console import ask_focus_reports, pastes_as_typing, terminal_output
from pyramide_a11y.terminal.quiet_keys import add_quiet_keys

PROMPT = "> "
ACT_AT_ONCE = ("u", "h", "n", "d", "r", "U", "H", "N", "D", "R")
KEYBOARD_KEY = Keys.F2
"""Enters (and leaves) keyboard mode: harmless on any line, and no letter."""
# Terminals that report focus (xterm's mode 1004) send these; prompt_toolkit has no
# key for them, so they are mapped to two function keys nobody has.
FOCUS_IN, FOCUS_OUT = "\x1b[I", "\x1b[O"
FOCUS_IN_KEY, FOCUS_OUT_KEY = Keys.F23, Keys.F24


def interactive(stdin: TextIO | None, stdout: TextIO) -> bool:
    """Use the prompt only when both ends are terminals (no input is none)."""
    if stdin is None:
        return False
    try:
        return stdin.isatty() and stdout.isatty()
    except (AttributeError, ValueError):
        return False


def write_answer(out: TextIO, answer: Answer, visual: bool = False) -> None:
    """Print ``answer``; in the visual mode each card name gets its suit symbol
    (only in print: the speaker always gets the words)."""
    # One write: on a terminal (line-buffered) the answer still goes out whole, even
    # while a solver thread (a hint, a par) holds the interpreter between lines.
    out.write("".join((with_symbols(line) if visual else line) + "\n" for line in answer.printed))
    out.flush()


class Printer:
    """Where the loop prints answers, made before the session: give the session
    :meth:`late` as its ``emit``, and the loop this printer."""

    def __init__(self, out: TextIO, *, visual: bool = False) -> None:
        self.out = out
        self.visual = visual
        self.app: Application[str] | None = None
        """The prompt's application while :func:`run_prompt` runs it."""
        self._lock = threading.Lock()
        self._late_failure: BaseException | None = None

    def write(self, answer: Answer) -> None:
        """Print ``answer`` (one answer at a time, from any thread). On the main
        thread, a failure a late answer met first (the output gone:
        ``cli.streams.OutputLost``) is raised here, where the loop ends on it."""
        if self._late_failure is not None and threading.current_thread() is threading.main_thread():
            failure, self._late_failure = self._late_failure, None
            raise failure
        with self._lock:
            write_answer(self.out, answer, self.visual)

    def late(self, answer: Answer) -> None:
        """An answer that came late, from another thread: while the prompt runs, it
        is printed above the line being typed. Writing it never raises there (no
        thread's traceback): a failure waits for the main thread's next write."""
        app = self.app
        if app is not None and app.is_running and app.loop is not None:
            app.loop.call_soon_threadsafe(lambda: run_in_terminal(lambda: self._late(answer)))
        else:
            self._late(answer)

    def _late(self, answer: Answer) -> None:
        try:
            with self._lock:
                write_answer(self.out, answer, self.visual)
        except BaseException as failure:
            self._late_failure = failure
            app = self.app
            if (
                app is not None
                and app.is_running
                and threading.current_thread() is threading.main_thread()
            ):
                app.exit(exception=failure)  # the prompt raises it: the loop ends on it


def readable_lines(stdin: TextIO | None) -> Iterator[str]:
    """The lines of ``stdin`` (none when there is no input: a closed input is an
    input at its end). Each line is read as UTF-8 when it is UTF-8 (whatever the
    locale says: a ``C`` locale says ASCII), else in the stream's own encoding,
    bytes that do not decode replaced: a stray byte in a pipe is a line the game
    does not understand, never a crash."""
    if stdin is None:
        return
    buffer = getattr(stdin, "buffer", None)
    if buffer is None:
        yield from stdin
        return
    encoding = getattr(stdin, "encoding", None) or "utf-8"
    for raw in buffer:
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            yield raw.decode(encoding, errors="replace")


def run_plain(session: Session, stdin: TextIO | None, printer: Printer) -> int:
    """Read lines until ``quit`` or end of input (which says goodbye as ``quit``
    does); print every answer."""
    try:
        printer.write(session.opening())
        for line in readable_lines(stdin):
            answer = session.handle(line)
            printer.write(answer)
            if answer.quit:
                break
        else:
            printer.write(session.farewell())
    finally:  # also on Ctrl-C or SIGTERM: the game is saved and closed
        session.close()
    return 0


def build_key_bindings(session: Session, write: Callable[[Answer], None]) -> KeyBindings:
    """The keys of keyboard mode (``session.keyboard.mode``), F2, and the
    arrows' focus on an empty line outside it."""
    kb = KeyBindings()
    add_quiet_keys(kb)  # first: the keys below win where they overlap
    keys = session.keyboard

    def empty() -> bool:
        from prompt_toolkit.application import get_app

        return not get_app().current_buffer.text

    is_empty = Condition(empty)
    keyboard = is_empty & Condition(lambda: keys.mode)

    def show(answer: Answer) -> None:
        run_in_terminal(lambda: write(answer))

    for direction in Direction:

        def move(event: KeyPressEvent, direction: Direction = direction) -> None:
            show(keys.move_focus(direction))

        # Up and Down stay the history outside keyboard mode.
        vertical = direction in (Direction.UP, Direction.DOWN)
        kb.add(direction.value, filter=keyboard if vertical else is_empty)(move)

    @kb.add(" ", filter=keyboard)
    @kb.add("enter", filter=keyboard)
    def _select(event: KeyPressEvent) -> None:
        show(keys.activate_focus())

    @kb.add("escape", eager=True, filter=is_empty)
    def _escape(event: KeyPressEvent) -> None:
        show(keys.escape())

    @kb.add(KEYBOARD_KEY)
    def _toggle(event: KeyPressEvent) -> None:
        if keys.mode:
            show(keys.leave_mode())
        elif event.current_buffer.text:
            return  # the line is not empty: keep what is typed, no mode
        else:
            show(keys.enter_mode())

    for letter in ACT_AT_ONCE:

        def act(event: KeyPressEvent, letter: str = letter) -> None:
            buffer = event.current_buffer
            keys.pressed(letter)  # its answer names the key: a stray word is heard
            buffer.insert_text(letter.lower())
            buffer.validate_and_handle()

        kb.add(letter, filter=keyboard)(act)

    @kb.add(Keys.Any, filter=keyboard)
    def _other(event: KeyPressEvent) -> None:
        # Any other printable key leaves keyboard mode (said) and starts a typed line,
        # so a word is never split into one-key commands after the first letter.
        if not event.data.isprintable():
            return
        show(keys.leave_typing())
        event.current_buffer.insert_text(event.data)

    @kb.add(FOCUS_IN_KEY)
    def _focus_in(event: KeyPressEvent) -> None:
        keys.focus_gained()

    @kb.add(FOCUS_OUT_KEY)
    def _focus_out(event: KeyPressEvent) -> None:
        keys.focus_lost()

    return kb


def run_prompt(
    session: Session,
    printer: Printer,
    *,
    input: Input | None = None,
    output: Output | None = None,
    report_focus: bool = True,
) -> int:
    """The interactive loop on a real (or test) terminal; give it a session made
    with ``keyboard_keys=True`` (its keys are bound here). ``output`` is the
    prompt's (default: :func:`.console.terminal_output` on the printer's stream);
    focus reports are asked of it when ``report_focus`` and it reads escape
    sequences (:func:`.console.vt_capable`). A paste is read as typed lines, and no
    key enters a mode the player cannot hear (:mod:`.quiet_keys`)."""
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
    ANSI_SEQUENCES.setdefault(FOCUS_IN, FOCUS_IN_KEY)
    ANSI_SEQUENCES.setdefault(FOCUS_OUT, FOCUS_OUT_KEY)
    pastes_as_typing()
    write = printer.write
    prompt: PromptSession[str] = PromptSession(
        key_bindings=build_key_bindings(session, write),
        input=input,
        output=output or terminal_output(printer.out),
        complete_while_typing=False,
        enable_history_search=False,
        mouse_support=False,
        color_depth=ColorDepth.MONOCHROME,
        erase_when_done=False,
    )
    printer.app = prompt.app
    # Through the prompt's output, to a terminal that reads it (never raw text).
    focus_reporting = report_focus and ask_focus_reports(prompt.app.output, on=True)
    try:
        write(session.opening())
        while True:
            try:
                with prompt_stop.prompting(prompt.app) as pre_run:  # a SIGTERM or hang-up ends it
                    line = prompt.prompt(PROMPT, pre_run=pre_run)
            except KeyboardInterrupt:  # the line is cleared: say so, and how to quit
                write(session.interrupted())
                continue
            except EOFError:  # Ctrl-D: the same goodbye as quit
                write(session.farewell())
                break
            answer = session.handle(line)
            write(answer)
            if answer.quit:
                break
    finally:  # the game is saved and closed, even when the output is gone
        printer.app = None
        try:
            if focus_reporting:
                ask_focus_reports(prompt.app.output, on=False)
        finally:
            session.close()
    return 0
