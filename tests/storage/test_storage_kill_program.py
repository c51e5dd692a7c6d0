"""kill -9 the real ``pyramide`` program, 50 times, at random points of a scripted
session driven through pipes (it reads plain lines when stdin is not a terminal).

After each kill the program is started again: it must offer the saved game, show
the position after the last answered command (or after the command in flight,
when its commit landed just before the kill), and play on from there. At the end
no game record and no statistics row is lost or doubled.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from storage_helpers import Program, database_sound, game_state, winning_line

from pyramide_a11y.engine import Draw, Game, Layout, Recycle, RemoveKing, RemovePair, get_rules
from pyramide_a11y.engine.dealcode import DealCode
from pyramide_a11y.narration import narrator
from pyramide_a11y.narration import record_words as records_text
from pyramide_a11y.storage import Store
from pyramide_a11y.storage.actions import apply_token, select_token

KILLS = 50
WINNABLE = (1003, 1004, 1009, 1008)


@dataclass
class ScriptedGame:
    """A deal and the commands that play it, each with the action it logs."""

    code: str
    commands: list[tuple[str, str]] = field(default_factory=list)  # (typed, token)
    states: list[dict[str, Any]] = field(default_factory=list)  # after 0, 1, … commands
    tables: list[str] = field(default_factory=list)  # the table said after 0, 1, …
    won_at: int | None = None


def script(rng: random.Random, count: int) -> list[ScriptedGame]:
    rules = get_rules("paciencia")
    scripted = []
    for number in range(count):
        code = DealCode(rules, WINNABLE[number % len(WINNABLE)])
        layout = Layout.from_code(code)
        line = winning_line(layout, rules)
        assert line is not None
        game = ScriptedGame(str(code))
        oracle = Game(layout, rules)

        def play(
            steps: list[tuple[str, str]], game: ScriptedGame = game, oracle: Game = oracle
        ) -> None:
            for typed, token in steps:
                apply_token(oracle, token)
                game.commands.append((typed, token))
                game.states.append(game_state(oracle))
                game.tables.append(narrator.table_summary(oracle))
                if oracle.won and game.won_at is None:
                    game.won_at = len(game.commands)

        game.states.append(game_state(oracle))
        game.tables.append(narrator.table_summary(oracle))
        for move in line:
            free = [c for c in oracle.position.free_cards() if not c.is_king]
            if free and rng.random() < 0.1:
                card = rng.choice(free)
                play([(str(card), select_token(card)), ("cancel", "cancel")])
            play(commands_of(move))
            if not oracle.won and rng.random() < 0.08:  # undo, then play it again
                play([("u", "undo"), *commands_of(move)])
        if rng.random() < 0.2:  # abandoned part way
            keep = rng.randint(1, len(game.commands) - 2)
            del game.commands[keep:], game.states[keep + 1 :], game.tables[keep + 1 :]
            if game.won_at is not None and game.won_at > keep:
                game.won_at = None
        scripted.append(game)
    return scripted


def commands_of(move: object) -> list[tuple[str, str]]:
    """What a player types for a move, touching one card per command."""
    match move:
        case Draw():
            return [("d", "draw")]
        case Recycle():
            return [("r", "recycle")]
        case RemoveKing(card):
            return [(str(card), select_token(card))]
        case RemovePair(first, second):
            return [(str(first), select_token(first)), (str(second), select_token(second))]
    raise AssertionError(move)


def saved_in_progress(folder: Path) -> tuple[int, list[str], str | None] | None:
    """The game in progress with actions played last, as the program left it on
    disk: its id, its actions and its deal code. (The games the session set aside
    for new deals stay in progress too, each offered in turn once the later ones
    are over: a kill loses none of them.)"""
    store, _ = Store.open(folder)
    assert store is not None
    try:
        playing = [r for r in store.in_progress() if r.snapshot.actions]
        if not playing:
            return None
        record = store.load(playing[0].id)
        assert record is not None
        return record.id, list(record.tokens), record.code
    finally:
        store.close()


@pytest.mark.slow
def test_kill_minus_9_the_real_program_and_resume(tmp_path: Path) -> None:
    rng = random.Random(5)
    games = script(rng, 30)
    game = -1  # the scripted game in play
    done = 0  # its commands answered (or found committed)
    kills = exact = ahead = 0
    program = Program(tmp_path)
    opening = program.answer()
    assert not opening[0].startswith("You have a saved game")
    need_new = True
    while kills < KILLS:
        in_flight: tuple[str, str] | None = None
        count, kill_in_flight = rng.randint(3, 25), rng.random() < 0.5
        for sent in range(1, count + 1):
            if need_new or done == len(games[game].commands):
                if game + 1 == len(games):
                    break
                program.send(f"n {games[game + 1].code}")
                assert program.answer()[0].startswith("New deal.")
                game, done, need_new = game + 1, 0, False
                continue
            typed, token = games[game].commands[done]
            program.send(typed)
            if kill_in_flight and sent == count:  # kill with this command in flight
                in_flight = (typed, token)
                time.sleep(rng.uniform(0, 0.02))
                break
            program.answer()
            done += 1
        program.kill()
        kills += 1

        # Restart: the saved game is offered at the position of the last answer (or
        # the command in flight, if its commit landed), on disk and on the table.
        program = Program(tmp_path)
        opening = program.answer()
        saved = saved_in_progress(tmp_path)
        if saved is None:
            # Nothing to continue: the game was won, or none of its commands was
            # committed (its empty record is discarded: play that deal again).
            assert not opening[0].startswith("You have a saved game")
            need_new = True
            if game >= 0:
                won_at = games[game].won_at
                reached = done + (in_flight is not None)
                if won_at is None or reached < won_at:
                    assert done == 0, (kills, game, done)
                    game -= 1
            continue
        _, tokens, code = saved
        if done == 0 and game > 0 and code == games[game - 1].code != games[game].code:
            # Killed after a new deal and before its first action was committed (nor
            # the end of the game it replaced, just before): undo could still bring
            # that game back, so it is the one kept and offered.
            game, done, in_flight = game - 1, len(tokens), None
        scripted = games[game]
        assert done <= len(tokens) <= done + (in_flight is not None), (kills, done, len(tokens))
        assert tokens == [token for _, token in scripted.commands[: len(tokens)]]
        exact += len(tokens) == done
        ahead += len(tokens) > done
        done = len(tokens)
        store, _ = Store.open(tmp_path)
        assert store is not None
        record = store.load(saved[0])
        store.close()
        assert record is not None
        assert game_state(record.rebuild()) == scripted.states[done]
        assert opening == [records_text.saved_game_offer(record), scripted.tables[done]]
        if rng.random() < 0.5:
            program.send("continue")
            assert program.answer() == ["Continuing your saved game.", scripted.tables[done]]
    program.send(f"n {games[0].code}")
    program.answer()
    program.send("d")  # an action in the new deal: the game before it is left for good
    program.answer()
    program.send("q")
    program.answer()
    assert program.proc.wait(timeout=30) == 0
    assert kills == KILLS
    print(f"kills {kills}: at the last answer {exact}, one commit ahead {ahead}, games {game + 1}")
    assert exact + ahead > KILLS // 2

    store, notices = Store.open(tmp_path)
    assert store is not None and notices == []
    assert database_sound(store)
    records = sorted(store.recent(10_000, include_discarded=True), key=lambda r: r.id)
    final = records.pop()  # the deal started at the end, one draw played
    assert (final.code, final.result, final.snapshot.actions) == (games[0].code, None, 1)
    played = [store.load(r.id) for r in records if r.snapshot.actions]
    index = 0
    won = 0
    for loaded in played:
        assert loaded is not None
        while [t for _, t in games[index].commands[: len(loaded.tokens)]] != list(loaded.tokens):
            index += 1  # a deal whose record never got an action
        scripted = games[index]
        is_won = scripted.won_at is not None and len(loaded.tokens) >= scripted.won_at
        assert loaded.result == ("won" if is_won else "lost"), (loaded.id, loaded.result)
        won += is_won
        index += 1
    stats = {s.rules: s for s in store.stats()}
    assert stats == store.stats_from_records()
    assert stats["paciencia"].played == len(played)
    assert stats["paciencia"].won == won
    print(f"records {len(records)}, played {len(played)}, won {won}")


def test_games_set_aside_by_a_killed_program_are_left_and_the_last_offered(
    tmp_path: Path,
) -> None:
    """Deals left in a session stay reachable by undo while it runs; killed, the
    next start offers the game in play and counts the ones set aside as lost, as
    quitting would have."""
    codes = ["PY1-P-AAAAAAB", "PY1-P-AAAAAAC", "PY1-P-AAAAAAD"]
    program = Program(tmp_path, "--deal", codes[0])
    program.answer()
    for code in codes[1:]:
        program.send("d")
        program.answer()
        program.send(f"n {code}")
        assert program.answer()[0].startswith("New deal.")
    program.send("d")
    program.answer()
    program.send("u")  # the draw in the last deal
    program.answer()
    program.send("u")  # nothing to undo: the deal before it comes back
    assert program.answer()[0] == f"Back to the previous game. Deal {codes[1]}."
    program.send("d")
    program.answer()
    program.send(f"n {codes[2]}")
    program.answer()
    program.send("d")
    program.answer()
    program.kill()
    program = Program(tmp_path)
    assert program.answer()[0].startswith("You have a saved game")
    program.send("continue")
    assert program.answer()[0] == "Continuing your saved game."
    program.send("status")
    assert program.answer()[0].endswith(f"Deal {codes[2]}.")
    program.send("q")
    program.answer()
    assert program.proc.wait(timeout=30) == 0
    store, _ = Store.open(tmp_path)
    assert store is not None
    try:
        results = {
            (r.code, r.result, r.snapshot.moves) for r in store.recent(100, include_discarded=True)
        }
        (stats,) = store.stats()
    finally:
        store.close()
    # The first deal (one draw) and the second (two draws) were set aside: lost.
    assert (codes[0], "lost", 1) in results and (codes[1], "lost", 2) in results
    assert (codes[2], None, 1) in results  # the game in play, saved again at quit
    assert (codes[2], "discarded", 1) in results  # every move undone, then left
    assert stats.played == 2
