"""The game clock: runs while playing, pauses on request, on focus loss and
after two minutes without input, and gives back the same time on resuming.
It stops at the win: the time said then stays the game's time."""

from __future__ import annotations

import time
from collections.abc import Callable

IDLE_LIMIT = 120.0
"""Seconds without input after which the clock stops counting."""


class GameTimer:
    """Counts playing time. ``clock`` is injectable for tests (monotonic seconds)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._counted = 0.0
        self._since = clock()
        self._paused = False
        self._stopped = False

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def stopped(self) -> bool:
        """Stopped by :meth:`stop` (the game was won)."""
        return self._stopped

    def _gap(self, now: float) -> float:
        if self._paused or self._stopped:
            return 0.0
        return min(max(0.0, now - self._since), IDLE_LIMIT)

    def elapsed(self) -> float:
        """Seconds played so far (idle time beyond the limit is not counted)."""
        return self._counted + self._gap(self._clock())

    def elapsed_ms(self) -> int:
        """:meth:`elapsed` in whole milliseconds (the time a saved game keeps)."""
        return int(self.elapsed() * 1000)

    def activity(self) -> bool:
        """The player did something: count the time since the last activity (up to
        the idle limit) and run. Returns True when this resumed a paused clock.
        A stopped clock (the game is won) stays stopped."""
        if self._stopped:
            return False
        now = self._clock()
        self._counted += self._gap(now)
        self._since = now
        was_paused = self._paused
        self._paused = False
        return was_paused

    def pause(self) -> None:
        if self._stopped:
            return
        now = self._clock()
        self._counted += self._gap(now)
        self._since = now
        self._paused = True

    def stop(self) -> None:
        """The game is won: count up to now, then stop for good; :meth:`elapsed`
        stays the final time until :meth:`restart`, :meth:`reset` or :meth:`restore`."""
        if self._stopped:
            return
        now = self._clock()
        self._counted += self._gap(now)
        self._since = now
        self._stopped = True

    def restart(self) -> None:
        """Run again from the stopped time (the winning move was undone)."""
        if self._stopped:
            self._stopped = False
            self._paused = False
            self._since = self._clock()

    def reset(self) -> None:
        self._counted = 0.0
        self._since = self._clock()
        self._paused = False
        self._stopped = False

    def restore(self, seconds: float) -> None:
        """Go on from ``seconds`` already played (a saved game taken up again)."""
        self._counted = max(0.0, seconds)
        self._since = self._clock()
        self._paused = False
        self._stopped = False
