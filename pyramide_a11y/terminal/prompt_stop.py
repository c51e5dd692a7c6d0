"""A terminating signal (SIGTERM, SIGHUP, SIGQUIT) that arrives while the prompt waits.

Python runs a signal handler on the main thread, between two bytecodes of whatever
runs there. While the prompt waits, that is prompt_toolkit's asyncio loop, and an
exception the handler raises lands in one of the loop's callbacks or tasks: asyncio
catches every exception there but SystemExit and KeyboardInterrupt, and
prompt_toolkit then prints "Unhandled exception in event loop" and waits for Enter.
After a hang-up nobody can press it: the game never ends and keeps its game locked,
so the next window starts a new deal instead of offering the saved one (a closed
window woke the loop at the moment of its hang-up 1 time in 8 here).

So the handler hands its exception to :func:`defer` first. While a prompt runs
(:func:`prompting`), the prompt is ended the way prompt_toolkit ends it on Ctrl-D,
with the exception as its result, and :func:`prompting` raises it when the prompt
returns, whatever the prompt met on the way out (a gone terminal refuses the last
redraw). Elsewhere the handler raises it where the program is, as before.

Everything here runs on the main thread: the handler, and the loop it stops.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the command line loads this module; only the prompt needs the toolkit
    from prompt_toolkit.application import Application

_running: list[Application[Any]] = []
"""The application of the prompt :func:`prompting` runs (one at most)."""
_stop: list[BaseException] = []
"""The exception a signal left for that prompt (the first one: it is what ends it)."""


def defer(stop: BaseException) -> bool:
    """From a signal handler: when a prompt runs, have it end by raising ``stop``
    and return True; False when none runs (raise ``stop`` where the program is).
    A second signal before the prompt has ended changes nothing."""
    if not _running:
        return False
    if not _stop:
        _stop.append(stop)
        app = _running[0]
        loop = app.loop
        if loop is not None:
            # Safe from a signal handler (the loop's own way to wake from one); it
            # runs as a callback of the loop, not inside whatever was interrupted.
            # A loop already closed: the prompt is returning, and the block raises.
            with suppress(RuntimeError):
                loop.call_soon_threadsafe(_end, app)
    return True


def _end(app: Application[Any]) -> None:
    """Have the prompt's run end on the deferred exception, if it has not ended."""
    if _stop and app.future is not None and not app.future.done():
        app.exit(exception=_stop[0])


@contextmanager
def prompting(app: Application[Any]) -> Iterator[Callable[[], None]]:
    """The block runs ``app`` (one prompt), giving it the ``pre_run`` this yields; a
    signal in the block is deferred to the app and raised when the block ends, in
    place of whatever else ended it."""
    _running.append(app)
    try:
        # A signal that came before the app's loop ran ends it as soon as it runs:
        # nothing could be scheduled on a loop not yet made.
        yield lambda: _end(app)
    except BaseException:
        if not _stop:
            raise
    finally:
        _running.remove(app)
        if _stop:
            stop = _stop[0]
            _stop.clear()
            raise stop
