"""Shortest-line benchmark: ``solve --shortest`` on the 1500 public msc-1500 deals.

Run from the repository root (nice, one process: the machine is shared)::

    nice -n 10 .venv/bin/python -m benchmarks.shortest                # all 1500
    nice -n 10 .venv/bin/python -m benchmarks.shortest --limit 100    # the first 100
    nice -n 10 .venv/bin/python -m benchmarks.shortest --every 5      # deals 0, 5, 10, …

Rules: ``paciencia`` (three passes), the suite's Microsoft Solitaire Collection
rules. Each deal's length (0 when it cannot be won) is compared with
``solution-lengths.txt``, where draws and recycles count as moves; each winning
line is replayed in the engine (untimed). Reports the time per deal (total,
median, max), the total against the Java A* solver's on the same deals (the sum
of ``peer-java-3pass.tsv``, 1245 s), and the peak resident memory; writes
``benchmarks/results/shortest-msc-1500.txt`` (one line per deal, to diff).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shlex
import sys
import time
from pathlib import Path

from pyramide_a11y.engine import get_rules
from pyramide_a11y.solver import Verdict
from pyramide_a11y.solver.shortest import solve_shortest
from pyramide_a11y.solver.win_rates import percentile

from .solver import RESULTS, find_msc, msc_positions


def peer_seconds(directory: Path) -> dict[int, float]:
    """The Java solver's seconds per deal (``peer-java-3pass.tsv``)."""
    times: dict[int, float] = {}
    for line in (directory / "peer-java-3pass.tsv").read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if len(fields) == 4:
            times[int(fields[0])] = int(fields[3]) / 1000
    return times


def peak_memory_mb() -> float:
    """Peak resident memory of this process, in MB (Linux reports kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.shortest", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--limit", type=int, help="only the first N deals (after --every)")
    parser.add_argument("--every", type=int, default=1, help="one deal in N (0, N, 2N, …)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per deal")
    parser.add_argument("--msc-dir", type=Path, help="folder of msc-1500")
    parser.add_argument(
        "--output",
        type=Path,
        default=RESULTS / "shortest-msc-1500.txt",
        help="results file (default benchmarks/results/shortest-msc-1500.txt)",
    )
    args = parser.parse_args(argv)
    directory = find_msc(args.msc_dir)
    positions, lengths = msc_positions(directory)
    peer = peer_seconds(directory)
    rules = get_rules("paciencia")
    indexes = list(range(0, len(positions), args.every))
    if args.limit is not None:
        indexes = indexes[: args.limit]

    rows: list[str] = []
    times: list[float] = []
    cpu: list[float] = []  # CPU seconds of this process: what other load does not inflate
    agree = unproven = bad_replay = 0
    over_30 = 0
    start = time.perf_counter()

    def report_lines(finished: bool) -> list[str]:
        total = sum(times)
        peer_total = sum(peer.values())
        measured = indexes[: len(times)]
        peer_subset = sum(peer.get(i, 0.0) for i in measured)
        subset = len(measured) < len(positions)
        report = [
            "# Shortest-line benchmark — msc-1500 under paciencia (three passes)",
            f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
            f"one process, timeout {args.timeout:g} s per deal; "
            f"load average {os.getloadavg()[0]:.1f} at the end",
            "command: python -m benchmarks.shortest "
            + shlex.join(sys.argv[1:] if argv is None else argv),
            f"deals {len(indexes)}"
            + (f" (every {args.every}, limit {args.limit})" if subset else " (all)"),
            f"lengths equal to solution-lengths.txt: {agree} of {len(measured)}; "
            f"not proven shortest (timeout): {unproven}; lines that failed to replay: {bad_replay}",
            f"time per deal: total {total:.1f} s, median {percentile(times, 0.5) * 1000:.1f} ms, "
            f"max {max(times):.2f} s; deals over 30 s: {over_30}",
            f"peer Java A* on the same deals: {peer_subset:.1f} s (all 1500: {peer_total:.1f} s); "
            f"ratio ours/peer {total / peer_subset if peer_subset else 0:.2f}",
            f"CPU time of this process: total {sum(cpu):.1f} s (ratio to the peer's wall time "
            f"{sum(cpu) / peer_subset if peer_subset else 0:.2f}; "
            "wall time above counts other load)",
        ]
        if subset:
            scale = len(positions) / len(measured)
            report.append(
                f"extrapolation to 1500 deals (scaled by {scale:.1f}, an estimate, not a "
                f"measurement): {total * scale:.0f} s against the goal of {peer_total / 3:.0f} s"
            )
        report.append(f"peak resident memory: {peak_memory_mb():.0f} MB")
        report.append("")
        report.append("deal\tlength\tknown\tcheck\tnodes\tseconds\tcpu_seconds")
        if not finished:
            report.insert(1, f"PARTIAL: {len(rows)} of {len(indexes)} deals done (the run goes on)")
        return report

    for done, i in enumerate(indexes, 1):
        cpu_start = time.process_time()
        answer = solve_shortest(positions[i], rules, timeout=args.timeout)
        cpu.append(time.process_time() - cpu_start)
        times.append(answer.seconds)
        over_30 += answer.seconds > 30
        length = answer.length or 0
        if answer.verdict is Verdict.WINNABLE:
            end = positions[i]
            for move in answer.moves:
                end = end.after(move, rules)
            bad_replay += not end.is_won(rules)
        proven = answer.proven and answer.verdict is not Verdict.UNKNOWN
        unproven += not proven
        ok = proven and length == lengths[i]
        agree += ok
        rows.append(
            f"{i}\t{length if answer.verdict is not Verdict.UNKNOWN else '?'}\t{lengths[i]}\t"
            f"{'ok' if ok else 'DIFF' if proven else 'unproven'}\t{answer.nodes}\t"
            f"{answer.seconds:.3f}\t{cpu[-1]:.3f}"
        )
        if done % 25 == 0 or done == len(indexes):
            if done < len(indexes):  # a long run keeps what it measured so far
                args.output.parent.mkdir(parents=True, exist_ok=True)
                partial = report_lines(False)
                args.output.write_text("\n".join(partial + rows) + "\n", encoding="utf-8")
            elapsed = time.perf_counter() - start
            print(
                f"{done}/{len(indexes)} in {elapsed:.0f} s, {agree} agree",
                file=sys.stderr,
                flush=True,
            )

    report = report_lines(True)
    print("\n".join(report[:9]), flush=True)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text("\n".join(report + rows) + "\n", encoding="utf-8")
    print(f"written to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
