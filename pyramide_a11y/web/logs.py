"""The server's log, kept readable under a flood: a fault repeated (a thousand
players hitting the same failure in a second, a database away retried by its
pool) is logged once, then once more per :data:`WINDOW_S` with how many times it
came meanwhile. ``pyramide serve`` gives uvicorn :func:`log_config`."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

WINDOW_S = 60.0
"""Seconds a repeated fault stays quiet after it was logged."""


class RepeatedOnce(logging.Filter):
    """Lets a record through unless one like it (same logger, same message
    template, same exception type) went through less than ``window`` seconds ago;
    the next one let through says how many were held back."""

    def __init__(self, window: float = WINDOW_S, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.window, self.clock = window, clock
        self._seen: dict[tuple[str, str, str], tuple[float, int]] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        kind = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
        key = (record.name, str(record.msg), kind)
        now = self.clock()
        with self._lock:
            last, held = self._seen.get(key, (None, 0))
            if last is not None and now - last < self.window:
                self._seen[key] = (last, held + 1)
                return False
            self._seen[key] = (now, 0)
            if len(self._seen) > 1000:  # forget the oldest kinds, not grow for ever
                for old in sorted(self._seen, key=lambda k: self._seen[k][0])[:500]:
                    del self._seen[old]
        if held:
            record.msg = f"{record.msg} (and {held} more like it in the last {self.window:.0f} s)"
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration, every handler behind :class:`RepeatedOnce`,
    and the libraries' warnings (the database pool's) through the same handler."""
    import copy

    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["repeated_once"] = {"()": RepeatedOnce}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("repeated_once")
    config["root"] = {"handlers": ["default"], "level": "WARNING"}
    return config
