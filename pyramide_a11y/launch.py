"""The ``pyramide`` command's entry point, quiet from its first instant.

Loading the program takes a moment (longer on a first run, while Python compiles
it, or on a busy machine). A Ctrl-C, a SIGTERM, a hang-up (SIGHUP: the terminal
closed) or a SIGQUIT (Ctrl-\\) in that moment would print a traceback from deep
inside an import, or end with an odd status. So these signals end the program at
once, quietly, with 128 + the signal's number (130, 143, 129, 131, as
:func:`pyramide_a11y.cli.main.main` does later), until the command line takes
them over (it sets its own handling first thing).

Before anything else the standard streams are made safe
(:func:`pyramide_a11y.cli.streams.guard_standard_streams`): output in any
encoding, closed or full streams ended quietly with a documented status."""

from __future__ import annotations

import signal
from types import FrameType

STOPPING_SIGNALS = tuple(
    getattr(signal, name)
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")
    if hasattr(signal, name)
)
"""The signals that end the program quietly with 128 + their number."""


def _leave_quietly(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def main() -> int:
    """Run the command line (see :func:`pyramide_a11y.cli.main.main`)."""
    for signum in STOPPING_SIGNALS:
        # A signal ignored from the start (a command run in the background by a
        # shell script ignores Ctrl-C; nohup ignores SIGHUP) stays ignored, as
        # Python itself does.
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _leave_quietly)
    from pyramide_a11y.cli.streams import guard_standard_streams

    guard_standard_streams()
    from pyramide_a11y.cli.main import main as command_line

    return command_line()
