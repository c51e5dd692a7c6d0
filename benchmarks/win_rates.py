"""Win-rate table: the share of winnable deals for every preset and variant.

Run from the repository root::

    nice -n 19 .venv/bin/python -m benchmarks.win_rates run        # every row not yet done
    .venv/bin/python -m benchmarks.win_rates render                 # docs/win-rates.md
    .venv/bin/python -m benchmarks.win_rates list                   # rows, done or not
    .venv/bin/python -m benchmarks.win_rates check                  # same games, same verdicts

``run`` measures each row of :data:`ROWS` with ``pyramide analyse --json``,
cheapest rows first, in chunks of ``--chunk`` deals (10,000): each chunk is one
child process ``pyramide analyse … --first K --deals N --json`` (the deals the
row's single command solves from the K-th on), and its report, with when and
where it ran, is written at once (aside, then renamed) to
``benchmarks/results/win-rates/chunks/<row>/<K>.json``. So a run stopped at any
moment loses at most the chunk in progress; the next ``run`` measures only the
chunks missing. When every chunk of a row is in, they are merged
(:func:`merge_chunks`: the report one run of the row's command would give) into
``benchmarks/results/win-rates/<row>.json`` and the page is rendered again. A row
whose file is there (same deals, seed and timeout) is skipped, whether it ran in
chunks or in one piece. ``render`` builds ``docs/win-rates.md`` from the row files
alone: only finished rows appear, and the rows still to run are listed with their
command.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyramide_a11y.cli.tally import RELATIVE_PRECISION, UNKNOWN_LISTED, LogHistogram
from pyramide_a11y.solver.win_rates import wilson_interval

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "win-rates"
DOC = ROOT / "docs" / "win-rates.md"
DEFAULT_DEALS = 100_000
DEFAULT_SEED = 0
DEFAULT_JOBS = 2
DEFAULT_TIMEOUT = 30.0
DEFAULT_CHUNK = 10_000
"""Deals per chunk: 10,000 take from under a minute to about an hour a row here."""
ESTIMATED_ON = "AMD EPYC"
"""The machine where the rows' expected times (:attr:`Row.minutes`) were measured."""


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table: a preset with some variant options.

    Attributes:
        key: the file name of its result (``<key>.json``), stable across runs.
        preset: ``pyramide``, ``classic`` or ``paciencia``.
        options: rules options as typed on the command line.
        section: the table it belongs to (a key of :data:`SECTIONS`).
        same_game: other rules that play the same game deal by deal, as typed after
            ``pyramide analyse --rules`` (said beside the row, measured once).
        minutes: the expected wall time of 100,000 deals with 2 processes on the
            :data:`ESTIMATED_ON` machine, from a trial run of the row's first 100 deals; said
            beside a row not yet measured.
    """

    key: str
    preset: str
    options: tuple[str, ...]
    section: str
    same_game: tuple[str, ...] = ()
    minutes: int = 0

    def arguments(
        self, deals: int, seed: int, jobs: int, timeout: float, first: int | None = None
    ) -> list[str]:
        """The ``analyse`` arguments of this row; with ``first``, of its chunk of
        ``deals`` deals from the ``first``-th on (``--first``)."""
        return [
            "analyse",
            "--rules",
            self.preset,
            *self.options,
            *([] if first is None else ["--first", str(first)]),
            "--deals",
            str(deals),
            "--seed",
            str(seed),
            "--jobs",
            str(jobs),
            "--timeout",
            f"{timeout:g}",
            "--json",
        ]

    def command(
        self, deals: int, seed: int, jobs: int, timeout: float, first: int | None = None
    ) -> str:
        """The rerun command, as a person types it (of a chunk, with ``first``)."""
        return " ".join(["pyramide", *self.arguments(deals, seed, jobs, timeout, first)])


SECTIONS: dict[str, str] = {
    "pyramide": "`pyramide` (seed 000): waste top only, unlimited passes",
    "passes": "Limited recycles, waste top only (`pyramide` with `--recycles`, `classic` with "
    "`--passes`)",
    "classic": "`classic` (seed 002): one pass",
    "paciencia": "`paciencia` (seed 004): stock top and waste top in play, three rounds "
    "and its variants",
}
"""Section headings, in the order they appear in the page."""

SW = "--stock-waste-pairs"
STRICT = "--strict-win"
COVER = "--cover-pairs"


def _one_round(key: str, switches: tuple[str, ...], minutes: int) -> Row:
    """A row of one pass with stock against waste and ``switches``, in the `classic`
    table, measured as one round of `paciencia` (the same game, faster to decide)."""
    rest = " ".join(o for o in (STRICT, SW, COVER) if o == SW or o in switches)
    return Row(
        key,
        "paciencia",
        ("--recycles", "none", *switches),
        "classic",
        ("classic " + rest, "pyramide --recycles none " + rest),
        minutes=minutes,
    )


ROWS: tuple[Row, ...] = (
    # Unlimited passes, relaxed win: well under 1 ms a deal.
    Row("pyramide", "pyramide", (), "pyramide", ("classic --recycles unlimited",), minutes=1),
    Row("pyramide-sw", "pyramide", (SW,), "pyramide", minutes=1),
    Row("pyramide-cover", "pyramide", (COVER,), "pyramide", minutes=1),
    Row("pyramide-sw-cover", "pyramide", (SW, COVER), "pyramide", minutes=1),
    Row("paciencia-unlimited", "paciencia", ("--recycles", "unlimited"), "paciencia", minutes=1),
    # A few ms a deal (with 2 processes).
    Row("pyramide-strict", "pyramide", (STRICT,), "pyramide", minutes=5),
    Row("paciencia", "paciencia", (), "paciencia", minutes=10),
    Row("paciencia-cover", "paciencia", (COVER,), "paciencia", minutes=10),
    Row("pyramide-strict-cover", "pyramide", (STRICT, COVER), "pyramide", minutes=10),
    # Three passes: about 16 ms a deal.
    Row(
        "pyramide-recycles-2",
        "pyramide",
        ("--recycles", "2"),
        "passes",
        ("classic --passes 3",),
        minutes=15,
    ),
    # One pass, the study's rules without stock against waste: measured.
    Row("classic", "classic", (), "classic", ("pyramide --recycles none",), minutes=9),
    # The rows still to measure, cheapest first. Minutes estimated on 1 December 2026
    # from the first 100 deals of each row with one process (load about 2.6), after
    # the fifth round of verdict ideas (benchmarks/results/solver-ideas.txt); the
    # five rows the sixth round sped up scaled by what it saved on those 100 deals
    # (the precedence test: one pass without cover pairs; the digging test left out
    # where the stock top plays).
    Row("paciencia-strict", "paciencia", (STRICT,), "paciencia", minutes=6),
    Row("classic-strict", "classic", (STRICT,), "classic", minutes=7),
    Row("pyramide-strict-sw", "pyramide", (STRICT, SW), "pyramide", minutes=8),
    Row("classic-strict-cover", "classic", (STRICT, COVER), "classic", minutes=12),
    Row("classic-cover", "classic", (COVER,), "classic", minutes=14),
    Row("pyramide-strict-sw-cover", "pyramide", (STRICT, SW, COVER), "pyramide", minutes=25),
    Row("paciencia-strict-cover", "paciencia", (STRICT, COVER), "paciencia", minutes=31),
    # (Four of its ten chunks were measured first, in this place.)
    # `paciencia --recycles none` is the same game (see the page), so it has no row.
    Row(
        "classic-sw",
        "classic",
        (SW,),
        "classic",
        ("pyramide --recycles none " + SW, "paciencia --recycles none"),
        minutes=48,
    ),
    Row(
        "pyramide-recycles-1",
        "pyramide",
        ("--recycles", "1"),
        "passes",
        ("classic --passes 2",),
        minutes=41,
    ),
    Row("paciencia-recycles-1", "paciencia", ("--recycles", "1"), "paciencia", minutes=44),
    # One pass with stock against waste, measured as one round of `paciencia`: the
    # same game deal by deal (see the page), which the solver decides 25-44% faster
    # (first 100 deals: 3.58 s against 4.75 s, 5.95 against 10.59, 6.11 against 10.55).
    _one_round("classic-strict-sw", (STRICT,), minutes=41),
    _one_round("classic-sw-cover", (COVER,), minutes=60),
    _one_round("classic-strict-sw-cover", (STRICT, COVER), minutes=68),
)
"""Every row, in the order ``run`` measures them: the rows measured first, then the
rest cheapest first (``minutes``)."""


# --- results -----------------------------------------------------------------------


def result_path(results: Path, row: Row) -> Path:
    return results / f"{row.key}.json"


def load_result(results: Path, row: Row) -> dict[str, Any] | None:
    """The finished result of ``row``, or None when there is none (or it is damaged)."""
    try:
        data = json.loads(result_path(results, row).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and "report" in data else None


def is_done(result: dict[str, Any] | None, deals: int, seed: int, timeout: float) -> bool:
    """Whether ``result`` answers a run of ``deals`` deals (or more), ``seed``, ``timeout``."""
    if result is None:
        return False
    report = result["report"]
    return bool(
        report["deals"] >= deals and report["seed"] == seed and report["timeout"] == timeout
    )


def machine() -> dict[str, Any]:
    """Where the row runs: enough to compare the times with another machine."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "system": f"{platform.system()} {platform.release()}",
    }


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")


def analyse_child(arguments: list[str], log: Any) -> dict[str, Any]:
    """Run ``pyramide <arguments>`` (an ``analyse … --json``) in a child process,
    progress lines to ``log``, and return its report.

    Raises:
        RuntimeError: ``analyse`` failed (its standard error is in the log).
    """
    done = subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", *arguments, "--progress", "lines", "--lang", "en"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(arguments)}: analyse ended with status {done.returncode}")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def _write_atomically(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` as JSON to ``path`` aside, then rename: the file is whole or absent."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    part.replace(path)


# --- chunks ------------------------------------------------------------------------


def chunk_path(results: Path, row: Row, first: int) -> Path:
    """Where the chunk of ``row`` starting at deal ``first`` (0-based) is kept."""
    return results / "chunks" / row.key / f"{first}.json"


def load_chunks(results: Path, row: Row, seed: int, timeout: float) -> dict[int, dict[str, Any]]:
    """The finished chunks of ``row`` for ``seed`` and ``timeout``, by first deal.
    Damaged files and chunks of other seeds or timeouts are left out."""
    found: dict[int, dict[str, Any]] = {}
    folder = results / "chunks" / row.key
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            report = data["report"]
            first = int(path.stem)
            fits = (
                data["row"] == row.key
                and report["first"] == first
                and report["deals"] >= 1
                and report["seed"] == seed
                and report["timeout"] == timeout
            )
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if fits:
            found[first] = data
    return found


def chunk_plan(done: dict[int, int], deals: int, chunk: int) -> list[tuple[int, int, bool]]:
    """The chunks that make up deals ``0 … deals-1``: ``(first, count, done)``.

    ``done`` maps the first deal of each finished chunk to its count. They are used
    where they fit; the gaps are cut in chunks of at most ``chunk`` deals that end
    where the next finished chunk starts (so a change of ``--chunk`` between runs
    keeps the chunks done)."""
    plan: list[tuple[int, int, bool]] = []
    position = 0
    while position < deals:
        count = done.get(position, 0)
        if count and position + count <= deals:
            plan.append((position, count, True))
        else:
            following = min((f for f in done if f > position), default=deals)
            count = min(chunk, following - position, deals - position)
            plan.append((position, count, False))
        position += count
    return plan


def row_plan(
    results: Path, row: Row, deals: int, chunk: int, seed: int, timeout: float
) -> tuple[list[tuple[int, int, bool]], dict[int, dict[str, Any]]]:
    """The chunk plan of ``row`` (:func:`chunk_plan`) and its finished chunks."""
    chunks = load_chunks(results, row, seed, timeout)
    plan = chunk_plan({f: c["report"]["deals"] for f, c in chunks.items()}, deals, chunk)
    return plan, chunks


def run_chunk(
    row: Row,
    results: Path,
    first: int,
    count: int,
    seed: int,
    jobs: int,
    timeout: float,
    log: Any,
) -> dict[str, Any]:
    """Measure ``count`` deals of ``row`` from deal ``first`` on (one ``analyse``
    child process) and keep the result in :func:`chunk_path`, written aside then
    renamed: a chunk cut short leaves no file.

    Raises:
        RuntimeError: ``analyse`` failed (its standard error is in the log).
    """
    started, load_before, clock = _now(), os.getloadavg(), time.perf_counter()
    report = analyse_child(row.arguments(count, seed, jobs, timeout, first), log)
    result = {
        "row": row.key,
        "first": first,
        "command": row.command(count, seed, jobs, timeout, first),
        "started": started,
        "finished": _now(),
        "wall_seconds": time.perf_counter() - clock,
        "load_average": {"before": load_before[0], "after": os.getloadavg()[0]},
        "nice": os.getpriority(os.PRIO_PROCESS, 0),
        "machine": machine(),
        "report": report,
    }
    _write_atomically(chunk_path(results, row, first), result)
    return result


def merge_reports(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``analyse`` report of one run over the deals of ``reports``, the reports
    of consecutive parts of it (``--first``), in order.

    Exact: counts, nodes and seconds are summed; the win rate and its 95% Wilson
    interval are computed from the sums (``solver.win_rates.wilson_interval``, as
    ``analyse`` does); the unknown deals listed are the first
    :data:`UNKNOWN_LISTED` of all in code order (each part lists its first ones, so
    none is missed); the time histograms are added, so the median and the 95th
    percentile are those one run reports (within ``relative_precision``), and the
    shortest and longest times are exact. A report without a histogram (an older
    ``analyse``) leaves the median and 95th percentile None: they cannot be
    merged from medians.

    Raises:
        ValueError: the parts are not consecutive from deal 0 or differ in rules,
            seed or timeout.
    """
    if not reports:
        raise ValueError("no parts")
    head = reports[0]
    position = 0
    for report in reports:
        if report.get("first", 0) != position:
            raise ValueError(f"a part starts at deal {report.get('first', 0)}, not {position}")
        if any(report[k] != head[k] for k in ("rules", "seed", "timeout")):
            raise ValueError("parts of different rules, seed or timeout")
        position += report["deals"]
    total = {
        k: sum(r[k] for r in reports) for k in ("deals", "winnable", "lost", "unknown", "nodes")
    }
    decided = total["winnable"] + total["lost"]
    low, high = wilson_interval(total["winnable"], decided)
    codes = sorted(code for r in reports for code in r["unknown_deals"])[:UNKNOWN_LISTED]
    times = [r["seconds_per_deal"] for r in reports]
    longest = max(t["max"] for t in times)
    median: float | None = None
    p95: float | None = None
    shortest: float | None = None
    histogram_data: dict[str, Any] | None = None
    if all("histogram" in t and "min" in t for t in times):
        histogram = LogHistogram()
        for t in times:
            histogram.merge(LogHistogram.from_data(t["histogram"], t["min"], t["max"]))
        median, p95 = histogram.percentile(0.5), histogram.percentile(0.95)
        shortest, histogram_data = histogram.low, histogram.to_data()
    return {
        "rules": head["rules"],
        "seed": head["seed"],
        "first": 0,
        **{k: total[k] for k in ("deals", "winnable", "lost", "unknown")},
        "unknown_deals": codes,
        "unknown_deals_more": total["unknown"] - len(codes),
        "win_rate": total["winnable"] / decided if decided else None,
        "ci95": [low, high],
        "seconds_per_deal": {
            "median": median,
            "p95": p95,
            "min": shortest,
            "max": longest,
            "relative_precision": RELATIVE_PRECISION,
            "histogram": histogram_data,
        },
        "nodes": total["nodes"],
        "seconds": sum(r["seconds"] for r in reports),
        "jobs": max(r["jobs"] for r in reports),
        "timeout": head["timeout"],
    }


def merge_chunks(row: Row, chunks: list[dict[str, Any]], jobs: int) -> dict[str, Any]:
    """The row's result from its chunk results (consecutive from deal 0, in order):
    the merged report (:func:`merge_reports`), the row's single rerun command, the
    first start and last end, the wall time summed over the chunks (the time
    spent, not the time between start and end), and each chunk's when and where
    under ``chunks``.

    Raises:
        ValueError: as :func:`merge_reports`.
    """
    report = merge_reports([c["report"] for c in chunks])
    return {
        "row": row.key,
        "command": row.command(report["deals"], report["seed"], jobs, report["timeout"]),
        "started": min(c["started"] for c in chunks),
        "finished": max(c["finished"] for c in chunks),
        "wall_seconds": sum(c["wall_seconds"] for c in chunks),
        "load_average": {
            "before": chunks[0]["load_average"]["before"],
            "after": chunks[-1]["load_average"]["after"],
        },
        "nice": max(c["nice"] for c in chunks),
        "machine": chunks[0]["machine"],
        "report": report,
        "chunks": [
            {k: c[k] for k in ("first", "command", "started", "finished", "wall_seconds")}
            | {
                "deals": c["report"]["deals"],
                "load_average": c["load_average"],
                "nice": c["nice"],
                "machine": c["machine"],
            }
            for c in chunks
        ],
    }


def run_row(
    row: Row,
    results: Path,
    deals: int,
    chunk: int,
    seed: int,
    jobs: int,
    timeout: float,
    log: Any,
) -> dict[str, Any]:
    """Measure the chunks of ``row`` not yet done (:func:`run_chunk`), then merge
    all of them into the row's result file (written aside, then renamed).

    Raises:
        RuntimeError: ``analyse`` failed (its standard error is in the log).
    """
    plan, chunks = row_plan(results, row, deals, chunk, seed, timeout)
    missing = [(first, count) for first, count, done in plan if not done]
    for index, (first, count) in enumerate(missing, start=1):
        print(
            f"{_now()} {row.key}: chunk {index} of {len(missing)} to run "
            f"({len(plan) - len(missing)} of {len(plan)} done before): "
            f"{row.command(count, seed, jobs, timeout, first)}",
            file=log,
            flush=True,
        )
        chunks[first] = run_chunk(row, results, first, count, seed, jobs, timeout, log)
    result = merge_chunks(row, [chunks[first] for first, _count, _done in plan], jobs)
    _write_atomically(result_path(results, row), result)
    return result


# --- rendering ---------------------------------------------------------------------


def _percent(fraction: float | None, digits: int = 2) -> str:
    return "–" if fraction is None else f"{100 * fraction:.{digits}f}%"


def _seconds(value: float | None) -> str:
    if value is None:
        return "–"
    if value < 1:
        return f"{value * 1000:.1f} ms"
    return f"{value:.2f} s"


def rules_label(result: dict[str, Any], row: Row | None) -> str:
    """The row's rules as ``analyse`` printed them, and the same game under another name."""
    label = f"`{result['report']['rules']}`"
    if row is not None and row.same_game:
        label += f" ({_other_names(row)})"
    return label


TABLE_HEAD = (
    "| rules | deals | won | unknown | winnable | 95% interval | median | p95 | longest "
    "| rerun |\n"
    "|---|---:|---:|---:|---:|---|---:|---:|---:|---|"
)


def render_row(result: dict[str, Any], row: Row | None = None) -> str:
    """One table line from one result file's data: rules, deals, won, unknown,
    the share won among the decided deals, its 95% Wilson interval, the time per
    deal (median, 95th percentile, longest) and the rerun command."""
    report = result["report"]
    low, high = report["ci95"]
    times = report["seconds_per_deal"]
    cells = [
        rules_label(result, row),
        f"{report['deals']:,}",
        f"{report['winnable']:,}",
        f"{report['unknown']:,}",
        _percent(report["win_rate"]),
        f"{_percent(low)} – {_percent(high)}",
        _seconds(times["median"]),
        _seconds(times["p95"]),
        _seconds(times["max"]),
        f"`{result['command']}`" + _in_chunks(result),
    ]
    return "| " + " | ".join(cells) + " |"


def _machines(parts: Iterable[dict[str, Any]]) -> set[str]:
    """The distinct machines that ran ``parts`` (rows or chunks), each as its JSON text."""
    return {json.dumps(p["machine"], sort_keys=True) for p in parts}


def _in_chunks(result: dict[str, Any]) -> str:
    """ " (run in 10 chunks of 10,000 deals)" for a row measured in chunks, else "";
    with ", on 2 machines" before the parenthesis closes when its chunks ran on more
    than one (its times then mix theirs)."""
    chunks = result.get("chunks")
    if not chunks:
        return ""
    size = max(c["deals"] for c in chunks)
    machines = len(_machines(chunks))
    where = f", on {machines} machines" if machines > 1 else ""
    return f" (run in {len(chunks)} chunks of {size:,} deals{where})"


UNKNOWN_SHOWN = 20
"""Deal codes listed per row when the timeout left deals unknown (all are in the file)."""


def unknown_lines(found: list[dict[str, Any]]) -> list[str]:
    """For each result with unknown deals, a line naming them (the first
    :data:`UNKNOWN_SHOWN`), so anyone can solve them again with more time."""
    out = []
    for result in found:
        codes = result["report"]["unknown_deals"]
        if codes:
            # Older reports listed every unknown deal; newer ones count the rest.
            left = len(codes[UNKNOWN_SHOWN:]) + result["report"].get("unknown_deals_more", 0)
            more = f" and {left:,} more" if left else ""
            shown = ", ".join(f"`{c}`" for c in codes[:UNKNOWN_SHOWN])
            out.append(
                f"- Unknown after {result['report']['timeout']:g} s under "
                f"`{result['report']['rules']}`: {shown}{more}."
            )
    return [*out, ""] if out else []


STUDY = "https://solitairewinrates.com/Pyramid.html"
STUDY_FIGURES: tuple[tuple[str, float | None, str, str], ...] = (
    ("pyramid only, unlimited, no overlap", 0.6687, "pyramide", "pyramide-sw"),
    ("pyramid only, unlimited, overlap", 0.8315, "pyramide-cover", "pyramide-sw-cover"),
    ("all cards, unlimited, no overlap", None, "pyramide-strict", "pyramide-strict-sw"),
    (
        "all cards, unlimited, overlap",
        None,
        "pyramide-strict-cover",
        "pyramide-strict-sw-cover",
    ),
    ("pyramid only, once, no overlap", 0.0902, "classic", "classic-sw"),
    ("pyramid only, once, overlap", 0.2277, "classic-cover", "classic-sw-cover"),
    ("all cards, once, no overlap", 0.0680, "classic-strict", "classic-strict-sw"),
    ("all cards, once, overlap", 0.1592, "classic-strict-cover", "classic-strict-sw-cover"),
)
"""The study's six figures (100 million deals each; None where it gives none), with
our row of the same goal, passes and overlap rule, waste top only, and the row that
also lets the drawn card pair with the waste card under it."""


def share_with_stock_partners_apart() -> float:
    """The share of deals whose 24 stock cards hold at most four of the eight cards of
    each pair of values that add up to 13 (exact, over every choice of the stock).

    Where no two stock cards can ever pair, a strict win needs a pyramid partner for
    every stock card but the Kings, and only such deals have enough of them: the
    share bounds every strict win rate of rules where they cannot pair.
    """
    kings = [math.comb(4, k) for k in range(5)]
    one_pair_of_values = [math.comb(8, k) for k in range(5)]  # at most 4 of its 8
    ways = kings
    for _ in range(6):  # A with Q, 2 with J, …, 6 with 7
        product = [0] * (len(ways) + len(one_pair_of_values) - 1)
        for i, a in enumerate(ways):
            for j, b in enumerate(one_pair_of_values):
                product[i + j] += a * b
        ways = product
    return ways[24] / math.comb(52, 24)


def inside(result: dict[str, Any], published: float) -> bool:
    """Whether ``published`` lies in the 95% interval of ``result`` (rounded as shown,
    to two decimals of a percent)."""
    low, high = result["report"]["ci95"]
    return bool(round(low, 4) <= published <= round(high, 4))


def _share(results: dict[str, dict[str, Any]], key: str, published: float | None) -> str:
    result = results.get(key)
    if result is None:
        return "not yet measured"
    report = result["report"]
    low, high = report["ci95"]
    text = f"{_percent(report['win_rate'])} ({_percent(low)} – {_percent(high)})"
    if published is not None:
        text += ", published inside" if inside(result, published) else ", published outside"
    return text


def _when_and_where(results: dict[str, dict[str, Any]]) -> list[str]:
    if not results:
        return ["No row has been measured yet."]
    first = min(r["started"] for r in results.values())
    last = max(r["finished"] for r in results.values())
    # A row run in chunks ran in many places and times: every chunk counts.
    parts = [c for r in results.values() for c in r.get("chunks", [r])]
    machines = _machines(parts)
    loads = [p["load_average"][k] for p in parts for k in ("before", "after")]
    jobs = sorted({r["report"]["jobs"] for r in results.values()})
    lines = [f"Measured from {first} to {last}, on:", ""]
    for text in sorted(machines):
        m = json.loads(text)
        lines.append(f"- {m['cpu']}, {m['cores']} cores, {m['system']}, Python {m['python']}")
    lines += [
        "",
        f"Each row ran as `pyramide analyse` with {', '.join(map(str, jobs))} processes "
        f"at `nice -n 19`, on a machine shared with other work (load average from "
        f"{min(loads):.1f} to {max(loads):.1f} at the start and end of the rows and "
        "chunks): the times per deal are pessimistic; the verdicts do not depend on "
        "them, except through the timeout.",
    ]
    if len(machines) > 1:
        lines += [
            "",
            "A row run in chunks on more than one of these machines says so beside its "
            "command: its times per deal mix theirs (each chunk's machine is in the row's "
            "JSON file).",
        ]
    return lines


def _chunks_note(chunk: int) -> list[str]:
    return [
        "A row can take hours, longer than the machine stays up for one run, so "
        f"`python -m benchmarks.win_rates run` measures each row in chunks of {chunk:,} "
        "deals, kept one by one, and goes on from the chunks done when it is started "
        "again. A chunk is the row's command with `--first K --deals N`, which solves "
        "the deals the command solves from the K-th on: together, the chunks are "
        "exactly the deals of the command beside the row, and give the verdicts it "
        'gives in one piece. Such a row says "run in N chunks" beside its command. The '
        "chunks' reports are merged exactly: won, lost, unknown and nodes are summed, the share "
        "and its interval computed from the sums, the first unknown deals kept in code "
        "order; the median and 95th percentile come from the chunks' time histograms "
        "added together (what one run reports, within about 1%), and the longest time is "
        "the longest of all. The wall time of such a row (in its JSON file) is the sum "
        "of its chunks' times. The rows without that note ran in one piece.",
    ]


def render(
    results: dict[str, dict[str, Any]],
    deals: int = DEFAULT_DEALS,
    chunk: int = DEFAULT_CHUNK,
    partial: dict[str, tuple[int, int]] | None = None,
) -> str:
    """The whole page from the finished results, by row key. Rows without a result
    are listed with their command under "Not yet measured", with the chunks done
    of those begun (``partial``: row key to chunks done and in all)."""
    timeout = next(
        (r["report"]["timeout"] for r in results.values()),
        DEFAULT_TIMEOUT,
    )
    out = [
        "# Win rates",
        "",
        "The share of deals that can be won, for every preset and the variants seed 000 "
        "names, each from at least 100,000 deals of the deal generator (deal numbers from "
        "seed 0, the same deals for every row), solved exactly by `pyramide analyse`. No "
        "public source has the variants; the published figures for the plain games are "
        "compared below. Generated by `python -m benchmarks.win_rates render` from "
        "`benchmarks/results/win-rates/` (see `benchmarks/README.md`); every row gives "
        "the command that measures it again.",
        "",
        '"Winnable" is the share of the decided deals that a player who knew every '
        "card could win, with its 95% Wilson interval. Each deal had "
        f"**{timeout:g} seconds** (`--timeout {timeout:g}`); a deal not decided by then "
        'counts as unknown, is left out of the share, and is counted in the "unknown" '
        "column (its deal code is in the row's JSON file). Times are per deal, the whole "
        "solve.",
        "",
        *_when_and_where(results),
        "",
        *_chunks_note(chunk),
        "",
        "## Which rows, and why",
        "",
        "- **Strict win**, **stock against waste** (`--stock-waste-pairs`) and **cover pair** "
        "(`--cover-pairs`) are independent switches: every combination of the three is a "
        "game of its own. All eight are rows with unlimited passes (`pyramide`); with one "
        "pass (`classic`) too, because the public study measured strict win and cover pair "
        "there and its figures match stock against waste (below).",
        "- With **unlimited passes and the relaxed win**, stock against waste changes "
        "nothing, deal by deal, and neither does `paciencia`'s playable stock top: any "
        "card left in the stock or the waste can be brought to the waste top without "
        "touching the pyramid, so pairing two of them never helps to clear it (it only "
        "spends partners). Those rows are measured anyway, as a check of the solver: "
        "they must equal the row without the switch exactly. The strict win changes "
        "this, because then the stock cards must go too.",
        "- **Limited recycles** 0, 1 and 2 (one, two and three passes) with the waste top "
        "only are `classic` with `--passes 1/2/3` and `pyramide` with `--recycles "
        "none/1/2`: the same game deal by deal. `pyramide` turns the first stock card to "
        "the waste at the start, which is `classic`'s first draw, and any pyramid move "
        "played before that draw can be played after it; both presets deal the same "
        "cards from the same deal number, and the other differences (which card stays "
        "selected, the undo limit, the score) do not change what can be won. Each is "
        "measured once, named beside the row. `python -m benchmarks.win_rates check` "
        "solves the first deals under both names (1000 with unlimited passes, 300 with "
        "three, 200 with one, with and without stock against waste, 300 with the strict "
        "win) and found no deal where they differ; it checks the two equalities of the "
        "point above the same way (1000 deals each), and those of the next point (300 deals "
        "each, with and without the strict win and the cover pair).",
        "- `paciencia` already lets the stock top pair with the waste top, so "
        "`--stock-waste-pairs` changes nothing there and has no row. Its rounds are "
        "measured at 2, 3 (the preset) and unlimited, with the strict win and the cover "
        "pair at three rounds. **One round** (`--recycles none`) is `classic "
        "--stock-waste-pairs`, the same game deal by deal: a draw puts the stock top on "
        "the waste top in both; what `paciencia` plays with the stock top before drawing "
        "it, `classic` plays right after drawing it (where the drawn card pairs with the "
        "one under it, and a pyramid partner takes it off the old top), and what the old "
        "top plays first is played before that draw; the other way, a card that "
        "`classic` draws and later pairs with the one under it, `paciencia` pairs as the "
        "stock top with the waste top before the draw, since no pyramid move in between "
        "touches either. The strict win and the cover pair do not change this. The "
        "solver decides `paciencia`'s round 25–44% faster (its stock top "
        "in play lets a draw stop only where the card it uncovers can play), so the "
        "`classic` rows with stock against waste not yet begun when this was found are "
        "measured under that name, each in the `classic` table with its other names.",
        "- Two and three passes with the switches are left out: each costs at least as "
        "much as its plain row (two passes: about 0.25 s a deal, hours for 100,000 on "
        "this machine) for a game no seed plays.",
        "",
    ]
    by_key = {row.key: row for row in ROWS}
    for section, heading in SECTIONS.items():
        # The plain row first, then one switch, two, three (then the run order).
        rows = sorted(
            (r for r in ROWS if r.section == section and r.key in results),
            key=lambda r: (sum(o.startswith("--") for o in r.options), ROWS.index(r)),
        )
        if not rows:
            continue
        out += [f"## {heading}", "", TABLE_HEAD]
        out += [render_row(results[r.key], by_key[r.key]) for r in rows]
        out.append("")
        out += unknown_lines([results[r.key] for r in rows])
    out += _comparison(results)
    missing = [r for r in ROWS if r.key not in results]
    if missing:
        out += [
            "## Not yet measured",
            "",
            "These rows are still to run. `python -m benchmarks.win_rates run` measures "
            f"them in this order, in chunks of {chunk:,} deals, skipping the rows above "
            "and the chunks already done; beside each, the expected time with 2 "
            f"processes on the {ESTIMATED_ON} machine, from the row's first 100 deals (an "
            "estimate: the load and the machine change it):",
            "",
        ]
        out += [
            f"- `{r.command(deals, DEFAULT_SEED, DEFAULT_JOBS, timeout)}` "
            f"({_also(r)}about {_minutes(r.minutes)}{_begun((partial or {}).get(r.key))})"
            for r in missing
        ]
        out.append("")
    return "\n".join(out)


def _begun(progress: tuple[int, int] | None) -> str:
    if not progress or not progress[0]:
        return ""
    return f"; {progress[0]} of {progress[1]} chunks done"


def _other_names(row: Row) -> str:
    """The row's other names, as ``= `a`, = `b```."""
    return ", ".join(f"= `{name}`" for name in row.same_game)


def _also(row: Row) -> str:
    """The row's other names, before its estimate in the list of rows to measure."""
    return f"{_other_names(row)}; " if row.same_game else ""


def _minutes(minutes: int) -> str:
    if minutes < 90:
        return f"{minutes} min"
    return f"{minutes / 60:.1f} h".replace(".0 h", " h")


def _comparison(results: dict[str, dict[str, Any]]) -> list[str]:
    out = [
        "## Compared with the published figures",
        "",
        f"The largest public study ({STUDY}, 100 million deals for each figure, a solver "
        'of its own) gives six figures. Its "pyramid only" is our relaxed win, "all '
        'cards" our strict win, "overlap discards" our cover pair, "once" and '
        '"unlimited" the passes through the stock. Where its rules may differ from ours:',
        "",
        "- The page does not say which stock and waste cards are playable. The usual "
        'description of the game (Keller and Masten, solitairelaboratory.com, "Pyramid '
        'and Giza") makes the waste top **and the stock card just dealt** playable, '
        "which pairs the drawn card with the waste card under it: our "
        "`--stock-waste-pairs`. Our presets `pyramide` and `classic` play the waste top "
        "only. Both are given below.",
        "- The page does not describe the set-up either (it points to a video). Whether "
        "a card is turned up at the start does not change what can be won (see above).",
        '- "Unlimited" passes: `pyramide`\'s unlimited recycles. "Once": one pass, no '
        "recycle (`classic`).",
        "- It gives no interval; with 100 million deals its 95% interval is about ±0.01 "
        "percentage point, far narrower than ours, so our interval is the test: "
        '"published inside" means its figure lies in our 95% interval.',
        "",
        "| study | published | ours, waste top only | ours, with stock against waste |",
        "|---|---:|---|---|",
    ]
    for label, figure, plain, with_sw in STUDY_FIGURES:
        published = "not published" if figure is None else _percent(figure)
        out.append(
            f"| {label} | {published} | {_share(results, plain, figure)} "
            f"| {_share(results, with_sw, figure)} |"
        )
    out.append("")
    figures = sum(f[1] is not None for f in STUDY_FIGURES)
    for column, index in (("waste top only", 2), ("with stock against waste", 3)):
        measured = [
            (f[1], results[str(f[index])])
            for f in STUDY_FIGURES
            if f[1] is not None and str(f[index]) in results
        ]
        if measured:
            hits = sum(inside(result, float(figure)) for figure, result in measured)
            so_far = " so far" if len(measured) < figures else ""
            out.append(
                f"- Ours {column}: the published figure is inside our interval for "
                f"{hits} of the {len(measured)} figures measured{so_far}."
            )
    out += _between_the_columns(results)
    out += [
        "",
        "`paciencia` plays the rules of Microsoft Solitaire Collection (three rounds, stock "
        "top and waste top in play and paired). The public suite of 1500 random decks "
        "for those rules (mchung94/pyramid-solver, `shared/bench/msc-1500`) has 998 "
        "winnable: 66.53%, 95% interval 64.11% – 68.88% (our solver agrees on every one "
        "of the 1500, see `docs/solver.md`). Ours over 100,000 deals: "
        f"{_share(results, 'paciencia', 0.6653)}.",
        "",
    ]
    return out


def _between_the_columns(results: dict[str, dict[str, Any]]) -> list[str]:
    """What the one-pass figures say about the study's one-pass game."""
    out = []
    once = [
        (label, float(figure), results[plain], results[with_sw])
        for label, figure, plain, with_sw in STUDY_FIGURES
        if figure is not None and ", once," in label and plain in results and with_sw in results
    ]
    # Outside both intervals as the table says it (`inside`, rounded as shown), and
    # on the side of each that puts it between them.
    if once and all(
        not inside(plain, figure)
        and not inside(with_sw, figure)
        and plain["report"]["win_rate"] < figure < with_sw["report"]["win_rate"]
        for _, figure, plain, with_sw in once
    ):
        gaps = "; ".join(
            f"{label}: {_percent(figure)} against {_percent(with_sw['report']['win_rate'])}"
            for label, figure, _, with_sw in once
        )
        out.append(
            f"- With one pass, each of the {len(once)} published figures measured in both "
            "columns lies between them: above our interval with the waste top only, below "
            f"our interval with stock against waste ({gaps}). So the study's one-pass game "
            "is neither of ours, and its page says nothing more that would tell the "
            "difference."
        )
    bound = share_with_stock_partners_apart()
    all_cards = [f for label, f, _, _ in STUDY_FIGURES if f is not None and "all cards" in label]
    if all_cards and bound < min(all_cards):
        out.append(
            "- The study's one-pass game is not the one where the drawn card and the "
            "waste top each pair with the pyramid but not with each other either: then no "
            "two stock cards could ever pair, every stock card but the Kings would need a "
            "pyramid partner, and only "
            f"{_percent(bound)} of deals have enough of them (the stock holding at most four "
            "of the eight cards of each pair of values that add up to 13; computed exactly "
            "by `share_with_stock_partners_apart` in `benchmarks/win_rates.py`), fewer than "
            "its all-cards figures "
            f"({' and '.join(_percent(f) for f in all_cards)})."
        )
    return out


def load_all(results: Path, deals: int, seed: int, timeout: float) -> dict[str, dict[str, Any]]:
    """Every finished result in ``results`` for these deals, seed and timeout, by row key."""
    found: dict[str, dict[str, Any]] = {}
    for row in ROWS:
        result = load_result(results, row)
        if is_done(result, deals, seed, timeout):
            assert result is not None
            found[row.key] = result
    return found


# --- same game under two names ----------------------------------------------------

SAME_GAME_CHECKS: tuple[tuple[str, str, int], ...] = (
    ("pyramide", "classic(passes=unlimited)", 1000),
    ("pyramide(strict_win=True)", "classic(passes=unlimited, strict_win=True)", 300),
    ("pyramide(passes=3)", "classic(passes=3)", 300),
    ("pyramide(passes=1)", "classic", 200),
    ("pyramide(passes=1, stock_waste_pairs=True)", "classic(stock_waste_pairs=True)", 200),
    ("pyramide", "pyramide(stock_waste_pairs=True)", 1000),
    ("pyramide", "paciencia(passes=unlimited)", 1000),
    ("paciencia(passes=1)", "classic(stock_waste_pairs=True)", 300),
    (
        "paciencia(passes=1, strict_win=True)",
        "classic(stock_waste_pairs=True, strict_win=True)",
        300,
    ),
    (
        "paciencia(passes=1, cover_pairs=True)",
        "classic(stock_waste_pairs=True, cover_pairs=True)",
        300,
    ),
    (
        "paciencia(passes=1, strict_win=True, cover_pairs=True)",
        "classic(stock_waste_pairs=True, strict_win=True, cover_pairs=True)",
        300,
    ),
)
"""Rules said to be the same game deal by deal, and how many deals ``check`` solves."""


def check_same_games(seed: int, timeout: float) -> int:
    """Solve the first deals of ``seed`` under both rules of each pair in
    :data:`SAME_GAME_CHECKS` and print the deals where the verdicts differ. Returns
    the number of such deals (0: the claim held on every deal tried)."""
    from pyramide_a11y.cli.analyse import deal_numbers, solve_deal

    differ = 0
    for first, second, count in SAME_GAME_CHECKS:
        found = [
            number
            for number in deal_numbers(seed, count)
            if solve_deal((first, number, timeout)).winnable
            != solve_deal((second, number, timeout)).winnable
        ]
        differ += len(found)
        print(f"{first} = {second}: {count} deals, {len(found)} differ {found[:10]}", flush=True)
    return differ


# --- command line ------------------------------------------------------------------


def _select(keys: Sequence[str] | None) -> Iterable[Row]:
    if not keys:
        return ROWS
    known = {row.key: row for row in ROWS}
    unknown = [k for k in keys if k not in known]
    if unknown:
        raise SystemExit(f"no such row: {', '.join(unknown)}; see `list`")
    return [known[k] for k in keys]


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def chunks_done(
    results: Path, row: Row, deals: int, chunk: int, seed: int, timeout: float
) -> tuple[int, int]:
    """How many chunks of ``row`` are done, and how many there are in all."""
    plan, _chunks = row_plan(results, row, deals, chunk, seed, timeout)
    return sum(done for _first, _count, done in plan), len(plan)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.win_rates")
    parser.add_argument("action", choices=("run", "render", "list", "check"))
    parser.add_argument("rows", nargs="*", help="row keys (default: every row)")
    parser.add_argument("--deals", type=_positive, default=DEFAULT_DEALS)
    parser.add_argument(
        "--chunk", type=_positive, default=DEFAULT_CHUNK, help="deals per `analyse` run"
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--jobs", type=_positive, default=DEFAULT_JOBS)
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT)
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--output", type=Path, default=DOC, help="the page `render` writes")
    args = parser.parse_args(argv)
    rows = list(_select(args.rows))

    def progress(row: Row) -> tuple[int, int]:
        return chunks_done(args.results, row, args.deals, args.chunk, args.seed, args.timeout)

    def write_page() -> None:
        found = load_all(args.results, args.deals, args.seed, args.timeout)
        partial = {r.key: progress(r) for r in ROWS if r.key not in found}
        page = render(found, args.deals, args.chunk, partial)
        args.output.write_text(page, encoding="utf-8")

    if args.action == "list":
        for row in rows:
            result = load_result(args.results, row)
            if is_done(result, args.deals, args.seed, args.timeout):
                state = "done"
            else:
                done, total = progress(row)
                state = f"{done}/{total} chunks" if done else "to run"
            command = row.command(args.deals, args.seed, args.jobs, args.timeout)
            print(f"{row.key:28} {state:14} {command}")
        return 0
    if args.action == "render":
        write_page()
        return 0
    if args.action == "check":
        return 1 if check_same_games(args.seed, args.timeout) else 0
    for row in rows:
        if is_done(load_result(args.results, row), args.deals, args.seed, args.timeout):
            print(f"{_now()} {row.key}: already done", flush=True)
            continue
        print(
            f"{_now()} {row.key}: {row.command(args.deals, args.seed, args.jobs, args.timeout)} "
            f"in chunks of {args.chunk}",
            flush=True,
        )
        result = run_row(
            row,
            args.results,
            args.deals,
            args.chunk,
            args.seed,
            args.jobs,
            args.timeout,
            sys.stdout,
        )
        report = result["report"]
        print(
            f"{_now()} {row.key}: won {report['winnable']} of {report['deals']}, "
            f"unknown {report['unknown']}, {result['wall_seconds']:.0f} s",
            flush=True,
        )
        # In a fresh process: the page is rendered by the code as it is now, even when
        # the renderer changed while the rows were running.
        subprocess.run(
            [sys.executable, "-m", "benchmarks.win_rates", "render", *_same_options(args)],
            cwd=ROOT,
            check=False,
        )
    return 0


def _same_options(args: argparse.Namespace) -> list[str]:
    return [
        f"--deals={args.deals}",
        f"--chunk={args.chunk}",
        f"--seed={args.seed}",
        f"--timeout={args.timeout:g}",
        f"--results={args.results}",
        f"--output={args.output}",
    ]


if __name__ == "__main__":
    sys.exit(main())
