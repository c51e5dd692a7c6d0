"""Storage benchmark: what autosave costs per action, and how long a saved game
takes to come back.

Run from the repository root (nice: the machine is shared)::

    nice -n 10 .venv/bin/python -m benchmarks.storage [--actions 2000] [--dir FOLDER]

``--dir`` picks the file system measured (default: a temporary folder under
``/tmp``); the database there is created fresh and removed afterwards.

It reports, on this machine:

- *commit per action*: ``AutosavedGame.apply`` of a draw, including the engine's
  work, the action's transaction and its fsync (``synchronous=FULL``) — median,
  95th percentile and max. Goal: under 20 ms at the 95th percentile, so saving
  never holds the prompt noticeably.
- *open*: ``Store.open`` of the database after those actions (quick_check included).
- *resume*: loading the whole record and replaying its log (``Store.load`` +
  ``AutosavedGame.resume``). Goal: under 1 s for 2000 actions.

Results go to stdout and to ``benchmarks/results/storage.txt``.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from pyramide_a11y.engine import Layout, parse_code
from pyramide_a11y.storage import AutosavedGame, Store

CODE = "PY1-N-AAAAAAS"


def measure(folder: Path, actions: int) -> list[str]:
    code = parse_code(CODE)
    store, notices = Store.open(folder)
    assert store is not None and not notices, notices
    saved = AutosavedGame.start(store, Layout.from_code(code), code.rules, CODE)
    times = []
    for _ in range(actions):
        start = time.perf_counter()
        saved.apply("draw")  # pyramide: drawing from an empty stock recycles, forever
        times.append(time.perf_counter() - start)
    assert saved.saved_actions == actions
    saved.close()
    store.close()

    start = time.perf_counter()
    store, _ = Store.open(folder)
    opened = time.perf_counter() - start
    assert store is not None
    start = time.perf_counter()
    record, _ = store.resumable()
    assert record is not None
    loaded = store.load(record.id)
    assert loaded is not None
    resumed = AutosavedGame.resume(store, loaded)
    resume_time = time.perf_counter() - start
    assert resumed.game.moves == actions
    resumed.close()
    store.close()

    ms = sorted(t * 1000 for t in times)
    p95 = ms[int(len(ms) * 0.95)]
    return [
        f"machine: {platform.platform()}, Python {platform.python_version()}",
        f"folder: {folder}",
        f"commit per action ({actions} draws): median {statistics.median(ms):.2f} ms, "
        f"p95 {p95:.2f} ms, max {ms[-1]:.2f} ms (goal: p95 under 20 ms)",
        f"open after {actions} actions: {opened * 1000:.1f} ms",
        f"resume (load + replay of {actions} actions): {resume_time * 1000:.1f} ms "
        f"(goal: under 1000 ms)",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--dir", type=Path, help="where to put the database (default: /tmp)")
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="pyramide-bench-", dir=args.dir))
    try:
        lines = measure(base / "data", args.actions)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    report = "\n".join(lines) + "\n"
    print(report, end="")
    results = Path(__file__).with_name("results")
    results.mkdir(exist_ok=True)
    (results / "storage.txt").write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
