"""The deals of the day a player started, and the days they won.

Each game started as a deal of the day gets a row in ``daily`` (schema version 3):
its game id, the date (ISO, the player's local date) and its rules. Whether a day
was won is read from the game records (a daily game of that day whose result is
``won``), so a win is never counted apart from its record. A day counts once,
however many daily games (under other rules, or replayed) were started that day.

A day counts as played only once a move was played in one of its daily games
(as a game counts in the statistics): opening the deal of the day and leaving
it, or undoing every move before leaving (a discarded game), plays no day. The
row is written when the game starts all the same, so that its win, whenever it
comes, is the day's.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from .connection import Connection


@dataclass(frozen=True, slots=True)
class DailyStats:
    """Days played and won, and the streaks of days won in a row.

    ``current_streak`` counts won days in a row ending today, or yesterday while
    today is not yet won; ``best_streak`` the longest run ever."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0


def mark_daily(conn: Connection, game_id: int, day: str, rules: str) -> None:
    """Record that game ``game_id`` is the deal of ``day`` (ISO date) under ``rules``."""
    conn.execute(
        "INSERT INTO daily (game_id, day, rules) VALUES (?, ?, ?) ON CONFLICT (game_id) "
        "DO UPDATE SET day = excluded.day, rules = excluded.rules",
        (game_id, day, rules),
    )


def read_daily(conn: Connection, today: datetime.date) -> DailyStats:
    """The daily statistics, the current streak counted back from ``today``."""
    played = conn.execute(
        "SELECT COUNT(DISTINCT daily.day) FROM daily JOIN games ON games.id = daily.game_id "
        "WHERE games.moves > 0 AND (games.result IS NULL OR games.result <> 'discarded')"
    ).fetchone()[0]
    won_days = [
        datetime.date.fromisoformat(str(day))
        for (day,) in conn.execute(
            "SELECT DISTINCT daily.day FROM daily JOIN games ON games.id = daily.game_id "
            "WHERE games.result = 'won' ORDER BY daily.day"
        )
    ]
    return DailyStats(int(played), len(won_days), *streaks(won_days, today))


def streaks(won_days: list[datetime.date], today: datetime.date) -> tuple[int, int]:
    """(current, best) runs of consecutive days in ``won_days`` (sorted, distinct)."""
    best = run = 0
    previous: datetime.date | None = None
    for day in won_days:
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        best = max(best, run)
        previous = day
    one = datetime.timedelta(days=1)
    current = run if previous is not None and previous in (today, today - one) else 0
    return current, best
