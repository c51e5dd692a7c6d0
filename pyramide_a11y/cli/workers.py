"""Worker processes that end with the command, whatever ends it.

``multiprocessing.Pool`` shares one task queue, guarded by a lock, between its
workers: a worker killed while it holds that lock (a terminal's hang-up or a
``kill`` of the whole process group reaches every worker) leaves the pool's own
shutdown waiting for the lock forever, and workers that inherited the command's
signal handlers print their tracebacks. Here each worker has its own pipe, so a
dead worker blocks nothing; the workers ignore the signals a terminal sends to the
whole group (SIGINT, SIGHUP, SIGQUIT, SIGTERM), which the command handles; the
command kills them on its way out, however it leaves (a signal, an error, the
end); and on Linux the kernel kills them if the command itself is killed
(``PR_SET_PDEATHSIG``).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, Generic, TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")

GROUP_SIGNALS = tuple(
    getattr(signal, name)
    for name in ("SIGINT", "SIGHUP", "SIGQUIT", "SIGTERM")
    if hasattr(signal, name)
)
"""Signals a terminal or a ``kill`` of the process group sends to every worker."""
PR_SET_PDEATHSIG = 1


class WorkerLost(RuntimeError):
    """A worker ended without being told to (killed from outside, out of memory);
    ``code`` is its exit code (minus the signal's number when a signal killed it)."""

    def __init__(self, code: int | None) -> None:
        super().__init__(code)
        self.code = code


def _worker(function: Callable[[Any], Any], conn: Connection) -> None:
    for signum in GROUP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # blocked by the parent around the start
        signal.pthread_sigmask(signal.SIG_UNBLOCK, GROUP_SIGNALS)
    _die_with_parent()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):  # the command went away
            break
        if job is None:
            break
        conn.send(function(job))
    conn.close()


def _die_with_parent() -> None:
    """On Linux, have the kernel kill this process when its parent ends."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() == 1:  # the parent ended before the request took effect
        os._exit(0)


def _last_result(conn: Connection) -> tuple[Any] | None:
    """The result a worker that ended sent before it did, if any (in a tuple: a
    result may be None). Its end of the pipe closing also makes ``conn`` readable,
    and reading then fails (EOF, or a reset when it was killed): nothing sent."""
    try:
        return (conn.recv(),) if conn.poll() else None
    except (EOFError, OSError):
        return None


class _Slot(Generic[Job]):
    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.busy = False


class Workers(Generic[Job, Result]):
    """``processes`` worker processes running ``function`` (a module-level function,
    its job and result picklable). Use as a context manager: leaving the block, by
    any way, kills the workers and waits for them."""

    def __init__(self, function: Callable[[Job], Result], processes: int) -> None:
        self.function = function
        self.processes = processes
        self._slots: list[_Slot[Job]] = []

    def __enter__(self) -> Workers[Job, Result]:
        context = multiprocessing.get_context()
        for _n in range(self.processes):
            mine, theirs = context.Pipe()
            process = context.Process(target=_worker, args=(self.function, theirs), daemon=True)
            # The signals stay blocked from the fork until the worker ignores them:
            # one that comes meanwhile never runs the command's handlers there.
            masked = hasattr(signal, "pthread_sigmask")
            if masked:
                old = signal.pthread_sigmask(signal.SIG_BLOCK, GROUP_SIGNALS)
            try:
                process.start()
            finally:
                if masked:
                    signal.pthread_sigmask(signal.SIG_SETMASK, old)
            theirs.close()
            self._slots.append(_Slot(process, mine))
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Kill the workers and reap them (quick: they hold no lock of ours)."""
        for slot in self._slots:
            if slot.process.is_alive():
                slot.process.kill()
        for slot in self._slots:
            slot.process.join(5)
            slot.conn.close()
        self._slots = []

    def map_unordered(self, jobs: Iterable[Job]) -> Iterator[Result]:
        """The results of ``jobs`` in the order they finish; the jobs are taken from
        the iterable one at a time, as workers are free. Raises :class:`WorkerLost`
        when a worker ends by itself."""
        work = iter(jobs)
        waiting = 0
        for slot in self._slots:
            waiting += self._give(slot, work)
        by_conn = {id(slot.conn): slot for slot in self._slots}
        by_sentinel = {slot.process.sentinel: slot for slot in self._slots}
        while waiting:
            ready = wait([s.conn for s in self._slots if s.busy] + list(by_sentinel))
            for item in ready:
                if isinstance(item, int):  # a sentinel: that worker ended
                    slot = by_sentinel[item]
                    if slot.busy and (last := _last_result(slot.conn)) is not None:
                        yield last[0]  # the last result it sent
                    slot.process.join(1)
                    raise WorkerLost(slot.process.exitcode)
                slot = by_conn[id(item)]
                try:
                    result: Result = slot.conn.recv()
                except (EOFError, OSError):
                    slot.process.join(1)
                    raise WorkerLost(slot.process.exitcode) from None
                slot.busy = False
                waiting -= 1
                yield result
                waiting += self._give(slot, work)

    def _give(self, slot: _Slot[Job], work: Iterator[Job]) -> int:
        try:
            job = next(work)
        except StopIteration:
            return 0
        try:
            slot.conn.send(job)
        except OSError:  # the worker is gone
            slot.process.join(1)
            raise WorkerLost(slot.process.exitcode) from None
        slot.busy = True
        return 1
