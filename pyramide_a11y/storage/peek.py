"""One saved setting read without opening the store, for an answer that must
neither fail nor write (a web refusal in the player's saved language).

:func:`peek_setting` never makes a folder, a file, a schema or a migration, never
takes a lock and never raises: any problem (no store yet, a damaged file, the
database away or busy) is None, and the caller falls back on something else.
:meth:`.store.Store.open` would make and upgrade what is missing.
"""

from __future__ import annotations

import sqlite3
import urllib.parse
from pathlib import Path

from .paths import database_path
from .postgres import database_url, peek_postgres

__all__ = ["PEEK_BUSY_S", "peek_setting"]

PEEK_BUSY_S = 0.5
"""Seconds a read waits for a SQLite file another process is writing: the
caller has something else to say, so a wait is never long."""


def peek_setting(folder: Path, key: str, *, player: str, database: str | None = None) -> str | None:
    """The text of setting ``key`` as ``player``'s store keeps it (the SQLite file
    of ``folder``, or ``player``'s schema on the PostgreSQL server of ``database``,
    else ``PYRAMIDE_DATABASE``); None when it is not there or cannot be read now.
    Never raises, never writes."""
    try:
        if (url := database_url(database)) is not None:
            return peek_postgres(url, player, key)
        return _peek_sqlite(folder, key)
    except Exception:  # a lookup that fails is a fallback, never the caller's fault
        return None


def _peek_sqlite(folder: Path, key: str) -> str | None:
    path = database_path(folder)
    if not path.is_file():
        return None
    uri = "file:" + urllib.parse.quote(str(path.resolve()))
    # Read-only either way. A file no connection has open (no -wal beside it) is
    # read whole as it is (``immutable``), since a read-only open of a WAL file
    # would make its -wal and -shm files; one in use has them already.
    in_use = Path(f"{path}-wal").exists()
    read_only = uri + ("?mode=ro" if in_use else "?mode=ro&immutable=1")
    try:
        conn = sqlite3.connect(read_only, uri=True, timeout=PEEK_BUSY_S, isolation_level=None)
    except sqlite3.Error:
        return None
    try:
        row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])
    except sqlite3.Error:
        return None
    finally:
        conn.close()
