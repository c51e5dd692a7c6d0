"""Issue 24: moves over par compare like with like. The move counter never goes
down (undone moves count: "N moves"), but the par is a line, so it is compared
with the line played (moves undone left out): in the sentence after the win, in
``history`` and in ``stats``; an older database gets the line from its logs."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

from fakes import HeldFinder
from kit import make_session
from playthrough import WON_DEALS, winning_commands, won_code
from storage_helpers import sqlite_file

from pyramide_a11y.cli.main import main
from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.session import Session
from pyramide_a11y.engine import Layout, parse_code
from pyramide_a11y.storage import Store
from pyramide_a11y.storage.paths import DATABASE_NAME
from pyramide_a11y.storage.schema import migrate
from pyramide_a11y.storage.stats import rebuild_stats

PRESET = "paciencia"  # won in 56 moves by the recorded line; its par is 52


def _cli(folder: Path, *args: str) -> str:
    out = io.StringIO()
    assert main(["--lang", "en", *args, "--data-dir", str(folder)], out=out) == 0
    return out.getvalue()


def _win_after_an_undo(folder: Path, late: list[Answer]) -> Session:
    """The recorded win after two draws undone: 58 moves counted, 56 in the line."""
    finder = HeldFinder()
    finder.release.set()
    session = make_session(
        won_code(PRESET), storage=GameStorage.open(folder), par_finder=finder, emit=late.append
    )
    session.hints.finder = None
    for command in ("d", "u", "d", "u", *winning_commands(PRESET, "en")):
        session.handle(command)
    assert session.game.won and session.game.moves == 58
    assert session.pars.wait(10.0)
    return session


def test_the_par_after_a_win_is_compared_with_the_line_played(tmp_path: Path) -> None:
    late: list[Answer] = []
    session = _win_after_an_undo(tmp_path, late)
    assert [answer.lines for answer in late] == [
        [
            "You won in 58 moves, 56 in the line played. The fewest possible for this deal "
            "is 52. Type par to hear the shortest line, one move per Enter."
        ]
    ]
    # status says both counts too, beside the par
    assert session.handle("status").text.startswith(
        "28 of 28 removed. 3 cards in the stock. Pass 3 of 3. 58 moves. 56 in the line played."
    )
    session.close()


def test_history_and_stats_count_moves_over_par_in_the_line_played(tmp_path: Path) -> None:
    session = _win_after_an_undo(tmp_path, [])
    session.close()
    history = _cli(tmp_path, "history")
    assert "58 moves, 56 in the line played; the fewest possible is 52." in history, history
    stats = _cli(tmp_path, "stats")
    assert "Moves over the fewest possible: 4 on average, 4 at best, in 1 won game." in (
        stats.splitlines()
    ), stats
    assert "Fewest moves: 58." in stats.splitlines()  # the counter, as "58 moves" says
    (game,) = json.loads(_cli(tmp_path, "history", "--json"))
    assert (game["result_moves"], game["result_line"], game["over_par"]) == (58, 56, 4)


@sqlite_file
def test_an_older_database_gets_the_line_played_from_its_logs(tmp_path: Path) -> None:
    """Schema 5 records: one won with a draw undone (its log replayed: 56 of 58), one
    won with nothing undone (its moves), one whose log does not replay (unknown,
    so no moves over par rather than false ones)."""
    deal = parse_code(won_code(PRESET))
    layout = Layout.from_code(deal).to_json(deal.rules)
    moves = WON_DEALS[PRESET]["moves"]
    assert isinstance(moves, list)
    line = [str(move) for move in moves]
    conn = sqlite3.connect(tmp_path / DATABASE_NAME, isolation_level=None)
    migrate(conn, target=4)
    logs = {1: ["draw", "undo", "draw", "undo", *line], 2: line, 3: ["draw", "undo", "KS"]}
    for game_id, tokens in logs.items():
        conn.execute(
            "INSERT INTO games (id, rules, code, layout, started_at, updated_at, result, "
            "ended_seq, result_ms, result_moves, result_score, par) "
            "VALUES (?, ?, ?, ?, 'x', 'x', 'won', ?, 1000, ?, 280, 52)",
            (game_id, str(deal.rules), str(deal), layout, game_id, 58 if game_id != 2 else 56),
        )
        conn.executemany(
            "INSERT INTO actions (game_id, seq, token, elapsed_ms) VALUES (?, ?, ?, 0)",
            [(game_id, seq, token) for seq, token in enumerate(tokens, 1)],
        )
    rebuild_stats(conn)
    conn.close()
    store, notices = Store.open(tmp_path)
    assert store is not None and notices == []
    records = {game_id: store.load(game_id) for game_id in logs}
    assert [(r.result_line, r.over_par) for r in records.values() if r] == [
        (56, 4),
        (56, 4),
        (None, None),
    ]
    (stats,) = store.stats()
    assert (stats.par_wins, stats.over_par_total, stats.best_over_par) == (2, 8, 4)
    store.close()
