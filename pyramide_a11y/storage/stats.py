"""Statistics per preset and variant set (the key is ``str(rules)``).

A game counts once, when its result is decided: won (the first time the table is
won; undoing the win and winning again does not count again) or lost (abandoned
after at least one move). A game left before any move is discarded, not counted.

The ``stats`` table is updated in the same transaction that decides a result
(:func:`count_result`). :func:`stats_from_records` recomputes the same figures
from the game records with plain SQL aggregates, independently; the tests check
that the two agree, and schema migration 2 fills the table that way.

Moves over par (the moves of a won game's line played, undone ones left out,
minus its deal's par, the proven fewest: a line against a line) are not kept
in the ``stats`` table: a par arrives after the win is counted, so they are
summed from the game records when read (:func:`par_figures`), over the won
games whose par and line are known.

The best game follows the order of the rules of ``pyramide``: highest
score, then shortest time, then fewest moves (then the earliest).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .connection import Connection


@dataclass(frozen=True, slots=True)
class BestGame:
    """The player's best won game for a rules key."""

    game_id: int
    time_ms: int
    moves: int
    score: int

    def order(self) -> tuple[int, int, int]:
        """Smaller is better: score (higher first), time, moves."""
        return (-self.score, self.time_ms, self.moves)


@dataclass(frozen=True, slots=True)
class Stats:
    """What the statistics command reads for one rules key."""

    rules: str
    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_time_ms: int | None = None
    fewest_moves: int | None = None
    best_score: int | None = None
    best: BestGame | None = None
    par_wins: int = 0
    """Won games whose deal's par (and line played) is known."""
    over_par_total: int = 0
    """Their moves over par (of the line played: undone moves left out), summed."""
    best_over_par: int | None = None
    """The fewest moves over par of one of them (0: a win in par)."""

    @property
    def win_rate(self) -> float | None:
        """Won / played, None before any game."""
        return self.won / self.played if self.played else None

    @property
    def average_over_par(self) -> float | None:
        """Mean moves over par of the won games whose par is known (None: none)."""
        return self.over_par_total / self.par_wins if self.par_wins else None


_COLUMNS = (
    "rules, played, won, current_streak, best_streak, best_time_ms, fewest_moves, "
    "best_score, best_game_id"
)
_UPDATES = ", ".join(
    f"{column} = excluded.{column}" for column in _COLUMNS.replace(" ", "").split(",")[1:]
)
"""Every column but the key, from the row that met it (an upsert in both databases)."""


def read_stats(conn: Connection, rules: str | None = None) -> list[Stats]:
    """The stored statistics, for one rules key or all of them (most played first)."""
    sql = f"SELECT {_COLUMNS} FROM stats"
    params: tuple[str, ...] = ()
    if rules is not None:
        sql += " WHERE rules = ?"
        params = (rules,)
    sql += " ORDER BY played DESC, rules"
    rows = conn.execute(sql, params).fetchall()
    pars = par_figures(conn)
    return [with_par(_stats_of_row(conn, row), pars) for row in rows]


def par_figures(conn: Connection) -> dict[str, tuple[int, int, int | None]]:
    """Per rules key: (won games with a known par, their moves over par summed,
    the fewest moves over par), from the game records: the line played
    (``result_line``, see ``GameRecord.over_par``) against the par."""
    rows = conn.execute(
        "SELECT rules, COUNT(*), SUM(result_line - par), MIN(result_line - par) "
        "FROM games WHERE result = 'won' AND par IS NOT NULL AND result_line IS NOT NULL "
        "GROUP BY rules"
    )
    return {
        str(rules): (as_int(count), as_int(total), as_int_or_none(best))
        for rules, count, total, best in rows
    }


def with_par(stats: Stats, figures: dict[str, tuple[int, int, int | None]]) -> Stats:
    """``stats`` with its moves over par from :func:`par_figures`."""
    count, total, best = figures.get(stats.rules, (0, 0, None))
    return replace(stats, par_wins=count, over_par_total=total, best_over_par=best)


def _stats_of_row(conn: Connection, row: Any) -> Stats:
    rules, played, won, current, best_streak, best_time, fewest, best_score, best_id = row
    best = None
    if best_id is not None:
        found = conn.execute(
            "SELECT id, result_ms, result_moves, result_score FROM games WHERE id = ?",
            (best_id,),
        ).fetchone()
        if found is not None:
            best = _best_game(found)
    return Stats(
        str(rules),
        as_int(played),
        as_int(won),
        as_int(current),
        as_int(best_streak),
        as_int_or_none(best_time),
        as_int_or_none(fewest),
        as_int_or_none(best_score),
        best,
    )


def _best_game(row: Any) -> BestGame:
    game_id, time_ms, moves, score = row
    return BestGame(as_int(game_id), as_int(time_ms), as_int(moves), as_int(score))


def as_int(value: object) -> int:
    """A stored number; a value another program wrote as text reads as 0 (the
    figures it feeds are a cache or a display: a traceback would hide the rest)."""
    found = as_int_or_none(value)
    return 0 if found is None else found


def as_int_or_none(value: object) -> int | None:
    """A stored number or NULL; text that is not a number reads as None."""
    if isinstance(value, int) or value is None:
        return value
    try:
        return int(str(value))
    except ValueError:
        return None


def count_result(
    conn: Connection,
    *,
    game_id: int,
    rules: str,
    won: bool,
    time_ms: int,
    moves: int,
    score: int,
) -> None:
    """Add one decided game to the ``stats`` row of ``rules``. Call it inside the
    transaction that records the result, so the two are never apart."""
    row = conn.execute(f"SELECT {_COLUMNS} FROM stats WHERE rules = ?", (rules,)).fetchone()
    current = _stats_of_row(conn, row) if row else Stats(rules)
    best_score = score if current.best_score is None else max(current.best_score, score)
    if won:
        streak = current.current_streak + 1
        candidate = BestGame(game_id, time_ms, moves, score)
        best = current.best
        if best is None or candidate.order() < best.order():
            best = candidate
        updated = replace(
            current,
            played=current.played + 1,
            won=current.won + 1,
            current_streak=streak,
            best_streak=max(current.best_streak, streak),
            best_time_ms=_min(current.best_time_ms, time_ms),
            fewest_moves=_min(current.fewest_moves, moves),
            best_score=best_score,
            best=best,
        )
    else:
        updated = replace(
            current, played=current.played + 1, current_streak=0, best_score=best_score
        )
    _write(conn, updated)


def _min(old: int | None, new: int) -> int:
    return new if old is None else min(old, new)


def _write(conn: Connection, stats: Stats) -> None:
    conn.execute(
        f"INSERT INTO stats ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
        f"ON CONFLICT (rules) DO UPDATE SET {_UPDATES}",
        (
            stats.rules,
            stats.played,
            stats.won,
            stats.current_streak,
            stats.best_streak,
            stats.best_time_ms,
            stats.fewest_moves,
            stats.best_score,
            stats.best.game_id if stats.best else None,
        ),
    )


def stats_from_records(conn: Connection) -> dict[str, Stats]:
    """Every rules key's statistics recomputed from the game records alone."""
    pars = par_figures(conn)
    return {rules: with_par(stats, pars) for rules, stats in _counted(conn).items()}


def _counted(conn: Connection) -> dict[str, Stats]:
    """The figures the ``stats`` table keeps, from the records (no moves over
    par: migration 2 runs this before migration 4 adds the par)."""
    result: dict[str, Stats] = {}
    aggregates = conn.execute(
        """
        SELECT rules, COUNT(*), SUM(CASE WHEN result = 'won' THEN 1 ELSE 0 END),
               MIN(CASE WHEN result = 'won' THEN result_ms END),
               MIN(CASE WHEN result = 'won' THEN result_moves END),
               MAX(result_score)
        FROM games WHERE result IN ('won', 'lost') GROUP BY rules
        """
    ).fetchall()
    for rules, played, won, best_time, fewest, best_score in aggregates:
        outcomes = [
            r == "won"
            for (r,) in conn.execute(
                "SELECT result FROM games WHERE rules = ? AND result IN ('won', 'lost') "
                "ORDER BY ended_seq",
                (rules,),
            )
        ]
        best_row = conn.execute(
            "SELECT id, result_ms, result_moves, result_score FROM games "
            "WHERE rules = ? AND result = 'won' "
            "ORDER BY result_score DESC, result_ms, result_moves, ended_seq LIMIT 1",
            (rules,),
        ).fetchone()
        result[rules] = Stats(
            rules,
            played,
            as_int(won),
            _trailing_wins(outcomes),
            _longest_run(outcomes),
            as_int_or_none(best_time),
            as_int_or_none(fewest),
            as_int_or_none(best_score),
            _best_game(best_row) if best_row else None,
        )
    return result


def _trailing_wins(outcomes: list[bool]) -> int:
    count = 0
    for won in reversed(outcomes):
        if not won:
            break
        count += 1
    return count


def _longest_run(outcomes: list[bool]) -> int:
    best = run = 0
    for won in outcomes:
        run = run + 1 if won else 0
        best = max(best, run)
    return best


def rebuild_stats(conn: Connection) -> None:
    """Replace the ``stats`` table with figures recomputed from the records (inside
    the caller's transaction)."""
    conn.execute("DELETE FROM stats")
    for stats in _counted(conn).values():
        _write(conn, stats)
