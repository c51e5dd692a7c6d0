"""Issue 13, damaged databases: logical damage (a schema the program does not
recognise, a dropped table, a column of another type, a game record that does not
replay) never gives a traceback and never loses data silently. The damaged file is
kept aside and a fresh one started, with one sentence; a dropped statistics table
is rebuilt from the game records; a damaged saved game is named to the player."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from storage_helpers import new_game, sqlite_file, winning_line

from pyramide_a11y.engine import Layout, get_rules
from pyramide_a11y.engine.dealcode import DealCode
from pyramide_a11y.narration.notice_words import notice_text
from pyramide_a11y.storage import AutosavedGame, Notice, NoticeKind, Store
from pyramide_a11y.storage.paths import DATABASE_NAME
from pyramide_a11y.storage.schema import SCHEMA_VERSION

pytestmark = sqlite_file

ROOT = Path(__file__).resolve().parents[2]
CODE = "PY1-N-AAAAAAS"
RULES = get_rules("paciencia")
WINNABLE = (1003, 1004)


def fill(folder: Path) -> None:
    """A data folder with won, lost and in-progress games (through the real
    autosave, so the statistics are those counted as games ended)."""
    store, notices = Store.open(folder)
    assert store is not None and notices == []
    for number in WINNABLE:
        code = DealCode(RULES, number)
        line = winning_line(Layout.from_code(code), RULES)
        assert line is not None
        saved = AutosavedGame.start(store, Layout.from_code(code), RULES, str(code))
        for move in line:
            saved.apply(str(move))
        assert saved.game.won
        saved.leave()
    for last in (False, True):
        game = new_game(CODE)
        saved = AutosavedGame.start(store, game.layout, game.rules, CODE)
        for _ in range(5):
            saved.apply("draw")
        if last:
            saved.close()  # in progress: the game offered next time
        else:
            saved.leave()  # lost
    store.save_setting("language", "en")
    store.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def damage(folder: Path, how: str) -> None:
    conn = sqlite3.connect(folder / DATABASE_NAME, isolation_level=None)
    try:
        if how.startswith("version"):
            conn.execute(f"PRAGMA user_version = {int(how.removeprefix('version '))}")
        elif how.startswith("drop "):
            conn.execute(f"DROP TABLE {how.removeprefix('drop ')}")
        elif how == "text moves":
            # The games table rebuilt with ``moves`` as TEXT, its values text.
            conn.execute("BEGIN")
            sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'games'").fetchone()[0]
            conn.execute("PRAGMA foreign_keys = OFF")
            conn.execute("ALTER TABLE games RENAME TO old_games")
            conn.execute(sql.replace("moves INTEGER NOT NULL DEFAULT 0", "moves TEXT"))
            conn.execute("INSERT INTO games SELECT * FROM old_games")
            conn.execute("UPDATE games SET moves = 'many'")
            conn.execute("DROP TABLE old_games")
            conn.execute("COMMIT")
        else:
            raise AssertionError(how)
    finally:
        conn.close()


def run(folder: Path, *args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYRAMIDE_DATA_DIR"}
    env.update(PYTHONPATH=str(ROOT), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    return subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", *args, "--data-dir", str(folder)],
        input=stdin.decode(),
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr, result.stderr
    assert "Traceback" not in result.stdout, result.stdout


UNRECOGNISED = [
    "version -3",
    "version 0",
    "version 1",
    "version 2",
    "version 3",
    "drop games",
    "drop actions",
    "drop settings",
    "drop daily",
    "text moves",
]


@pytest.mark.parametrize("how", UNRECOGNISED)
def test_a_schema_not_recognised_is_set_aside_with_one_sentence(tmp_path: Path, how: str) -> None:
    folder = tmp_path / "data"
    fill(folder)
    damage(folder, how)
    before = digest(folder / DATABASE_NAME)
    said = []
    # The first command sets the file aside; replay then finds no game 1 (status 1,
    # as for any game number not in the history).
    for command, status in ((["stats"], 0), (["history"], 0), (["replay", "1"], 1)):
        result = run(folder, *command)
        no_traceback(result)
        assert result.returncode == status, result.stdout
        said += [line for line in result.stdout.splitlines() if "kept aside" in line]
    (sentence,) = said  # said once: the next commands open the fresh file
    aside = [p for p in folder.iterdir() if p.name.startswith("pyramide-unknown-")]
    assert len(aside) == 1 and aside[0].suffix == ".sqlite3"
    assert aside[0].name in sentence
    assert digest(aside[0]) == before  # kept exactly as it was
    store, notices = Store.open(folder)
    assert store is not None and notices == []
    assert store.recent() == [] and store.stats() == []
    store.close()


def test_the_sentence_for_a_schema_not_recognised(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    fill(folder)
    damage(folder, "drop actions")
    store, notices = Store.open(folder)
    assert store is not None
    assert [n.kind for n in notices] == [NoticeKind.MOVED_UNKNOWN]
    assert notices[0].name.startswith("pyramide-unknown-")
    assert (folder / notices[0].name).exists()
    store.close()


def test_a_dropped_statistics_table_is_rebuilt_from_the_records(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    fill(folder)
    store, _ = Store.open(folder)
    assert store is not None
    original = store.stats()
    assert [(s.played, s.won) for s in original] == [(1, 1), (1, 1), (1, 0)] or (
        sum(s.played for s in original),
        sum(s.won for s in original),
    ) == (3, 2)
    store.close()
    damage(folder, "drop stats")
    result = run(folder, "stats")
    no_traceback(result)
    assert result.returncode == 0
    assert "kept aside" not in result.stdout
    store, notices = Store.open(folder)
    assert store is not None and notices == []
    assert store.stats() == original
    assert len(store.recent(include_discarded=True)) == 4  # every record still there
    store.close()
    assert [p.name for p in folder.iterdir() if p.name.startswith("pyramide-")] == []


def test_a_dropped_index_is_recreated(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    fill(folder)
    with sqlite3.connect(folder / DATABASE_NAME) as conn:
        conn.execute("DROP INDEX games_by_result")
    store, notices = Store.open(folder)
    assert store is not None and notices == []
    names = {n for (n,) in store.conn.execute("SELECT name FROM sqlite_master")}
    assert "games_by_result" in names
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    store.close()


def _damage_saved_game(folder: Path) -> int:
    store, _ = Store.open(folder)
    assert store is not None
    (record,) = store.in_progress()
    store.close()
    with sqlite3.connect(folder / DATABASE_NAME) as conn:
        conn.execute(
            "UPDATE actions SET token = 'not a move' WHERE game_id = ? AND seq = 3",
            (record.id,),
        )
    return record.id


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Saved game {} is damaged and cannot be resumed."),
        ("pt", "A partida {} guardada está danificada e não pode ser retomada."),
        ("pt-BR", "O jogo {} salvo está danificado e não pode ser retomado."),
    ],
)
def test_a_damaged_saved_game_is_named_not_hidden(tmp_path: Path, lang: str, expected: str) -> None:
    folder = tmp_path / "data"
    fill(folder)
    game_id = _damage_saved_game(folder)
    result = run(folder, "--speech", "none", "--lang", lang, stdin=b"quit\n")
    no_traceback(result)
    assert result.returncode == 0
    assert result.stdout.count(expected.format(game_id)) == 1, result.stdout
    # The record is kept as it was: in progress, its log whole.
    store, notices = Store.open(folder)
    assert store is not None and notices == []
    record = store.load(game_id)
    assert record is not None and record.in_progress and len(record.tokens) == 5
    assert record.tokens[2] == "not a move"
    store.close()


DAMAGED_IN_HISTORY = {
    "en": "Game {}, ",
    "pt": "Jogo {}, ",
    "pt-BR": "Jogo {}, ",
}
DAMAGED_WORDS = {
    "en": "damaged, cannot be resumed.",
    "pt": "danificado, não pode ser retomado.",
    "pt-BR": "danificado, não pode ser retomado.",
}


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Saved game {} is damaged and cannot be resumed."),
        ("pt", "A partida {} guardada está danificada e não pode ser retomada."),
        ("pt-BR", "O jogo {} salvo está danificado e não pode ser retomado."),
    ],
)
def test_a_damaged_saved_game_is_said_once_then_named_in_the_history(
    tmp_path: Path, lang: str, expected: str
) -> None:
    folder = tmp_path / "data"
    fill(folder)
    game_id = _damage_saved_game(folder)
    first = run(folder, "--speech", "none", "--lang", lang, stdin=b"quit\n")
    no_traceback(first)
    assert first.stdout.count(expected.format(game_id)) == 1, first.stdout
    # The next launch is quiet about it: no sentence, no offer, a fresh deal.
    second = run(folder, "--speech", "none", "--lang", lang, stdin=b"quit\n")
    no_traceback(second)
    assert second.returncode == 0
    assert expected.format(game_id) not in second.stdout, second.stdout
    if lang == "en":
        assert "You have a saved game" not in second.stdout, second.stdout
    # history names it by number, as damaged.
    history = run(folder, "--lang", lang, "history")
    no_traceback(history)
    (line,) = [
        line
        for line in history.stdout.splitlines()
        if line.startswith(DAMAGED_IN_HISTORY[lang].format(game_id))
    ]
    assert line.endswith(DAMAGED_WORDS[lang]), line
    # Kept as it was: only the mark was added; replay says it is damaged.
    store, _ = Store.open(folder)
    assert store is not None
    record = store.load(game_id)
    assert record is not None and record.in_progress and record.damaged
    assert record.tokens[2] == "not a move" and len(record.tokens) == 5
    store.close()
    assert run(folder, "replay", str(game_id)).returncode == 1


def test_an_older_saved_game_is_offered_once_the_damaged_one_was_said(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    fill(folder)
    store, _ = Store.open(folder)
    assert store is not None
    game = new_game(CODE)
    older = AutosavedGame.start(store, game.layout, game.rules, CODE)
    older.apply("draw")
    older.close()
    store.close()
    with sqlite3.connect(folder / DATABASE_NAME) as conn:  # the other game, played last
        conn.execute("UPDATE games SET updated_at = '2000-01-01' WHERE id = ?", (older.record_id,))
    game_id = _damage_saved_game_not(folder, older.record_id)
    first = run(folder, "--speech", "none", "--lang", "en", stdin=b"quit\n")
    assert f"Saved game {game_id} is damaged" in first.stdout
    second = run(folder, "--speech", "none", "--lang", "en", stdin=b"quit\n")
    assert "damaged" not in second.stdout
    assert "You have a saved game" in second.stdout, second.stdout


def _damage_saved_game_not(folder: Path, spared: int | None) -> int:
    """Damage the game in progress other than ``spared``; its id."""
    store, _ = Store.open(folder)
    assert store is not None
    (record,) = [r for r in store.in_progress() if r.id != spared]
    store.close()
    with sqlite3.connect(folder / DATABASE_NAME) as conn:
        conn.execute(
            "UPDATE actions SET token = 'not a move' WHERE game_id = ? AND seq = 3", (record.id,)
        )
    return record.id


def test_the_damaged_record_notice_names_the_game() -> None:
    text = notice_text(Notice(NoticeKind.DAMAGED_RECORD, game_id=12))
    assert "12" in text


def test_text_in_a_number_column_keeps_the_record_offered(tmp_path: Path) -> None:
    """The columns are right but a value is text: the snapshot reads as 0 and the
    game, replayed from its log, is offered as ever (it used to vanish)."""
    folder = tmp_path / "data"
    fill(folder)
    with sqlite3.connect(folder / DATABASE_NAME) as conn:
        conn.execute("UPDATE games SET moves = 'many', elapsed_ms = 'x', result_ms = 'y'")
    for command in (["stats"], ["history"], ["replay", "1"]):
        result = run(folder, *command)
        no_traceback(result)
        assert result.returncode == 0
    result = run(folder, "--speech", "none", "--lang", "en", stdin=b"quit\n")
    no_traceback(result)
    assert "You have a saved game" in result.stdout


def test_stats_that_cannot_be_read_say_so_in_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from pyramide_a11y.cli.main import main
    from pyramide_a11y.storage import StorageError

    def fails(self: Store, rules: str | None = None) -> list[object]:
        raise StorageError(NoticeKind.UNAVAILABLE)

    monkeypatch.setattr(Store, "stats", fails)
    out = io.StringIO()
    status = main(["--lang", "en", "stats", "--data-dir", str(tmp_path)], out)
    assert status == 1
    assert out.getvalue().splitlines() == [notice_text(Notice(NoticeKind.UNAVAILABLE))]
