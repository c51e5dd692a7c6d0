"""The play session's storage: every game autosaved, the saved game offered at start,
settings kept, the player's best on the result panel.

:class:`GameStorage` sits between the session and :mod:`pyramide_a11y.storage`.
The session makes every game through :meth:`GameStorage.game_factory`, which
hands back its saved-game handle (the session keeps it in the record of the deal
in play, ``core.setaside.InPlay``; storage keeps none), so each action it plays
on that game is committed before it is narrated; every verb on a game is given
its handle. It asks :meth:`GameStorage.take_sentences` for what to tell the player about storage
(a damaged file moved aside, a full disk …) and :meth:`GameStorage.best_line`
for the result panel. Without a usable data folder everything still works, in
memory, and the player is told once.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from pathlib import Path

from pyramide_a11y.core.sources import GameSource
from pyramide_a11y.engine import LayoutError, Rules
from pyramide_a11y.narration import record_words as t
from pyramide_a11y.narration.notice_words import notice_text
from pyramide_a11y.storage import (
    ActionLogError,
    AutosavedGame,
    GameOpenElsewhere,
    GameRecord,
    Notice,
    NoticeKind,
    StorageError,
    Store,
)
from pyramide_a11y.storage.saved_settings import SettingValue, load_settings, save_setting


class GameStorage:
    """Autosave for one play session. It has no clock of its own: the session's
    game clock is read when an action is saved (:attr:`time_ms`, set by the
    session), a game set aside is given its time as a value, and a saved game
    taken up says its saved time (:meth:`taken_up_seconds`) for the session's
    clock to go on from."""

    def __init__(self, store: Store | None, notices: list[Notice] | None = None) -> None:
        self.store = store
        self.time_ms: Callable[[], int] = lambda: 0
        """The session's game clock, in milliseconds: the session sets it (a
        storage used without a session saves 0)."""
        self.offer: GameRecord | None = None
        self._notices: list[Notice] = list(notices or [])
        self._resumed: tuple[GameSource, AutosavedGame] | None = None
        self._open: list[AutosavedGame] = []
        """Every game this storage made or took up and did not leave: what it holds
        (locks) is released at :meth:`close` even when no one hands it back (a
        caller that closes the storage alone keeps those games saved)."""
        self._resumed_ms = 0
        """The saved time of the game taken up (:meth:`taken_up_seconds`)."""
        self._kept_other: GameRecord | None = None
        """A saved game of other rules than those named, kept (said once)."""
        self._pars: list[tuple[int, int]] = []
        """(record id, par) found on the par's thread, written on the session's."""
        self._pars_lock = threading.Lock()

    @classmethod
    def open(
        cls,
        data_dir: str | Path | None = None,
        *,
        player: str | None = None,
        game_locks: bool = True,
    ) -> GameStorage:
        """The storage of a data folder (see :func:`pyramide_a11y.storage.paths.data_dir`);
        never raises: a folder that cannot be used gives a notice instead. On
        PostgreSQL (``PYRAMIDE_DATABASE``) it is ``player``'s (default: the folder
        names the player). ``game_locks`` False: the caller serialises the player's
        work itself (``Store.game_locks``)."""
        store, notices = Store.open(data_dir, player=player)
        if store is not None:
            store.game_locks = game_locks
        return cls(store, notices)

    # -- the saved game ------------------------------------------------------------------------

    def resume_saved(self, rules: Rules | None = None) -> GameSource | None:
        """Take up the most recent saved game that no other window plays (of
        ``rules``, when the player named rules); its source (make the session with
        it: :meth:`game_factory` then gives the resumed game's handle), or None. The offer
        to continue or start fresh is :attr:`offer`.

        A saved game at an impasse (no move left: nothing but undo, replay or a new
        deal) is over, so it is never offered: it is recorded lost here (a window
        killed at an impasse) and the next one is looked for; see :meth:`close`.
        With ``rules`` and no saved game of theirs, the most recent saved game of
        other rules stays as it is, and :meth:`take_sentences` tells the player so
        and how to take it up."""
        if self.store is None:
            return None
        wanted = None if rules is None else str(rules)
        while (taken := self._take_saved(wanted)) is not None:
            record, saved = taken
            if not saved.game.impasse:
                return self._resume(record, saved)
            if not self._end_at_impasse(saved):
                return None  # not written (a read-only disk): said, and looked at next time
        if wanted is not None:
            self._kept_other = self._saved_other(wanted)
        return None

    def _take_saved(self, wanted: str | None) -> tuple[GameRecord, AutosavedGame] | None:
        """The most recent saved game of rules ``wanted`` (any: None), rebuilt and
        held; None when there is none or it cannot be taken (the player is told)."""
        assert self.store is not None
        found: GameRecord | None = None
        try:
            found, elsewhere = self.store.resumable(rules=wanted)
            if elsewhere:
                self._notices.append(Notice(NoticeKind.OPEN_ELSEWHERE))
            if found is None:
                return None
            record = self.store.load(found.id)
            if record is None:
                return None
            return record, AutosavedGame.resume(self.store, record, elapsed_ms=self._elapsed)
        except StorageError as err:
            self._notices.append(Notice(err.kind))
        except GameOpenElsewhere:
            self._notices.append(Notice(NoticeKind.OPEN_ELSEWHERE))
        except (ActionLogError, LayoutError, ValueError):
            # A damaged record: kept as it is, named to the player once (marked, so
            # the next start offers the game before it and says nothing), and a
            # fresh start. Unmarked (a read-only disk), it is named again next time.
            if found is not None:
                self._notices.append(Notice(NoticeKind.DAMAGED_RECORD, game_id=found.id))
                with suppress(StorageError):
                    self.store.mark_damaged(found.id)
        return None

    def _resume(self, record: GameRecord, saved: AutosavedGame) -> GameSource:
        """``saved`` is the game offered: its source, for the session."""
        # The rebuilt game's layout and rules: the record's JSON is read once.
        source = GameSource(saved.game.layout, saved.game.rules, record.code)
        self._resumed = (source, saved)
        self._open.append(saved)
        self._resumed_ms = record.snapshot.elapsed_ms
        self.offer = record
        return source

    def _end_at_impasse(self, saved: AutosavedGame) -> bool:
        """A saved game found at an impasse is over: recorded lost (discarded if no
        move was played). False when that could not be written."""
        result = saved.leave()
        self._notices.extend(saved.take_notices())
        return result is not None

    def _saved_other(self, wanted: str) -> GameRecord | None:
        """The most recent saved game of rules other than ``wanted`` that no other
        window plays, left exactly as it is (only looked at); one found at an
        impasse is over, and recorded lost on the way."""
        assert self.store is not None
        try:
            candidates = self.store.in_progress()
        except StorageError:
            return None  # the game is played all the same; said by the next write
        for found in candidates:
            if found.rules == wanted or found.damaged or found.snapshot.actions == 0:
                continue
            try:
                record = self.store.load(found.id)
                saved = None if record is None else AutosavedGame.resume(self.store, record)
            except (StorageError, GameOpenElsewhere, ActionLogError, LayoutError, ValueError):
                continue  # open elsewhere, or damaged: said when its rules are played
            if record is None or saved is None:
                continue
            if saved.game.impasse:
                self._end_at_impasse(saved)
                continue
            saved.put_back()
            return record
        return None

    def take_up(
        self,
        new_deal: Callable[[], GameSource],
        *,
        rules: Rules | None = None,
        at_once: bool = False,
        held: bool = False,
    ) -> GameSource:
        """The game a session starts with: the saved game taken up (of ``rules``,
        when the player named rules; see :meth:`resume_saved`), else ``new_deal()``.
        Make the session with the source returned. ``at_once``: taken up with no
        offer to continue or start fresh (a page shows the game at once); else the
        offer is :attr:`offer`, answered by the first line. ``held``: a game in play
        that could not be taken up now (held by another server process, the store
        busy) fails instead of a new deal dealt over it.

        Raises:
            StorageError: the store cannot be read now (``held`` only), or a game in
                play was not taken up (``held``).
        """
        in_play = self.store.in_progress() if held and self.store is not None else []
        source = self.resume_saved(rules)
        if source is not None:
            if at_once:
                self.accept_offer()
            return source
        if in_play and not all(record.damaged for record in in_play):
            raise StorageError(NoticeKind.UNAVAILABLE, "the game in play was not taken up")
        return new_deal()

    def accept_offer(self) -> bool:
        """The player continues the saved game; False if none was offered."""
        offered = self.offer is not None
        self.offer = None
        return offered

    # -- games ---------------------------------------------------------------------------------

    def game_factory(
        self,
        source: GameSource,
        replacing: AutosavedGame | None = None,
        before_first_action: Callable[[], None] | None = None,
    ) -> AutosavedGame:
        """The saved-game handle of a game for ``source`` (the saved game taken up,
        when ``source`` is its source: :meth:`resume_saved`). ``replacing``, the
        game played so far (None: none, or it was set aside), is left: lost if a
        move was played, discarded if not (or if every move was undone), kept if
        won. ``before_first_action`` runs once, just before the new game's first
        action is saved (a game set aside is recorded as left then:
        :meth:`record_left`)."""
        if self._resumed is not None and self._resumed[0] is source:
            saved = self._resumed[1]
            self._resumed = None
            return saved
        self.offer = None
        # A game replaced at its start (every move undone) is discarded, not lost.
        if replacing is not None:
            self._leave(replacing, discard=replacing.game.at_start)
        saved = AutosavedGame.start(
            self.store, source.layout, source.rules, source.code, elapsed_ms=self._elapsed
        )
        saved.before_first_action = before_first_action
        self._open.append(saved)
        record = saved.record_id
        if source.daily and self.store is not None and record is not None:
            with suppress(StorageError):  # the game is played all the same
                self.store.mark_daily(record, source.daily, str(source.rules))
        return saved

    # -- a new deal that can be undone ---------------------------------------------------

    def record_left(self, saved: AutosavedGame, elapsed_ms: int) -> None:
        """The player acted in the deal after ``saved`` (set aside, its time
        ``elapsed_ms``): its result is recorded now, while undo may still bring it
        back (:meth:`bring_back` with ``reopen``); a failure is said once."""
        saved.record_left(elapsed_ms)
        self._notices.extend(saved.take_notices())

    def bring_back(
        self, saved: AutosavedGame | None, *, leaving: AutosavedGame | None, reopen: bool
    ) -> None:
        """Undo past the start of a deal: that game (``leaving``), at its start
        again, is discarded (never counted: every move in it was undone) and
        ``saved`` (the game set aside last; None: it had no record) is in play
        again, its time going on from the session's clock; ``reopen``: its result
        was recorded (:meth:`record_left`), and is taken back."""
        if leaving is not None:
            self._leave(leaving, discard=True)
        if saved is not None and reopen:
            saved.reopen()

    def discard_unplayed(self, saved: AutosavedGame) -> bool:
        """``saved``, the game in play, will never be played (``pyramide learn``):
        discarded now if no move was played in it, so it is never offered, listed
        or counted. True when it was (the session then holds no handle)."""
        if not saved.game.at_start:
            return False
        self._leave(saved, discard=True)
        return True

    def _elapsed(self) -> int:
        return self.time_ms()

    def taken_up_seconds(self, source: GameSource) -> float | None:
        """The saved time of the saved game taken up, when ``source`` is its source
        (:meth:`resume_saved`): the session's clock goes on from it. None for any
        other source."""
        if self._resumed is None or self._resumed[0] is not source:
            return None
        return self._resumed_ms / 1000

    def _leave(
        self, saved: AutosavedGame, *, discard: bool = False, elapsed_ms: int | None = None
    ) -> None:
        saved.leave(discard=discard, elapsed_ms=elapsed_ms)
        self._notices.extend(saved.take_notices())
        if saved in self._open:
            self._open.remove(saved)

    def saved_to_resume(self, current: AutosavedGame | None) -> bool:
        """The game in progress (``current``, its handle) is on disk, to be offered
        next time (False without storage, when saving fails, and for a won game or
        one at an impasse, which are not offered)."""
        if current is None or self.store is None or current.game.won or current.game.impasse:
            return False  # a game at an impasse is over: recorded lost at close
        return current.flush()

    # -- the par of a deal once its game is over --------------------------------------

    def par_keeper_of(self, game: AutosavedGame | None) -> Callable[[int], None] | None:
        """For a game over (``game``, its handle: just won, or set aside and left for
        good): a function that keeps its deal's par with its record (0: the deal
        cannot be won), safe to call from any thread (the par is found on its own
        thread, and the connection is the session's). The par is written at the
        next :meth:`take_sentences` or :meth:`close`. None without a record."""
        record_id = game.record_id if game is not None else None
        if self.store is None or record_id is None:
            return None

        def keep(par: int) -> None:
            with self._pars_lock:
                self._pars.append((record_id, par))

        return keep

    def _write_pars(self) -> None:
        with self._pars_lock:
            pending, self._pars = self._pars, []
        if self.store is None:
            return
        for index, (record_id, par) in enumerate(pending):
            try:
                self.store.set_par(record_id, par)
            except StorageError:  # kept for the next try, like an action not saved yet
                with self._pars_lock:
                    self._pars[:0] = pending[index:]
                return

    def take_sentences(self, current: AutosavedGame | None = None) -> list[str]:
        """What to tell the player about storage since the last call (``current``:
        the game in play's handle, whose own notices are taken too): one sentence
        per notice, in the current language. Pars found meanwhile are written first."""
        self._write_pars()
        notices = list(self._notices)
        self._notices.clear()
        if current is not None:
            notices.extend(current.take_notices())
        # One failure met by several steps of one answer (a full disk at start: the
        # opening, the saved game looked for, the new game recorded) is said once.
        sentences = list(dict.fromkeys(notice_text(n) for n in notices))
        if self._kept_other is not None:
            sentences.append(t.saved_game_kept(self._kept_other))
            self._kept_other = None
        return sentences

    def best_line(self, rules: Rules) -> str | None:
        """The player's best for these rules, for the result panel."""
        if self.store is None:
            return None
        try:
            found = self.store.stats(str(rules))
        except StorageError:
            return None
        if not found or found[0].best is None:
            return None
        return t.best_game(found[0])

    def daily_streak(self, day: str) -> int | None:
        """Days in a row the deal of the day was won, up to ``day`` (ISO date)."""
        if self.store is None:
            return None
        try:
            return self.store.daily_stats(datetime.date.fromisoformat(day)).current_streak
        except StorageError:
            return None

    # -- settings ------------------------------------------------------------------------------

    def saved_settings(self) -> dict[str, SettingValue]:
        return load_settings(self.store)

    def save_changes(
        self, before: Mapping[str, SettingValue], after: Mapping[str, SettingValue]
    ) -> None:
        """Save every setting whose value changed in play."""
        for key, value in after.items():
            if before.get(key) != value:
                save_setting(self.store, key, value)

    # -- the end -------------------------------------------------------------------------------

    def close(
        self,
        current: AutosavedGame | None = None,
        set_aside: Sequence[tuple[AutosavedGame, int]] = (),
    ) -> None:
        """The program ends: the game in progress (``current``, its handle) stays
        saved, to be offered next time. ``set_aside``: the games new deals set aside
        this session, oldest first, each with its time as it was left. A new deal
        not played yet (at its start), while a game it replaced can come back, is
        discarded instead: the game set aside last is the one kept and offered.
        The other games set aside this session are left (lost if a move was
        played in them).

        A game at an impasse is left too, lost: no move is left in it, only undo,
        replay or a new deal, so quitting there ends it. It stays in progress while
        the session goes on (undo out of the impasse, and the game goes on; a new
        deal sets it aside like any other), so the loss is recorded the moment the
        player gives it up, never while a keystroke could still take it back, and
        a game at an impasse is never offered (:meth:`resume_saved`)."""
        kept: int | None = None  # the time of a game set aside that is kept
        if set_aside:
            *others, (last, last_ms) = set_aside
            if current is not None and current.game.at_start:
                self._leave(current, discard=True)
                current, kept = last, last_ms
            else:
                others.append((last, last_ms))
            for left, elapsed_ms in others:
                self._leave(left, elapsed_ms=elapsed_ms)
        if current is not None and current.game.impasse:
            self._leave(current, elapsed_ms=kept)
        elif current is not None:
            current.close(kept)
            if current in self._open:
                self._open.remove(current)
        for saved in self._open:  # not handed back (a taken-up game never played …)
            saved.close()
        self._open = []
        self._resumed = None
        self._write_pars()
        if self.store is not None:
            self.store.close()
