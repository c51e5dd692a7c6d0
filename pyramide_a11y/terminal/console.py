"""The prompt's terminal: its output, what it asks the terminal for, and pastes.

- The prompt draws through a prompt_toolkit output made here
  (:func:`terminal_output`): on a POSIX terminal a VT100 output that writes
  through the program's standard output, so a character the terminal's encoding
  cannot show is written as its plain letters, as everything else printed is
  (:mod:`pyramide_a11y.cli.streams`), never a crash; elsewhere prompt_toolkit's
  own choice (a Windows console).
- Escape sequences that ask the terminal for something (focus reports, xterm's
  mode 1004) go through that output, and only to a terminal that understands
  them (:func:`vt_capable`): never raw on standard output, never on a legacy
  Windows console, where they would show as text.
- Pastes: the terminal is never asked for bracketed paste, and the markers of one
  (``ESC [200~`` … ``ESC [201~``, sent by a terminal left in that mode, or typed)
  are dropped (:func:`pastes_as_typing`). A paste is then read as typing: each
  line of it a command, in order; a start marker without its end no longer
  holds the prompt until one comes.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

from prompt_toolkit.input.ansi_escape_sequences import ANSI_SEQUENCES
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import Output, create_output
from prompt_toolkit.output.vt100 import Vt100_Output

FOCUS_REPORTS_ON, FOCUS_REPORTS_OFF = "\x1b[?1004h", "\x1b[?1004l"
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
WINDOWS = sys.platform == "win32"
"""A Windows console: prompt_toolkit chooses its output (tests set this)."""


class _TextStream:
    """``stream`` as text only: prompt_toolkit then writes through its ``write``
    (and the stream's encoding error handler) instead of encoding with
    ``"replace"`` into its binary buffer."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.encoding = getattr(stream, "encoding", None) or "utf-8"
        self.errors = getattr(stream, "errors", None) or "strict"

    def write(self, text: str) -> int:
        return self._stream.write(text)

    def flush(self) -> None:
        self._stream.flush()

    def fileno(self) -> int:
        return self._stream.fileno()

    def isatty(self) -> bool:
        return self._stream.isatty()


class PlainVt100Output(Vt100_Output):
    """A VT100 output that never turns bracketed paste on (see the module)."""

    def enable_bracketed_paste(self) -> None:
        return None


def terminal_output(stdout: TextIO) -> Output:
    """The prompt's output on ``stdout`` (a terminal)."""
    if WINDOWS:
        return create_output(stdout)
    term = os.environ.get("TERM") or None
    return PlainVt100Output.from_pty(_TextStream(stdout), term=term)  # type: ignore[arg-type]


def vt_capable(output: Output) -> bool:
    """Whether ``output`` is a terminal that reads VT100 escape sequences (a
    legacy Windows console, a dumb terminal, a test's dummy are not)."""
    if not isinstance(output, Vt100_Output):
        return False
    return (getattr(output, "term", None) or "").lower() not in ("dumb", "unknown")


def ask_focus_reports(output: Output, on: bool) -> bool:
    """Ask the terminal to report focus changes (``on``) or to stop; only a
    :func:`vt_capable` one. Whether it was asked."""
    if not vt_capable(output):
        return False
    output.write_raw(FOCUS_REPORTS_ON if on else FOCUS_REPORTS_OFF)
    output.flush()
    return True


def pastes_as_typing() -> None:
    """Drop the bracketed paste markers from prompt_toolkit's input (process-wide:
    its table of escape sequences is one)."""
    ANSI_SEQUENCES[PASTE_START] = Keys.Ignore
    ANSI_SEQUENCES[PASTE_END] = Keys.Ignore
