"""``pyramide analyse``: solve many deals and report the win rate.

Deals are drawn from the deal generator: the deal numbers come from SplitMix64
seeded with ``--seed``, so a run can be repeated exactly. Work is spread over
processes (all cores by default). Progress goes to standard error (``--progress``):
``bar``, rewritten in place on a terminal; ``lines``, a plain line at a calm pace
(at most every 10% of the deals and every 5 seconds), for a screen reader; or
``none``. By default: ``none`` when standard error is not a terminal, ``lines``
when a screen reader runs or the report goes to a file or a pipe, else ``bar``.
The report goes to standard output. Deals are drawn, handed out and counted one
batch at a time, and only counts and bounded summaries are kept (``analyse_tally``),
so memory stays flat and the first answer comes at once whatever ``--deals`` is.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TextIO

from pyramide_a11y.cli.from_options import rules_from_options
from pyramide_a11y.cli.tally import RELATIVE_PRECISION, Tally
from pyramide_a11y.cli.workers import WorkerLost, Workers
from pyramide_a11y.core.sources import SourceError
from pyramide_a11y.engine import Layout, Rules, parse_rules
from pyramide_a11y.engine.dealcode import (
    MAX_NUMBER,
    DealCode,
    SplitMix64,
    code_text,
)
from pyramide_a11y.narration import command_line as t
from pyramide_a11y.narration import solver_words as words
from pyramide_a11y.solver import solve
from pyramide_a11y.solver.win_rates import wilson_interval
from pyramide_a11y.speech.detect import running_screen_reader

LINES_EVERY_SECONDS = 5.0
LINES_EVERY_FRACTION = 0.1
"""A progress line waits for both: 5 seconds and a tenth of the deals since the last."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """One solved deal: its number, verdict (None = unknown), nodes and seconds."""

    number: int
    winnable: bool | None
    nodes: int
    seconds: float


def deal_numbers(seed: int, count: int, first: int = 0) -> Iterator[int]:
    """``count`` deal numbers drawn from SplitMix64 seeded with ``seed``, one at a
    time (constant memory, however many), after skipping the first ``first``.

    So ``deal_numbers(seed, a + b)`` is ``deal_numbers(seed, a)`` followed by
    ``deal_numbers(seed, b, first=a)``: a long run can be measured in parts. The
    skipped numbers are drawn and dropped (a draw may take more than one output of
    the generator), about a microsecond each.
    """
    rng = SplitMix64(seed)
    for _n in range(first):
        rng.below(MAX_NUMBER + 1)
    for _n in range(count):
        yield rng.below(MAX_NUMBER + 1)


def solve_deal(job: tuple[str, int, float | None]) -> DealResult:
    """Solve deal ``number`` under the rules written as ``str(rules)`` (a worker)."""
    rules_text, number, timeout = job
    rules = parse_rules(rules_text)
    position = Layout.from_code(DealCode(rules, number)).position()
    solution = solve(position, rules, timeout=timeout)
    return DealResult(number, solution.winnable, solution.nodes, solution.seconds)


def solve_all(
    rules: Rules, numbers: Iterable[int], jobs: int, timeout: float | None
) -> Iterator[DealResult]:
    """Results in the order they finish, ``jobs`` processes at once. The work is
    handed out a deal at a time, as workers are free, so the deals waiting stay few
    whatever their number. Raises :class:`.WorkerLost` when a worker is killed
    from outside."""
    work = ((str(rules), n, timeout) for n in numbers)
    if jobs <= 1:
        yield from map(solve_deal, work)
        return
    # Workers of our own (:mod:`.workers`): they end with the command, however it
    # ends (Ctrl-C, SIGTERM, a hang-up, SIGQUIT), quietly.
    with Workers(solve_deal, jobs) as workers:
        yield from workers.map_unordered(work)


def progress_mode(
    asked: str | None,
    out: TextIO,
    err: TextIO,
    screen_reader: Callable[[], str | None] = running_screen_reader,
) -> str:
    """The ``--progress`` mode: ``asked``, else ``none`` when ``err`` is not a
    terminal, ``lines`` when a screen reader runs or ``out`` is not a terminal (the
    report goes to a file: someone listens to the progress), else ``bar``."""
    if asked:
        return asked
    if not err.isatty():
        return "none"
    if not out.isatty() or screen_reader():
        return "lines"
    return "bar"


def run_analyse(args: argparse.Namespace, out: TextIO, err: TextIO | None = None) -> int:
    """Solve, show progress on ``err``, print the report on ``out``."""
    err = err or sys.stderr
    if args.deals < 1:
        raise SourceError(words.deals_too_few(args.deals))
    jobs = args.jobs or os.cpu_count() or 1
    if jobs < 1:
        raise SourceError(words.jobs_too_few(args.jobs))
    first = getattr(args, "first", 0)
    if first < 0:
        raise SourceError(words.first_negative(first))
    rules = rules_from_options(args, None)
    numbers = deal_numbers(args.seed, args.deals, first)
    progress = Progress(args.deals, err, progress_mode(getattr(args, "progress", None), out, err))
    start = time.perf_counter()
    # Counts and bounded summaries only: memory stays flat whatever --deals says.
    tally = Tally(name=lambda number: _code_of(rules, number))
    try:
        for result in solve_all(rules, numbers, min(jobs, args.deals), args.timeout):
            tally.add(result.number, result.winnable, result.nodes, result.seconds)
            progress.update(tally.deals)
    except WorkerLost as lost:
        progress.finish()
        print("pyramide: " + words.worker_lost(lost.code), file=err, flush=True)
        return 1
    progress.finish()
    wall = time.perf_counter() - start
    report = build_report(rules, args.seed, tally, wall, jobs, args.timeout, first)
    if args.json:
        print(json.dumps(report), file=out)
    else:
        for line in words.report_lines(report):
            print(line, file=out)
    return 0


def build_report(
    rules: Rules,
    seed: int,
    tally: Tally,
    wall: float,
    jobs: int,
    timeout: float | None,
    first: int = 0,
) -> dict[str, Any]:
    """The report as data (also the ``--json`` shape).

    ``first`` is how many deal numbers of the seed were skipped (``--first``).

    ``unknown_deals`` lists at most :data:`.analyse_tally.UNKNOWN_LISTED` codes (20),
    the first in code order; ``unknown_deals_more`` counts the unknown deals not listed.
    ``seconds_per_deal``: ``min`` and ``max`` are exact; ``median`` and ``p95`` come
    from a log-scale histogram and are within ``relative_precision`` (about 1.1%) of
    the exact nearest-rank values (see :mod:`.tally`). ``histogram`` holds
    that histogram (:meth:`.LogHistogram.to_data`), so the reports of runs in parts
    (``--first``) can be merged into the report one run would give.
    """
    decided = tally.won + tally.lost
    low, high = wilson_interval(tally.won, decided)
    return {
        "rules": str(rules),
        "seed": seed,
        "first": first,
        "deals": tally.deals,
        "winnable": tally.won,
        "lost": tally.lost,
        "unknown": tally.unknown,
        "unknown_deals": list(tally.unknown_codes),
        "unknown_deals_more": tally.unknown_not_listed,
        "win_rate": tally.won / decided if decided else None,
        "ci95": [low, high],
        "seconds_per_deal": {
            "median": tally.times.percentile(0.5),
            "p95": tally.times.percentile(0.95),
            "min": tally.times.low,
            "max": tally.times.high,
            "relative_precision": RELATIVE_PRECISION,
            "histogram": tally.times.to_data(),
        },
        "nodes": tally.nodes,
        "seconds": wall,
        "jobs": jobs,
        "timeout": timeout,
    }


def _code_of(rules: Rules, number: int) -> str:
    return code_text(rules, number) or str(number)


class Progress:
    """Progress on ``stream`` in a ``mode`` of :data:`PROGRESS_MODES` (default: bar on
    a terminal, else lines). ``bar`` is rewritten in place; ``lines`` are plain lines,
    one when both 5 seconds and a tenth of the deals have passed since the last, and
    one at the end; ``none`` writes nothing. ``clock`` gives seconds (tests)."""

    WIDTH = 30

    def __init__(
        self,
        total: int,
        stream: TextIO,
        mode: str | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.total = total
        self.stream = stream
        self.mode = mode or ("bar" if stream.isatty() else "lines")
        self.clock = clock
        self.start = clock()
        self.last_time = self.start
        self.last_done = 0
        self._shown = 0  # the length of the bar's line on screen

    def update(self, done: int) -> None:
        if self.mode == "none":
            return
        now = self.clock()
        if self.mode == "lines":
            calm = (
                now - self.last_time >= LINES_EVERY_SECONDS
                and done - self.last_done >= LINES_EVERY_FRACTION * self.total
            )
            if not calm and done < self.total:
                return
            self.last_time, self.last_done = now, done
            print(self._text(done, now), file=self.stream, flush=True)
            return
        filled = self.WIDTH * done // self.total
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        # Spaces, not an escape sequence, wipe the end of a longer line before: a
        # console that reads no escape sequences (Windows' own) would show it.
        line = f"[{bar}] {self._text(done, now)}"
        self.stream.write("\r" + line.ljust(self._shown))
        self._shown = len(line)
        self.stream.flush()

    def finish(self) -> None:
        if self.mode == "bar":
            self.stream.write("\n")
            self.stream.flush()

    def _text(self, done: int, now: float) -> str:
        elapsed = now - self.start
        left = elapsed / done * (self.total - done) if done else 0.0
        return t.progress_line(done, self.total, left)
