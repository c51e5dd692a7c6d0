"""``pyramide replay CODE --moves FILE`` on the largest moves file it reads.

A file just under the 1 MB limit of a file read (``core.sources.MAX_FILE_BYTES``)
holds 199,000 ``draw`` lines, every one legal. The command is run as a fresh
process (``--runs`` times, median and worst wall-clock time to its exit), from the
repository root after ``scripts/test`` made ``.venv``::

    nice -n 10 .venv/bin/python -m benchmarks.replay            # --runs 5 --draws 199000

The goal is 3 s (the command answers a person at a prompt, on a loaded machine);
it took some 50 s when each move went through ``Game.play`` (the events of the
move and a search for an impasse after each), issue 29. The wall-clock figures
mean little under load (the load average is printed with them); the processor
time (user and system) of the process is printed too, which load changes less.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEAL = "PY1-N-AAAAAAS"
GOAL_S = 3.0


def time_replay(moves: Path) -> tuple[float, float]:
    """Seconds from the launch of the replay to its exit (it must succeed), and the
    processor seconds it used (user and system: what load does not change)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", "replay", DEAL, "--moves", str(moves), "--json"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if '"moves": ' not in done.stdout:
        raise SystemExit(f"unexpected output: {done.stdout!r}")
    return elapsed, (after.ru_utime - used.ru_utime) + (after.ru_stime - used.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--draws", type=int, default=199_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        moves = Path(folder) / "draws.txt"
        moves.write_text("draw\n" * args.draws, encoding="utf-8")
        runs = [time_replay(moves) for _ in range(args.runs)]
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    times = [wall for wall, _ in runs]
    cpu = [used for _, used in runs]
    print(f"replay of {args.draws} draws ({args.draws * 5:,} bytes), {args.runs} runs")
    print(
        f"wall: median {statistics.median(times):.2f} s, worst {max(times):.2f} s, goal {GOAL_S} s"
    )
    print(f"processor: median {statistics.median(cpu):.2f} s, worst {max(cpu):.2f} s")
    print(f"load average at the end: {load}")


if __name__ == "__main__":
    main()
