"""Start-up time: how long the ``pyramide`` command takes before it is of use.

Three measurements, each the wall-clock time of a fresh process (median and
worst of ``--runs``), run from the repository root after ``scripts/test`` made
``.venv``::

    .venv/bin/python -m benchmarks.startup            # --runs 15 --output FILE

- ``version``: ``pyramide --version`` to its exit.
- ``solve``: ``pyramide solve CODE`` on one easy deal to its exit.
- ``first prompt``: ``pyramide --speech none --sounds off`` on a real terminal (a
  pseudo-terminal), from the launch to the prompt ``> `` being written.

Each run also reports how many modules the process imported
(``python -X importtime``), and the goals (0.25 s, 0.25 s and 0.4 s). The
machine's load average is printed with the figures: they mean little under load.
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = str(ROOT / ".venv" / "bin" / "pyramide")
EASY_DEAL = "PY1-C3-PYRAMID"
GOALS = {"version": 0.25, "solve": 0.25, "first prompt": 0.4}
PROMPT_WAIT = 30.0


def _environment(home: str) -> dict[str, str]:
    env = dict(os.environ)
    # A private data folder: no saved game is offered, nothing of the player's is read.
    env.update(XDG_DATA_HOME=home, XDG_CONFIG_HOME=home, XDG_STATE_HOME=home, LANG="en_GB.UTF-8")
    env.pop("PYRAMIDE_DATA_DIR", None)
    return env


def time_exit(arguments: list[str], env: dict[str, str]) -> float:
    """Seconds from the launch of ``pyramide arguments`` to its exit (it must succeed)."""
    start = time.perf_counter()
    subprocess.run([PROGRAM, *arguments], env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def time_first_prompt(env: dict[str, str]) -> float:
    """Seconds from the launch of the game on a pseudo-terminal to its prompt."""
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game, on the pseudo-terminal
        os.execve(PROGRAM, [PROGRAM, "--speech", "none", "--sounds", "off"], env)
    seen = b""
    try:
        # prompt_toolkit draws the prompt with escapes around it: ``>`` after a reset.
        while not any(mark in seen for mark in (b"\n> ", b"\x1b[0m>")):
            ready, _, _ = select.select([fd], [], [], PROMPT_WAIT)
            if not ready:
                raise TimeoutError(f"no prompt within {PROMPT_WAIT} s: {seen[-200:]!r}")
            seen += os.read(fd, 65536)
        return time.perf_counter() - start
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


def modules_imported(arguments: list[str], env: dict[str, str]) -> int:
    """How many modules ``pyramide arguments`` imports (``-X importtime`` lines)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "pyramide_a11y", *arguments],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return sum(1 for line in done.stderr.splitlines() if line.startswith("import time:")) - 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--output", type=Path)
    options = parser.parse_args(argv)
    lines = [f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}"]
    with tempfile.TemporaryDirectory() as home:
        env = _environment(home)
        measures: dict[str, tuple[Callable[[], float], list[str] | None]] = {
            "version": (lambda: time_exit(["--version"], env), ["--version"]),
            "solve": (lambda: time_exit(["solve", EASY_DEAL], env), ["solve", EASY_DEAL]),
            "first prompt": (lambda: time_first_prompt(env), None),
        }
        for name, (measure, arguments) in measures.items():
            measure()  # the first run compiles what changed: not counted
            times = sorted(measure() for _ in range(options.runs))
            modules = f", {modules_imported(arguments, env)} modules" if arguments else ""
            lines.append(
                f"{name}: median {statistics.median(times):.3f} s, worst {times[-1]:.3f} s"
                f" over {options.runs} runs (goal {GOALS[name]} s){modules}"
            )
    lines.append(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    report = "\n".join(lines) + "\n"
    print(report, end="")
    if options.output:
        options.output.write_text(report, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
