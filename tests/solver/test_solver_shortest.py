"""``solve --shortest``: the length agrees with a plain breadth-first search of the
engine's moves on small endgames, for every preset and variant; the line replays to
a win; a few public msc-1500 deals match their known shortest lengths."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest
from engine_helpers import FIXTURES
from hypothesis import given, settings
from hypothesis import strategies as st
from kit import shared_data
from solver_helpers import replays_to_win
from test_solver_brute_force import endgames, rules_and_variants

from pyramide_a11y.cli.solve import shortest_json
from pyramide_a11y.engine import Card, Layout, Position, RemoveKing, Rules, get_rules
from pyramide_a11y.engine.dealcode import shuffled_deck
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration.solver_words import shortest_sentence
from pyramide_a11y.solver import Shortest, Verdict, par
from pyramide_a11y.solver.shortest import solve_shortest


def msc() -> Path:
    """The public msc-1500 suite (``shared/bench/msc-1500``); the test fails if it is
    not there."""
    return shared_data("bench", "msc-1500")


def brute_force_shortest(position: Position, rules: Rules) -> int | None:
    """Fewest engine moves to a win (draws and recycles count), by breadth-first
    search over every reachable position; None when none wins."""

    def key(p: Position) -> object:
        return (p.pyramid, p.stock, p.waste) if rules.recycles is None else p.key()

    seen = {key(position)}
    todo = deque([(position, 0)])
    while todo:
        current, depth = todo.popleft()
        if current.is_won(rules):
            return depth
        for move in current.legal_moves(rules):
            nxt = current.after(move, rules)
            k = key(nxt)
            if k not in seen:
                seen.add(k)
                todo.append((nxt, depth + 1))
    return None


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_shortest_length_agrees_with_breadth_first_search(data: st.DataObject) -> None:
    rules = data.draw(rules_and_variants())
    position = data.draw(endgames(rules))
    answer = solve_shortest(position, rules)
    expected = brute_force_shortest(position, rules)
    assert answer.proven
    assert answer.length == expected, (str(rules), position)
    if expected is not None:
        assert answer.verdict is Verdict.WINNABLE
        assert replays_to_win(position, answer.moves, rules)
    else:
        assert answer.verdict is Verdict.LOST


@pytest.mark.parametrize("preset", ["pyramide", "classic", "paciencia"])
def test_each_preset_on_a_fixed_endgame(preset: str) -> None:
    rules = get_rules(preset).with_options(passes=2)
    pyramid: list[Card | None] = [None] * 28
    for slot, text in zip(range(21, 28), ["5C", "8D", "KS", "6H", "7S", "2C", "JD"], strict=True):
        pyramid[slot] = Card.parse(text)
    stock = tuple(Card.parse(t) for t in ["AH", "8C", "QS", "5S", "9D", "4C"])
    position = Position(tuple(pyramid), stock, ())
    answer = solve_shortest(position, rules)
    assert answer.length == brute_force_shortest(position, rules)
    assert answer.proven
    if answer.length is not None:
        assert replays_to_win(position, answer.moves, rules)


def msc_deal(index: int) -> tuple[Position, int]:
    cards = [
        Card.parse(t) for t in (msc() / "random-decks.txt").read_text().splitlines()[index].split()
    ]
    lengths = (msc() / "solution-lengths.txt").read_text().split()
    return Position(tuple(cards[:28]), tuple(cards[28:]), ()), int(lengths[index])


@pytest.mark.parametrize("index", [0, 2, 5, 6, 7, 9])
def test_public_deals_match_their_known_shortest_length(index: int) -> None:
    position, known = msc_deal(index)
    rules = get_rules("paciencia")
    answer = solve_shortest(position, rules, timeout=60)
    assert answer.proven
    assert (answer.length or 0) == known
    if known:
        assert replays_to_win(position, answer.moves, rules)


def test_par_is_the_shortest_length_or_none() -> None:
    rules = get_rules("classic").with_options(passes=3)
    position = Position(
        (None,) * 27 + (Card.parse("5C"),), (Card.parse("2H"), Card.parse("8D")), ()
    )
    # Draw 2H, draw 8D, pair it with 5C: three moves.
    assert par(position, rules) == 3
    lost = Position((None,) * 27 + (Card.parse("5C"),), (Card.parse("2H"),), ())
    assert par(lost, rules) is None


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={"LANGUAGE": "en", "PATH": "/usr/bin:/bin"},
    )


def test_cli_says_shortest_and_json_has_the_length() -> None:
    seed002 = str(FIXTURES / "seed002.json")
    lines = run("solve", "--layout", seed002, "--shortest").stdout.splitlines()
    assert lines[0] == "Winnable: the shortest winning line has 31 moves."
    assert lines[-1].startswith("Searched ")
    data = json.loads(run("solve", "--layout", seed002, "--shortest", "--json").stdout)
    assert data["winnable"] is True and data["shortest"] is True
    assert data["length"] == len(data["moves"]) == 31


def test_out_of_time_gives_the_best_line_found_not_proven() -> None:
    position, known = msc_deal(3)
    set_language("en")
    rules = get_rules("paciencia")
    answer = solve_shortest(position, rules, timeout=0.3)
    assert answer.verdict is not Verdict.LOST
    if answer.verdict is Verdict.WINNABLE and not answer.proven:
        assert replays_to_win(position, answer.moves, rules)
        assert len(answer.moves) >= known
        assert shortest_sentence(answer).endswith("not known to be the shortest (time limit).")


def test_the_sentences_say_shortest_or_not_known() -> None:
    set_language("en")
    moves = (RemoveKing(Card.parse("KS")),)
    proven = Shortest(Verdict.WINNABLE, moves, True, 1, 0.0)
    assert shortest_sentence(proven) == "Winnable: the shortest winning line has 1 move."
    unproven = Shortest(Verdict.WINNABLE, moves, False, 1, 0.0)
    assert "not known to be the shortest" in shortest_sentence(unproven)
    assert shortest_json(unproven)["shortest"] is False
    lost = Shortest(Verdict.LOST, (), True, 1, 0.0)
    assert shortest_json(lost)["shortest"] is None
    assert shortest_sentence(lost).startswith("Cannot be won")


def test_par_of_a_dealt_layout_is_the_length_of_a_proven_shortest_line() -> None:
    rules = get_rules("pyramide")
    layout = Layout.deal(shuffled_deck(0), rules)
    answer = solve_shortest(layout.position(), rules, timeout=60)
    expected = answer.length if answer.proven else None
    assert par(layout, rules, timeout=60) == expected
