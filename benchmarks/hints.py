"""Hint benchmark: how often real play gets the exact policy within the budget.

Run from the repository root::

    nice -n 10 .venv/bin/python -m benchmarks.hints            # --games 20 --budget 2

For each preset, ``--games`` deals of the deal generator (seed ``--seed``) are
played by a player who asks for a hint before every move and plays it, until the
game is won, the hint says it is lost or there is no move, or ``--moves`` moves.
Every request is timed. The exact policy answered when the hint came from a
solved table (everything seen) or from solving every sample order (something
unseen), within the budget; otherwise it was the ordinary suggestion. The report
goes to ``benchmarks/results/hints.txt``.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

from pyramide_a11y.cli.analyse import deal_numbers
from pyramide_a11y.engine import Game, Layout, Refusal, get_rules
from pyramide_a11y.engine.dealcode import shuffled_deck
from pyramide_a11y.solver import HintKind, HintSource, find_hint
from pyramide_a11y.solver.win_rates import percentile

ROOT = Path(__file__).resolve().parent.parent
EXACT_POLICY = {HintSource.SOLVED, HintSource.SAMPLED, HintSource.TABLE}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.hints")
    parser.add_argument("--games", type=int, default=20, help="games per preset")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=2.0, help="seconds per hint")
    parser.add_argument("--moves", type=int, default=400, help="moves per game at most")
    parser.add_argument("--output", type=Path, default=ROOT / "benchmarks/results/hints.txt")
    args = parser.parse_args(argv)
    lines = [
        f"# Hint benchmark: {args.games} games per preset, seed {args.seed}, "
        f"budget {args.budget:g} s, a hint before every move",
        f"python {platform.python_version()} on {platform.machine()}",
        "",
    ]
    for preset in ("pyramide", "classic", "paciencia"):
        rules = get_rules(preset)
        times: list[float] = []
        in_policy = 0
        sources: dict[HintSource, int] = {}
        won = lost_said = 0
        for number in deal_numbers(args.seed, args.games):
            game = Game(Layout.deal(shuffled_deck(number), rules), rules)
            for _ in range(args.moves):
                start = time.perf_counter()
                hint = find_hint(game, args.budget)
                elapsed = time.perf_counter() - start
                times.append(elapsed)
                sources[hint.source] = sources.get(hint.source, 0) + 1
                if hint.source in EXACT_POLICY and elapsed <= args.budget:
                    in_policy += 1
                if hint.kind is HintKind.LOST:
                    lost_said += 1
                    break
                if hint.move is None:
                    break
                if isinstance(game.play(hint.move), Refusal):
                    raise AssertionError(f"hint {hint.move} refused")
                if game.won:
                    won += 1
                    break
        count = len(times)
        block = [
            f"## {preset}",
            f"hint requests {count}; exact policy within {args.budget:g} s: {in_policy} "
            f"({100 * in_policy / count:.1f}%)",
            "by source: "
            + ", ".join(
                f"{s.value} {n}" for s, n in sorted(sources.items(), key=lambda x: x[0].value)
            ),
            f"time per hint: median {percentile(times, 0.5) * 1000:.1f} ms, "
            f"p95 {percentile(times, 0.95) * 1000:.1f} ms, max {max(times):.2f} s",
            f"games won by following the hints: {won} of {args.games}; hint said lost: {lost_said}",
            "",
        ]
        print("\n".join(block), flush=True)
        lines.extend(block)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text("\n".join(lines), encoding="utf-8")
    print(f"written to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
