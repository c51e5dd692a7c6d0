"""A database that could not be opened yet: a full disk, a file held too long by
another window. The store keeps trying, so that a game started then is saved
whole once the database opens.

:class:`ReopeningConnection` stands in for the SQLite connection: every
statement first tries :func:`.database.open_database` again. Until it opens, a
write raises :class:`.notices.StorageError` with the kind of the failure (the
actions wait in memory, as after a failure mid-game), and a read is answered by
a read-only connection to the intact file where there is one
(:func:`.database.open_read_only`): reading needs no room and no writing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from .database import open_database, open_read_only
from .notices import Notice, NoticeKind, StorageError

RETRIED = frozenset({NoticeKind.DISK_FULL, NoticeKind.BUSY})
"""The failures at opening that pass with time (room made, a window letting go)."""


class ReopeningConnection:
    """The :class:`.connection.Connection` of a database not open yet; see the
    module. ``kind`` is the failure that kept it closed."""

    def __init__(self, folder: Path, kind: NoticeKind, *, max_pages: int | None = None) -> None:
        self.folder = folder
        self.kind = kind
        self.max_pages = max_pages
        self.notices: list[Notice] = []
        """What opening it later had to say (a file moved aside): not said in play."""
        self._conn: sqlite3.Connection | None = None
        self._reader: sqlite3.Connection | None = None

    def _opened(self) -> sqlite3.Connection:
        if self._conn is None:
            opened = open_database(self.folder, max_pages=self.max_pages)
            if opened.conn is None:
                failures = [n.kind for n in opened.notices if n.kind in RETRIED]
                self.kind = failures[-1] if failures else self.kind
                raise StorageError(self.kind, "the database cannot be opened yet")
            self.notices.extend(opened.notices)
            self._conn = opened.conn
            self._close_reader()
        return self._conn

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> sqlite3.Cursor:
        try:
            conn = self._opened()
        except StorageError:
            if not sql.lstrip()[:6].upper() == "SELECT":
                raise
            if self._reader is None:
                self._reader = open_read_only(self.folder)
            if self._reader is None:
                raise
            return self._reader.execute(sql, parameters)
        return conn.execute(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> sqlite3.Cursor:
        return self._opened().executemany(sql, parameters)

    def close(self) -> None:
        self._close_reader()
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _close_reader(self) -> None:
        if self._reader is not None:
            self._reader.close()
            self._reader = None
