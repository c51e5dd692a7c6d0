"""Helpers shared by the storage tests: deals, winning lines, game states."""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from pyramide_a11y.engine import Game, Layout, Move, Position, Rules, parse_code
from pyramide_a11y.engine.moves import Draw, Recycle
from pyramide_a11y.storage import AutosavedGame, Store
from pyramide_a11y.storage.connection import Connection, Cursor
from pyramide_a11y.storage.postgres import database_url


def on_postgres() -> bool:
    """The stores of this run are PostgreSQL schemas (``PYRAMIDE_DATABASE`` set),
    not SQLite files."""
    return database_url() is not None


def database_sound(store: Store) -> bool:
    """The database holds together after a kill: SQLite's integrity check of the
    file; PostgreSQL keeps its own pages (its recovery is the server's), so a read
    of every table is the check there."""
    if not on_postgres():
        return bool(store.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok")
    for table in ("games", "actions", "settings", "stats", "daily"):
        store.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    return True


def stored_rows(folder: Path, sql: str) -> list[tuple[object, ...]]:
    """The rows ``sql`` reads from the store of ``folder`` (either database)."""
    store, _ = Store.open(folder)
    assert store is not None
    try:
        return [tuple(row) for row in store.conn.execute(sql).fetchall()]
    finally:
        store.close()


class FailingCommit:
    """A connection whose next ``COMMIT`` fails as a full disk would."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.fail = False

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Cursor:
        if self.fail and sql.strip().upper() == "COMMIT":
            self.fail = False
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Cursor:
        return self.conn.executemany(sql, parameters)

    def close(self) -> None:
        self.conn.close()


def coded_game(folder: Path, code: str) -> tuple[Store, AutosavedGame]:
    """The store of ``folder`` (either database) with deal ``code`` started in it."""
    store, _ = Store.open(folder)
    assert store is not None
    parsed = parse_code(code)
    return store, AutosavedGame.start(store, Layout.from_code(parsed), parsed.rules, code)


def stored_tokens(folder: Path, record_id: int | None) -> int:
    """How many actions the store of ``folder`` keeps for game ``record_id``, read
    by a store opened anew (what a restart finds)."""
    again, _ = Store.open(folder)
    assert again is not None and record_id is not None
    try:
        record = again.load(record_id)
        assert record is not None
        return len(record.tokens)
    finally:
        again.close()


def saved_moves(folder: Path) -> list[int]:
    """The move count of every game saved in the data folder ``folder``, oldest
    first (either database; none when no SQLite file was ever made)."""
    if not on_postgres() and not (folder / "pyramide.sqlite3").exists():
        return []
    return [int(str(row[0])) for row in stored_rows(folder, "SELECT moves FROM games ORDER BY id")]


sqlite_file = pytest.mark.sqlite_file
"""A test of the SQLite file itself (damaged, read-only, full, moved aside, built by
hand at an older schema): it runs on SQLite only."""


def new_game(code: str) -> Game:
    parsed = parse_code(code)
    return Game(Layout.from_code(parsed), parsed.rules)


def winning_line(layout: Layout, rules: Rules, limit: int = 200_000) -> list[Move] | None:
    """A list of moves that wins the deal (depth-first, removals before draws),
    or None if none is found within ``limit`` positions."""
    seen: set[tuple[int, bytes, bytes, int]] = set()
    line: list[Move] = []

    def search(position: Position) -> bool:
        if position.is_won(rules):
            return True
        if len(seen) > limit:
            return False
        key = position.key()
        if key in seen:
            return False
        seen.add(key)
        moves = position.legal_moves(rules)
        moves.sort(key=lambda m: isinstance(m, Draw | Recycle))
        for move in moves:
            line.append(move)
            if search(position.after(move, rules)):
                return True
            line.pop()
        return False

    return list(line) if search(layout.position()) else None


def game_state(game: Game) -> dict[str, Any]:
    """Everything a resumed game must give back, as plain data."""
    position = game.position
    return {
        "pyramid": [str(c) if c else None for c in position.pyramid],
        "stock": [str(c) for c in position.stock],
        "waste": [str(c) for c in position.waste],
        "recycles": position.recycles,
        "moves": game.moves,
        "seen": sorted(str(c) for c in game.seen),
        "selected": str(game.selected) if game.selected else None,
        "history": [str(m) for m in game.history],
        "can_undo": game.can_undo,
    }


def state_json(game: Game) -> str:
    return json.dumps(game_state(game), sort_keys=True)


def memory_folder(tmp_path: Path) -> Path:
    """A data folder on a memory file system when there is one (``/dev/shm``), where
    a commit's fsync costs nothing: for tests that commit thousands of actions and
    check counting, not durability. Falls back to ``tmp_path``."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        return Path(tempfile.mkdtemp(prefix="pyramide-test-", dir=shm))
    return tmp_path


ROOT = Path(__file__).resolve().parent.parent


_LATE_PAR = (
    "You won in ",
    "You won the previous deal in ",
    "The fewest possible for this deal was not",
    "The deal you left could ",
)


class Program:
    """``pyramide`` on pipes, in English, without speech."""

    def __init__(self, folder: Path, *options: str) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
        env["LANGUAGE"] = "en"
        # A program that stops answering dumps its threads' stacks on SIGABRT
        # (:meth:`_chunk`), so a hang says where it is.
        env["PYTHONFAULTHANDLER"] = "1"
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115 (lives as long as the program)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                *("-m", "pyramide_a11y", "--speech", "none", "--data-dir", str(folder)),
                *options,
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errors,
            cwd=ROOT,
            env=env,
        )
        assert self.proc.stdout is not None
        self.fd = self.proc.stdout.fileno()

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def answer(self, timeout: float = 20) -> list[str]:
        """The next answer: the program writes and flushes each answer at once. A
        par said late (English: after a win, or of a deal left) is left out: it
        answers no line."""
        while True:
            lines = [line for line in self._chunk(timeout) if not line.startswith(_LATE_PAR)]
            if lines:
                return lines

    def _chunk(self, timeout: float) -> list[str]:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        assert ready, f"no answer in {timeout} s; the program's stacks:\n{self._stacks()}"
        data = os.read(self.fd, 65536)
        while not data.endswith(b"\n") or select.select([self.fd], [], [], 0.005)[0]:
            more = os.read(self.fd, 65536)
            if not more:
                break
            data += more
        return data.decode().splitlines()

    def _stacks(self) -> str:
        """What the program wrote on stderr, after SIGABRT made it dump its stacks."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.proc.pid, signal.SIGABRT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)
        self.errors.seek(0)
        return self.errors.read().decode(errors="replace")[-20000:]

    def close(self) -> tuple[int, list[str]]:
        """End input (the program quits at end of input): its exit status and every
        line it wrote that was not read yet."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        rest = self.proc.stdout.read().decode()
        status = self.proc.wait(timeout=30)
        self.proc.stdout.close()
        self.errors.close()
        return status, rest.splitlines()

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                with contextlib.suppress(BrokenPipeError):
                    stream.close()
        self.errors.close()
