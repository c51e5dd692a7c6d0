"""Hints and pars off the server's process: the solver in a pool of processes.

The web server runs every player's session in one process. The solver is
CPU-bound pure Python: run on the session's threads it holds the interpreter
lock, and every other player's request waits for it. :class:`SolverPool` runs
it in child processes instead; its :meth:`~SolverPool.hint_finder` and
:meth:`~SolverPool.par_finder` are drop-in
:data:`~pyramide_a11y.core.hinting.HintFinder` and
:data:`~pyramide_a11y.core.par.ParFinder` for ``Session(hint_finder=...,
par_finder=...)``.

A finder call submits the job and waits for its answer on the calling thread
(the session's own worker thread: the lock is released while it waits). It
stops waiting when its ``cancelled`` event is set or its budget (plus
:data:`MARGIN`) has passed, and then answers what the in-process solver answers
when cancelled or out of time: for a hint, :func:`~pyramide_a11y.solver.hint_for`
with its search already stopped (the ordinary suggestion, or what needs no
search: no moves, a table proven lost at a glance); for a par, None (not
proven). The child stops too: each job has a flag in shared memory that the
solver reads as its ``cancelled`` event, set when the caller gives up, and the
child is given the caller's deadline as its own budget.

Nothing here raises to the session: a pool closed, full past the deadline, or
broken (a child killed) answers as "not found" above; a broken pool is replaced
on the next call.

The children import this module, the engine and the solver only: the core's
types are imported for type checking alone.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, TypeVar

from pyramide_a11y.engine import Layout, Move, Rules
from pyramide_a11y.solver import Hint, Knowledge, Verdict, hint_for, solve_shortest

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

    from pyramide_a11y.core import HintFinder, ParFinder

__all__ = ["MARGIN", "PAR_CAP", "SolverPool"]

MARGIN = 1.0
"""Seconds a caller waits past its budget for the child's answer (the child
stops at the budget itself; this covers its start and the answer's way back)."""

PAR_CAP = 600.0
"""Seconds a par search with no budget (None) may run in a child at most: a
child must end on its own even if its caller is gone. Past it the answer is
None (not proven), as for any budget run out."""

_POLL = 0.05
"""Seconds between two looks at a caller's ``cancelled`` event while it waits."""

_T = TypeVar("_T")

# -- the child's side ------------------------------------------------------------------

_flags: Any = None
"""In a child: the pool's shared flags, one per job slot (set: stop that job)."""


def _init_child(flags: Any) -> None:
    """A child's start: keep the pool's shared cancellation flags."""
    global _flags
    _flags = flags


class _SharedFlag(threading.Event):
    """The solver's ``cancelled`` event in a child: set when the parent set the
    job's flag in shared memory (the solver only ever asks :meth:`is_set`)."""

    def __init__(self, slot: int) -> None:
        super().__init__()
        self._slot = slot

    def is_set(self) -> bool:
        return bool(_flags is not None and _flags[self._slot])


def _time_left(budget: float, sent: float) -> float:
    """The budget left of a job sent at ``sent`` (the parent's monotonic clock,
    system-wide on the platforms Python runs on): the time it waited in the queue
    is spent already. A clock that looks wrong (the job from the future, or older
    than the budget) is taken as no wait or no time left."""
    waited = time.monotonic() - sent
    return budget - min(max(waited, 0.0), budget)


def _child_hint(slot: int, knowledge: Knowledge, budget: float, sent: float) -> Hint:
    """In a child: the solver's hint for ``knowledge`` within what is left of
    ``budget``, stopped when the slot's flag is set."""
    return hint_for(knowledge, _time_left(budget, sent), _SharedFlag(slot))


def _child_par(
    slot: int, layout: Layout, rules: Rules, budget: float, sent: float
) -> tuple[Move, ...] | None:
    """In a child: as :func:`pyramide_a11y.core.par.solver_par` (a proven shortest
    line, ``()`` for a deal proven lost, None when not proven), within what is
    left of ``budget``, stopped when the slot's flag is set."""
    answer = solve_shortest(
        layout.position(), rules, timeout=_time_left(budget, sent), cancelled=_SharedFlag(slot)
    )
    if answer.verdict is Verdict.WINNABLE and answer.proven:
        return answer.moves
    if answer.verdict is Verdict.LOST:
        return ()
    return None


# -- the parent's side -----------------------------------------------------------------

_STOPPED = threading.Event()
_STOPPED.set()


def _hint_given_up(knowledge: Knowledge) -> Hint:
    """The hint the in-process solver gives when stopped before any search: the
    ordinary suggestion (or no moves, or a loss seen at a glance). Cheap: no
    search runs, so it may run in the server's process."""
    return hint_for(knowledge, 0.0, _STOPPED)


def _context() -> BaseContext:
    """Forkserver where there is one (children start fast, and never as a copy of
    the server's threads), else spawn; never fork. The fork server is the
    interpreter's own, shared: its preload is set to this module only (it takes
    effect when the fork server first starts)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    # The fork server loads this module (engine and solver) once, for every child
    # forked from it; and not the server's ``__main__`` (its default).
    context.set_forkserver_preload([__name__])
    return context


def default_workers() -> int:
    """One child per processor but one (left to the server), at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


class SolverPool:
    """The solver in child processes, shared by every session of the server.

    ``max_workers`` children (None: :func:`default_workers`), started when first
    needed; at most ``max_jobs`` jobs at once, running or queued (None: four per
    child). A call finding every job slot taken waits for one within its own
    deadline, then answers as "not found". ``margin``: seconds a caller waits past
    its budget (:data:`MARGIN`); ``par_cap``: the children's budget for a par with
    none (:data:`PAR_CAP`).

    Thread-safe. :meth:`close` (or leaving a ``with`` block) ends it.
    """

    def __init__(
        self,
        max_workers: int | None = None,
        max_jobs: int | None = None,
        *,
        margin: float = MARGIN,
        par_cap: float = PAR_CAP,
    ) -> None:
        self.max_workers = max(1, max_workers) if max_workers is not None else default_workers()
        self.max_jobs = max(1, max_jobs) if max_jobs is not None else 4 * self.max_workers
        self.margin = margin
        self.par_cap = par_cap
        self._context = _context()
        # One byte per job slot, shared with every child (set: stop that job).
        self._flags: Any = self._context.RawArray("b", self.max_jobs)
        self._free = list(range(self.max_jobs))
        self._lock = threading.Condition()
        self._executor: ProcessPoolExecutor | None = None
        self._closed = False

    # -- finders -----------------------------------------------------------------------

    def hint_finder(self) -> HintFinder:
        """A :data:`~pyramide_a11y.core.hinting.HintFinder` running the solver's
        :func:`~pyramide_a11y.solver.hint_for` in the pool: its hint; when
        cancelled, out of time or the pool failing, the hint ``hint_for`` gives
        stopped before searching (never raises)."""

        def find(
            knowledge: Knowledge, budget_seconds: float, cancelled: threading.Event | None
        ) -> Hint:
            found = self._run(_child_hint, (knowledge, budget_seconds), budget_seconds, cancelled)
            return found[0] if found is not None else _hint_given_up(knowledge)

        return find

    def par_finder(self) -> ParFinder:
        """A :data:`~pyramide_a11y.core.par.ParFinder` running the solver's shortest
        line in the pool: as :func:`~pyramide_a11y.core.par.solver_par` (a budget
        None runs at most :attr:`par_cap` seconds); None (not proven) when
        cancelled, out of time or the pool failing (never raises)."""

        def find(
            layout: Layout, rules: Rules, budget: float | None, cancelled: threading.Event
        ) -> tuple[Move, ...] | None:
            seconds = self.par_cap if budget is None else budget
            found = self._run(_child_par, (layout, rules, seconds), seconds, cancelled)
            return None if found is None else found[0]

        return find

    # -- running a job -----------------------------------------------------------------

    def _run(
        self,
        function: Callable[..., _T],
        args: tuple[Any, ...],
        budget: float,
        cancelled: threading.Event | None,
    ) -> tuple[_T] | None:
        """``function(slot, *args, sent)`` in a child, its answer in a 1-tuple; None
        when cancelled, past ``budget`` plus the margin, or failed."""
        if cancelled is not None and cancelled.is_set():
            return None
        sent = time.monotonic()
        deadline = sent + max(budget, 0.0) + self.margin
        slot = self._take_slot(deadline, cancelled)
        if slot is None:
            return None
        future = self._submit(function, (slot, *args, sent))
        if future is None:
            self._release(slot)
            return None
        future.add_done_callback(lambda _: self._release(slot))
        while not (cancelled is not None and cancelled.is_set()):
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                return (future.result(timeout=min(_POLL, left)),)
            except concurrent.futures.TimeoutError:
                continue
            except BrokenProcessPool:
                self._replace_broken()
                return None
            except Exception:  # a solver fault, or the pool shut down: not found
                return None
        self._stop(slot, future)
        return None

    def _take_slot(self, deadline: float, cancelled: threading.Event | None) -> int | None:
        """A free job slot, its flag clear, waited for until ``deadline``; None when
        the pool is closed, the event set or the time out first."""
        with self._lock:
            while not self._closed:
                if self._free:
                    slot = self._free.pop()
                    self._flags[slot] = 0
                    return slot
                left = deadline - time.monotonic()
                if left <= 0 or (cancelled is not None and cancelled.is_set()):
                    return None
                self._lock.wait(min(_POLL, left))
            return None

    def _release(self, slot: int) -> None:
        """The job of ``slot`` is over (its future done: the child reads its flag no
        more): the slot is free again."""
        with self._lock:
            self._flags[slot] = 0
            self._free.append(slot)
            self._lock.notify()

    def _stop(self, slot: int, future: Future[Any]) -> None:
        """The caller gave up on the job of ``slot``: dropped if still queued, else
        its child told to stop (only while the job holds the slot: once its future
        is done the slot may be another job's)."""
        future.cancel()
        with self._lock:
            if not future.done():
                self._flags[slot] = 1

    def _submit(self, function: Callable[..., _T], args: tuple[Any, ...]) -> Future[_T] | None:
        """The job submitted (a broken pool replaced once); None when the pool is
        closed or cannot take it."""
        for _ in range(2):
            with self._lock:
                if self._closed:
                    return None
                if self._executor is None:
                    self._executor = ProcessPoolExecutor(
                        self.max_workers,
                        mp_context=self._context,
                        initializer=_init_child,
                        initargs=(self._flags,),
                    )
                executor = self._executor
            try:
                return executor.submit(function, *args)
            except BrokenProcessPool:
                self._replace_broken(executor)
            except Exception:  # shut down meanwhile, or no process could start
                return None
        return None

    def _replace_broken(self, broken: ProcessPoolExecutor | None = None) -> None:
        """Forget the current pool (``broken``, when given, only if it is still the
        current one): the next call starts a new one."""
        with self._lock:
            executor = self._executor
            if executor is None or (broken is not None and executor is not broken):
                return
            self._executor = None
        executor.shutdown(wait=False, cancel_futures=True)

    # -- the pool's life ---------------------------------------------------------------

    def worker_pids(self) -> tuple[int, ...]:
        """The process ids of the children running now (tests, monitoring)."""
        with self._lock:
            executor = self._executor
        if executor is None:
            return ()
        processes: dict[int, Any] = dict(getattr(executor, "_processes", None) or {})
        return tuple(sorted(processes))

    def close(self) -> None:
        """End the pool: queued jobs dropped, running ones told to stop, the
        children waited for; every call from now on answers "not found". Safe to
        call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            executor, self._executor = self._executor, None
            for slot in range(self.max_jobs):
                self._flags[slot] = 1  # only running jobs read them now
            self._lock.notify_all()
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> SolverPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
