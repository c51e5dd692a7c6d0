"""The players of one server: each an unguessable id, a session, its own store.

A player's games live in ``<data_dir>/players/<id>/`` (the terminal game's SQLite
store, through :class:`~pyramide_a11y.core.autosave.GameStorage`): every move is
saved as it is played, and a player who comes back (even after a restart of the
server) takes the game up where it was. :class:`Players` finds or makes them;
:class:`Player` keeps the session with what the page needs besides it: the last
answer, late news (a hint that thought, a deal's par), the single-letter keys
switch and the rate limit.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar, overload

from pyramide_a11y.core import (
    Answer,
    GameSource,
    GameStorage,
    GameTimer,
    HintFinder,
    ParFinder,
    Session,
    Settings,
    Turn,
    coded_source,
    random_deal,
)
from pyramide_a11y.engine import Rules, get_rules, parse_code
from pyramide_a11y.i18n import DEFAULT_LANGUAGE, in_language, normalise_language
from pyramide_a11y.narration.front_end import on_page
from pyramide_a11y.storage import NoticeKind, StorageError, Store, WriterMark
from pyramide_a11y.storage.locks import player_lock
from pyramide_a11y.storage.postgres import database_url

from .delta import Shown
from .fragment import LastFragment

PLAYER_ID = re.compile(r"^[A-Za-z0-9_-]{43}$")
"""What ``secrets.token_urlsafe(32)`` gives: nothing else names a player."""
WEB_RULES = "paciencia"
"""The web game's preset unless the host chooses another (``serve --rules``): the
rules of the Pyramid people play on phones and on the web (the stock's top card
face up and playable, three rounds)."""
PREFS_FILE = "web.json"
PAGE_SETTING = "web.page"
"""The setting that keeps what the player's page shows (see :class:`PlayerSync`)."""
MAX_PLAYERS = 2000
"""Players kept in memory at most, per worker (about 0.45 MiB each, measured by
``benchmarks/web_load.py``: 278 MiB for 500); the least recently seen is closed
(its game is saved) and taken up again from the store when it comes back."""
FILES_PER_PLAYER = 4
"""Files a player in memory keeps open on SQLite (the database, its WAL and
shared memory) and one for a moment (the player's lock)."""
RESERVED_FILES = 128
"""Files a worker keeps for everything else (its sockets, the solver's pipes)."""
THREADS = 32
"""Threads per worker that run the players' calls (each call is short: a move, a
page; the solver's searches run in their own processes)."""
T = TypeVar("T")
U = TypeVar("U")


class RateLimit:
    """A token bucket: ``burst`` commands at once, then ``per_second``."""

    def __init__(self, burst: float, per_second: float, clock: Callable[[], float]) -> None:
        self.burst, self.per_second, self.clock = burst, per_second, clock
        self.tokens = burst
        self.last = clock()

    def state(self) -> list[float]:
        """The bucket as kept with the player's page (tokens left, when counted)."""
        return [self.tokens, self.last]

    def restore(self, state: object) -> None:
        """The bucket another worker kept (:meth:`state`): a player reaching several
        workers has one limit, not one per worker. Anything else is ignored."""
        if (
            isinstance(state, list)
            and len(state) == 2
            and all(isinstance(x, int | float) for x in state)
        ):
            self.tokens = min(self.burst, max(0.0, float(state[0])))
            self.last = float(state[1])

    def allow(self) -> bool:
        """True (and one command counted) when a command may go now."""
        now = self.clock()
        self.tokens = self._tokens_at(now)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def empty(self) -> bool:
        """Whether :meth:`allow` would refuse now (nothing counted)."""
        return self._tokens_at(self.clock()) < 1

    def _tokens_at(self, now: float) -> float:
        return min(self.burst, self.tokens + (now - self.last) * self.per_second)


class Player:
    """One player: the session and the page's state around it.

    Everything that touches the session runs through :meth:`call`: one call at a
    time, in the order given, on one of the server's few shared threads (a thread
    per player would be thousands).
    """

    def __init__(
        self,
        player_id: str,
        folder: Path,
        limit: RateLimit,
        threads: ThreadPoolExecutor,
        writer: str = "",
    ) -> None:
        """``threads``: the server's threads the player's calls run on, in turn;
        ``writer``: this process's name in the player's :class:`WriterMark`."""
        self.id = player_id
        self.folder = folder
        self.writer = WriterMark(folder, writer or f"{os.getpid()}-{id(self)}")
        self.lock = threading.Lock()
        self.limit = limit
        self._thread = _InTurn(threads)
        self.answer: list[str] = []
        """The lines the live region shows: the last answer, then late news."""
        self.version = 0
        """Goes up whenever the page would change (an answer, late news)."""
        self._late: list[str] = []
        self._late_lock = threading.Lock()
        self.letter_keys = self._read_prefs().get("letter_keys", True) is not False
        self.guest = False
        """Seen but never played (no form sent yet): nothing of it is on disk."""
        self.session: Session  # set by Players.make
        self.sync: PlayerSync | None = None
        """How this process keeps step with the others serving the same player."""
        self.synced = 0
        """The version of the player's page this process last read or wrote."""
        self._turned: tuple[Session, Turn] | None = None  # the session's last turn
        self.shown = Shown()
        """The game fragment this process last sent the player's script (a move's
        answer then carries only what changed: :mod:`.delta`)."""
        self.fragment = LastFragment()
        """The game fragment last made, kept while the table stays as it was
        (:mod:`.fragment`)."""

    @overload
    def call(
        self,
        work: Callable[[], T],
        *,
        settle: Callable[[Callable[[], T]], T] | None = None,
    ) -> Future[T]: ...

    @overload
    def call(
        self,
        work: Callable[[], T],
        *,
        settle: Callable[[Callable[[], T]], T] | None = None,
        then: Callable[[T], U],
    ) -> Future[U]: ...

    def call(
        self,
        work: Callable[[], T],
        *,
        settle: Callable[[Callable[[], T]], T] | None = None,
        then: Callable[[T], Any] | None = None,
    ) -> Future[Any]:
        """Run ``work`` on the player's thread, holding :attr:`lock`, then ``then``
        on its result (None: the result as it is); the future of what comes last.
        ``settle`` (a form's work: :meth:`Players.settle`) keeps a guest on disk
        and runs ``work`` in the same locked block.

        A player kept on disk is also this process's alone while ``work`` runs:
        one turn at the player's store (:meth:`Store.page_turn
        <pyramide_a11y.storage.Store.page_turn>`: another worker answering the
        same player waits), which reads the page kept there on entry (the game
        taken up again first if another worker played since: :attr:`synced`) and
        writes what the page shows on leaving, in the move's one commit, so any
        worker answers any request the same. When that lock cannot be had (the
        database away), the game plays on here: its store says so in one sentence
        and saves it once the database is back.

        ``then`` (the page made from what ``work`` read: Jinja, the fragment) runs
        after the turn at the store, still on the player's thread and holding
        :attr:`lock`: the player's lock and, on PostgreSQL, the pooled connection
        that holds it are let go first, and no other request of the player's runs
        between, so what ``then`` shows is what the turn wrote."""

        def locked() -> Any:
            # Every sentence made here is for the page: keys and buttons, not
            # typed commands (late news carries this along to its thread).
            with self.lock, on_page(letter_keys=self.letter_keys):
                if settle is not None and self.guest:
                    result = settle(work)
                elif self.sync is None or self.guest:
                    result = work()
                else:
                    result = self._turn_at_store(self.sync, work, form=settle is not None)
                return result if then is None else then(result)

        return self._thread.submit(locked)

    def now(
        self, work: Callable[[], T | None], first: Callable[[], bool] | None = None
    ) -> T | None:
        """``work`` run at once, on the calling thread (a request's event loop: no
        hop to the player's thread, no turn at the store), when that shows what a
        turn would: no call of the player's is running or waiting, the player is no
        guest (a guest's first form keeps it on disk), and no other process has
        written its store since this one's last turn there
        (:meth:`Store.unchanged_elsewhere
        <pyramide_a11y.storage.Store.unchanged_elsewhere>`; a player kept on
        PostgreSQL never). What ``work`` returned; None when it did not run, or
        declined. ``work`` must change nothing the store keeps, since nothing is
        written (not even the page record: a worker that did not answer shows the
        answer before it), and return None, having done nothing, for anything that
        would. ``first``: asked holding the lock, before the store is looked at;
        False: None, nothing done (a move, which takes its turn, costs no more)."""
        if self.guest or not self._thread.idle() or not self.lock.acquire(blocking=False):
            return None
        try:
            if first is not None and not first():
                return None
            if self.sync is not None and not self.sync.store.unchanged_elsewhere():
                return None
            with on_page(letter_keys=self.letter_keys):
                return work()
        finally:
            self.lock.release()

    def _turn_at_store(self, sync: PlayerSync, work: Callable[[], T], *, form: bool) -> T:
        """``work`` in one turn at the player's store (see :meth:`call`)."""
        entered = False
        try:
            with sync.store.page_turn(PAGE_SETTING, self.writer, look_elsewhere=form) as turn:
                entered = True
                if turn.held_elsewhere:
                    raise StorageError(NoticeKind.UNAVAILABLE, "moves held elsewhere")
                sync.refresh(self, turn.kept)
                shown = self.version
                result = work()
                if form or self.version != shown:  # a read that changed nothing writes nothing
                    turn.page = sync.page(self)
                    turn.unsaved = self.unsaved()
        except StorageError:
            if entered:
                raise
            return self._away(work, form=form)
        if turn.saved:
            self.synced += 1
        return result

    def _away(self, work: Callable[[], T], *, form: bool) -> T:
        """``work`` with the database away: played here all the same (the store says
        so in one sentence and saves it once the database is back), unless another
        worker on this machine played this player last: then a form is answered in
        that sentence and changes nothing (its game is the current one)."""
        if not form:
            return work()
        with player_lock(self.folder):
            if self.writer.other()[0]:
                raise StorageError(NoticeKind.UNAVAILABLE, "another worker plays it")
            result = work()
            self.writer.mark(pending=self.unsaved())
            return result

    def unsaved(self) -> bool:
        """The game in play holds moves not saved yet (as the last turn of this
        session said: it is read right after the move, in the same locked block)."""
        turned = self._turned
        if turned is not None and turned[0] is self.session:
            return turned[1].unsaved
        return self.session.unsaved

    def close(self) -> None:
        """The session closed (the game stays saved) and the player's thread ended."""
        if hasattr(self, "session"):
            self.call(self.session.close).result()

    def receive(self, answer: Answer) -> None:
        """The session's ``emit``: a late answer, from another thread."""
        with self._late_lock:
            self._late.extend(answer.printed)

    def take_late(self) -> list[str]:
        """Late news joins the answer shown; returns it (empty: none came)."""
        with self._late_lock:
            late, self._late = self._late, []
        if late:
            self.answer = [*self.answer, *late]
            self.version += 1
        return late

    def answered(self, answer: Turn | Answer | list[str]) -> None:
        """``answer`` is the new answer of the page (late news taken after it)."""
        if isinstance(answer, Turn):
            self._turned = (self.session, answer)
            self.answer = list(answer.lines)
        else:
            self.answer = list(answer.printed if isinstance(answer, Answer) else answer)
        self.version += 1

    def set_letter_keys(self, on: bool) -> None:
        self.letter_keys = on
        if not self.guest:
            self._write_prefs({"letter_keys": on})

    def _read_prefs(self) -> dict[str, object]:
        try:
            data = json.loads((self.folder / PREFS_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write_prefs(self, prefs: dict[str, object]) -> None:
        # Unwritable: kept for this run only (the game itself is saved by its store).
        with contextlib.suppress(OSError):
            (self.folder / PREFS_FILE).write_text(json.dumps(prefs), encoding="utf-8")


class PlayerSync:
    """One player's page kept in the player's store (the setting
    :data:`PAGE_SETTING`: a version, the answer shown and the rate limit's
    bucket, as JSON), so that every worker serving the player shows the same page
    and plays the same game."""

    def __init__(self, players: Players, storage: GameStorage, store: Store) -> None:
        """``store``: ``storage``'s, open (the player's lock is taken through it)."""
        self.players = players
        self.storage = storage
        self.store = store

    def read(self) -> tuple[int, list[str]]:
        """The version and answer of the page kept in the store (0, []: none yet)."""
        version, answer, _ = self.read_all()
        return version, answer

    def read_all(self) -> tuple[int, list[str], object]:
        """:meth:`read`, and the rate limit's bucket kept with the page (None: none)."""
        return _page_record(self.store.setting(PAGE_SETTING))

    def refresh(self, player: Player, kept: str) -> None:
        """Another worker played since this one last did (``kept``, the page record
        as stored, has another version): the game taken up again from the store,
        and the answer it showed."""
        version, answer, rate = _page_record(kept)
        if version == player.synced:
            return
        self.players.rebuild(player)
        player.writer.forget()
        player.answer, player.synced = answer, version
        player.limit.restore(rate)
        player.version += 1

    @staticmethod
    def page(player: Player) -> str:
        """The page record of what ``player``'s page shows now (late news taken
        into it), as the next version: :attr:`Player.synced` goes up once it is
        written."""
        player.take_late()
        return json.dumps(
            {"version": player.synced + 1, "answer": player.answer, "rate": player.limit.state()}
        )

    def publish(self, player: Player, *, strict: bool = False) -> bool:
        """What the page shows, written for the other workers, outside a turn at
        the store (a guest settled); whether it was. ``strict``: a failure raises
        (:class:`StorageError`) instead."""
        try:
            self.store.save_setting(PAGE_SETTING, self.page(player))
        except StorageError:
            if strict:
                raise
            return False  # not kept: this worker still shows it; the store says why
        player.synced += 1
        return True


def _page_record(text: str) -> tuple[int, list[str], object]:
    """The version, answer and rate bucket of a page record's ``text`` (0, [],
    None: none, or not one)."""
    try:
        data = json.loads(text) if text else {}
    except ValueError:
        return 0, [], None
    if not isinstance(data, dict):
        return 0, [], None
    version, answer = data.get("version", 0), data.get("answer", [])
    if not isinstance(version, int) or not isinstance(answer, list):
        return 0, [], None
    return version, [str(line) for line in answer], data.get("rate")


class Players:
    """The players of the server, made on first visit and found again by id.

    ``hint_finder`` None: the solver's (tests give a quick or slow one). The rate
    limit's ``clock`` is the wall clock, so that workers on several hosts count
    one bucket per player alike (it travels with the player's page).
    """

    def __init__(
        self,
        data_dir: Path,
        *,
        hint_finder: HintFinder | None = None,
        rng: random.Random | None = None,
        burst: float = 40,
        per_second: float = 15,
        clock: Callable[[], float] = time.time,
        game_clock: Callable[[], float] | None = None,
        max_players: int = MAX_PLAYERS,
        par_finder: ParFinder | None = None,
        rules: Rules | None = None,
        language: str = DEFAULT_LANGUAGE,
    ) -> None:
        """``clock`` paces the rate limit; ``game_clock`` (None: the timer's own,
        monotonic) is the games' clock (tests give a fake one). ``rules``: the
        rules of every new deal (None: :data:`WEB_RULES`); ``language``: a new
        player's language when the browser asks for none of ours."""
        self.rules = rules or get_rules(WEB_RULES)
        self.language = language
        self.game_clock = game_clock
        self.root = data_dir / "players"
        # A folder that cannot be made now (a disk gone read-only under a running
        # server): guests still play, and each first form says it cannot be saved;
        # a worker that died here would be respawned for ever. ``pyramide serve``
        # refuses to start on such a folder.
        with contextlib.suppress(OSError):
            self.root.mkdir(parents=True, exist_ok=True)
        self.hint_finder = hint_finder
        self.par_finder = par_finder
        self.rng = rng or random.Random()
        self.burst, self.per_second, self.clock = burst, per_second, clock
        self.max_players = max(1, min(max_players, player_budget()))
        self._players: OrderedDict[str, Player] = OrderedDict()
        self._lock = threading.Lock()
        self.threads = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="web-player")
        """The threads every player's calls run on (:class:`_InTurn`)."""
        self.writer = f"{os.getpid()}-{secrets.token_hex(4)}"
        """This process's name in its players' :class:`WriterMark`."""

    def find(self, player_id: str | None) -> Player | None:
        """The player of ``player_id`` (from the cookie): in memory, or taken up from
        their folder; None for anything that names no player."""
        if not player_id or not PLAYER_ID.match(player_id):
            return None
        with self._lock:
            found = self._players.get(player_id)
            if found is not None:
                self._players.move_to_end(player_id)
                return found
            folder = self.root / player_id
            if not folder.is_dir():
                return None
            player, evicted = self._make(player_id, self.language)
        self._close(evicted)
        return player

    def in_memory(self, player_id: str | None) -> Player | None:
        """The player of ``player_id`` when this process has it in memory and the
        players' lock is free now (counted as seen, as :meth:`find` does); else
        None, and :meth:`find` (off the event loop) decides. Never waits: the
        event loop calls it, and the lock may be held while a store is opened."""
        if not player_id or not self._lock.acquire(blocking=False):
            return None
        try:
            found = self._players.get(player_id)
            if found is not None:
                self._players.move_to_end(player_id)
            return found
        finally:
            self._lock.release()

    def known(self, player_id: str | None) -> Player | None:
        """The player of ``player_id`` when this process has it in memory (nothing
        read from the store): the language a refusal speaks."""
        with self._lock:
            return self._players.get(player_id or "")

    def guest(self, language: str) -> Player:
        """A new player with a fresh id and a new deal, in ``language``, but nothing
        on disk until :meth:`settle`
        (a crawler's visits leave no folder); kept in memory like any player."""
        with self._lock:
            player_id = secrets.token_urlsafe(32)
            player, evicted = self._make(player_id, language, guest=True)
        self._close(evicted)
        return player

    def settle(self, player: Player, work: Callable[[], T]) -> T:
        """A guest's first form: its folder and store made, the deal on the table
        kept (nothing was played yet), the time so far too, then ``work`` (the
        form's) run and the page written, all in one block that is this process's
        alone: another worker settling the same guest at once (its form reached
        that worker) finds this one's game and takes it up, never plays a copy.
        On the player's thread (:meth:`Player.call`): the store is opened there.

        Raises:
            StorageError: the store cannot be made or used now (a full disk, the
                database away): the player stays a guest, nothing changed, and the
                next form tries again (a copy played unsaved beside another
                worker's would be lost).
        """
        if not player.guest:
            return work()
        guest = player.session
        language = guest.settings.language
        # Not made (a full disk): the store says so as it opens (on PostgreSQL the
        # folder holds only locks, and the games are saved all the same).
        with contextlib.suppress(OSError):
            player.folder.mkdir(parents=True, exist_ok=True)
        storage = self._storage(player)
        store = storage.store
        assert store is not None and player.sync is not None  # made with the storage
        try:
            with store.exclusive():
                if player.sync.read()[0] or store.in_progress():
                    # Another worker settled this guest first: its game is the
                    # player's, taken up as it is there.
                    self._take_up(player, language, storage, quiet=False)
                else:
                    self._keep_guest(player, guest, storage, language)
                    player.sync.publish(player, strict=True)
                player.guest = False
                guest.close()
                result = work()
                player.writer.mark(pending=not player.sync.publish(player))
                return result
        except StorageError:
            if player.guest:  # not settled: still a guest, its store let go
                player.sync = None
                store.close()
            raise

    def _keep_guest(
        self, player: Player, guest: Session, storage: GameStorage, language: str
    ) -> None:
        """The guest's deal and time, now kept in ``storage``."""
        storage.save_changes({}, {"language": language})
        with in_language(language):
            player.session = self._session(
                player, guest.source, language, storage, seconds=guest.turn().table.clock.seconds
            )

    def revive(self, player_id: str, deal: str, language: str) -> Player:
        """A player this process does not know although its form token is good: a
        guest another worker showed, or one pushed out of memory. It comes back as a
        guest holding the deal it was shown (``deal``, the code its forms carry;
        a new deal when that is not one of the web game's codes), then its form
        settles it as any guest's first form does."""
        with self._lock:
            found = self._players.get(player_id)
            if found is not None:
                return found
            player, evicted = self._make(player_id, language, guest=True, deal=deal)
        self._close(evicted)
        return player

    def _make(
        self, player_id: str, language: str, *, guest: bool = False, deal: str = ""
    ) -> tuple[Player, list[Player]]:
        """The player made (called holding the lock); the players it pushed out."""
        folder = self.root / player_id
        limit = RateLimit(self.burst, self.per_second, self.clock)
        player = Player(player_id, folder, limit, self.threads, self.writer)
        player.guest = guest
        try:
            if guest:
                player.call(lambda: self._start_guest(player, language, deal)).result()
            else:
                player.call(lambda: self._start(player, language)).result()
        except BaseException:
            player.close()  # not kept: the next request tries again
            raise
        self._players[player_id] = player
        evicted = []
        while len(self._players) > self.max_players:
            evicted.append(self._players.popitem(last=False)[1])
        return player, evicted

    @staticmethod
    def _close(players: list[Player]) -> None:
        """Players pushed out of memory: their sessions closed (games saved)."""
        for player in players:
            player.close()

    def _storage(self, player: Player) -> GameStorage:
        """The player's store, opened (the player's :class:`PlayerSync` made with it).

        Raises:
            StorageError: it cannot be opened now (the database away, a folder that
                cannot be written): the request is answered in one sentence and the
                next one tries again; never a new deal or a copy played unsaved
                beside the game another worker plays.
        """
        store, notices = Store.open(player.folder, player=player.id)
        if store is None:
            kind = notices[-1].kind if notices else NoticeKind.UNAVAILABLE
            raise StorageError(kind, "the player's store cannot be opened")
        # The player's requests are serialised across workers (Player.call), so the
        # per-game locks of the terminal are not wanted: another worker must be
        # able to take the game up at once.
        store.game_locks = False
        storage = GameStorage(store, notices)
        player.sync = PlayerSync(self, storage, store)
        return storage

    def _session(
        self,
        player: Player,
        source: GameSource,
        language: str,
        storage: GameStorage | None,
        *,
        seconds: float = 0.0,
    ) -> Session:
        """A session of the player's on ``source``, on the games' clock (tests give
        a fake one), from ``seconds`` already played (a guest kept on disk)."""
        settings = Settings(language=language, speech=False, sounds=False)
        timer = GameTimer(self.game_clock) if self.game_clock else GameTimer()
        timer.restore(seconds)
        return Session(
            source,
            settings=settings,
            storage=storage,
            timer=timer,
            emit=player.receive,
            rng=self.rng,
            hint_finder=self.hint_finder,
            par_finder=self.par_finder,
            local_files=False,  # ``new NAME``: a deal code, never the server's files
        )

    def rebuild(self, player: Player) -> None:
        """The player's session made again from the store (another worker played
        since): the one in memory is dropped without a word to the store, since its
        game is no longer the saved one."""
        old = player.session
        old.let_go()
        # The same store (this worker holds the player's lock through it), a fresh
        # view of what it keeps: the old view's games and offers are behind.
        store = old.storage.store if old.storage is not None else None
        storage = GameStorage(store) if store is not None else self._storage(player)
        self._start(player, old.settings.language, quiet=True, storage=storage)

    def _start_guest(self, player: Player, language: str, deal: str = "") -> None:
        """A guest's session: the deal of code ``deal`` when it is one of the web
        game's, else a new deal; no store."""
        chosen = normalise_language(language) or DEFAULT_LANGUAGE
        with in_language(chosen):
            source = _web_deal(deal, self.rules) or random_deal(self.rules, self.rng)
            player.session = self._session(player, source, chosen, None)
            player.answered(player.session.opening())

    def _start(
        self,
        player: Player,
        language: str,
        *,
        quiet: bool = False,
        storage: GameStorage | None = None,
    ) -> None:
        """The player's session, on the player's thread: the saved game taken up,
        else a new deal of :data:`WEB_RULES`; its opening is the page's answer
        unless ``quiet``. ``storage`` None: the player's store opened."""
        storage = storage or self._storage(player)
        if quiet or storage.store is None:  # a rebuild holds the player's lock already
            self._take_up(player, language, storage, quiet=quiet)
            return
        # Taken up under the player's lock: another worker's move lands before the
        # game is read or after the version is, never between.
        with storage.store.exclusive():
            self._take_up(player, language, storage, quiet=quiet)

    def _take_up(self, player: Player, language: str, storage: GameStorage, *, quiet: bool) -> None:
        saved = storage.saved_settings().get("language")
        chosen = normalise_language(saved if isinstance(saved, str) else language) or language
        if saved != chosen:  # the language a new player's browser asked for is kept
            storage.save_changes({}, {"language": chosen})
        version, shown, rate = player.sync.read_all() if player.sync else (0, [], None)
        player.limit.restore(rate)  # the bucket another worker (or run) left
        with in_language(chosen):
            # A page takes the game up at once, no question; a store failing now
            # (the server away, busy) fails this request in one sentence instead of
            # dealing a new game over the one another worker is playing.
            source = storage.take_up(
                lambda: random_deal(self.rules, self.rng), at_once=True, held=True
            )
            player.session = self._session(player, source, chosen, storage)
            if not quiet:
                opening = player.session.opening()
                # A page another worker (or this server before a restart) showed is
                # what the player last heard: it stays; else the opening.
                player.answered(shown if version else opening)
                player.synced = version

    def close(self) -> None:
        """Every session closed: games saved, stores closed."""
        with self._lock:
            players, self._players = list(self._players.values()), OrderedDict()
        for player in players:
            player.close()
        self.threads.shutdown(wait=True)


def player_budget() -> int:
    """Players one process may keep in memory without running out of files: on
    SQLite each keeps its database open (:data:`FILES_PER_PLAYER`), so the least
    recently seen are closed past what the open-files limit leaves; on PostgreSQL
    they share a pool of connections (no bound here)."""
    if database_url() is not None:
        return MAX_PLAYERS
    try:
        import resource

        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return MAX_PLAYERS
    if soft == resource.RLIM_INFINITY:
        return MAX_PLAYERS
    try:
        in_use = len(os.listdir("/proc/self/fd"))
    except OSError:
        in_use = 0
    return max(1, (soft - in_use - RESERVED_FILES) // FILES_PER_PLAYER)


class _InTurn:
    """One player's calls, run one at a time in the order given, on the server's
    shared ``threads`` (a call waiting for its turn holds no thread)."""

    def __init__(self, threads: ThreadPoolExecutor) -> None:
        self._threads = threads
        self._waiting: deque[tuple[Callable[[], Any], Future[Any]]] = deque()
        self._lock = threading.Lock()
        self._running = False

    def submit(self, work: Callable[[], T]) -> Future[T]:
        future: Future[T] = Future()
        with self._lock:
            self._waiting.append((work, future))
            if self._running:
                return future
            self._running = True
        self._threads.submit(self._drain)
        return future

    def idle(self) -> bool:
        """No call is running or waiting (a call run now would break no order)."""
        with self._lock:
            return not self._running

    def _drain(self) -> None:
        while True:
            with self._lock:
                if not self._waiting:
                    self._running = False
                    return
                work, future = self._waiting.popleft()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result, failed = work(), None
            except BaseException as err:
                result, failed = None, err
            # Idle before the result is handed over: the request it wakes may send
            # the next at once, and must find the player idle (Player.now).
            with self._lock:
                last = not self._waiting
                if last:
                    self._running = False
            if failed is None:
                future.set_result(result)
            else:
                future.set_exception(failed)
            if last:
                return


def _web_deal(code: str, rules: Rules) -> GameSource | None:
    """The deal of ``code`` when it is a deal code of the web game's preset."""
    try:
        parsed = parse_code(code.strip()) if 0 < len(code) <= 40 else None
    except ValueError:
        return None
    if parsed is None or parsed.rules.name != rules.name:
        return None
    return coded_source(parsed)
