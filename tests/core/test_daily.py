"""The deal of the day: the date-to-code rule, ``--daily``, ``daily`` in play, and
the days played, won and in a row."""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
from pathlib import Path

import pytest
from kit import NO_HINT, deal, make_session

from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.sources import daily_deal, random_deal
from pyramide_a11y.engine import get_rules
from pyramide_a11y.engine.daily import daily_code, daily_number
from pyramide_a11y.i18n import set_language
from pyramide_a11y.i18n.formatting import format_day
from pyramide_a11y.storage import Store
from pyramide_a11y.storage.daily_games import streaks

DAY = datetime.date(2026, 12, 1)


def test_the_documented_example_is_pinned() -> None:
    # docs/guide.*.md: the deal of 2026-12-01 under pyramide.
    assert str(daily_code(DAY, get_rules("pyramide"))) == "PY1-N-HTCWFOA"
    assert str(daily_code(DAY, get_rules("classic"))) == "PY1-C-ACDLWPM"


def test_the_rule_is_sha256_of_date_and_rules_modulo_the_code_space() -> None:
    rules = get_rules("classic").with_options(passes=3)
    text = f"pyramide-daily:2027-02-28:{rules}".encode()
    expected = int.from_bytes(hashlib.sha256(text).digest()[:8], "big") % 26**7
    assert daily_number(datetime.date(2027, 2, 28), rules) == expected


def test_same_date_and_rules_give_the_same_code_other_dates_differ() -> None:
    rules = get_rules("pyramide")
    assert daily_code(DAY, rules) == daily_code(datetime.date(2026, 12, 1), rules)
    codes = {str(daily_code(DAY + datetime.timedelta(days=n), rules)) for n in range(366)}
    assert len(codes) == 366
    assert daily_code(DAY, rules) != daily_code(DAY, get_rules("paciencia"))


def test_the_daily_source_shows_its_code_and_date() -> None:
    source = daily_deal(get_rules("pyramide"), DAY)
    assert source.code == "PY1-N-HTCWFOA"
    assert source.daily == "2026-12-01"
    assert random_deal(get_rules("pyramide")).daily is None


def test_daily_in_play_deals_todays_code_in_every_language() -> None:
    today = str(daily_code(datetime.date.today(), get_rules("pyramide")))
    for language, word, said in (
        ("en", "daily", "The deal of the day"),
        ("pt_PT", "diária", "A partida do dia"),
        ("pt_BR", "diaria", "O jogo do dia"),
    ):
        s = make_session(random_deal(get_rules("pyramide")), language, hint_finder=NO_HINT)
        answer = s.handle(word)
        assert s.source.code == today
        assert said in answer.text
        assert today in answer.text
        # The date in words, never ISO: «A partida do dia, 1 de dezembro de 2026».
        assert datetime.date.today().isoformat() not in answer.text
        assert f"{said}, {format_day(datetime.date.today(), language)}." in answer.text


def test_streaks_count_consecutive_days() -> None:
    d = datetime.date
    days = [d(2026, 1, 1), d(2026, 1, 2), d(2026, 1, 3), d(2026, 1, 5), d(2026, 1, 6)]
    assert streaks(days, d(2026, 1, 6)) == (2, 3)
    assert streaks(days, d(2026, 1, 7)) == (2, 3)  # today not played yet
    assert streaks(days, d(2026, 1, 8)) == (0, 3)
    assert streaks([], d(2026, 1, 8)) == (0, 0)


def _daily_session(folder: Path) -> Session:
    """Today's deal, saved in ``folder``."""
    return make_session(
        daily_deal(get_rules("pyramide")), storage=GameStorage.open(folder), hint_finder=NO_HINT
    )


def test_days_played_and_won_are_kept(tmp_path: Path) -> None:
    s = _daily_session(tmp_path)
    s.handle("draw")
    s.handle("daily")  # again today, replayed: still one day
    s.close()
    store, _ = Store.open(tmp_path)
    assert store is not None
    stats = store.daily_stats(datetime.date.today())
    assert (stats.played, stats.won, stats.current_streak) == (1, 0, 0)
    # A win recorded for today's game counts the day won.
    store.conn.execute("UPDATE games SET result = 'won'")
    stats = store.daily_stats(datetime.date.today())
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (1, 1, 1, 1)
    store.close()


def test_an_older_database_gains_the_daily_table(tmp_path: Path) -> None:
    import sqlite3

    from pyramide_a11y.storage.schema import SCHEMA_VERSION, migrate

    conn = sqlite3.connect(tmp_path / "old.db", isolation_level=None)
    migrate(conn, target=2)
    conn.execute(
        "INSERT INTO games (rules, code, layout, started_at, updated_at) "
        "VALUES ('pyramide', NULL, '{}', 'x', 'x')"
    )
    assert migrate(conn) == 2
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
    assert conn.execute("SELECT COUNT(*) FROM daily").fetchone()[0] == 0


def _won_daily(tmp_path: Path, language: str, day: datetime.date) -> list[str]:
    """Win a known winnable deal played as the deal of ``day``; the won answer."""
    from playthrough import winning_commands, won_code

    source = dataclasses.replace(deal(won_code("pyramide")), daily=day.isoformat())
    storage = GameStorage.open(tmp_path)
    s = make_session(source, language, storage=storage, hint_finder=NO_HINT)
    lines: list[str] = []
    for command in winning_commands("pyramide", language):
        lines = s.handle(command).lines
    assert s.game.won
    s.close()
    return lines


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Deal of the day won: {n} days in a row."),
        ("pt_PT", "Partida do dia ganha: {n} dias seguidos."),
        ("pt_BR", "Jogo do dia vencido: {n} dias seguidos."),
    ],
)
def test_winning_the_deal_of_the_day_says_the_streak(
    tmp_path: Path, language: str, said: str
) -> None:
    first = _won_daily(tmp_path, language, DAY)
    one = said.format(n=1).replace("1 days", "1 day").replace("1 dias seguidos", "1 dia seguido")
    assert first[-1] == one
    second = _won_daily(tmp_path, language, DAY + datetime.timedelta(days=1))
    assert second[-1] == said.format(n=2)


def test_a_win_that_is_not_the_deal_of_the_day_says_no_streak(tmp_path: Path) -> None:
    from playthrough import winning_commands, won_code

    storage = GameStorage.open(tmp_path)
    s = make_session(deal(won_code("pyramide")), storage=storage, hint_finder=NO_HINT)
    for command in winning_commands("pyramide", "en"):
        lines = s.handle(command).lines
    s.close()
    assert not any("Deal of the day" in line for line in lines)


def test_stats_show_the_deal_of_the_day(tmp_path: Path) -> None:
    import io
    import json

    from pyramide_a11y.cli.main import main

    today = datetime.date.today()
    _won_daily(tmp_path, "en", today - datetime.timedelta(days=1))
    _won_daily(tmp_path, "en", today)

    def run(*argv: str) -> str:
        out = io.StringIO()
        try:
            assert main(["stats", "--data-dir", str(tmp_path), *argv], out) == 0
        finally:
            set_language("en")
        return out.getvalue()

    text = run("--lang", "en")
    assert text.split("\n\n")[-1].splitlines() == [
        "The deal of the day.",
        "Days played: 2.",
        "Days won: 2.",
        "Days in a row: 2; best run: 2.",
    ]
    assert "A partida do dia.\nDias jogados: 2." in run("--lang", "pt_PT")
    assert "O jogo do dia.\nDias jogados: 2." in run("--lang", "pt_BR")
    data = json.loads(run("--json"))
    assert data["daily"] == {"played": 2, "won": 2, "current_streak": 2, "best_streak": 2}
    assert data["rules"][0]["rules"] == "pyramide"


def test_the_deal_of_the_day_opened_and_left_plays_no_day(tmp_path: Path) -> None:
    """Issue 24: a day counts as played only after a move in its deal: opening it
    and leaving (for a new deal, played; or undoing the only move) plays none."""
    import io

    from pyramide_a11y.cli.main import main

    s = _daily_session(tmp_path)
    s.handle("n")
    s.handle("d")  # a move in the new deal: the deal of the day is left for good
    s.handle("daily")
    s.handle("d")
    s.handle("u")  # its only move undone: left as dealt, discarded
    s.handle("n")
    s.handle("d")
    s.close()
    out = io.StringIO()
    assert main(["stats", "--lang", "en", "--data-dir", str(tmp_path)], out) == 0
    assert "The deal of the day." not in out.getvalue().splitlines(), out.getvalue()
    store, _ = Store.open(tmp_path)
    assert store is not None
    assert store.daily_stats(datetime.date.today()).played == 0
    store.close()
