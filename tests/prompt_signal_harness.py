"""A real process whose prompt meets a terminating signal inside its event loop,
for ``tests/terminal/test_prompt_signals.py``.

Usage: ``python prompt_signal_harness.py DATA_DIR SIGNUM``. It sets the game's own
signal handlers (:func:`~pyramide_a11y.cli.main.catch_signals`) and runs the
real prompt loop (:func:`~pyramide_a11y.terminal.loop.run_prompt`, pipe input, no
screen) on a stored game. A helper thread types ``d`` (a draw) and, once its
answer is heard, schedules ``os.kill(own pid, SIGNUM)`` as a callback of the
prompt's loop: the signal handler then runs inside that callback, where a
closed terminal's hang-up lands when the hang-up also wakes the loop.

It ends as ``pyramide`` does: with 128 + the signal's number on
:class:`~pyramide_a11y.cli.main.Terminated` (0 if the prompt ended otherwise), and
prints what was heard, as JSON, on its last line. A prompt that never ends is the
test's to kill.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path

from kit import make_session
from playthrough import won_code
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from pyramide_a11y.cli.main import Terminated, catch_signals
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.speech.base import RecordingSpeaker
from pyramide_a11y.terminal.loop import Printer, run_prompt


def _draw_then_signal(
    pipe: PipeInput, printer: Printer, heard: threading.Event, signum: int
) -> None:
    pipe.send_text("d\r")
    heard.wait()  # the draw is answered: the next prompt is about to run
    app = printer.app
    while app is not None and not (app.is_running and app.loop is not None):
        time.sleep(0.005)
    if app is not None and app.loop is not None:
        app.loop.call_soon_threadsafe(os.kill, os.getpid(), signum)


class _Speaker(RecordingSpeaker):
    """Records what is said, and tells when a draw has been heard."""

    def __init__(self, heard: threading.Event) -> None:
        super().__init__()
        self.heard = heard

    def say(self, text: str) -> None:
        super().say(text)
        if text.startswith("Drew"):
            self.heard.set()


def main(folder: Path, signum: int) -> int:
    heard = threading.Event()
    speaker = _Speaker(heard)
    session = make_session(
        won_code("pyramide"),
        speaker=speaker,
        storage=GameStorage.open(folder),
        timer=GameTimer(lambda: 0.0),
        keyboard_keys=True,
    )
    printer = Printer(open(os.devnull, "w"))  # noqa: SIM115 (the process ends)
    catch_signals()
    status = 0
    with create_pipe_input() as pipe:
        threading.Thread(
            target=_draw_then_signal, args=(pipe, printer, heard, signum), daemon=True
        ).start()
        try:
            run_prompt(session, printer, input=pipe, output=DummyOutput())
        except Terminated as stop:
            status = stop.status
    print(json.dumps(speaker.spoken), flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), int(sys.argv[2])))
