"""The server's log under a flood (issue 36: 184,302 traceback lines in 3 s when
open files ran out): a fault repeated is logged once, then once per window with
how many came meanwhile; ``pyramide serve`` puts every log handler behind it."""

from __future__ import annotations

import logging
import sys

from pyramide_a11y.cli.serve import uvicorn_options
from pyramide_a11y.web.logs import RepeatedOnce


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _record(
    message: str, level: int = logging.ERROR, name: str = "uvicorn.error"
) -> logging.LogRecord:
    try:
        raise OSError(24, "Too many open files")
    except OSError:
        info = sys.exc_info()
    return logging.LogRecord(name, level, __file__, 1, message, (), info)


def test_a_fault_repeated_is_logged_once_then_with_its_count() -> None:
    clock = Clock()
    once = RepeatedOnce(window=60, clock=clock)
    passed = [once.filter(_record("Exception in ASGI application")) for _ in range(1000)]
    assert passed.count(True) == 1
    clock.now = 61
    later = _record("Exception in ASGI application")
    assert once.filter(later)
    assert "999 more like it" in later.getMessage()


def test_different_faults_and_plain_news_all_pass() -> None:
    once = RepeatedOnce(window=60, clock=Clock())
    assert once.filter(_record("one fault"))
    assert once.filter(_record("another fault"))
    assert once.filter(_record("one fault", name="psycopg.pool"))
    assert all(once.filter(_record("started", level=logging.INFO)) for _ in range(3))


def test_serve_puts_every_handler_behind_it() -> None:
    config = uvicorn_options()["log_config"]
    assert config["filters"]["repeated_once"]["()"] is RepeatedOnce
    assert all("repeated_once" in h["filters"] for h in config["handlers"].values())
    # The libraries' warnings (the database pool retrying) go through it too.
    assert config["root"]["handlers"] == ["default"]
