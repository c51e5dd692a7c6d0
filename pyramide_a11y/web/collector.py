"""The cycle collector's policy in a web worker: short pauses.

A worker keeps hundreds of players' sessions in memory, some hundreds of
thousands of objects that Python's full collection (generation 2) walks each
time, every request waiting: at 300 players on one worker, 60–140 ms every 6–10
seconds (measured with ``gc.callbacks``; ``benchmarks/README.md``, issue 38's
eighth round), which alone put a move's p99 over 100 ms.

:class:`ShortPauses` freezes what survives each full collection
(``gc.freeze``): those objects are left out of the collections that follow,
which walk only what came since, and they are freed by reference counting as
before. What reference counting cannot free, a cycle among frozen objects (a
player let go from memory, say), waits for the next whole walk: every
:data:`WHOLE_EVERY_S` seconds the frozen objects go back (``gc.unfreeze``) and
the next full collection looks at everything once.

Only the server's own processes install it (``pyramide serve``, each of its
workers): a process's collector is the process's, not a library's to change.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

__all__ = ["WHOLE_EVERY_S", "ShortPauses", "short_pauses"]

WHOLE_EVERY_S = 600.0
"""Seconds between whole walks of the heap (one long pause, instead of one every
few seconds): how long cyclic garbage among frozen objects may wait."""

_installed: list[ShortPauses] = []


class ShortPauses:
    """A ``gc.callbacks`` entry: after each full collection, the survivors frozen,
    or, once :attr:`whole_every_s` has passed since the last whole walk, every
    frozen object given back so the next full collection walks them all.

    ``clock``: monotonic seconds (a test gives its own)."""

    def __init__(
        self,
        whole_every_s: float = WHOLE_EVERY_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.whole_every_s = whole_every_s
        self._clock = clock
        self._whole_at = clock()

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase != "stop" or info.get("generation") != 2:
            return
        now = self._clock()
        if now - self._whole_at >= self.whole_every_s:
            self._whole_at = now
            gc.unfreeze()  # the next full collection walks everything
        else:
            gc.freeze()

    def install(self) -> None:
        """Called after every collection of this process from now on."""
        if self not in gc.callbacks:
            gc.callbacks.append(self)

    def remove(self) -> None:
        """No longer called; every frozen object given back to the collector."""
        if self in gc.callbacks:
            gc.callbacks.remove(self)
        gc.unfreeze()


def short_pauses() -> ShortPauses:
    """This process's :class:`ShortPauses`, installed on the first call (a server
    process calls it once it has made its app)."""
    if not _installed:
        policy = ShortPauses()
        policy.install()
        _installed.append(policy)
    return _installed[0]
