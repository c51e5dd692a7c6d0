"""Which window plays which saved game.

Each process playing a recorded game holds an exclusive, non-blocking lock on a
small file ``locks/game-<id>.lock`` in the data folder for as long as it plays
it. The operating system drops the lock when the process ends, however it ends
(``kill -9`` included), so a game left by a crashed window is free again at once,
and a game open in another window is never resumed twice.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from .paths import LOCKS_FOLDER


class GameLock:
    """An exclusive lock on one game id, held until :meth:`release`."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @staticmethod
    def try_acquire(folder: Path, game_id: int) -> GameLock | None:
        """The lock, or None when another process holds it.

        Raises:
            OSError: the lock file cannot be created (e.g. a read-only folder).
        """
        locks = folder / LOCKS_FOLDER
        locks.mkdir(mode=0o700, exist_ok=True)
        path = locks / f"game-{game_id}.lock"
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        if _try_lock(fd):
            return GameLock(path, fd)
        os.close(fd)
        return None

    @staticmethod
    def is_held_elsewhere(folder: Path, game_id: int) -> bool:
        """Whether another process holds the lock of ``game_id`` right now."""
        path = folder / LOCKS_FOLDER / f"game-{game_id}.lock"
        try:
            fd = os.open(path, os.O_RDWR)
        except OSError:
            return False
        try:
            if _try_lock(fd):
                _unlock(fd)
                return False
            return True
        finally:
            os.close(fd)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self, *, remove: bool = False) -> None:
        """Let the game go; ``remove`` also deletes the lock file (for a finished
        game, which no one will lock again). Safe to call more than once."""
        if self._fd is None:
            return
        if remove:
            with contextlib.suppress(OSError):
                self.path.unlink()
        _unlock(self._fd)
        os.close(self._fd)
        self._fd = None


@contextlib.contextmanager
def player_lock(folder: Path, timeout: float = 10.0) -> Iterator[bool]:
    """Hold ``folder``'s player lock (``locks/player.lock``) for the block: one
    process at a time works on this folder's player (the web game's workers).
    Waits at most ``timeout`` seconds for a holder to finish; yields whether the
    lock is held (False: it could not be taken in time, or no lock file can be
    made, and the caller goes on unlocked rather than never). A killed holder's
    lock is the system's to drop."""
    # Taken on every turn of a web player: plain strings, and the folder made only
    # when the file cannot be opened (pathlib and a mkdir each time were a tenth
    # of a turn at the store).
    locks = os.path.join(os.fspath(folder), LOCKS_FOLDER)
    path = os.path.join(locks, "player.lock")
    try:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except FileNotFoundError:
            os.makedirs(locks, mode=0o700, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield False
        return
    try:
        held = _lock_within(fd, timeout)
        try:
            yield held
        finally:
            if held:
                _unlock(fd)
    finally:
        os.close(fd)


def _lock_within(fd: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    pause = 0.001
    while not _try_lock(fd):
        if time.monotonic() >= deadline:
            return False
        # Another worker holds it for one request (milliseconds): wait a little
        # longer each time, never more than 50 ms.
        time.sleep(pause)
        pause = min(pause * 2, 0.05)
    return True


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
