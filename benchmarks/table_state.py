"""What reading the table as one value costs: ``Session.view()`` and
``changed_places`` (issue 37; issue 38 sends only the places that changed).

Run from the repository root after ``scripts/test`` made ``.venv``::

    nice -n 10 .venv/bin/python -m benchmarks.table_state      # --runs 2000

Reports microseconds per call (median of five repeats) for: ``view()`` on a deal
as dealt, ``turn()`` with no command (what a page's poll costs: the view and the
table in words, from warm caches), the engine's ``table_view`` alone (the part
of ``view()`` that reads every place, its partners included), ``Session.clock()``, and
``changed_places`` between two views a draw apart and between equal views. The
load average is printed with the figures: they mean little under load.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import timeit
from collections.abc import Callable

from pyramide_a11y.commands import Action, Simple
from pyramide_a11y.core import Session, changed_places, coded_source
from pyramide_a11y.engine import parse_code
from pyramide_a11y.engine.view import table_view

DEAL = "PY1-N-AAAAAAB"


def per_call(work: Callable[[], object], runs: int) -> float:
    """Microseconds per call of ``work``: the median of five repeats of ``runs`` calls."""
    times = timeit.repeat(work, number=runs, repeat=5)
    return statistics.median(times) / runs * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2000)
    args = parser.parse_args(argv)
    session = Session(coded_source(parse_code(DEAL)), hint_finder=None, rng=random.Random(0))
    session.hints.finder = None
    before = session.view()
    session.perform(Simple(Action.DRAW))
    after = session.view()
    figures = {
        "view()": per_call(session.view, args.runs),
        "turn() (view and its words)": per_call(session.turn, args.runs),
        "table_view(game)": per_call(lambda: table_view(session.game), args.runs),
        "clock()": per_call(session.clock, args.runs),
        "changed_places, a draw apart": per_call(lambda: changed_places(before, after), args.runs),
        "changed_places, equal views": per_call(lambda: changed_places(after, after), args.runs),
    }
    print(f"load average {os.getloadavg()[0]:.2f}; {DEAL}; {args.runs} calls x 5")
    for name, micros in figures.items():
        print(f"{name:32} {micros:9.1f} us")
    print(f"changed after a draw: {', '.join(changed_places(before, after))}")
    session.close()


if __name__ == "__main__":
    main()
