"""Small fakes shared by the tests."""

from __future__ import annotations

import threading

from pyramide_a11y.core.par import NO_WIN
from pyramide_a11y.engine import Draw, Layout, Move, Rules


class FakeClock:
    """A clock the test moves by hand: ``clock.now += 5``."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class HeldFinder:
    """A par finder that answers a line of ``value`` moves (0: no winning line,
    None: not proven) only when released, and notes the deals it was asked and
    the most searches it ran at once. With ``only``, just those deals wait for
    the release. Only the line's length counts: its moves are draws."""

    def __init__(self, value: int | None = 52, only: tuple[Layout, ...] | None = None) -> None:
        self.value = value
        self.only = only
        self.release = threading.Event()
        self.calls: list[tuple[Layout, Rules]] = []
        self.running = self.most_at_once = 0
        self._lock = threading.Lock()

    def __call__(
        self, layout: Layout, rules: Rules, budget: float | None, cancelled: threading.Event
    ) -> tuple[Move, ...] | None:
        with self._lock:
            self.calls.append((layout, rules))
            self.running += 1
            self.most_at_once = max(self.most_at_once, self.running)
        try:
            if self.only is None or layout in self.only:
                assert self.release.wait(10.0)
        finally:
            with self._lock:
                self.running -= 1
        if self.value is None:
            return None
        return NO_WIN if self.value == 0 else (Draw(),) * self.value
