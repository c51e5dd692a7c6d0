"""The exact solver: verdicts, winning lines that replay, budgets."""

from __future__ import annotations

import pytest
from engine_helpers import seed002_layout
from solver_helpers import replays_to_win

from pyramide_a11y.engine import Layout, get_rules, parse_code
from pyramide_a11y.solver import Verdict, solve


def test_seed002_is_winnable_with_three_passes() -> None:
    rules = get_rules("classic").with_options(passes=3)
    position = seed002_layout().position()
    solution = solve(position, rules, timeout=60)
    assert solution.verdict is Verdict.WINNABLE
    assert replays_to_win(position, solution.moves, rules)


@pytest.mark.parametrize("preset", ["pyramide", "classic", "paciencia"])
def test_winning_lines_of_random_deals_replay_to_a_win(preset: str) -> None:
    rules = get_rules(preset)
    letter = {"pyramide": "N", "classic": "C", "paciencia": "P"}[preset]
    decided = 0
    for n in range(40):
        code = parse_code(f"PY1-{letter}-AAAAA{chr(65 + n // 26)}{chr(65 + n % 26)}")
        position = Layout.from_code(code).position()
        solution = solve(position, rules, max_nodes=200_000)
        if solution.verdict is Verdict.WINNABLE:
            assert replays_to_win(position, solution.moves, rules)
        if solution.verdict is not Verdict.UNKNOWN:
            decided += 1
    assert decided >= 35


def test_a_tiny_node_budget_gives_unknown() -> None:
    rules = get_rules("paciencia")
    position = Layout.from_code(parse_code("PY1-P-AAAAAAB")).position()
    solution = solve(position, rules, max_nodes=0)
    assert solution.verdict in (Verdict.UNKNOWN, Verdict.LOST)
    assert solution.moves == ()
