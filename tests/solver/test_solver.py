"""The exact solver: verdicts, winning lines that replay, budgets."""

from __future__ import annotations

import inspect
import sys

import pytest
from engine_helpers import seed002_layout
from solver_helpers import replays_to_win

from pyramide_a11y.cli.analyse import deal_numbers
from pyramide_a11y.engine import Layout, get_rules, parse_code
from pyramide_a11y.engine.dealcode import shuffled_deck
from pyramide_a11y.solver import Verdict, solve


def test_seed002_is_winnable_with_three_passes() -> None:
    rules = get_rules("classic").with_options(passes=3)
    position = seed002_layout().position()
    solution = solve(position, rules, timeout=60)
    assert solution.verdict is Verdict.WINNABLE
    assert replays_to_win(position, solution.moves, rules)


@pytest.mark.parametrize("preset", ["pyramide", "classic", "paciencia"])
def test_winning_lines_of_200_random_deals_replay_to_a_win(preset: str) -> None:
    rules = get_rules(preset)
    decided = won = 0
    for number in deal_numbers(2026, 200):
        position = Layout.deal(shuffled_deck(number), rules).position()
        solution = solve(position, rules, max_nodes=30_000)
        if solution.verdict is Verdict.WINNABLE:
            won += 1
            assert replays_to_win(position, solution.moves, rules)
        if solution.verdict is not Verdict.UNKNOWN:
            decided += 1
    # A node budget keeps the test quick; nearly every deal is decided within it.
    assert decided >= 180 and won > 0


def test_a_tiny_node_budget_gives_unknown() -> None:
    rules = get_rules("paciencia")
    position = Layout.from_code(parse_code("PY1-P-AAAAAAB")).position()
    solution = solve(position, rules, max_nodes=0)
    assert solution.verdict in (Verdict.UNKNOWN, Verdict.LOST)
    assert solution.moves == ()


def test_many_passes_search_deep_without_raising_the_recursion_limit() -> None:
    # A line may hold a draw stop per card of every pass: far deeper than Python's
    # stack allows with 40 passes. The search keeps its path off that stack and
    # leaves the process-wide limit alone.
    rules = get_rules("classic").with_options(passes=40)
    limit = sys.getrecursionlimit()
    low = len(inspect.stack()) + 200
    sys.setrecursionlimit(low)
    try:
        for number in deal_numbers(7, 5):
            position = Layout.deal(shuffled_deck(number), rules).position()
            solution = solve(position, rules, max_nodes=20_000)
            if solution.verdict is Verdict.WINNABLE:
                assert replays_to_win(position, solution.moves, rules)
            assert sys.getrecursionlimit() == low
    finally:
        sys.setrecursionlimit(limit)


def test_a_slow_two_pass_loss_is_proved_within_a_modest_node_budget() -> None:
    # Preset deal 207 under classic with two passes is lost; it took 306,568 nodes
    # before pairs tried and lost at a node were put to sleep in the later children
    # (benchmarks/results/solver-ideas.txt, fourth round), about 61,000 after.
    rules = get_rules("classic").with_options(passes=2)
    number = list(deal_numbers(0, 1000))[207]
    position = Layout.deal(shuffled_deck(number), rules).position()
    solution = solve(position, rules, max_nodes=120_000)
    assert solution.verdict is Verdict.LOST


def test_a_strict_win_loss_the_pyramid_alone_proves_is_quick() -> None:
    # Deal 33 of seed 0 under pyramide with a strict win and stock-against-waste
    # pairs cannot even have its pyramid cleared: the relaxation (every sequence
    # card at hand, the pyramid alone to clear) proves it lost at the root. It took
    # 81,819 nodes before the relaxation served strict wins, 531 after
    # (benchmarks/results/solver-ideas.txt, fifth round).
    rules = get_rules("pyramide").with_options(strict_win=True, stock_waste_pairs=True)
    number = list(deal_numbers(0, 100))[33]
    position = Layout.deal(shuffled_deck(number), rules).position()
    solution = solve(position, rules, max_nodes=5_000)
    assert solution.verdict is Verdict.LOST
