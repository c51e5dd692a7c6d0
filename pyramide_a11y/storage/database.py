"""Opening the database safely.

Contract of :func:`open_database`: it never raises for a problem with the data
folder or the file, and it never overwrites or deletes anything that exists.

- An older schema is upgraded (:func:`.schema.migrate`, one transaction).
- A damaged file (SQLite reports it corrupt or not a database, or ``quick_check``
  fails), a newer schema, or a schema the program does not recognise (a negative
  version, or tables that are not those of the file's version: see
  :func:`.schema.check_schema`) is moved aside with a dated name, together with
  its ``-wal`` and ``-shm`` files; a fresh database takes its place. A missing
  statistics table is rebuilt from the game records instead.
- A folder that cannot be created or written, a full disk, or any other failure:
  no database; the caller plays on without saving.

Each of these comes back as a :class:`.notices.Notice` for the player.
"""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from .notices import Notice, NoticeKind, StorageError, classify, is_corruption
from .paths import database_path
from .schema import SCHEMA_VERSION, UnknownSchema, migrate

BUSY_TIMEOUT_S = 10.0
SIDE_FILES = ("-wal", "-shm")


@dataclass
class Opened:
    """The result of opening: a connection (None when storage is unavailable) and
    what to tell the player."""

    conn: sqlite3.Connection | None
    path: Path
    notices: list[Notice] = field(default_factory=list)


def connect(path: Path, *, max_pages: int | None = None) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), WAL journal,
    full sync (a committed action survives a crash of the machine, not only of
    the program), foreign keys on.

    ``max_pages`` caps the database size (``PRAGMA max_page_count``): SQLite then
    fails a write that needs more room exactly as on a full disk. Tests use it.

    Raises:
        sqlite3.Error: as SQLite reports it.
    """
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL").fetchone()
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        if max_pages is not None:
            conn.execute(f"PRAGMA max_page_count = {int(max_pages)}").fetchone()
    except BaseException:
        conn.close()
        raise
    return conn


def open_database(
    folder: Path, *, now: dt.datetime | None = None, max_pages: int | None = None
) -> Opened:
    """Open (creating or upgrading) the database in ``folder``; see the module's
    contract. ``now`` dates a moved-aside file (default: the current UTC time)."""
    path = database_path(folder)
    opened = Opened(None, path)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as err:
        opened.notices.append(Notice(classify(err)))
        return opened
    for _attempt in range(2):
        try:
            if not path.exists():  # the player's games are theirs alone (0600)
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
            opened.conn = _open_checked(path, max_pages)
            return opened
        except _MoveAside as move:
            try:
                moved = move_aside(path, move.reason, now)
            except OSError as err:
                opened.notices.append(Notice(classify(err)))
                return opened
            opened.notices.append(Notice(_MOVED[move.reason], moved.name))
        except (sqlite3.Error, OSError, StorageError) as err:
            opened.notices.append(Notice(classify(err)))
            return opened
    opened.notices.append(Notice(NoticeKind.UNAVAILABLE))
    return opened


_MOVED = {
    "newer": NoticeKind.MOVED_NEWER,
    "unknown": NoticeKind.MOVED_UNKNOWN,
    "corrupt": NoticeKind.MOVED_CORRUPT,
}


class _MoveAside(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _open_checked(path: Path, max_pages: int | None) -> sqlite3.Connection:
    # A database that another program version left newer, or a damaged file, must
    # be recognised before anything writes to it.
    try:
        conn = connect(path, max_pages=max_pages)
    except sqlite3.DatabaseError as err:
        if is_corruption(err):
            raise _MoveAside("corrupt") from err
        raise
    try:
        check = conn.execute("PRAGMA quick_check").fetchall()
        if check != [("ok",)]:
            raise _MoveAside("corrupt")
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:  # written by a newer program
            raise _MoveAside("newer")
        try:
            migrate(conn)
        except UnknownSchema:  # tables that are not those of its version
            raise _MoveAside("unknown") from None
        except ValueError:  # another program upgraded it past us meanwhile
            raise _MoveAside("newer") from None
    except sqlite3.DatabaseError as err:
        conn.close()
        if is_corruption(err):
            raise _MoveAside("corrupt") from err
        raise
    except BaseException:
        conn.close()
        raise
    return conn


def move_aside(path: Path, reason: str, now: dt.datetime | None = None) -> Path:
    """Rename ``path`` and its side files to ``<stem>-<reason>-<UTC date and time>``
    (``-2``, ``-3`` … if taken) and return the new database path. Nothing is
    deleted.

    Raises:
        OSError: a rename failed (the files already renamed stay renamed, each whole).
    """
    stamp = (now or dt.datetime.now(dt.UTC)).strftime("%Y%m%d-%H%M%S")
    base = f"{path.stem}-{reason}-{stamp}"
    target = path.with_name(base + path.suffix)
    number = 1
    while any(p.exists() for p in (target, *(Path(str(target) + s) for s in SIDE_FILES))):
        number += 1
        target = path.with_name(f"{base}-{number}{path.suffix}")
    # The side files first: a fresh database created at ``path`` must never meet
    # the old WAL, whose frames SQLite would otherwise replay into it.
    for suffix in SIDE_FILES:
        side = Path(str(path) + suffix)
        if side.exists():
            os.replace(side, Path(str(target) + suffix))
    if path.exists():
        os.replace(path, target)
    return target
