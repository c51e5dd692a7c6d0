"""kill -9 at random moments of a scripted session, 60 times: every restart resumes
the position after the last acknowledged action (or after an action whose commit
landed just before the kill, before its answer was read), and no game or
statistics row is lost or doubled.

The process killed is ``autosave_harness.py``: a real process that plays through
the storage API exactly as the program does (see its docstring).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from storage_helpers import database_sound, game_state, winning_line

from pyramide_a11y.engine import Game, Layout, get_rules
from pyramide_a11y.engine.dealcode import DealCode
from pyramide_a11y.storage import Store
from pyramide_a11y.storage.actions import apply_token, select_token

HARNESS = Path(__file__).parent.parent / "autosave_harness.py"
KILLS = 60
WINNABLE = (1003, 1004, 1009, 1008)


@dataclass
class ScriptedGame:
    code: str
    tokens: list[str]
    states: list[dict[str, Any]] = field(default_factory=list)  # after 0, 1, … tokens
    won_at: int | None = None  # tokens after which the game is won


def script(rng: random.Random, games: int) -> list[ScriptedGame]:
    """Games to play in order: winning lines with second thoughts (touch and
    cancel, undo and redo, undo of the win and win again); some abandoned."""
    rules = get_rules("paciencia")
    scripted = []
    for number in range(games):
        deal = WINNABLE[number % len(WINNABLE)]
        code = DealCode(rules, deal)
        layout = Layout.from_code(code)
        line = winning_line(layout, rules)
        assert line is not None
        game = Game(layout, rules)
        tokens: list[str] = []

        def play(token: str, game: Game = game, tokens: list[str] = tokens) -> None:
            before = game_state(game)
            apply_token(game, token)
            assert game_state(game) != before, token
            tokens.append(token)

        for move in line:
            free = [c for c in game.position.free_cards() if not c.is_king]
            if free and rng.random() < 0.1:
                play(select_token(rng.choice(free)))
                play("cancel")
            play(str(move))
            if not game.won and rng.random() < 0.1:
                play("undo")
                play(str(move))
        if rng.random() < 0.5:
            play("undo")
            play(str(line[-1]))
        if rng.random() < 0.2:  # abandoned part way
            del tokens[rng.randint(1, len(tokens) - 2) :]
        scripted_game = ScriptedGame(str(code), tokens)
        replayed = Game(layout, rules)
        scripted_game.states.append(game_state(replayed))
        for k, token in enumerate(tokens, start=1):
            apply_token(replayed, token)
            scripted_game.states.append(game_state(replayed))
            if replayed.won and scripted_game.won_at is None:
                scripted_game.won_at = k
        scripted.append(scripted_game)
    return scripted


class Harness:
    def __init__(self, folder: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(HARNESS), str(folder)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            cwd=HARNESS.parent,
        )

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline().strip()

    def kill(self) -> list[str]:
        """SIGKILL, then every answer the process had written before it died."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)
        assert self.proc.stdout is not None
        lines = [line.strip() for line in self.proc.stdout.read().splitlines()]
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except BrokenPipeError:
                pass
        return [line for line in lines if line]


@pytest.mark.slow
def test_kill_minus_9_at_random_points_loses_nothing(tmp_path: Path) -> None:
    rng = random.Random(61)
    games = script(rng, 40)
    ids: dict[int, int] = {}  # scripted game -> record id
    game = -1  # the scripted game being played
    done = 0  # its tokens acknowledged (or found committed after a restart)
    kills = exact = ahead = 0
    need_new = True
    harness = Harness(tmp_path)
    first = harness.read()
    assert first == "none"
    while kills < KILLS:
        starting = need_new or done == len(games[game].tokens) or rng.random() < 0.01
        need_new = False
        if starting:
            # The next game (once the current one is over or, rarely, midway),
            # with its first actions.
            if game + 1 == len(games):
                break
            batch = games[game + 1].tokens[: rng.randint(2, 14)]
            harness.send(f"new {games[game + 1].code}")
        else:
            batch = games[game].tokens[done : done + rng.randint(2, 14)]
        for token in batch:
            harness.send(token)
        # Kill at a random moment: while the answers are being written, or idle.
        time.sleep(0.05 if rng.random() < 0.2 else rng.uniform(0, 0.012))
        answers = harness.kill()
        kills += 1
        # What was acknowledged before the kill; how far the commits may have gone.
        new_acked = False
        sent_up_to = done if starting else done + len(batch)
        for answer in answers:
            word, record_id, *_ = answer.split()
            if word == "new":
                game += 1
                ids[game] = int(record_id)
                done, sent_up_to, new_acked = 0, len(batch), True
            else:
                assert word == "ack" and ids[game] == int(record_id)
                done += 1
        # Restart: the position is the last acknowledged one, or a later one that
        # was committed just before the kill.
        harness = Harness(tmp_path)
        first = harness.read()
        if first == "none":
            need_new = True  # the restarted process has no game: start one
            if new_acked and done == 0:
                # The new game got no action committed, so the restart discarded
                # it: start it again.
                game -= 1
            elif game >= 0:
                # Otherwise the current game is over: won, or left for the next one.
                won_at = games[game].won_at
                assert (starting and not new_acked) or (
                    won_at is not None and won_at <= sent_up_to
                ), (kills, game, done, sent_up_to)
            continue
        word, record_id, count, state_text = first.split(" ", 3)
        assert word == "resumed" and game >= 0 and ids[game] == int(record_id)
        k = int(count)
        assert done <= k <= max(done, sent_up_to), (kills, done, k, sent_up_to)
        assert json.loads(state_text) == games[game].states[k], f"kill {kills}: wrong position"
        exact += k == done
        ahead += k > done
        done = k

    # Finish without kills: play on to a win (however few actions the machine's
    # speed let the kills reach), then leave the last game properly and check the
    # records and statistics.
    def won_here() -> bool:
        won_at = games[game].won_at
        return won_at is not None and done >= won_at

    while need_new or not won_here():
        if need_new or done == len(games[game].tokens):
            game += 1
            harness.send(f"new {games[game].code}")
            word, record_id = harness.read().split()
            assert word == "new"
            ids[game], done, need_new = int(record_id), 0, False
        harness.send(games[game].tokens[done])
        word, record_id, *_ = harness.read().split()
        assert word == "ack" and ids[game] == int(record_id)
        done += 1
    harness.send(f"new {games[0].code}")
    assert harness.read().startswith("new ")
    harness.proc.stdin.close()  # type: ignore[union-attr]
    assert harness.proc.wait(timeout=30) == 0
    harness.proc.stdout.close()  # type: ignore[union-attr]
    assert kills == KILLS
    assert exact + ahead > KILLS // 3  # many restarts resumed a game mid-way
    print(f"kills {kills}: resumed at the last answer {exact}, a commit ahead {ahead}")

    store, notices = Store.open(tmp_path)
    assert store is not None and notices == []
    assert database_sound(store)
    records = {r.id: r for r in store.recent(1000, include_discarded=True)}
    expected_played = expected_won = 0
    for index, game_id in ids.items():
        loaded = store.load(game_id)
        assert loaded is not None
        scripted = games[index]
        n = len(loaded.tokens)
        assert list(loaded.tokens) == scripted.tokens[:n]  # nothing lost, nothing doubled
        won = scripted.won_at is not None and n >= scripted.won_at
        # Every game was left for the next one (the last by the final "new").
        expected = "won" if won else ("lost" if n else "discarded")
        assert loaded.result == expected, (index, loaded.result, n)
        expected_played += expected != "discarded"
        expected_won += won
    unknown = [r for r in records.values() if r.id not in ids.values()]
    assert all(r.result in ("discarded", None) and not r.snapshot.actions for r in unknown)
    stats = {s.rules: s for s in store.stats()}
    assert stats == store.stats_from_records()
    assert stats["paciencia"].played == expected_played
    assert stats["paciencia"].won == expected_won
    assert expected_won >= 1  # a win was counted (once, though some are undone and won again)
    print(f"games {len(ids)}, played {expected_played}, won {expected_won}")
