"""Small fakes shared by the tests."""

from __future__ import annotations


class FakeClock:
    """A clock the test moves by hand: ``clock.now += 5``."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
