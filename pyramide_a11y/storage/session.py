"""A game that saves itself: the piece the interactive loop plays through.

:meth:`AutosavedGame.apply` applies an action token (see :mod:`.actions`) to the
engine and, when it changed anything, commits it before returning, so whatever
the player has been told is on disk. When the store fails (full disk, read-only
folder, …) play goes on: the actions wait in memory, the player is told once,
and the next action that can be saved writes them all.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from pyramide_a11y.engine import Game, Outcome

from .actions import apply_token, changed_state, normalise_token, state_of
from .locks import GameLock
from .notices import Notice, NoticeKind, StorageError
from .store import GameRecord, Snapshot, Store


class Stopwatch:
    """The game's timer, in milliseconds. It can pause (seed 004: switching away
    pauses the timer and gives back the same time)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, start_ms: int = 0) -> None:
        self._clock = clock
        self._base_ms = start_ms
        self._since: float | None = clock()

    @property
    def elapsed_ms(self) -> int:
        if self._since is None:
            return self._base_ms
        return self._base_ms + int((self._clock() - self._since) * 1000)

    @property
    def running(self) -> bool:
        return self._since is not None

    def pause(self) -> None:
        if self._since is not None:
            self._base_ms = self.elapsed_ms
            self._since = None

    def resume(self) -> None:
        if self._since is None:
            self._since = self._clock()


class GameOpenElsewhere(Exception):
    """The saved game is being played in another window."""


class AutosavedGame:
    """A :class:`Game` whose every accepted action is committed to a :class:`Store`.

    Use :meth:`start` for a new deal and :meth:`resume` for a saved game. ``store``
    may be None (no storage): the game is then played in memory only.
    """

    def __init__(
        self,
        store: Store | None,
        game: Game,
        code: str | None,
        *,
        record_id: int | None = None,
        tokens: tuple[str, ...] = (),
        token_ms: tuple[int, ...] = (),
        won_recorded: bool = False,
        stopwatch: Stopwatch | None = None,
        lock: GameLock | None = None,
    ) -> None:
        self.store = store
        self.game = game
        self.code = code
        self.record_id = record_id
        self.stopwatch = stopwatch or Stopwatch()
        self._log: list[tuple[str, int]] = list(zip(tokens, token_ms, strict=True))
        self._saved = len(self._log)
        self._won_recorded = won_recorded
        self._win: Snapshot | None = None
        self._failing: NoticeKind | None = None
        self._notices: list[Notice] = []
        self._lock = lock

    # -- making one ----------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        store: Store | None,
        game: Game,
        code: str | None,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> AutosavedGame:
        """A new game, recorded at once (so it can be resumed before any move)."""
        autosaved = cls(store, game, code, stopwatch=Stopwatch(clock))
        autosaved.flush()
        return autosaved

    @classmethod
    def resume(
        cls,
        store: Store,
        record: GameRecord,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> AutosavedGame:
        """The saved game ``record`` (loaded whole with :meth:`Store.load`), rebuilt
        by replaying its log; the timer goes on from the saved time.

        Raises:
            GameOpenElsewhere: another window holds it.
            ActionLogError, LayoutError, ValueError: the record does not replay.
        """
        try:
            lock = GameLock.try_acquire(store.folder, record.id)
        except OSError:
            lock = None  # cannot lock (odd folder): play it anyway
        else:
            if lock is None:
                raise GameOpenElsewhere(record.id)
        try:
            game = record.rebuild()
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        return cls(
            store,
            game,
            record.code,
            record_id=record.id,
            tokens=record.tokens,
            token_ms=record.token_ms,
            won_recorded=record.result is not None,
            stopwatch=Stopwatch(clock, record.snapshot.elapsed_ms),
            lock=lock,
        )

    # -- playing -------------------------------------------------------------------------

    @property
    def tokens(self) -> list[str]:
        """Every logged action so far, oldest first."""
        return [token for token, _ in self._log]

    @property
    def saved_actions(self) -> int:
        """How many of :attr:`tokens` are committed."""
        return self._saved

    @property
    def elapsed_ms(self) -> int:
        return self.stopwatch.elapsed_ms

    def apply(self, token: str) -> Outcome:
        """Apply an action token; if it changed the game, log it and commit.

        Raises:
            ActionLogError: the token is not an action (nothing changes).
        """
        word = normalise_token(token)
        before = state_of(self.game)
        outcome = apply_token(self.game, word)
        if changed_state(before, self.game):
            elapsed = self.elapsed_ms
            self._log.append((word, elapsed))
            if self.game.won and not self._won_recorded and self._win is None:
                self._win = self._snapshot(elapsed)
                self.stopwatch.pause()
            elif not self.game.won and self._win is None and not self.stopwatch.running:
                self.stopwatch.resume()
            self.flush()
        return outcome

    def flush(self) -> bool:
        """Commit whatever is not saved yet; True when everything is saved."""
        if self.store is None:
            return False
        try:
            if self.record_id is None:
                self.record_id = self.store.new_game(
                    Game(self.game.layout, self.game.rules), self.code
                )
                self._take_lock()
            if self._saved < len(self._log) or self._win is not None:
                self.store.save_actions(
                    self.record_id,
                    self._saved + 1,
                    self._log[self._saved :],
                    self._snapshot(self.elapsed_ms),
                    won=self._win,
                )
                self._saved = len(self._log)
                if self._win is not None:
                    self._won_recorded = True
                    self._win = None
        except StorageError as err:
            if err.kind != self._failing:
                self._notices.append(Notice(err.kind))
            self._failing = err.kind
            return False
        if self._failing is not None:
            self._failing = None
            self._notices.append(Notice(NoticeKind.SAVING_AGAIN))
        return True

    def _snapshot(self, elapsed_ms: int) -> Snapshot:
        return Snapshot.of(self.game, len(self._log), elapsed_ms)

    def _take_lock(self) -> None:
        if self.store is None or self.record_id is None or self._lock is not None:
            return
        try:
            self._lock = GameLock.try_acquire(self.store.folder, self.record_id)
        except OSError:
            self._lock = None

    def take_notices(self) -> list[Notice]:
        """What the player must be told since the last call (then forgotten)."""
        notices, self._notices = self._notices, []
        return notices

    # -- ending --------------------------------------------------------------------------

    def leave(self) -> str | None:
        """The player moves on to another deal: the game is recorded as lost (or
        discarded if no move was played) unless it was won. Returns the result, or
        None if it could not be saved."""
        result: str | None = None
        if self.flush() and self.store is not None and self.record_id is not None:
            try:
                result = self.store.end_game(self.record_id, self._snapshot(self.elapsed_ms))
            except StorageError as err:
                self._notices.append(Notice(err.kind))
        self._release(remove=result is not None)
        return result

    def close(self) -> None:
        """The program ends: save what is pending and keep the game to resume."""
        self.stopwatch.pause()
        if self.flush() and self.store is not None and self.record_id is not None:
            try:  # the time since the last action, too
                snapshot = self._snapshot(self.elapsed_ms)
                self.store.save_actions(self.record_id, self._saved + 1, [], snapshot)
            except StorageError:
                pass  # only seconds of the timer are lost; the player is leaving
        self._release(remove=False)

    def _release(self, *, remove: bool) -> None:
        if self._lock is not None:
            self._lock.release(remove=remove)
            self._lock = None
