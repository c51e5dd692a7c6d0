"""``pyramide deal`` and ``pyramide replay`` through the real entry point."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import FIXTURES

from pyramide_a11y.engine import Layout

SEED002 = FIXTURES / "seed002.json"
SEED002_MOVES = FIXTURES / "seed002.moves"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={"LANGUAGE": "en", "PATH": "/usr/bin:/bin"},
    )


def test_deal_prints_the_layout_and_json_reads_back() -> None:
    result = run("deal", "PY1-N-AAAAAAA", "--json")
    assert result.returncode == 0, result.stderr
    layout = Layout.from_json(result.stdout)
    assert str(layout.pyramid[0]) == "8S" and layout.rules is not None
    text = run("deal", "PY1-N-AAAAAAA").stdout
    assert "8S" in text.splitlines()[2]


def test_deal_help_warns_that_it_reveals_the_stock() -> None:
    assert "reveals the whole stock" in " ".join(run("deal", "--help").stdout.split())


def test_deal_with_a_bad_code_names_the_problem() -> None:
    result = run("deal", "PY1-N-AAAA")
    assert result.returncode == 2
    assert "7 letters, not 4" in result.stderr


def test_replay_of_seed002_json() -> None:
    result = run("replay", "--layout", str(SEED002), "--moves", str(SEED002_MOVES), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "won": True,
        "moves": 31,
        "pyramid_left": 0,
        "stock": 13,
        "waste": 1,
        "score": 280,
        "round": 1,
    }


def test_rules_options_override_the_layout(tmp_path: Path) -> None:
    # With one pass only the seed 002 game still wins: it never recycles.
    result = run("replay", "--layout", str(SEED002), "--passes", "1", "--moves", str(SEED002_MOVES))
    assert result.returncode == 0 and "won: yes" in result.stdout
    result = run("replay", "--layout", str(SEED002), "--rules", "pyramide", "--moves", "x")
    assert result.returncode == 2 and "23 cards in the stock and 1 in the waste" in result.stderr


def test_illegal_move_stops_with_its_line_and_reason(tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("KH\n\n# a comment\n9S+4C\n6C+7C\n")
    result = run("replay", "--layout", str(SEED002), "--moves", str(moves))
    assert result.returncode == 1
    assert "line 4: 9S+4C: That card is still covered" in result.stderr  # the game's sentence
    moves.write_text("KH\nbanana\n")
    result = run("replay", "--layout", str(SEED002), "--moves", str(moves))
    assert result.returncode == 1 and "line 2" in result.stderr


def test_replay_by_code_with_variant_switches(tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("draw\n" * 24 + "recycle\n")
    result = run("replay", "PY1-C-AAAAAAA", "--passes", "2", "--moves", str(moves), "--json")
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert (state["round"], state["stock"], state["waste"]) == (2, 24, 0)
    result = run("replay", "PY1-C-AAAAAAA", "--moves", str(moves))
    assert result.returncode == 1 and "line 25: recycle" in result.stderr


@pytest.mark.parametrize("source", [["PY1-N-AAAAAAA", "--layout", "x.json"], []])
def test_replay_needs_exactly_one_source(source: list[str]) -> None:
    result = run("replay", *source, "--moves", "m")
    assert result.returncode == 2


@pytest.mark.parametrize("where", ["before", "after"])
def test_lang_works_before_or_after_the_subcommand(where: str) -> None:
    args = ["solve", "PY1-C3-PYRAMID", "--timeout", "30"]
    args = ["--lang", "pt_BR", *args] if where == "before" else [*args, "--lang", "pt_BR"]
    result = run(*args)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Dá para ganhar")
