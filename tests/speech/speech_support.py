"""Shared tools for the speech tests: a real-time audio sink and process checks.

(Not named conftest: ``from conftest import`` would be ambiguous beside another
conftest.py.)
"""

from __future__ import annotations

import os
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyramide_a11y.core.settings import StartOptions, StartSettings, read_start
from pyramide_a11y.speech.player import realtime_sink_command
from pyramide_a11y.storage.saved_settings import SettingValue


@dataclass
class Sink:
    """The real-time sink's command and what it logged."""

    log: Path

    @property
    def command(self) -> list[str]:
        return realtime_sink_command(self.log)

    def events(self) -> list[tuple[str, float, int]]:
        """(``start``/``end``, monotonic time, sink pid) in log order."""
        if not self.log.exists():
            return []
        out = []
        for line in self.log.read_text().splitlines():
            fields = line.split()
            out.append((fields[0], float(fields[1]), int(fields[2])))
        return out

    def starts(self) -> list[tuple[float, int]]:
        return [(t, pid) for kind, t, pid in self.events() if kind == "start"]


def wait_for(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Poll ``condition`` until true or ``seconds`` pass; returns its last value."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.005)
    return condition()


def alive(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def my_children() -> list[int]:
    """Pids of this process's child processes (Linux)."""
    me = os.getpid()
    children = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                stat = (proc / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == me:
                children.append(int(proc.name))
    return children


def thread_names() -> list[str]:
    return sorted(t.name for t in threading.enumerate())


def no_more(now: list[int] | list[str], before: list[int] | list[str]) -> bool:
    """True when ``now`` holds nothing beyond ``before`` (counting repeats): what
    the code under test started is gone, whatever else ended meanwhile."""
    return not Counter(now) - Counter(before)


def start_options(saved: dict[str, SettingValue], **given: Any) -> StartSettings:
    """A session's start as ``play`` weighs it: the options ``given`` over ``saved``."""
    return read_start(StartOptions(**given), saved)
