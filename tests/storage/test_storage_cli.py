"""``pyramide stats``, ``history`` (with ``--export``) and ``replay ID`` on a real data
folder, in the session language."""

from __future__ import annotations

import io
import json
import re
import shlex
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from storage_helpers import sqlite_file, winning_line

from pyramide_a11y.cli.main import main
from pyramide_a11y.engine import Layout, get_rules
from pyramide_a11y.engine.dealcode import DealCode
from pyramide_a11y.i18n import set_language
from pyramide_a11y.storage import AutosavedGame, Store
from pyramide_a11y.storage.saved_settings import save_setting


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Two paciencia games won (1 and 2), one lost (3), one in progress (4)."""
    store, _ = Store.open(tmp_path)
    assert store is not None
    rules = get_rules("paciencia")
    clock = [0]
    for number in (1003, 1004):
        layout = Layout.from_code(DealCode(rules, number))
        line = winning_line(layout, rules)
        assert line is not None
        saved = AutosavedGame.start(
            store, layout, rules, str(DealCode(rules, number)), elapsed_ms=lambda: clock[0]
        )
        for move in line:
            clock[0] += 1000
            saved.apply(str(move))
        saved.leave()
    for leave in (True, False):
        layout = Layout.from_code(DealCode(rules, 5))
        saved = AutosavedGame.start(store, layout, rules, str(DealCode(rules, 5)))
        saved.apply("draw")
        saved.apply(f"select {saved.game.position.free_cards()[0]}")
        if leave:
            saved.leave()
        else:
            saved.close()
    store.close()
    return tmp_path


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    try:
        status = main(list(argv), out)
    finally:
        set_language("en")
    return status, out.getvalue()


def test_stats_in_english_and_portuguese(folder: Path) -> None:
    status, text = run("stats", "--data-dir", str(folder), "--lang", "en")
    assert status == 0
    lines = text.splitlines()
    assert lines[0] == "Pyramid."
    assert "Games played: 3." in lines
    assert "Won: 2, 67%." in lines
    assert "Current streak: 0; best streak: 2." in lines
    assert any(line.startswith("Best time: ") for line in lines)
    assert not any("score" in line for line in lines)  # paciencia keeps no score
    status, text = run("estatisticas", "--data-dir", str(folder), "--lang", "pt")
    assert status == 0
    assert "Vitórias: 2, 67%." in text.splitlines()


def test_stats_as_json(folder: Path) -> None:
    status, text = run("stats", "--json", "--data-dir", str(folder))
    assert status == 0
    everything = json.loads(text)
    assert everything["daily"] == {"played": 0, "won": 0, "current_streak": 0, "best_streak": 0}
    (data,) = everything["rules"]
    assert (data["rules"], data["played"], data["won"], data["best_streak"]) == (
        "paciencia",
        3,
        2,
        2,
    )
    assert data["best_game"]["id"] in (1, 2)


def test_saved_language_is_the_session_language_unless_given(folder: Path) -> None:
    store, _ = Store.open(folder)
    assert save_setting(store, "language", "pt_BR")
    assert store is not None
    store.close()
    _, text = run("history", "--data-dir", str(folder))
    assert "vencido em" in text
    _, text = run("history", "--data-dir", str(folder), "--lang", "en")
    assert "won in" in text


def test_history_lists_newest_first(folder: Path) -> None:
    status, text = run("historico", "--data-dir", str(folder), "--lang", "en")
    assert status == 0
    lines = text.splitlines()
    assert [line.split(",")[0] for line in lines] == ["Game 4", "Game 3", "Game 2", "Game 1"]
    assert "in progress" in lines[0] and "not won" in lines[1] and "won in" in lines[3]
    _, data = run("history", "--json", "--data-dir", str(folder))
    assert [g["result"] for g in json.loads(data)] == ["playing", "lost", "won", "won"]


def test_export_writes_a_transcript_and_json(folder: Path, tmp_path: Path) -> None:
    target = tmp_path / "game1.txt"
    json_target = target.with_suffix(".json")
    status, text = run(
        "history",
        "1",
        "--export",
        str(target),
        "--export",
        str(json_target),
        "--data-dir",
        str(folder),
    )
    assert status == 0, text
    transcript = target.read_text(encoding="utf-8").splitlines()
    assert transcript[0].startswith("Game 1,")
    assert transcript[3].startswith("1. [1 second] ")
    assert any("You won!" in line for line in transcript)
    data = json.loads(target.with_suffix(".json").read_text(encoding="utf-8"))
    assert data["result"] == "won" and data["code"] == "PY1-P-AAAABMP"
    layout = Layout.from_json_data(data["layout"])
    assert layout.rules == get_rules("paciencia")
    assert [a["seq"] for a in data["actions"]] == list(range(1, len(data["actions"]) + 1))
    status, _ = run(
        "history",
        "1",
        "--export",
        str(tmp_path / "pt.txt"),
        "--lang",
        "pt",
        "--data-dir",
        str(folder),
    )
    assert status == 0
    portuguese = (tmp_path / "pt.txt").read_text(encoding="utf-8").splitlines()
    assert portuguese[0].startswith("Jogo 1, ")
    assert portuguese[3].startswith("1. [1 segundo] ")
    assert any("Ganhou!" in line for line in portuguese)


def test_replay_accepts_a_game_number(folder: Path) -> None:
    status, text = run("replay", "1", "--data-dir", str(folder))
    assert status == 0
    assert text.splitlines()[0] == "won: yes"
    status, text = run("replay", "#4", "--data-dir", str(folder), "--json")
    assert status == 0
    assert json.loads(text)["moves"] == 1
    status, text = run("replay", "99", "--data-dir", str(folder))
    assert status == 1 and "no game 99" in text


@sqlite_file
def test_unreadable_storage_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    status, text = run("stats", "--data-dir", str(blocker / "data"))
    assert status == 1
    assert text.splitlines() == ["Your saved games cannot be read."]


# -- dates in words ------------------------------------------------------------------------


@pytest.fixture
def started_on_1_december(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder with one game, begun at noon (UTC, the local time here) on 1
    December 2026."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.setattr("pyramide_a11y.storage.store.utc_now", lambda: "2026-12-01T12:00:00+00:00")
    folder = tmp_path / "dated"
    store, _ = Store.open(folder)
    assert store is not None
    rules = get_rules("paciencia")
    saved = AutosavedGame.start(
        store, Layout.from_code(DealCode(rules, 5)), rules, str(DealCode(rules, 5))
    )
    saved.apply("draw")
    saved.leave()
    store.close()
    yield folder
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize(
    ("lang", "day"),
    [
        ("en", "Game 1, 1 December 2026: "),
        ("pt_PT", "Jogo 1, 1 de dezembro de 2026: "),
        ("pt_BR", "Jogo 1, 1 de dezembro de 2026: "),
    ],
)
def test_history_says_the_date_in_words(
    started_on_1_december: Path, tmp_path: Path, lang: str, day: str
) -> None:
    folder = str(started_on_1_december)
    status, text = run("history", "--data-dir", folder, "--lang", lang)
    assert status == 0
    assert text.splitlines()[0].startswith(day), text
    status, text = run("history", "1", "--data-dir", folder, "--lang", lang)
    assert status == 0
    assert text.splitlines()[0].startswith(day), text  # the transcript's header
    exported = tmp_path / f"{lang}.txt"
    status, _ = run("history", "1", "--export", str(exported), "--data-dir", folder, "--lang", lang)
    assert status == 0
    assert exported.read_text(encoding="utf-8").startswith(day)


# -- what the guides promise of --export ---------------------------------------------------

GUIDES = Path(__file__).resolve().parents[2] / "docs"
EXPORT_COMMAND = re.compile(r"`(pyramide hist\w+ 12 --export [^`]+)`")


@pytest.mark.parametrize(
    ("guide", "lang", "game"),
    [
        ("guide.en.md", "en", "Game 1,"),
        ("guide.pt_PT.md", "pt", "Jogo 1,"),
        ("guide.pt_BR.md", "pt-BR", "Jogo 1,"),
    ],
)
def test_export_writes_the_files_the_guides_say(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, guide: str, lang: str, game: str
) -> None:
    # Each `pyramide history 12 --export …` of the guide, run on game 1: the files
    # named (in backticks) after it, up to the next command, are the files written.
    text = " ".join((GUIDES / guide).read_text(encoding="utf-8").split())
    pieces = EXPORT_COMMAND.split(text)
    commands = list(zip(pieces[1::2], pieces[2::2], strict=True))
    assert commands, guide
    for number, (command, after) in enumerate(commands):
        claimed = set(re.findall(r"`([\w.-]+\.(?:txt|json))`", after.split("`pyramide ")[0]))
        work = tmp_path / f"run{number}"
        work.mkdir()
        monkeypatch.chdir(work)
        argv = ["1" if word == "12" else word for word in shlex.split(command)[1:]]
        status, said = run(*argv, "--data-dir", str(folder), "--lang", lang)
        assert status == 0, said
        written = {path.name for path in work.iterdir()}
        assert written == claimed, (guide, command, said)
        for name in written:
            content = (work / name).read_text(encoding="utf-8")
            if name.endswith(".json"):
                assert json.loads(content)["id"] == 1
            else:
                assert content.startswith(game)
