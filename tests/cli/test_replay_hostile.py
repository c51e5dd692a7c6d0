"""``pyramide replay CODE --moves FILE`` against hostile files (issue 29): a bad
line's terminal escapes never reach the screen, and the fast replay reaches the
state and the refusals ``Game.play`` does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pyramide_a11y.cli.deal import Replayed, final_state
from pyramide_a11y.engine import (
    Game,
    Layout,
    Move,
    Refusal,
    RemoveKing,
    RemovePair,
    cards_of,
    parse_code,
)

CODE = "PY1-N-AAAAAAS"
ROOT = Path(__file__).resolve().parents[2]


def replay(moves: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", "replay", CODE, "--moves", str(moves), *extra],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={"LANGUAGE": "en", "PATH": "/usr/bin:/bin"},
    )


def test_a_bad_line_is_echoed_without_its_terminal_escapes(tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    hostile = "\x1b]0;owned\x07\x1b[2J\x1b[31mKD\x9b2J" + "x" * 500
    moves.write_text(f"draw\n{hostile}\n", encoding="utf-8")
    done = replay(moves)
    assert done.returncode == 1
    (line,) = done.stderr.splitlines()
    assert line.startswith("pyramide: line 2: not a move: ")
    assert not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in line)
    assert "owned" not in line and line.endswith("…") and len(line) < 120


def test_a_refused_line_is_echoed_without_its_terminal_escapes(tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    # 2 of clubs is covered at the start: a legal notation, a refused move.
    moves.write_text("QS+\x1b[2JAH\n", encoding="utf-8")
    done = replay(moves)
    assert done.returncode == 1
    assert "\x1b" not in done.stderr and done.stderr.startswith("pyramide: line 1: ")


def test_the_largest_moves_file_replays_to_the_right_state(tmp_path: Path) -> None:
    """199,000 legal draws, just under the 1 MB a file may hold (the time is
    measured in benchmarks/replay.py, not here)."""
    moves = tmp_path / "draws.txt"
    moves.write_text("draw\n" * 199_000, encoding="utf-8")
    done = replay(moves, "--json")
    assert done.returncode == 0, done.stderr
    assert '"moves": 199000' in done.stdout and '"won": false' in done.stdout


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=400), max_size=300), st.integers(0, 26**7 - 1))
def test_the_fast_replay_is_game_play(choices: list[int], number: int) -> None:
    """Any sequence of moves, legal or not: the same refusals, then the same state."""
    code = f"PY1-N-{_letters(number)}"
    parsed = parse_code(code)
    game = Game(Layout.from_code(parsed), parsed.rules)
    replayed = Replayed(game.position, 0, parsed.rules)
    for choice in choices:
        legal = game.position.legal_moves(game.rules)
        pool = legal + [m for m in _all_removals(game) if m not in legal]
        if not pool:
            break
        move = pool[choice % len(pool)]
        outcome = game.play(move)
        reason = replayed.play(move)
        assert reason == (outcome.reason if isinstance(outcome, Refusal) else None)
        if reason is not None:
            assert isinstance(outcome, Refusal) and cards_of(move) == outcome.cards
    assert replayed.position == game.position
    assert final_state(replayed)["moves"] == game.moves
    assert replayed.won == game.won


def _letters(number: int) -> str:
    letters = []
    for _ in range(7):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def _all_removals(game: Game) -> list[Move]:
    cards = [c for c in game.position.pyramid if c is not None][:6]
    moves: list[Move] = [RemoveKing(c) for c in cards if c.is_king]
    moves += [RemovePair(a, b) for a in cards for b in cards if a != b]
    return moves


def test_the_systems_reason_is_said_in_the_players_language(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.txt"
    said = {}
    for lang in ("pt_PT", "pt_BR", "en"):
        done = subprocess.run(
            [sys.executable, "-m", "pyramide_a11y", "replay", CODE, "--moves", str(missing)],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=ROOT,
            env={"LANGUAGE": lang, "PATH": "/usr/bin:/bin"},
        )
        assert done.returncode != 0
        (said[lang],) = done.stderr.splitlines()
        assert "No such file" not in said[lang] or lang == "en"
    assert said["pt_PT"].endswith("não existe esse ficheiro nem essa pasta.")
    assert said["pt_BR"].endswith("não existe esse arquivo nem essa pasta.")
    assert said["en"].endswith("there is no such file or folder.")
