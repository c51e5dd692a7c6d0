"""A game that saves itself: the piece the interactive loop plays through.

:class:`AutosavedGame` holds a :class:`~pyramide_a11y.engine.Game` and observes it
(:func:`~.actions.log_actions`). The interface plays that game (``select``, ``draw``,
``undo`` …, or :meth:`AutosavedGame.apply` with a token); every action that
changed it is committed before the call returns, so whatever the player has
been told is on disk. When the store fails (full disk, read-only folder, …)
play goes on: the actions wait in memory, the player is told once, and the next
action that can be saved writes them all.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from pyramide_a11y.engine import Game, Layout, Outcome, Rules

from .actions import apply_token, log_actions, normalise_token
from .locks import GameLock
from .notices import Notice, NoticeKind, StorageError
from .store import GameRecord, Snapshot, Store


class Stopwatch:
    """A game timer in milliseconds, for callers without a clock of their own (the
    interface passes its game clock instead). It can start from a saved time."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, start_ms: int = 0) -> None:
        self._clock = clock
        self._start_ms = start_ms
        self._since = clock()

    def elapsed_ms(self) -> int:
        return self._start_ms + int((self._clock() - self._since) * 1000)


class GameOpenElsewhere(Exception):
    """The saved game is being played in another window."""


class AutosavedGame:
    """A game whose every accepted action is committed to a :class:`Store`.

    Use :meth:`start` for a new deal and :meth:`resume` for a saved game. ``store``
    may be None (no storage): the game is then played in memory only.
    ``elapsed_ms`` reads the game's timer; it is stored with every action.
    """

    def __init__(
        self,
        store: Store | None,
        game: Game,
        code: str | None,
        *,
        elapsed_ms: Callable[[], int],
        record_id: int | None = None,
        tokens: tuple[str, ...] = (),
        token_ms: tuple[int, ...] = (),
        won_recorded: bool = False,
        lock: GameLock | None = None,
    ) -> None:
        self.store = store
        self.game = game
        self.code = code
        self.record_id = record_id
        self.elapsed_ms = elapsed_ms
        self._log: list[tuple[str, int]] = list(zip(tokens, token_ms, strict=True))
        self._saved = len(self._log)
        self._won_recorded = won_recorded
        self._win: Snapshot | None = None
        self._failing: NoticeKind | None = None
        self._notices: list[Notice] = []
        self._lock = lock
        self._observer = log_actions(game, self._logged)
        self.before_first_action: Callable[[], None] | None = None
        """Called once, just before the first action played from now on is saved
        (a game set aside for this one is recorded as left first: the records
        keep the order things happened in); then forgotten."""

    # -- making one ----------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        store: Store | None,
        layout: Layout,
        rules: Rules,
        code: str | None,
        *,
        elapsed_ms: Callable[[], int] | None = None,
    ) -> AutosavedGame:
        """A new game, recorded at once (so it can be resumed before any move).

        Raises:
            LayoutError: the layout does not fit the rules.
        """
        game = Game(layout, rules)
        autosaved = cls(store, game, code, elapsed_ms=elapsed_ms or Stopwatch().elapsed_ms)
        autosaved.flush()
        return autosaved

    @classmethod
    def resume(
        cls,
        store: Store,
        record: GameRecord,
        *,
        elapsed_ms: Callable[[], int] | None = None,
    ) -> AutosavedGame:
        """The saved game ``record`` (loaded whole with :meth:`Store.load`), rebuilt
        by replaying its log. ``elapsed_ms`` should go on from
        ``record.snapshot.elapsed_ms`` (default: a :class:`Stopwatch` that does).

        Raises:
            GameOpenElsewhere: another window holds it.
            ActionLogError, LayoutError, ValueError: the record does not replay.
        """
        lock = None
        if store.game_locks:
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
        timer = elapsed_ms or Stopwatch(start_ms=record.snapshot.elapsed_ms).elapsed_ms
        return cls(
            store,
            game,
            record.code,
            elapsed_ms=timer,
            record_id=record.id,
            tokens=record.tokens,
            token_ms=record.token_ms,
            won_recorded=record.result is not None,
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
    def unsaved(self) -> bool:
        """Some of :attr:`tokens` (or the game's record) are not committed yet."""
        return self._saved < len(self._log) or self._failing is not None

    def apply(self, token: str) -> Outcome:
        """Apply an action token to the game (committed if it changed anything).

        Raises:
            ActionLogError: the token is not an action (nothing changes).
        """
        return apply_token(self.game, normalise_token(token))

    def _logged(self, token: str) -> None:
        first, self.before_first_action = self.before_first_action, None
        if first is not None:
            first()
        elapsed = self.elapsed_ms()
        self._log.append((token, elapsed))
        if self.game.won and not self._won_recorded and self._win is None:
            self._win = self._snapshot(elapsed)
        self.flush()

    def flush(self, elapsed_ms: int | None = None) -> bool:
        """Commit whatever is not saved yet; True when everything is saved.
        ``elapsed_ms`` as for :meth:`record_left`."""
        if self.store is None:
            return False
        try:
            if self.record_id is None:
                fresh = Game(self.game.layout, self.game.rules)
                self.record_id = self.store.new_game(fresh, self.code, on_created=self._take_lock)
            if self._saved < len(self._log) or self._win is not None:
                self.store.save_actions(
                    self.record_id,
                    self._saved + 1,
                    self._log[self._saved :],
                    self._snapshot(self._time(elapsed_ms)),
                    won=self._win,
                    on_lost=self._lost(self._saved, self._win),
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

    def _lost(self, saved: int, win: Snapshot | None) -> Callable[[StorageError], None]:
        """What to do when moves saved in a transaction left open (the web's one
        commit a request: :meth:`Store.one_commit`) are not committed after all:
        unsaved again from ``saved`` on (the win too), to be saved by the next
        flush, and the player told once, as for any failed save."""

        def lost(err: StorageError) -> None:
            self._saved = min(self._saved, saved)
            if win is not None:
                self._win, self._won_recorded = win, False
            if err.kind != self._failing:
                self._notices.append(Notice(err.kind))
            self._failing = err.kind

        return lost

    def _time(self, elapsed_ms: int | None) -> int:
        return self.elapsed_ms() if elapsed_ms is None else elapsed_ms

    def _snapshot(self, elapsed_ms: int) -> Snapshot:
        return Snapshot.of(self.game, len(self._log), elapsed_ms)

    def _take_lock(self, record_id: int) -> None:
        if self.store is None or not self.store.game_locks:
            return
        if self._lock is not None:  # a failed commit left the last one behind
            self._lock.release(remove=True)
        try:
            self._lock = GameLock.try_acquire(self.store.folder, record_id)
        except OSError:
            self._lock = None

    def take_notices(self) -> list[Notice]:
        """What the player must be told since the last call (then forgotten)."""
        notices, self._notices = self._notices, []
        return notices

    # -- ending --------------------------------------------------------------------------

    def record_left(self, elapsed_ms: int | None = None) -> str | None:
        """The player moved on to another deal but undo may still bring this game
        back: its result is recorded now, as :meth:`leave` would (so the records
        and streaks keep the order things happened in), while it stays open,
        locked and ready to go on (:meth:`reopen`). ``elapsed_ms``: the game's
        time, as it was left (None: :attr:`elapsed_ms` now). Returns the result,
        or None if it could not be saved."""
        if not self.flush(elapsed_ms) or self.store is None or self.record_id is None:
            return None
        try:
            return self.store.end_game(self.record_id, self._snapshot(self._time(elapsed_ms)))
        except StorageError as err:
            self._notices.append(Notice(err.kind))
            return None

    def reopen(self) -> None:
        """Undo brought back this game, recorded as left (:meth:`record_left`): in
        progress again, the statistics as if it had never been left."""
        if self.store is None or self.record_id is None:
            return
        try:
            self.store.reopen(self.record_id)
        except StorageError as err:
            self._notices.append(Notice(err.kind))

    def leave(self, *, discard: bool = False, elapsed_ms: int | None = None) -> str | None:
        """The player moves on to another deal: the game is recorded as lost (or
        discarded if no move was played, or with ``discard``: every move was undone)
        unless it was won; ``elapsed_ms`` as for :meth:`record_left`. Returns the
        result, or None if it could not be saved."""
        self._stop_logging()
        result: str | None = None
        if self.flush(elapsed_ms) and self.store is not None and self.record_id is not None:
            snapshot = self._snapshot(self._time(elapsed_ms))
            try:
                result = self.store.end_game(self.record_id, snapshot, discard=discard)
            except StorageError as err:
                self._notices.append(Notice(err.kind))
        self._release(remove=result is not None)
        return result

    def close(self, elapsed_ms: int | None = None) -> None:
        """The program ends: save what is pending, and the time (``elapsed_ms`` as
        for :meth:`record_left`), and keep the game to resume."""
        self._stop_logging()
        if self.flush(elapsed_ms) and self.store is not None and self.record_id is not None:
            try:
                snapshot = self._snapshot(self._time(elapsed_ms))
                self.store.save_actions(self.record_id, self._saved + 1, [], snapshot)
            except StorageError:
                pass  # only seconds of the timer are lost; the player is leaving
        self._release(remove=False)

    def put_back(self) -> None:
        """Stop holding the game without writing anything: it was only looked at (a
        saved game of other rules, named to the player but not played). Its record,
        time and order among the saved games stay exactly as they were."""
        self._stop_logging()
        self._release(remove=False)

    def _stop_logging(self) -> None:
        if self._observer in self.game.observers:
            self.game.observers.remove(self._observer)

    def _release(self, *, remove: bool) -> None:
        if self._lock is not None:
            self._lock.release(remove=remove)
            self._lock = None
