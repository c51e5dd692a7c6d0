"""Solver benchmark: verdicts and time per deal, written to a file to diff.

Run from the repository root (nice, one process by default: the machine is shared)::

    nice -n 10 .venv/bin/python -m benchmarks.solver --suite presets
    nice -n 10 .venv/bin/python -m benchmarks.solver --suite msc-1500

Suites:

- ``presets``: the first ``--deals`` deals (default 1000) of the deal generator
  with ``--seed`` (default 0), under ``pyramide``, ``classic`` with 1, 2 and 3
  passes, and ``paciencia``.
- ``msc-1500``: the 1500 public deals of ``shared/bench/msc-1500`` under
  ``paciencia`` with 1, 2 and 3 passes, compared with the known verdicts (every
  deal with 3 passes; the totals 127 and 877 with 1 and 2 passes).

Each configuration reports deals decided, winnable, unknown, agreement with the
known verdicts, time per deal (median, 95th percentile, max) and nodes per
second. ``benchmarks/results/<suite>.txt`` gets the report and one letter per
deal (``W`` winnable, ``L`` lost, ``?`` unknown), so a change of verdict shows in
a diff; the times change from run to run.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import shlex
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pyramide_a11y.cli.analyse import deal_numbers
from pyramide_a11y.engine import Card, Layout, Position, Rules, get_rules, parse_rules
from pyramide_a11y.engine.dealcode import shuffled_deck
from pyramide_a11y.solver import Verdict, solve
from pyramide_a11y.solver.win_rates import percentile

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
MSC_CANDIDATES = (
    ROOT.parent / "shared" / "bench" / "msc-1500",
    Path("/work/shared/bench/msc-1500"),
)
MSC_KNOWN_TOTALS = {1: 127, 2: 877, 3: 998}
SLOW = 0.5
"""Deals slower than this (seconds) are listed by index, slowest first."""


@dataclass(frozen=True)
class Outcome:
    index: int
    verdict: Verdict
    nodes: int
    seconds: float
    replayed: bool


def msc_positions(directory: Path) -> tuple[list[Position], list[int]]:
    """The public deals (pyramid row by row, then the stock, first drawn first) and
    their shortest winning lengths (0 = cannot be won)."""
    positions = []
    for line in (directory / "random-decks.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        cards = tuple(Card.parse(text) for text in line.split())
        positions.append(Position(cards[:28], cards[28:], ()))
    text = (directory / "solution-lengths.txt").read_text(encoding="utf-8")
    lengths = [int(x) for x in text.split()]
    return positions, lengths


def _solve_one(job: tuple[int, Position, str, float]) -> Outcome:
    index, position, rules_text, timeout = job
    rules = parse_rules(rules_text)
    solution = solve(position, rules, timeout=timeout)
    replayed = True
    if solution.verdict is Verdict.WINNABLE:
        # Every winning line must replay in the engine (not timed).
        end = position
        for move in solution.moves:
            end = end.after(move, rules)
        replayed = end.is_won(rules)
    return Outcome(index, solution.verdict, solution.nodes, solution.seconds, replayed)


def run_config(
    positions: list[Position],
    rules: Rules,
    timeout: float,
    jobs: int,
    progress: Callable[[int], None],
) -> list[Outcome]:
    work = [(i, p, str(rules), timeout) for i, p in enumerate(positions)]
    outcomes: list[Outcome] = []
    results: Iterator[Outcome]
    if jobs <= 1:
        results = map(_solve_one, work)
        for outcome in results:
            outcomes.append(outcome)
            progress(len(outcomes))
    else:
        with multiprocessing.Pool(jobs) as pool:
            for outcome in pool.imap_unordered(_solve_one, work, chunksize=4):
                outcomes.append(outcome)
                progress(len(outcomes))
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def summary(
    label: str, outcomes: list[Outcome], known: list[bool] | None, known_total: int | None
) -> list[str]:
    times = [o.seconds for o in outcomes]
    nodes = sum(o.nodes for o in outcomes)
    won = sum(o.verdict is Verdict.WINNABLE for o in outcomes)
    lost = sum(o.verdict is Verdict.LOST for o in outcomes)
    unknown = len(outcomes) - won - lost
    lines = [
        f"## {label}",
        f"deals {len(outcomes)}, decided {won + lost}, "
        f"winnable {won}, lost {lost}, unknown {unknown}",
    ]
    if known is not None:
        agree = sum(
            o.verdict is not Verdict.UNKNOWN and (o.verdict is Verdict.WINNABLE) == k
            for o, k in zip(outcomes, known, strict=True)
        )
        lines.append(f"agreement with the known verdicts: {agree} of {len(outcomes)}")
    if known_total is not None:
        lines.append(f"known winnable total: {known_total}; ours: {won}")
    bad = sum(not o.replayed for o in outcomes)
    lines.append(f"winning lines that failed to replay: {bad}")
    total = sum(times)
    median, p95 = percentile(times, 0.5), percentile(times, 0.95)
    rate = nodes / total if total else 0.0
    lines.append(
        f"time per deal: median {median * 1000:.2f} ms, p95 {p95 * 1000:.1f} ms, "
        f"max {max(times):.3f} s; total {total:.1f} s; nodes/s {rate:.0f}"
    )
    slow = sorted((o for o in outcomes if o.seconds >= SLOW), key=lambda o: -o.seconds)
    lines.append(
        f"deals over {SLOW:g} s (deal index: seconds, nodes): "
        + (", ".join(f"{o.index}: {o.seconds:.2f} s {o.nodes}" for o in slow) or "none")
    )
    letters = "".join(
        {Verdict.WINNABLE: "W", Verdict.LOST: "L", Verdict.UNKNOWN: "?"}[o.verdict]
        for o in outcomes
    )
    lines.append("verdicts (one letter per deal, 100 per line):")
    lines.extend(letters[i : i + 100] for i in range(0, len(letters), 100))
    lines.append("")
    return lines


def find_msc(explicit: Path | None) -> Path:
    for candidate in (explicit, *MSC_CANDIDATES):
        if candidate is not None and (candidate / "random-decks.txt").exists():
            return candidate
    raise SystemExit("msc-1500 not found: give --msc-dir (shared/bench/msc-1500)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.solver", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--suite", choices=["presets", "msc-1500"], required=True)
    parser.add_argument("--deals", type=int, default=1000, help="presets: deals per preset")
    parser.add_argument("--seed", type=int, default=0, help="presets: seed of the deal numbers")
    parser.add_argument("--passes", type=int, nargs="*", help="msc-1500: only these passes")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per deal")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1: shared machine)")
    parser.add_argument("--msc-dir", type=Path, help="folder of msc-1500")
    parser.add_argument(
        "--only", nargs="*", help="presets: only these rules, as labelled ('classic(passes=2)')"
    )
    parser.add_argument(
        "--output", type=Path, help="results file (default benchmarks/results/SUITE.txt)"
    )
    args = parser.parse_args(argv)

    configs: list[tuple[str, Rules, list[Position], list[bool] | None, int | None]] = []
    if args.suite == "presets":
        presets = [
            get_rules("pyramide"),
            get_rules("classic"),
            get_rules("classic").with_options(passes=2),
            get_rules("classic").with_options(passes=3),
            get_rules("paciencia"),
        ]
        numbers = list(deal_numbers(args.seed, args.deals))
        for rules in presets:
            if args.only and str(rules) not in args.only:
                continue
            positions = [Layout.deal(shuffled_deck(n), rules).position() for n in numbers]
            configs.append((str(rules), rules, positions, None, None))
        header = f"suite presets: the first {args.deals} deals of seed {args.seed}"
    else:
        directory = find_msc(args.msc_dir)
        positions, lengths = msc_positions(directory)
        for passes in args.passes or [1, 2, 3]:
            rules = get_rules("paciencia").with_options(passes=passes)
            known = [n > 0 for n in lengths] if passes == 3 else None
            configs.append(
                (f"{rules} (msc-1500)", rules, positions, known, MSC_KNOWN_TOTALS[passes])
            )
        header = "suite msc-1500: 1500 public deals under paciencia"

    lines = [
        f"# Solver benchmark — {header}",
        f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
        f"{args.jobs} process(es), timeout {args.timeout:g} s per deal; "
        f"load average {os.getloadavg()[0]:.1f} at the start",
        "command: python -m benchmarks.solver "
        + shlex.join(sys.argv[1:] if argv is None else argv),
        "",
    ]
    for label, rules, positions, known, known_total in configs:
        start = time.perf_counter()

        def progress(
            done: int, total: int = len(positions), label: str = label, start: float = start
        ) -> None:
            if done % 100 == 0 or done == total:
                elapsed = time.perf_counter() - start
                print(f"{label}: {done}/{total} in {elapsed:.0f} s", file=sys.stderr, flush=True)

        outcomes = run_config(positions, rules, args.timeout, args.jobs, progress)
        block = summary(label, outcomes, known, known_total)
        print("\n".join(block[:6]), flush=True)
        lines.extend(block)
    output = args.output or RESULTS / f"{args.suite}.txt"
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text("\n".join(lines), encoding="utf-8")
    print(f"written to {output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
