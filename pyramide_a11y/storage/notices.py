"""What the storage tells the player: a kind and, where it helps, a file name.

The storage never prints; it hands :class:`Notice` values to the interface, which
says :func:`pyramide_a11y.narration.notice_words.notice_text` in the player's
language.
"""

from __future__ import annotations

import enum
import errno
import sqlite3
from dataclasses import dataclass


class NoticeKind(enum.Enum):
    MOVED_CORRUPT = "moved_corrupt"  # the database was damaged; moved aside as ``name``
    MOVED_NEWER = "moved_newer"  # written by a newer version; moved aside as ``name``
    MOVED_UNKNOWN = "moved_unknown"  # a schema not recognised; moved aside as ``name``
    READ_ONLY = "read_only"  # the data folder cannot be written
    DISK_FULL = "disk_full"  # no room left on the disk
    UNAVAILABLE = "unavailable"  # any other failure to read or write
    BUSY = "busy"  # another window holds the database too long
    SAVING_AGAIN = "saving_again"  # saving works again after a failure
    OPEN_ELSEWHERE = "open_elsewhere"  # the saved game is being played in another window
    DAMAGED_RECORD = "damaged_record"  # game record ``game_id`` does not replay; kept as is


@dataclass(frozen=True, slots=True)
class Notice:
    kind: NoticeKind
    name: str = ""
    game_id: int | None = None


class StorageError(Exception):
    """A read or write that failed; ``kind`` says how, for the player's sentence."""

    def __init__(self, kind: NoticeKind, detail: str = "") -> None:
        super().__init__(detail or kind.value)
        self.kind = kind


def is_corruption(err: BaseException) -> bool:
    """An SQLite error that means the file itself is damaged (never a lock)."""
    name = getattr(err, "sqlite_errorname", "") or ""
    return name.startswith("SQLITE_CORRUPT") or name == "SQLITE_NOTADB"


def classify(err: BaseException) -> NoticeKind:
    """The notice for a failed read or write."""
    if isinstance(err, StorageError):
        return err.kind
    if isinstance(err, OSError):
        if err.errno in (errno.ENOSPC, errno.EDQUOT):
            return NoticeKind.DISK_FULL
        if err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return NoticeKind.READ_ONLY
        return NoticeKind.UNAVAILABLE
    if isinstance(err, sqlite3.Error):
        name = getattr(err, "sqlite_errorname", "") or ""
        # The shared-memory file of the WAL could not be given its size: no room
        # (SQLite says only "disk I/O error").
        if name in ("SQLITE_FULL", "SQLITE_IOERR_SHMSIZE"):
            return NoticeKind.DISK_FULL
        if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
            return NoticeKind.READ_ONLY
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return NoticeKind.BUSY
        if "disk is full" in str(err):
            return NoticeKind.DISK_FULL
    return NoticeKind.UNAVAILABLE
