"""The ``pyramide`` command's entry point, quiet from its first instant.

Loading the program takes a moment (longer on a first run, while Python compiles
it, or on a busy machine). A Ctrl-C or a SIGTERM in that moment would print a
traceback from deep inside an import, or end with an odd status. So the two
signals end the program at once, quietly, with 130 or 143 (as
:func:`pyramide_a11y.cli.main.main` does later), until the command line takes
them over (it sets its own handling first thing)."""

from __future__ import annotations

import signal
from types import FrameType


def _leave_quietly(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def main() -> int:
    """Run the command line (see :func:`pyramide_a11y.cli.main.main`)."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        # A signal ignored from the start (a command run in the background by a
        # shell script ignores Ctrl-C) stays ignored, as Python itself does.
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _leave_quietly)
    from pyramide_a11y.cli.main import main as command_line

    return command_line()
