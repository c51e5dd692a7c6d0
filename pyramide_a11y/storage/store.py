"""The player's data: game records with their action logs, statistics, settings.

:class:`Store` wraps one SQLite connection. Every write is one immediate
transaction: an action, the game's new state and, when the action decides the
result, the statistics row all commit together or not at all. Reads and writes
raise :class:`.notices.StorageError` (with the kind of failure) and nothing else,
so the interface can tell the player and play on.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyramide_a11y.engine import Card, Game, Layout, Rules, parse_rules

from .actions import played_line, replay
from .connection import Connection
from .daily_games import DailyStats, mark_daily, read_daily
from .database import empty_database, open_database, open_read_only
from .locks import GameLock, player_lock
from .notices import Notice, NoticeKind, StorageError, classify
from .page_turn import PageTurn
from .paths import data_dir, database_path
from .postgres import PgConnection, database_url, open_postgres
from .reopening import RETRIED, ReopeningConnection
from .stats import Stats, count_result, read_stats, rebuild_stats, stats_from_records
from .stats import as_int as _int
from .stats import as_int_or_none as _int_or_none
from .writer_mark import WriterMark

WON = "won"
LOST = "lost"
DISCARDED = "discarded"

NOT_WINNABLE_PAR = 0
"""The ``par`` kept for a deal proven to have no winning line (no deal is won in
no move, so 0 is no par)."""


def utc_now() -> str:
    """The current time as stored: ISO 8601 in UTC, to the second."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The state of a game after its last logged action, kept beside the log so a
    list of games reads without replaying them."""

    actions: int
    elapsed_ms: int
    moves: int
    score: int
    removed: int
    selected: str | None
    seen: str
    line: int | None = None
    """The moves of the line played (undone ones left out: ``actions.played_line``),
    stored only with a result; None when read back from a row."""

    @staticmethod
    def of(game: Game, actions: int, elapsed_ms: int) -> Snapshot:
        return Snapshot(
            actions=actions,
            elapsed_ms=elapsed_ms,
            moves=game.moves,
            score=game.position.score,
            removed=game.position.removed_count,
            selected=str(game.selected) if game.selected else None,
            seen=" ".join(str(c) for c in sorted(game.seen)),
            line=played_line(game),
        )


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One stored game. ``tokens`` is empty unless the record was loaded whole."""

    id: int
    rules: str
    code: str | None
    layout_json: str
    started_at: str
    updated_at: str
    result: str | None
    ended_at: str | None
    result_ms: int | None
    result_moves: int | None
    result_score: int | None
    snapshot: Snapshot
    result_line: int | None = None
    """The moves of the line played when the result was decided: ``result_moves``
    without the moves undone (schema 5; None in a record that did not replay when
    the column was added)."""
    par: int | None = None
    """The deal's proven fewest moves, when found (once the game was over: won or
    lost); :data:`NOT_WINNABLE_PAR` when the deal was proven not winnable."""
    damaged_at: str | None = None
    """When the player was told this game does not replay (then never offered)."""
    tokens: tuple[str, ...] = ()
    token_ms: tuple[int, ...] = ()

    @property
    def in_progress(self) -> bool:
        return self.result is None

    @property
    def damaged(self) -> bool:
        """The record was found not to replay (and the player was told)."""
        return self.damaged_at is not None

    @property
    def winnable(self) -> bool | None:
        """Whether the deal can be won, when its par was found (None: not known)."""
        return None if self.par is None else self.par != NOT_WINNABLE_PAR

    @property
    def over_par(self) -> int | None:
        """Moves of the line played over the deal's par in a won game (0: matched
        it): like with like, the par being a line too, so moves undone do not
        count. None when the game was not won, or its par or line is not known."""
        if self.result != WON or self.par is None or self.result_line is None:
            return None
        return self.result_line - self.par

    def parsed_rules(self) -> Rules:
        """The stored rules string, read back.

        Raises:
            ValueError: it does not read as rules (a damaged record).
        """
        return parse_rules(self.rules)

    def layout(self) -> Layout:
        """The stored layout, read back.

        Raises:
            LayoutError: it does not read as a layout (a damaged record).
        """
        return Layout.from_json(self.layout_json)

    def rebuild(self) -> Game:
        """The exact game after the logged actions.

        Raises:
            ActionLogError, LayoutError, ValueError: the record does not replay.
        """
        return replay(self.layout(), self.parsed_rules(), self.tokens)

    def seen_cards(self) -> frozenset[Card]:
        return frozenset(Card.parse(c) for c in self.snapshot.seen.split())


_GAME_COLUMNS = (
    "id, rules, code, layout, started_at, updated_at, result, ended_at, result_ms, "
    "result_moves, result_score, actions, elapsed_ms, moves, score, removed, selected, seen, "
    "par, damaged_at, result_line"
)


def _record(row: Any, tokens: Sequence[tuple[str, int]] = ()) -> GameRecord:
    (gid, rules, code, layout, started, updated, result, ended, r_ms, r_moves, r_score) = row[:11]
    actions, elapsed, moves, score, removed, selected, seen, par, damaged_at = row[11:20]
    r_line = row[20]
    # The snapshot is a cache of the state after the log: a value another program
    # wrote as text reads as 0 (the log, replayed, is the truth) rather than hiding
    # the whole record.
    return GameRecord(
        id=int(gid),
        rules=str(rules),
        code=None if code is None else str(code),
        layout_json=str(layout),
        started_at=str(started),
        updated_at=str(updated),
        result=None if result is None else str(result),
        ended_at=None if ended is None else str(ended),
        result_ms=_int_or_none(r_ms),
        result_moves=_int_or_none(r_moves),
        result_score=_int_or_none(r_score),
        result_line=_int_or_none(r_line),
        snapshot=Snapshot(
            _int(actions),
            _int(elapsed),
            _int(moves),
            _int(score),
            _int(removed),
            None if selected is None else str(selected),
            "" if seen is None else str(seen),
        ),
        par=_int_or_none(par),
        damaged_at=None if damaged_at is None else str(damaged_at),
        tokens=tuple(t for t, _ in tokens),
        token_ms=tuple(ms for _, ms in tokens),
    )


_UPSERT_SETTING = (
    "INSERT INTO settings (key, value) VALUES (?, ?) "
    "ON CONFLICT (key) DO UPDATE SET value = excluded.value"
)
"""One setting written, whether or not it was there (:meth:`Store.save_setting`)."""


class Store:
    """The database of one data folder. Open it with :meth:`open`."""

    game_locks = True
    """Lock each game played (``locks/`` of the folder: one window per game). A
    server that serialises each player's requests itself (the web game, across
    workers: :meth:`exclusive`) turns them off."""

    def __init__(self, conn: Connection, folder: Path) -> None:
        self.conn = conn
        self.folder = folder
        self._holding = False
        self._held: Callable[[StorageError], None] | None = None
        """The open transaction of the last moves saved (:meth:`one_commit`): what
        to tell their saver when its commit fails."""
        self._turn_ended: int | None = None
        """Others' commits as counted when the last :meth:`page_turn` ended (None:
        unknown): :meth:`unchanged_elsewhere` compares with it."""

    @staticmethod
    def open(
        folder: str | Path | None = None,
        *,
        max_pages: int | None = None,
        database: str | None = None,
        player: str | None = None,
        reading: bool = False,
    ) -> tuple[Store | None, list[Notice]]:
        """The store of ``folder`` (default: see :func:`.paths.data_dir`), or None
        when it cannot be used, and the notices for the player. Never raises for a
        problem with the folder or the file; never destroys an existing file.

        With a PostgreSQL URL (``database``, else ``PYRAMIDE_DATABASE``: see
        :mod:`.postgres`) the store is ``player``'s schema on that server (default:
        the data folder's path names the player, so each folder keeps its own
        data, as with its SQLite file); ``folder`` then holds only the game locks.

        A SQLite file that cannot be opened after a full disk or while another
        window holds it too long gives a store all the same, whose every statement
        tries again (:mod:`.reopening`): what is played meanwhile is saved once it
        opens. Its failure is then not among the notices: the first write that
        fails says it (once), as a failure mid-game does. ``reading``: the caller
        only reads (``stats``, ``history``); an intact file that cannot be written
        (a read-only folder, a full disk) is then opened read-only
        (:func:`.database.open_read_only`), and where there is no file at all, an
        empty database stands for it (no games yet).
        """
        path = data_dir(folder)
        if (url := database_url(database)) is not None:
            conn, notices = open_postgres(url, player or str(path.resolve()), path)
            return (None if conn is None else Store(conn, path)), notices
        opened = open_database(path, max_pages=max_pages)
        if opened.conn is not None:
            return Store(opened.conn, path), opened.notices
        failures = [notice.kind for notice in opened.notices]
        if reading:
            reader = open_read_only(path)
            if reader is None and failures[-1:] in ([NoticeKind.READ_ONLY], [NoticeKind.DISK_FULL]):
                with suppress(OSError):
                    if not database_path(path).exists():  # no file: no games yet
                        reader = empty_database()
            return (None if reader is None else Store(reader, path)), opened.notices
        if failures and failures[-1] in RETRIED:
            # Said by the first write that fails (a game recorded, a move saved), once:
            # a saved game only looked at, or taken up without a move, loses nothing.
            reopening = ReopeningConnection(path, failures[-1], max_pages=max_pages)
            said = [notice for notice in opened.notices if notice.kind not in RETRIED]
            return Store(reopening, path), said
        return None, opened.notices

    def close(self) -> None:
        self._commit_held()
        with suppress(sqlite3.Error):
            self.conn.close()

    @contextmanager
    def one_commit(self) -> Iterator[None]:
        """For the block, the moves saved (:meth:`save_actions`) stay in an open
        transaction that the next write joins and commits: a web request's move
        and its page record (:meth:`save_setting`) make one commit and one disk
        sync, not two. Any other write commits the moves first; the block ends
        with everything committed. Use it inside :meth:`exclusive` (the open
        transaction holds the database's write lock, or PostgreSQL's connection).

        When that commit fails, nothing of it is kept, and the ``on_lost`` given
        with the moves is told (they are then unsaved, to be saved again)."""
        self._holding = True
        try:
            yield
        finally:
            self._holding = False
            self._commit_held()

    def _commit_held(self) -> None:
        """The held transaction (:meth:`one_commit`) committed; a failure is told
        to its ``on_lost`` (never raised: the moves are still in play)."""
        with suppress(StorageError):
            self._end_held()

    def _end_held(self) -> None:
        lost, self._held = self._held, None
        if lost is None:
            return
        try:
            self.conn.execute("COMMIT")
        except (sqlite3.Error, OSError, StorageError) as err:
            # StorageError: PostgreSQL's, whose pipelined transaction tells a
            # statement's failure at COMMIT (:meth:`.postgres.PgConnection._end`).
            self._held = lost
            self._lose_held(err)
            raise StorageError(classify(err), str(err)) from err

    def _lose_held(self, err: BaseException) -> None:
        """The held transaction rolled back; its ``on_lost`` told."""
        lost, self._held = self._held, None
        with suppress(sqlite3.Error, OSError):
            self.conn.execute("ROLLBACK")
        if lost is not None:
            lost(StorageError(classify(err), str(err)))

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """For the block, this store's player is this process's alone: a web worker
        answering one of the player's requests (another worker, or another host on
        PostgreSQL, waits for the block to end). SQLite: the folder's player lock;
        PostgreSQL: an advisory lock on the player's schema."""
        if isinstance(self.conn, PgConnection):
            with self.conn.pinned():
                yield
        else:
            with player_lock(self.folder):
                yield

    @contextmanager
    def page_turn(
        self, key: str, writer: WriterMark | None = None, *, look_elsewhere: bool = False
    ) -> Iterator[PageTurn]:
        """One request's turn at this player's store, for a server front end: for
        the block the player is this process's alone (:meth:`exclusive`) and its
        writes make one commit (:meth:`one_commit`). On entry the setting ``key``
        (the front end's page record) is read into :attr:`PageTurn.kept`, and with
        ``look_elsewhere`` whether another process holds moves not saved yet
        (``writer``'s mark). On leaving, when the caller set :attr:`PageTurn.page`,
        it is written in the block's one commit (with the moves saved inside it),
        :attr:`PageTurn.saved` says whether, and ``writer`` is marked (this process
        played last, with moves unsaved or not) before the lock is let go. A
        caller that set nothing writes nothing: a read that changed nothing.

        Raises:
            StorageError: the player's lock cannot be had (PostgreSQL away, no
                connection within its wait): the block did not run. A failure
                inside the block is raised as it is; the write on leaving never
                raises (a failure is ``saved`` False, said by the store's notices).
        """
        with self.exclusive():
            self._turn_ended = None  # a block that fails leaves it unknown
            with self.one_commit():
                turn = PageTurn(self.setting(key))
                if look_elsewhere and writer is not None:
                    turn.held_elsewhere = writer.other()[1]
                yield turn
                if turn.page is not None:
                    with suppress(StorageError):
                        self.save_setting(key, turn.page)
                        turn.saved = True
                    if writer is not None:
                        writer.mark(pending=not turn.saved or turn.unsaved)
            self._turn_ended = self._others_commits()

    def unchanged_elsewhere(self) -> bool:
        """Whether no other connection has committed to this store since this one's
        last :meth:`page_turn` ended: what this process holds of the player is then
        the store's latest, and a front end may answer a request that changes
        nothing kept without a turn (the web's quick path for a line that is no
        command). False whenever it cannot be known: before a first turn, after one
        that failed, on PostgreSQL (a server keeps no such count to read) or a
        SQLite file being reopened. Costs one pragma, no transaction."""
        seen = self._turn_ended
        return seen is not None and self._others_commits() == seen

    def _others_commits(self) -> int | None:
        """SQLite's ``data_version``: it changes exactly when another connection
        commits to the file (this one's own commits leave it). None: not SQLite's
        own connection, or it cannot be read."""
        if not isinstance(self.conn, sqlite3.Connection):
            return None
        try:
            return int(self.conn.execute("PRAGMA data_version").fetchone()[0])
        except (sqlite3.Error, TypeError, ValueError):
            return None

    # -- transactions ----------------------------------------------------------------

    @contextmanager
    def _write(self, *, hold: Callable[[StorageError], None] | None = None) -> Iterator[Connection]:
        """One transaction around the block. ``hold`` (inside :meth:`one_commit`
        only): left open for the next write to commit; ``hold`` is told if that
        commit fails."""
        # The moves held before are committed first, as their own commit; if that
        # fails, this write fails too (their saver, told, saves them again first).
        self._end_held()
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as err:
            raise StorageError(classify(err), str(err)) from err
        try:
            yield self.conn
            if hold is not None and self._holding:
                self._held = hold
            else:
                self.conn.execute("COMMIT")
        except BaseException as err:
            with suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK")
            if isinstance(err, sqlite3.Error | OSError):
                raise StorageError(classify(err), str(err)) from err
            raise

    @contextmanager
    def _reading(self) -> Iterator[Connection]:
        """The connection, with a database error raised as :class:`StorageError`."""
        try:
            yield self.conn
        except sqlite3.Error as err:
            raise StorageError(classify(err), str(err)) from err

    def _read(self, sql: str, params: Sequence[object] = ()) -> list[Any]:
        with self._reading() as conn:
            return conn.execute(sql, params).fetchall()

    # -- games -------------------------------------------------------------------------

    def new_game(
        self, game: Game, code: str | None, *, on_created: Callable[[int], None] | None = None
    ) -> int:
        """Record ``game`` (its layout, rules and state before any action); returns
        its id. ``on_created(id)`` runs before the commit, so what it does (take the
        game's lock) is done before any other window can see the game.

        Raises:
            StorageError: nothing was written.
        """
        now = utc_now()
        snapshot = Snapshot.of(game, 0, 0)
        with self._write() as conn:
            row = conn.execute(
                "INSERT INTO games (rules, code, layout, started_at, updated_at, seen) "
                "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                (str(game.rules), code, game.layout.to_json(game.rules), now, now, snapshot.seen),
            ).fetchone()
            game_id = int(row[0])
            if on_created is not None:
                on_created(game_id)
            return game_id

    def save_actions(
        self,
        game_id: int,
        first_seq: int,
        entries: Sequence[tuple[str, int]],
        snapshot: Snapshot,
        *,
        won: Snapshot | None = None,
        on_lost: Callable[[StorageError], None] | None = None,
    ) -> None:
        """Append ``entries`` (token, elapsed ms) as actions ``first_seq``, … and
        store ``snapshot``, in one transaction. ``won``: the state when this batch
        won the game; the first win decides the result and counts it in the
        statistics (a later win of the same game, after an undo, counts nothing).
        Inside :meth:`one_commit`, with ``on_lost``: the transaction is committed
        by the next write (or the block's end); ``on_lost`` is told if that fails.

        Raises:
            StorageError: nothing was written.
        """
        with self._write(hold=on_lost) as conn:
            conn.executemany(
                "INSERT INTO actions (game_id, seq, token, elapsed_ms) VALUES (?, ?, ?, ?)",
                [(game_id, first_seq + i, t, ms) for i, (t, ms) in enumerate(entries)],
            )
            conn.execute(
                "UPDATE games SET updated_at = ?, actions = ?, elapsed_ms = ?, moves = ?, "
                "score = ?, removed = ?, selected = ?, seen = ? WHERE id = ?",
                (
                    utc_now(),
                    snapshot.actions,
                    snapshot.elapsed_ms,
                    snapshot.moves,
                    snapshot.score,
                    snapshot.removed,
                    snapshot.selected,
                    snapshot.seen,
                    game_id,
                ),
            )
            if won is not None:
                self._decide(conn, game_id, WON, won)

    def end_game(self, game_id: int, snapshot: Snapshot, *, discard: bool = False) -> str | None:
        """The player leaves the game for another (or starts fresh): lost if at least
        one move was played, discarded if none (or with ``discard``: every move was
        undone); a game already decided keeps its result. Returns the result.

        Raises:
            StorageError: nothing was written.
        """
        with self._write() as conn:
            row = conn.execute("SELECT result FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None or row[0] is not None:
                return None if row is None else str(row[0])
            result = LOST if snapshot.moves > 0 and not discard else DISCARDED
            self._decide(conn, game_id, result, snapshot)
            return result

    def _decide(self, conn: Connection, game_id: int, result: str, snapshot: Snapshot) -> None:
        row = conn.execute("SELECT result, rules FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or row[0] is not None:
            return
        seq = conn.execute("SELECT COALESCE(MAX(ended_seq), 0) + 1 FROM games").fetchone()[0]
        conn.execute(
            "UPDATE games SET result = ?, ended_seq = ?, ended_at = ?, result_ms = ?, "
            "result_moves = ?, result_score = ?, result_line = ? WHERE id = ?",
            (
                result,
                seq,
                utc_now(),
                snapshot.elapsed_ms,
                snapshot.moves,
                snapshot.score,
                snapshot.line,
                game_id,
            ),
        )
        if result in (WON, LOST):
            count_result(
                conn,
                game_id=game_id,
                rules=str(row[1]),
                won=result == WON,
                time_ms=snapshot.elapsed_ms,
                moves=snapshot.moves,
                score=snapshot.score,
            )

    def set_par(self, game_id: int, par: int) -> None:
        """Store the deal's par (its proven fewest moves, :data:`NOT_WINNABLE_PAR`
        for a deal proven not winnable) with game ``game_id``, found once the game
        was over (won, or lost). The game's order in the history does not change.

        Raises:
            StorageError: nothing was written.
        """
        with self._write() as conn:
            conn.execute("UPDATE games SET par = ? WHERE id = ?", (par, game_id))

    def mark_damaged(self, game_id: int) -> None:
        """Note that the player was told game ``game_id`` does not replay: it is
        never offered again (so never said again), and ``history`` names it. Only
        this mark is written; the record is kept as it is.

        Raises:
            StorageError: nothing was written.
        """
        with self._write() as conn:
            conn.execute(
                "UPDATE games SET damaged_at = ? WHERE id = ? AND damaged_at IS NULL",
                (utc_now(), game_id),
            )

    def load(self, game_id: int) -> GameRecord | None:
        """One game with its whole action log, or None if there is no such game."""
        rows = self._read(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if not rows:
            return None
        tokens = self._read(
            "SELECT token, elapsed_ms FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return _record(rows[0], [(str(t), _int(ms)) for t, ms in tokens])

    def recent(self, limit: int = 20, *, include_discarded: bool = False) -> list[GameRecord]:
        """The most recently played games, newest first (without their logs)."""
        where = "" if include_discarded else "WHERE (result IS NULL OR result <> 'discarded') "
        rows = self._read(
            f"SELECT {_GAME_COLUMNS} FROM games {where}ORDER BY updated_at DESC, id DESC LIMIT ?",
            (limit,),
        )
        return [_record(row) for row in rows]

    def in_progress(self) -> list[GameRecord]:
        """Games with no result yet, most recently played first (without logs)."""
        rows = self._read(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE result IS NULL "
            "ORDER BY updated_at DESC, id DESC"
        )
        return [_record(row) for row in rows]

    def resumable(
        self, *, exclude: int | None = None, rules: str | None = None
    ) -> tuple[GameRecord | None, bool]:
        """The game to offer to continue: the most recent one in progress that no
        other window is playing and that has at least one action (without
        :attr:`game_locks`: the most recent one in progress); and whether a
        game in progress is open in another window. Games that no window plays
        and that have no action are discarded on the way (never counted); a game
        marked damaged (:meth:`mark_damaged`) is passed over.
        ``rules``: only a game of these rules (``str(rules)``) is offered."""
        elsewhere = False
        found: GameRecord | None = None
        for record in self.in_progress():
            if record.id == exclude or record.damaged:
                continue
            if self.game_locks and GameLock.is_held_elsewhere(self.folder, record.id):
                elsewhere = True
                continue
            if record.snapshot.actions == 0 and (self.game_locks or found is not None):
                # Left before any action by a window that ended: nothing to offer.
                # (Without game locks, the player's requests are serialised by the
                # caller, and the newest game in progress is the one in play, even
                # before its first action: another worker is playing it.)
                with suppress(StorageError):
                    self.end_game(record.id, record.snapshot)
                continue
            if found is None and (rules is None or record.rules == rules):
                found = record
        return found, elsewhere

    def reopen(self, game_id: int) -> None:
        """Game ``game_id``, left for another deal and recorded as lost (or
        discarded), is played again (undo brought it back): in progress once more,
        its result undone and the statistics recomputed from the records, as if it
        had never been left. A won game is never reopened.

        Raises:
            StorageError: nothing was written.
        """
        with self._write() as conn:
            changed = conn.execute(
                "UPDATE games SET result = NULL, ended_seq = NULL, ended_at = NULL, "
                "result_ms = NULL, result_moves = NULL, result_score = NULL, "
                "result_line = NULL WHERE id = ? AND result IN (?, ?)",
                (game_id, LOST, DISCARDED),
            ).rowcount
            if changed:
                rebuild_stats(conn)

    # -- statistics --------------------------------------------------------------------

    def stats(self, rules: str | None = None) -> list[Stats]:
        """Stored statistics, for one rules key or all.

        Raises:
            StorageError: the database cannot be read.
        """
        with self._reading() as conn:
            return read_stats(conn, rules)

    def stats_from_records(self) -> dict[str, Stats]:
        """The statistics recomputed from the game records (for checks).

        Raises:
            StorageError: the database cannot be read.
        """
        with self._reading() as conn:
            return stats_from_records(conn)

    def mark_daily(self, game_id: int, day: str, rules: str) -> None:
        """Record game ``game_id`` as the deal of ``day`` under ``rules``.

        Raises:
            StorageError: nothing was written.
        """
        with self._write() as conn:
            mark_daily(conn, game_id, day, rules)

    def daily_stats(self, today: dt.date) -> DailyStats:
        """Days of the daily deal played and won, and the streaks.

        Raises:
            StorageError: the database cannot be read.
        """
        with self._reading() as conn:
            return read_daily(conn, today)

    # -- settings ----------------------------------------------------------------------

    def settings(self) -> dict[str, str]:
        """Every saved setting as stored text, by key.

        Raises:
            StorageError: the database cannot be read.
        """
        return {str(k): str(v) for k, v in self._read("SELECT key, value FROM settings")}

    def setting(self, key: str) -> str:
        """Setting ``key``'s stored text; "" when there is none or it cannot be
        read now (never raises: a front end's record, :meth:`page_turn`'s)."""
        try:
            rows = self._read("SELECT value FROM settings WHERE key = ?", (key,))
        except StorageError:
            return ""
        return str(rows[0][0]) if rows else ""

    def save_setting(self, key: str, value: str) -> None:
        """Store one setting's text, replacing any earlier value.

        Raises:
            StorageError: nothing was written.
        """
        # One statement is a transaction of its own (the connection autocommits):
        # no BEGIN and COMMIT around it, two round trips fewer on PostgreSQL for the
        # web page kept after every move. After a move held open (one_commit), it
        # joins the move's transaction: one commit for both.
        if self._held is not None:
            try:
                self.conn.execute(
                    _UPSERT_SETTING,
                    (key, value),
                )
            except (sqlite3.Error, OSError, StorageError) as err:
                # Nothing of the transaction is trusted (PostgreSQL aborts it whole):
                # rolled back, and the moves' saver told they are unsaved.
                self._lose_held(err)
                raise StorageError(classify(err), str(err)) from err
            self._end_held()
            return
        try:
            self.conn.execute(
                _UPSERT_SETTING,
                (key, value),
            )
        except (sqlite3.Error, OSError) as err:
            raise StorageError(classify(err), str(err)) from err
