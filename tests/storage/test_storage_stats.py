"""Statistics: counted once per game, kept with the result in one transaction, and
equal to what the game records say (1000 simulated games)."""

from __future__ import annotations

import random
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from storage_helpers import memory_folder, winning_line

from pyramide_a11y.engine import Game, Layout, Move, Rules, get_rules
from pyramide_a11y.engine.dealcode import DealCode
from pyramide_a11y.storage import AutosavedGame, Stats, Store
from pyramide_a11y.storage.store import WON

RULES = (get_rules("paciencia"), get_rules("paciencia").with_options(cover_pairs=True))
WINNABLE = (1003, 1004, 1009, 1008)


@dataclass
class Expected:
    """The oracle: results in the order they were decided, for one rules key."""

    outcomes: list[tuple[bool, int, int, int, int]] = field(default_factory=list)

    def stats(self, rules: str) -> Stats:
        wins = [o for o in self.outcomes if o[0]]
        streak = best = run = 0
        for won, *_ in self.outcomes:
            run = run + 1 if won else 0
            best = max(best, run)
        for won, *_ in reversed(self.outcomes):
            if not won:
                break
            streak += 1
        return Stats(
            rules,
            played=len(self.outcomes),
            won=len(wins),
            current_streak=streak,
            best_streak=best,
            best_time_ms=min((o[1] for o in wins), default=None),
            fewest_moves=min((o[2] for o in wins), default=None),
            best_score=max((o[3] for o in self.outcomes), default=None),
            best=None,
        )

    def best(self) -> tuple[int, int, int]:
        """Time, moves and score of the best win: score, then time, then moves."""
        wins = [o for o in self.outcomes if o[0]]
        _, time_ms, moves, score, _ = min(wins, key=lambda o: (-o[3], o[1], o[2], o[4]))
        return (time_ms, moves, score)


def without_best(stats: Stats) -> Stats:
    return Stats(
        stats.rules,
        stats.played,
        stats.won,
        stats.current_streak,
        stats.best_streak,
        stats.best_time_ms,
        stats.fewest_moves,
        stats.best_score,
    )


@pytest.fixture(scope="module")
def lines() -> dict[tuple[str, int], list[Move]]:
    found = {}
    for rules in RULES:
        for number in WINNABLE:
            line = winning_line(Layout.from_code(DealCode(rules, number)), rules)
            assert line is not None
            found[(str(rules), number)] = line
    return found


@pytest.mark.slow
def test_stats_of_1000_games_equal_the_records(
    tmp_path: Path, lines: dict[tuple[str, int], list[Move]]
) -> None:
    rng = random.Random(2026)
    now = [0.0]

    def clock() -> int:
        return int(now[0] * 1000)

    folder = memory_folder(tmp_path)
    store, _ = Store.open(folder)
    assert store is not None
    expected = {str(r): Expected() for r in RULES}
    left_open: list[AutosavedGame] = []
    wins_undone = 0
    for number in range(1000):
        rules: Rules = rng.choice(RULES)
        kind = rng.random()
        deal = rng.choice(WINNABLE) if kind < 0.2 else 5000 + number
        code = DealCode(rules, deal)
        game = Game(Layout.from_code(code), rules)
        saved = AutosavedGame.start(
            store, game.layout, game.rules, str(code), elapsed_ms=lambda: int(now[0] * 1000)
        )
        game = saved.game
        if kind < 0.2:
            for move in lines[(str(rules), deal)]:
                now[0] += rng.uniform(0.5, 3)
                saved.apply(str(move))
                if rng.random() < 0.05 and not game.won:  # second thoughts: undo, redo
                    saved.apply("undo")
                    saved.apply(str(move))
            assert game.won
            expected[str(rules)].outcomes.append(
                (True, saved.elapsed_ms(), game.moves, game.position.score, number)
            )
            if rng.random() < 0.3:  # undo the win, then win again: counted once
                saved.apply("undo")
                saved.apply(str(lines[(str(rules), deal)][-1]))
                wins_undone += 1
            saved.leave()
            continue
        for _ in range(rng.randint(0, 6)):
            moves = game.legal_moves()
            if moves:
                now[0] += rng.uniform(0.5, 3)
                saved.apply(str(rng.choice(moves)))
        if kind < 0.3:
            saved.close()  # the program ends with the game in progress
            left_open.append(saved)
            continue
        result = saved.leave()
        if game.moves:
            assert result == "lost"
            expected[str(rules)].outcomes.append(
                (False, saved.elapsed_ms(), game.moves, game.position.score, number)
            )
        else:
            assert result == "discarded"
    assert wins_undone > 10
    stored = {s.rules: s for s in store.stats()}
    recomputed = store.stats_from_records()
    assert stored == recomputed
    for key, oracle in expected.items():
        assert without_best(stored[key]) == oracle.stats(key)
        best = stored[key].best
        assert best is not None
        record = store.load(best.game_id)
        assert record is not None and record.result == WON and record.rules == key
        assert (best.time_ms, best.moves, best.score) == oracle.best()
    played = sum(s.played for s in stored.values())
    assert played == sum(len(e.outcomes) for e in expected.values())
    assert len(store.in_progress()) == len(left_open)
    store.close()
    if folder != tmp_path:
        shutil.rmtree(folder)


def test_undoing_a_win_and_winning_again_counts_once(
    tmp_path: Path, lines: dict[tuple[str, int], list[Move]]
) -> None:
    store, _ = Store.open(tmp_path)
    assert store is not None
    rules = RULES[0]
    line = lines[(str(rules), WINNABLE[0])]
    code = DealCode(rules, WINNABLE[0])
    game = Game(Layout.from_code(code), rules)
    saved = AutosavedGame.start(store, game.layout, game.rules, str(code))
    game = saved.game
    for move in line:
        saved.apply(str(move))
    for _ in range(3):
        saved.apply("undo")
        assert not game.won
        saved.apply(str(line[-1]))
        assert game.won
    (stats,) = store.stats()
    assert (stats.played, stats.won, stats.current_streak) == (1, 1, 1)
    assert saved.leave() == WON
    (stats,) = store.stats()
    assert (stats.played, stats.won) == (1, 1)


def test_abandoning_counts_as_played_and_breaks_the_streak(
    tmp_path: Path, lines: dict[tuple[str, int], list[Move]]
) -> None:
    store, _ = Store.open(tmp_path)
    assert store is not None
    rules = RULES[0]
    for deal in WINNABLE[:2]:
        code = DealCode(rules, deal)
        game = Game(Layout.from_code(code), rules)
        saved = AutosavedGame.start(store, game.layout, game.rules, str(code))
        game = saved.game
        for move in lines[(str(rules), deal)]:
            saved.apply(str(move))
        saved.leave()
    code = DealCode(rules, 77)
    game = Game(Layout.from_code(code), rules)
    saved = AutosavedGame.start(store, game.layout, game.rules, str(code))
    game = saved.game
    saved.apply("draw")
    assert saved.leave() == "lost"
    (stats,) = store.stats()
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (3, 2, 0, 2)
    assert stats.win_rate == pytest.approx(2 / 3)
