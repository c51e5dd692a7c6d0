"""Hints off the prompt's thread.

The solver (``pyramide_a11y.solver.hints.find_hint``) may take a while: the
session waits a moment for it, then says «procurando uma solução» and keeps
answering; the hint is said when it arrives, unless the table changed first.
"""

from __future__ import annotations

import copy
import enum
import importlib
import threading
from collections.abc import Callable
from typing import Any, Protocol, cast

from pyramide_a11y.engine import Game, Move

QUICK_WAIT = 0.3
"""Seconds a hint may take before the session says it is searching."""


class HintLike(Protocol):
    """What :func:`find_hint` returns (``pyramide_a11y.solver.hints.Hint``)."""

    @property
    def kind(self) -> enum.Enum: ...

    @property
    def move(self) -> Move | None: ...

    @property
    def exact(self) -> bool: ...


HintFinder = Callable[[Game, float, threading.Event | None], HintLike]


def default_finder() -> HintFinder | None:
    """The solver's hint function, or None when this build has no solver."""
    try:
        module: Any = importlib.import_module("pyramide_a11y.solver.hints")
    except ImportError:
        return None
    return cast(HintFinder, module.find_hint)


def detached_copy(game: Game) -> Game:
    """A deep copy of ``game`` for the solver, with no observers: the autosave's
    observer holds a database connection, which cannot be copied, and the
    solver's trial moves must never reach the player's saved game."""
    memo: dict[int, Any] = {id(game.observers): []}
    return copy.deepcopy(game, memo)


class HintJob:
    """One hint being computed on a copy of the game, in a daemon thread."""

    def __init__(self, finder: HintFinder, game: Game, budget: float) -> None:
        self.cancelled = threading.Event()
        self.done = threading.Event()
        self.result: HintLike | None = None
        self.error: BaseException | None = None
        snapshot = detached_copy(game)
        self._thread = threading.Thread(
            target=self._run, args=(finder, snapshot, budget), name="hint", daemon=True
        )
        self._thread.start()

    def _run(self, finder: HintFinder, game: Game, budget: float) -> None:
        try:
            self.result = finder(game, budget, self.cancelled)
        except Exception as err:  # a solver fault must not take the game down
            self.error = err
        finally:
            self.done.set()

    def wait(self, seconds: float) -> bool:
        return self.done.wait(seconds)

    def cancel(self) -> None:
        self.cancelled.set()
