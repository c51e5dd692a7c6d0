"""Hints off the prompt's thread.

The solver (``pyramide_a11y.solver.hints.find_hint``) may take a while: the
session waits a moment for it, then says «procurando uma solução» and keeps
answering; the hint is said when it arrives, unless the table changed first.
:class:`Hints` is the session's side of that: it starts a :class:`HintJob`,
answers at once or hands the answer over later, and drops a job the table
overtook.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace

from pyramide_a11y.engine import Game, Move, Position
from pyramide_a11y.i18n import in_this_language
from pyramide_a11y.narration import answers
from pyramide_a11y.solver import Hint, HintKind, Knowledge, hint_for

QUICK_WAIT = 0.3
"""Seconds a hint may take before the session says it is searching."""

HintFinder = Callable[[Knowledge, float, threading.Event | None], Hint]
"""The hint for what the player knows, within a budget in seconds, stopping when
the event is set (the solver's :func:`~pyramide_a11y.solver.hint_for`)."""


def default_finder() -> HintFinder:
    """The solver's hint function."""
    return hint_for


class HintJob:
    """One hint being computed in a daemon thread, from an immutable snapshot of
    what the player knows (taken here, on the caller's thread: the worker never
    touches the game, its observers or its autosave)."""

    def __init__(self, finder: HintFinder, game: Game, budget: float) -> None:
        self.cancelled = threading.Event()
        self.done = threading.Event()
        self.result: Hint | None = None
        self.error: BaseException | None = None
        snapshot = Knowledge.from_game(game)
        self._thread = threading.Thread(
            target=self._run, args=(finder, snapshot, budget), name="hint", daemon=True
        )
        self._thread.start()

    def _run(self, finder: HintFinder, knowledge: Knowledge, budget: float) -> None:
        try:
            self.result = finder(knowledge, budget, self.cancelled)
        except Exception as err:  # a solver fault must not take the game down
            self.error = err
        finally:
            self.done.set()

    def wait(self, seconds: float) -> bool:
        return self.done.wait(seconds)

    def cancel(self) -> None:
        self.cancelled.set()


def hint_lines(hint: Hint | None) -> list[str]:
    """What the player hears for ``hint`` (None: the solver gave none)."""
    if hint is None:
        return answers.no_hints()
    return answers.hint(hint.kind, hint.move)


@dataclass(frozen=True)
class Said:
    """What the hints given so far left on the table, in one value (replaced whole,
    never changed in part, so the delivering thread and a page reading it never see
    half of it)."""

    shown: tuple[Position, Move] | None = None
    """The move of the last hint given and the table it was given for; None once
    another hint starts (its marks leave the table while it thinks)."""
    lost: Position | None = None
    """The table the last «cannot be won from here» was said for: it holds until
    another one is said (a hint that gives a move elsewhere leaves it: undo back to
    that table, and the exits it showed are shown again)."""


class Hints:
    """The session's hint, at most one at a time. ``deliver`` gets the lines of a
    hint that came late, from the job's thread (the session speaks them and hands
    them to the loop, which makes that safe)."""

    def __init__(self, finder: HintFinder | None, deliver: Callable[[list[str]], None]) -> None:
        self.finder = finder
        self._deliver = deliver
        self._job: HintJob | None = None
        self._lock = threading.Lock()
        self.said = Said()
        """What the hints given so far left on the table."""

    def shown(self, position: Position) -> Move | None:
        """The move of the last hint given, while the table is still the one it was
        given for (a page marks its cards on the table); else None."""
        shown = self.said.shown
        if shown is None or shown[0] != position:
            return None
        return shown[1]

    def said_lost(self, game: Game) -> bool:
        """The last hint said the deal cannot be won from the table ``game`` is at
        now: the page then shows the four exits (seed 004) until the table changes."""
        return self.said.lost is not None and self.said.lost == game.position

    def _told(self, hint: Hint | None, position: Position) -> list[str]:
        """The lines of ``hint``, given for ``position``, remembered (its move, and
        the table when it says lost)."""
        move = hint.move if hint is not None else None
        lost = hint is not None and hint.kind is HintKind.LOST
        self.said = Said(
            shown=(position, move) if move is not None else None,
            lost=position if lost else self.said.lost,
        )
        return hint_lines(hint)

    @property
    def pending(self) -> bool:
        """A hint is still thinking."""
        return self._job is not None

    def drop(self) -> bool:
        """Cancel the hint still thinking, if any; True when one was dropped."""
        with self._lock:  # the delivering thread takes the job under the same lock
            job, self._job = self._job, None
        if job is None:
            return False
        job.cancel()
        return True

    def start(self, game: Game, budget: float) -> list[str]:
        """A hint for ``game`` within ``budget`` seconds: its lines when it came
        quickly, else «searching» (the hint then goes to ``deliver``)."""
        if game.won:  # the solver would find no move and call it an impasse
            return answers.no_hint_when_won()
        if self.finder is None:
            return answers.no_hints()
        self.drop()
        self.said = replace(self.said, shown=None)
        position = game.position
        job = HintJob(self.finder, game, budget)
        self._job = job
        if job.wait(QUICK_WAIT):
            self._job = None
            return self._told(job.result, position)

        def deliver() -> None:
            job.wait(budget + 30.0)
            with self._lock:
                if self._job is not job or job.cancelled.is_set():
                    return
                self._job = None
                lines = self._told(job.result, position)
            self._deliver(lines)

        # In this call's context: the late hint is worded in the session's language.
        threading.Thread(target=in_this_language(deliver), name="hint-deliver", daemon=True).start()
        return answers.searching()
