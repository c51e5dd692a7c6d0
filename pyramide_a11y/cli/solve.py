"""``pyramide solve``: the verdict on a deal and a winning line.

For a person the line is printed one move per line in the session language's
notation, each line ready to be typed into the game (``Vp+2e``, ``tirar`` in
Portuguese; ``JC+2S``, ``draw`` in English). ``--json`` gives the canonical
notation, for programs and for ``pyramide replay --moves``.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from pyramide_a11y.cli.from_options import source_from_options
from pyramide_a11y.core.sources import SourceError
from pyramide_a11y.narration import move_notation
from pyramide_a11y.narration.solver_words import (
    effort_sentence,
    shortest_sentence,
    timeout_not_positive,
    verdict_sentence,
)
from pyramide_a11y.solver import Solution, Verdict, solve
from pyramide_a11y.solver.shortest import Shortest, solve_shortest


def run_solve(args: argparse.Namespace, out: TextIO) -> int:
    """Solve and print; 0 whatever the verdict, 2 for a bad source or option."""
    if args.timeout is not None and args.timeout <= 0:
        raise SourceError(timeout_not_positive(args.timeout))
    source = source_from_options(args)
    if args.shortest:
        return _run_shortest(
            solve_shortest(source.layout.position(), source.rules, timeout=args.timeout), args, out
        )
    solution = solve(source.layout.position(), source.rules, timeout=args.timeout)
    if args.json:
        print(json.dumps(solution_json(solution)), file=out)
        return 0
    print(verdict_sentence(solution), file=out)
    for move in solution.moves:
        print(move_notation(move), file=out)
    print(effort_sentence(solution), file=out)
    return 0


def _run_shortest(answer: Shortest, args: argparse.Namespace, out: TextIO) -> int:
    if args.json:
        print(json.dumps(shortest_json(answer)), file=out)
        return 0
    print(shortest_sentence(answer), file=out)
    for move in answer.moves:
        print(move_notation(move), file=out)
    print(
        effort_sentence(Solution(answer.verdict, answer.moves, answer.nodes, answer.seconds)),
        file=out,
    )
    return 0


def shortest_json(answer: Shortest) -> dict[str, Any]:
    """The ``--shortest --json`` shape: that of ``solve --json`` with ``shortest``
    (true when no line is shorter, false when not known) and ``length``."""
    return {
        "winnable": answer.winnable,
        "shortest": answer.proven if answer.verdict is Verdict.WINNABLE else None,
        "length": answer.length,
        "moves": [str(m) for m in answer.moves],
        "nodes": answer.nodes,
        "seconds": round(answer.seconds, 6),
    }


def solution_json(solution: Solution) -> dict[str, Any]:
    """The ``--json`` shape."""
    return {
        "winnable": solution.winnable,
        "moves": [str(m) for m in solution.moves],
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 6),
    }
