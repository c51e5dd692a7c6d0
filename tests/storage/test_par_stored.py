"""Issue 14, par for the player: the par of a won deal, found after the win, is
kept with the game record (schema 4); ``history`` shows it, ``stats`` keeps moves
over par per rules, in the three languages; an older database is upgraded in
place and keeps its games."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest
from fakes import HeldFinder
from kit import LANGUAGES, make_session
from playthrough import winning_commands, won_code
from storage_helpers import sqlite_file, stored_rows

from pyramide_a11y.cli.main import main
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.session import Session
from pyramide_a11y.storage import Store
from pyramide_a11y.storage.connection import Connection
from pyramide_a11y.storage.paths import DATABASE_NAME
from pyramide_a11y.storage.schema import SCHEMA_VERSION, migrate

PRESET = "paciencia"  # won in 56 moves by the recorded line; its par is 52

HISTORY = {
    "en": "56 moves; the fewest possible is 52.",
    "pt_PT": "56 jogadas; o mínimo possível é 52.",
    "pt_BR": "56 jogadas; o mínimo possível é 52.",
}
STATS = {
    "en": "Moves over the fewest possible: 4 on average, 4 at best, in 1 won game.",
    "pt_PT": "Jogadas acima do mínimo: 4 em média, 4 no melhor, em 1 jogo ganho.",
    "pt_BR": "Jogadas acima do mínimo: 4 em média, 4 no melhor, em 1 jogo vencido.",
}
LANG_OPTION = {"en": "en", "pt_PT": "pt", "pt_BR": "pt-BR"}


def _stored_par(folder: Path) -> list[tuple[object, ...]]:
    return stored_rows(folder, "SELECT id, result, result_moves, par FROM games ORDER BY id")


def _cli(folder: Path, language: str, *args: str) -> str:
    out = io.StringIO()
    status = main(["--lang", LANG_OPTION[language], *args, "--data-dir", str(folder)], out=out)
    assert status == 0, out.getvalue()
    return out.getvalue()


def _win_with_a_late_par(folder: Path, language: str) -> tuple[Session, HeldFinder]:
    finder = HeldFinder()
    session = make_session(
        won_code(PRESET), language, storage=GameStorage.open(folder), par_finder=finder
    )
    session.hints.finder = None
    for command in winning_commands(PRESET, language):
        session.handle(command)
    assert session.game.won and session.game.moves == 56
    return session, finder


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_par_that_arrives_late_is_stored_and_shown(tmp_path: Path, language: str) -> None:
    folder = tmp_path / "data"
    session, finder = _win_with_a_late_par(folder, language)
    # Won and saved at once; the par is not known yet.
    assert _stored_par(folder) == [(1, "won", 56, None)]
    finder.release.set()
    assert session.pars.wait(10.0)
    # Found on its own thread: written by the session's thread at the next line.
    session.handle("status" if language == "en" else "estado")
    assert _stored_par(folder) == [(1, "won", 56, 52)]
    session.close()

    history = _cli(folder, language, "history")
    assert HISTORY[language] in history, history
    stats = _cli(folder, language, "stats")
    assert STATS[language] in stats.splitlines(), stats


def test_a_par_found_just_before_quitting_is_kept(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    session, finder = _win_with_a_late_par(folder, "en")
    finder.release.set()
    assert session.pars.wait(10.0)
    session.close()  # no line typed after the par came
    assert _stored_par(folder) == [(1, "won", 56, 52)]


def test_the_json_of_stats_and_history_carries_the_par(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    session, finder = _win_with_a_late_par(folder, "en")
    finder.release.set()
    assert session.pars.wait(10.0)
    session.close()
    (rules,) = json.loads(_cli(folder, "en", "stats", "--json"))["rules"]
    assert (rules["won_with_par"], rules["average_over_par"], rules["best_over_par"]) == (1, 4, 4)
    (game,) = json.loads(_cli(folder, "en", "history", "--json"))
    assert (game["par"], game["over_par"], game["damaged"]) == (52, 4, False)


def test_stats_without_a_known_par_say_nothing_of_it(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    session, finder = _win_with_a_late_par(folder, "en")
    session.close()  # the search is stopped: no par
    finder.release.set()
    stats = _cli(folder, "en", "stats")
    assert "fewest possible" not in stats
    (rules,) = json.loads(_cli(folder, "en", "stats", "--json"))["rules"]
    assert (rules["won_with_par"], rules["average_over_par"], rules["best_over_par"]) == (
        0,
        None,
        None,
    )


def _insert(
    conn: Connection, rules: str, result: str | None, moves: int, *, line: bool = True
) -> int:
    """A decided game with no move undone (its line played is all its moves, from
    schema 5 on: ``line``, where the column exists)."""
    row = conn.execute(
        "INSERT INTO games (rules, code, layout, started_at, updated_at, result, ended_seq, "
        "result_ms, result_moves, result_score, moves) "
        "VALUES (?, NULL, '{}', '2026-01-01', '2026-01-01', ?, "
        "(SELECT COALESCE(MAX(ended_seq), 0) + 1 FROM games), 1000, ?, 0, ?) RETURNING id",
        (rules, result, moves if result else None, moves),
    ).fetchone()
    game_id = int(row[0])
    if line:
        conn.execute("UPDATE games SET result_line = result_moves WHERE id = ?", (game_id,))
    return game_id


def test_moves_over_par_per_rules_count_won_games_with_a_known_par(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path)
    assert store is not None
    conn = store.conn
    pars = {
        _insert(conn, "classic", "won", 40): 31,  # 9 over
        _insert(conn, "classic", "won", 35): 33,  # 2 over
        _insert(conn, "classic", "won", 50): None,  # par unknown: not counted
        _insert(conn, "classic", "lost", 20): 30,  # not won: not counted
        _insert(conn, "paciencia", "won", 52): 52,  # in par
    }
    from pyramide_a11y.storage.stats import rebuild_stats

    rebuild_stats(conn)
    for game_id, par in pars.items():
        if par is not None:
            store.set_par(game_id, par)
    by_rules = {s.rules: s for s in store.stats()}
    classic, paciencia = by_rules["classic"], by_rules["paciencia"]
    assert (classic.par_wins, classic.over_par_total, classic.best_over_par) == (2, 11, 2)
    assert classic.average_over_par == 5.5
    assert (paciencia.par_wins, paciencia.best_over_par, paciencia.average_over_par) == (1, 0, 0)
    assert store.stats_from_records() == by_rules
    # The par changes nothing else: the stored figures are those counted.
    assert (classic.played, classic.won, classic.fewest_moves) == (4, 3, 35)
    record = store.load(1)
    assert record is not None and (record.par, record.over_par) == (31, 9)
    store.close()


@sqlite_file
def test_an_older_database_is_upgraded_in_place_to_keep_the_par(tmp_path: Path) -> None:
    """A database of schema 3 (before the par) gains the two columns, NULL in its
    records; its games, statistics and settings are as they were."""
    path = tmp_path / DATABASE_NAME
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=3)
    won = _insert(conn, "classic", "won", 40, line=False)
    _insert(conn, "classic", "lost", 12, line=False)
    playing = _insert(conn, "classic", None, 7, line=False)
    from pyramide_a11y.storage.stats import rebuild_stats

    rebuild_stats(conn)
    conn.execute("INSERT INTO settings VALUES ('language', 'pt_PT')")
    stats_before = conn.execute("SELECT * FROM stats").fetchall()
    conn.close()

    store, notices = Store.open(tmp_path)
    assert store is not None and notices == []
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    assert store.conn.execute("SELECT * FROM stats").fetchall() == stats_before
    assert store.settings() == {"language": "pt_PT"}
    records = {r.id: r for r in store.recent(10)}
    assert set(records) == {won, won + 1, playing}
    assert all(r.par is None and not r.damaged for r in records.values())
    store.set_par(won, 31)
    (stats,) = store.stats()
    assert (stats.played, stats.won, stats.par_wins, stats.best_over_par) == (2, 1, 1, 9)
    store.close()
    # Nothing was moved aside: the same file, upgraded.
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".sqlite3") == [DATABASE_NAME]
