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
- An existing file of 0 bytes (truncated by something else: the program itself
  never leaves one, it builds a new database under a temporary name and links it
  into place whole) is damaged too, and moved aside the same way.
- A folder that cannot be created or written, a full disk, or any other failure:
  no database; the caller plays on without saving (:func:`.store.Store.open`
  tries again later after a full disk or a busy file).
- The folder (when it holds nothing but the game's files) and the database with
  its side files, when this user owns them, are made private (0700 and 0600) if
  they were not; a change refused (a read-only folder) is left alone.

:func:`open_read_only` opens an intact database for reading where it cannot be
written (a read-only folder, a full disk): reading needs no writing.

Each of these comes back as a :class:`.notices.Notice` for the player.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import secrets
import sqlite3
import stat
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from .notices import Notice, NoticeKind, StorageError, classify, is_corruption
from .paths import DATABASE_NAME, LOCKS_FOLDER, database_path
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
    # Any thread may use it, one at a time (the caller's to ensure): a web server
    # runs each player's requests in turn on a few shared threads, not one each.
    conn = sqlite3.connect(
        path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
    )
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
    _make_private(folder, path)
    for _attempt in range(2):
        try:
            if not path.exists():
                _create(path)
            opened.conn = _open_checked(path, max_pages)
            _make_private(folder, path)
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


def _create(path: Path) -> None:
    """A new, empty database of the current schema at ``path``, which must not
    exist yet. It is built under a temporary name and linked into place whole, so
    ``path`` never exists as an empty file (an empty file found there is damage) and
    a database another process put there first is kept (then this one is dropped).

    Raises:
        sqlite3.Error, OSError: it could not be built (nothing is left behind).
    """
    temporary = path.with_name(f".{path.name}.new-{os.getpid()}-{secrets.token_hex(4)}")
    try:
        # The player's games are theirs alone (0600); SQLite's side files take the
        # database's mode.
        os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        conn = connect(temporary)
        try:
            migrate(conn)
        finally:
            conn.close()  # the last connection folds the WAL back into the file
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another window created it meanwhile: theirs is the database
        except OSError:  # a file system without hard links
            with contextlib.suppress(FileExistsError):
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                with os.fdopen(fd, "wb") as out:
                    out.write(temporary.read_bytes())
                    out.flush()
                    os.fsync(out.fileno())
    finally:
        for name in (temporary, *(Path(str(temporary) + s) for s in SIDE_FILES)):
            with contextlib.suppress(OSError):
                name.unlink()


def _make_private(folder: Path, path: Path) -> None:
    """The game's own files readable by this user alone: the folder 0700 when it
    holds nothing but the game's files (a folder shared with other things is the
    player's to set), the database and its side files 0600; only what this user
    owns, and a refusal (a read-only folder) changes nothing."""
    with contextlib.suppress(OSError):
        if all(_games_file(name) for name in os.listdir(folder)):
            _tighten(folder, 0o700)
    for name in (path, *(Path(str(path) + s) for s in SIDE_FILES)):
        with contextlib.suppress(OSError):
            _tighten(name, 0o600)


def _games_file(name: str) -> bool:
    stem = DATABASE_NAME.split(".", 1)[0]
    return name == LOCKS_FOLDER or name.startswith((stem, "." + stem))


def _tighten(path: Path, mode: int) -> None:
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode) or info.st_uid != os.geteuid():
        return
    if stat.S_IMODE(info.st_mode) & 0o077:
        os.chmod(path, stat.S_IMODE(info.st_mode) & mode)


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
    if path.stat().st_size == 0:  # SQLite would take it for a new database
        raise _MoveAside("corrupt")
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


def open_read_only(folder: Path) -> sqlite3.Connection | None:
    """A connection that only reads the database of ``folder``, for a folder that
    cannot be written or a full disk, where :func:`open_database` fails; None when
    there is no intact database of the current schema to read.

    SQLite reads a WAL database read-only when its ``-wal`` and ``-shm`` files are
    there; when they cannot be made, and no ``-wal`` file holds pages not yet in the
    database, the file alone is the whole database and is read as unchanging."""
    path = database_path(folder)
    try:
        if not path.is_file() or path.stat().st_size == 0:
            return None
        wal = Path(str(path) + "-wal")
        wal_pages = wal.exists() and wal.stat().st_size > 0
    except OSError:
        return None
    uri = "file:" + urllib.parse.quote(str(path.resolve()))
    attempts = [uri + "?mode=ro"] + ([] if wal_pages else [uri + "?mode=ro&immutable=1"])
    for attempt in attempts:
        conn: sqlite3.Connection | None = None
        try:
            conn = sqlite3.connect(attempt, uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None)
            if conn.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
                conn.close()
                return None
            if int(conn.execute("PRAGMA user_version").fetchone()[0]) != SCHEMA_VERSION:
                conn.close()
                return None
            return conn
        except sqlite3.Error:
            if conn is not None:
                conn.close()
    return None


def empty_database() -> sqlite3.Connection:
    """A database of the current schema with nothing in it, in memory: what a
    folder without a database file holds, for a caller that only reads where
    none can be made (a read-only folder, a full disk)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    migrate(conn)
    return conn
