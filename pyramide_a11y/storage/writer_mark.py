"""Which server process played a player last, kept beside the player's store so
that workers on one machine agree while the database is away.

With the database away no worker can take the player's lock or read which page
is current, so two workers could each play their own copy of the game (answers
alternating between two games, one copy lost when the database returns). The
mark, a few bytes in ``locks/writer`` of the player's folder, says which process
played last and whether it holds moves not saved yet: only that process plays on
while the database is away, and no other plays over those moves once it is back
(the process that holds them saves them with its next answer). Workers on other
hosts do not share the folder; the mark is then each host's own.

It sits beside the store's locks and is written at the end of a request's turn
at the store (:meth:`Store.page_turn <pyramide_a11y.storage.Store.page_turn>`),
still inside the player's lock, so the mark and the page record it vouches for
change together.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from .paths import LOCKS_FOLDER

MARK_FILE = "writer"


class WriterMark:
    """The mark of one player's folder, as seen by the process ``me`` (its pid and
    a token of its own: two apps in one process are two writers)."""

    def __init__(self, folder: Path, me: str) -> None:
        self.path = folder / LOCKS_FOLDER / MARK_FILE
        self.me = me
        self._written: tuple[str, bool] | None = None
        """What this process last wrote (None: unknown), to skip writing it again."""

    def mark(self, *, pending: bool) -> None:
        """This process played last; ``pending``: with moves not saved yet. Best
        effort: a folder that cannot be written keeps no mark."""
        if self._written == (self.me, pending):
            return
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            self.path.write_text(f"{self.me} {int(pending)}", encoding="ascii")
            self._written = (self.me, pending)

    def forget(self) -> None:
        """Another process played since (this one took the game up again)."""
        self._written = None

    def other(self) -> tuple[bool, bool]:
        """(another living process played last, and it holds unsaved moves)."""
        try:
            # Read on every form of a web player: a plain read, not pathlib's text
            # file (a third of the cost). A mark is a few dozen bytes.
            fd = os.open(self.path, os.O_RDONLY)
            try:
                text = os.read(fd, 256).decode("ascii")
            finally:
                os.close(fd)
            writer, _, pending = text.partition(" ")
        except (OSError, ValueError):
            return False, False
        if writer == self.me or not _alive(writer):
            return False, False
        return True, pending.strip() == "1"


def _alive(writer: str) -> bool:
    pid = writer.partition("-")[0]
    if not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process: alive
    return True
