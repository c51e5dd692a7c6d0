"""The players of one server: each an unguessable id, a session, its own store.

A player's games live in ``<data_dir>/players/<id>/`` (the terminal game's SQLite
store, through :class:`~.core.GameStorage`): every move is saved as it is played,
and a player who comes back (even after a restart of the server) takes the game
up where it was. :class:`Players` finds or makes them; :class:`Player` keeps the
session with what the page needs besides it: the last answer, late news (a hint
that thought, a deal's par), the single-letter keys switch and the rate limit.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from pyramide_a11y.engine import get_rules
from pyramide_a11y.i18n import DEFAULT_LANGUAGE, in_language, normalise_language

from .core import (
    Answer,
    GameSource,
    GameStorage,
    GameTimer,
    HintFinder,
    Session,
    Settings,
    random_deal,
)

PLAYER_ID = re.compile(r"^[A-Za-z0-9_-]{43}$")
"""What ``secrets.token_urlsafe(32)`` gives: nothing else names a player."""
WEB_RULES = "paciencia"
"""The web game's preset (seed 004)."""
PREFS_FILE = "web.json"
MAX_PLAYERS = 500
"""Players kept in memory at most; the least recently seen is closed (its game is
saved) and taken up again from its folder when it comes back."""
T = TypeVar("T")


class RateLimit:
    """A token bucket: ``burst`` commands at once, then ``per_second``."""

    def __init__(self, burst: float, per_second: float, clock: Callable[[], float]) -> None:
        self.burst, self.per_second, self.clock = burst, per_second, clock
        self.tokens = burst
        self.last = clock()

    def allow(self) -> bool:
        """True (and one command counted) when a command may go now."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Player:
    """One player: the session and the page's state around it.

    Everything that touches the session runs through :meth:`call`: on the
    player's own thread (its SQLite store can be used only on the thread that
    opened it), one call at a time, in the order given.
    """

    def __init__(self, player_id: str, folder: Path, limit: RateLimit) -> None:
        self.id = player_id
        self.folder = folder
        self.lock = threading.Lock()
        self.limit = limit
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="web-player")
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

    def call(self, work: Callable[[], T]) -> Future[T]:
        """Run ``work`` on the player's thread, holding :attr:`lock`; its future."""

        def locked() -> T:
            with self.lock:
                return work()

        return self._thread.submit(locked)

    def close(self) -> None:
        """The session closed (the game stays saved) and the player's thread ended."""
        if hasattr(self, "session"):
            self.call(self.session.close).result()
        self._thread.shutdown(wait=True)

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

    def answered(self, answer: Answer | list[str]) -> None:
        """``answer`` is the new answer of the page (late news taken after it)."""
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


class Players:
    """The players of the server, made on first visit and found again by id.

    ``hint_finder`` None: the solver's (tests give a quick or slow one).
    """

    def __init__(
        self,
        data_dir: Path,
        *,
        hint_finder: HintFinder | None = None,
        rng: random.Random | None = None,
        burst: float = 40,
        per_second: float = 15,
        clock: Callable[[], float] = time.monotonic,
        game_clock: Callable[[], float] | None = None,
        max_players: int = MAX_PLAYERS,
    ) -> None:
        """``clock`` paces the rate limit; ``game_clock`` (None: the timer's own,
        monotonic) is the games' clock (tests give a fake one)."""
        self.game_clock = game_clock
        self.root = data_dir / "players"
        self.root.mkdir(parents=True, exist_ok=True)
        self.hint_finder = hint_finder
        self.rng = rng or random.Random()
        self.burst, self.per_second, self.clock = burst, per_second, clock
        self.max_players = max(1, max_players)
        self._players: OrderedDict[str, Player] = OrderedDict()
        self._lock = threading.Lock()

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
            player, evicted = self._make(player_id, DEFAULT_LANGUAGE)
        self._close(evicted)
        return player

    def create(self, language: str) -> Player:
        """A new player with a fresh id and a new deal, in ``language``, kept on disk."""
        with self._lock:
            player_id = secrets.token_urlsafe(32)
            (self.root / player_id).mkdir()
            player, evicted = self._make(player_id, language)
        self._close(evicted)
        return player

    def guest(self, language: str) -> Player:
        """A new player as :meth:`create`, but nothing on disk until :meth:`settle`
        (a crawler's visits leave no folder); kept in memory like any player."""
        with self._lock:
            player_id = secrets.token_urlsafe(32)
            player, evicted = self._make(player_id, language, guest=True)
        self._close(evicted)
        return player

    def settle(self, player: Player) -> None:
        """A guest's first form: its folder and store made, the deal on the table
        kept (nothing was played yet), the time so far too. On the player's thread
        (:meth:`Player.call`): the store is opened there. Nothing for a player
        already kept."""
        if not player.guest:
            return
        guest = player.session
        player.folder.mkdir(parents=True, exist_ok=True)
        storage = self._storage(player)
        language = guest.settings.language
        storage.save_changes({}, {"language": language})
        storage.timer.restore(guest.timer.elapsed())
        with in_language(language):
            player.session = self._session(player, guest.source, language, storage)
        player.guest = False
        guest.close()

    def _make(
        self, player_id: str, language: str, *, guest: bool = False
    ) -> tuple[Player, list[Player]]:
        """The player made (called holding the lock); the players it pushed out."""
        folder = self.root / player_id
        player = Player(player_id, folder, RateLimit(self.burst, self.per_second, self.clock))
        player.guest = guest
        start = self._start_guest if guest else self._start
        player.call(lambda: start(player, language)).result()
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
        storage = GameStorage.open(player.folder)
        if self.game_clock is not None:
            storage.timer = GameTimer(self.game_clock)
        return storage

    def _session(
        self,
        player: Player,
        source: GameSource,
        language: str,
        storage: GameStorage | None,
    ) -> Session:
        settings = Settings(language=language, speech=False, sounds=False)
        timer = None
        if storage is None:
            timer = GameTimer(self.game_clock) if self.game_clock else GameTimer()
        return Session(
            source,
            settings=settings,
            storage=storage,
            timer=timer,
            emit=player.receive,
            rng=self.rng,
            hint_finder=self.hint_finder,
        )

    def _start_guest(self, player: Player, language: str) -> None:
        """A guest's session: a new deal, no store."""
        chosen = normalise_language(language) or DEFAULT_LANGUAGE
        with in_language(chosen):
            source = random_deal(get_rules(WEB_RULES), self.rng)
            player.session = self._session(player, source, chosen, None)
            player.answered(player.session.opening())

    def _start(self, player: Player, language: str) -> None:
        """The player's session, on the player's thread: the saved game taken up,
        else a new deal of :data:`WEB_RULES`."""
        storage = self._storage(player)
        saved = storage.saved_settings().get("language")
        chosen = normalise_language(saved if isinstance(saved, str) else language) or language
        if saved != chosen:  # the language a new player's browser asked for is kept
            storage.save_changes({}, {"language": chosen})
        with in_language(chosen):
            source = storage.resume_saved()
            if source is not None:
                storage.accept_offer()  # a page takes the game up at once, no question
            else:
                source = random_deal(get_rules(WEB_RULES), self.rng)
            player.session = self._session(player, source, chosen, storage)
            player.answered(player.session.opening())

    def close(self) -> None:
        """Every session closed: games saved, stores closed."""
        with self._lock:
            players, self._players = list(self._players.values()), OrderedDict()
        for player in players:
            player.close()
