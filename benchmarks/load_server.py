"""The server a load benchmark starts, and what ``/proc`` says of it.

:class:`Server` starts a command (``pyramide serve``, or a floor app of
:mod:`benchmarks.floor_app`) on a free port, reads everything it prints *as it
prints it* (a thread: a server that writes more than a pipe holds, 64 KiB, would
otherwise block on its next write and the run would hang), knows it is ready when
it prints its address, and stops it with SIGINT. The ``tree_*`` functions add up
a process and all its descendants (the workers, their solver children).
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
ADDRESS = re.compile(r"http://127\.0\.0\.1:\d+/")
KEPT_LINES = 400
"""Lines of the server's output kept for the report (the last ones)."""
ROOT = Path(__file__).resolve().parent.parent


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds) of ``pid`` from ``/proc/<pid>/stat``."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def process_tree(root: int) -> list[int]:
    """``root`` and its living descendants (workers, if the command starts some)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (found := _stat(int(entry.name))) is not None:
            parents[int(entry.name)] = found[0]
    tree, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        tree.extend(frontier)
    return tree


def tree_cpu(root: int) -> float:
    """CPU seconds (user + system) of ``root`` and its living descendants, with the
    children they reaped (``cutime``/``cstime`` are not counted: a reaped solver
    child's time is lost either way, and is small)."""
    return sum(found[1] for pid in process_tree(root) if (found := _stat(pid)) is not None)


def _status(pid: int) -> dict[str, int]:
    values: dict[str, int] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM", "Threads"):
                values[key] = int(rest.split()[0])
    except (OSError, ValueError, IndexError):
        pass
    return values


@dataclass(frozen=True)
class TreeSample:
    """One look at a process tree: resident and peak memory (KiB), threads, open
    files (every descriptor: files, sockets, pipes), processes."""

    rss_kib: int
    hwm_kib: int
    threads: int
    files: int
    processes: int


def tree_sample(root: int) -> TreeSample:
    pids = process_tree(root)
    rss = hwm = threads = files = 0
    for pid in pids:
        status = _status(pid)
        rss += status.get("VmRSS", 0)
        hwm += status.get("VmHWM", 0)
        threads += status.get("Threads", 0)
        with contextlib.suppress(OSError):
            files += len(os.listdir(f"/proc/{pid}/fd"))
    return TreeSample(rss, hwm, threads, files, len(pids))


def machine_busy() -> tuple[int, int]:
    """(busy, total) jiffies of all CPUs from ``/proc/stat``."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    total = sum(values[:8])
    return total - idle, total


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """The server a benchmark starts (``command`` formatted with ``python``,
    ``port``, ``data_dir`` and ``extra`` fields) and stops."""

    def __init__(
        self, command: str, data_dir: Path, env: dict[str, str] | None = None, **extra: str
    ) -> None:
        port = free_port()
        self.data_dir = data_dir
        self.argv = shlex.split(
            command.format(python=sys.executable, port=port, data_dir=str(data_dir), **extra)
        )
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            self.argv,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",
            cwd=ROOT,
            env={**os.environ, **(env or {})},
        )
        self.stop_seconds = 0.0
        self.lines: deque[str] = deque(maxlen=KEPT_LINES)
        self.tracebacks = 0
        self.printed = 0
        """Characters the server printed in all (kept: the last :data:`KEPT_LINES`)."""
        self._ready = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def output(self) -> str:
        return "".join(self.lines)

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.printed += len(line)
            self.lines.append(line)
            if "Traceback" in line:
                self.tracebacks += 1
            if not self._ready.is_set() and ADDRESS.search(line):
                self._ready.set()
        self._ready.set()  # ended: wait_ready sees it

    def wait_ready(self, limit: float = 60.0) -> None:
        """Until the server prints its address (it listens then).

        Raises:
            RuntimeError: it ended first, or said nothing within ``limit`` seconds.
        """
        if not self._ready.wait(limit):
            raise RuntimeError(f"the server printed no address within {limit} s")
        if self.process.poll() is not None:
            self._reader.join(5)
            raise RuntimeError(f"the server ended: {self.output[-2000:]!r}")

    def stop(self, limit: float = 180.0) -> None:
        """SIGINT (uvicorn closes every session: games saved), then wait; SIGKILL
        past ``limit`` seconds."""
        start = time.monotonic()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(limit)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._reader.join(10)
        self.stop_seconds = time.monotonic() - start
