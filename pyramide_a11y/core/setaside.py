"""The games new deals (or replays) replaced this session, kept so that undo can
bring each back in turn: undo past the start of a deal brings back the deal
before it, as many times as there are deals left behind. No keystroke can lose a
game (a word typed in keyboard mode runs letter by letter: ``u n d o`` deals anew
and draws, and two undos bring the game back).

Each game left is one record, :class:`LeftGame`: its deal, the game, its time and
focus as they were, and, with storage, its saved-game handle (``saved``). The
session keeps one :class:`SetAside`, the stack of those records; storage keeps no
stack of its own, it acts on the handle it is given (``GameStorage.record_left``,
``bring_back``, ``close``). The deal in play is one record too, :class:`InPlay`.
A game set aside is recorded as left when the player first acts in the deal
after it (:meth:`SetAside.record_left`, run just before that action is saved),
and reopened if undo brings it back.
:meth:`SetAside.forget` is that same moment for the par: it may be sought then,
never before (``Play`` asks :meth:`~.par.Pars.left`); undo can still bring the game
back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.sources import GameSource
from pyramide_a11y.engine import Game
from pyramide_a11y.storage import AutosavedGame


@dataclass
class InPlay:
    """The deal in play, one record: where it came from, the game, and its
    saved-game handle (None: no storage, or the game is not kept). Its time is
    the session's clock while it is in play; set aside, a :class:`LeftGame` keeps
    it as a value."""

    source: GameSource
    game: Game
    saved: AutosavedGame | None = None


@dataclass
class LeftGame:
    """A game left for a new deal, exactly as it was: one record of its life."""

    source: GameSource
    game: Game
    elapsed: float
    """Its time when it was left, in seconds: the time its record is given."""
    focus: int
    focus_heard: bool
    keep_par: Callable[[int], None] | None = None
    """Keeps the deal's par with this game's record (set by :meth:`SetAside.keep`
    with storage): see ``GameStorage.par_keeper_of``."""
    moved_on: bool = False
    """An action was played in the deal that replaced it (its par may be sought)."""
    saved: AutosavedGame | None = None
    """Its saved-game handle (None: no storage, or no record)."""
    recorded: bool = False
    """Its result was recorded as left (undo bringing it back takes it back)."""

    @property
    def elapsed_ms(self) -> int:
        return int(self.elapsed * 1000)


class SetAside:
    """The :class:`LeftGame` stack, oldest first. A new deal with nothing to undo in
    it (as dealt) is simply replaced, not stacked: undo then goes back to the game
    before it."""

    def __init__(self, storage: GameStorage | None) -> None:
        self.storage = storage
        self.games: list[LeftGame] = []

    @property
    def left(self) -> LeftGame | None:
        """The game left last: the one undo brings back next (None: there is none)."""
        return self.games[-1] if self.games else None

    def keep(self, left: LeftGame) -> None:
        """A new deal replaces ``left`` (with its saved-game handle): it goes on top
        of the stack, in progress and locked, instead of being left."""
        if self.storage is not None:
            left = replace(left, keep_par=self.storage.par_keeper_of(left.saved))
        self.games.append(left)

    def record_left(self) -> None:
        """The player acts in the deal after the game left last, for the first time:
        its result is recorded now (once; undo may still bring it back)."""
        left = self.left
        if self.storage is None or left is None or left.saved is None or left.recorded:
            return
        self.storage.record_left(left.saved, left.elapsed_ms)
        left.recorded = True  # even unsaved: a bring back reopens it, which is harmless

    def bring_back(self, leaving: AutosavedGame | None) -> LeftGame | None:
        """Undo past the start of a deal (``leaving``, its handle): the game left
        last (None: there is none, and nothing changes)."""
        if not self.games:
            return None
        left = self.games.pop()
        if self.storage is not None:
            self.storage.bring_back(left.saved, leaving=leaving, reopen=left.recorded)
        return left

    def forget(self) -> LeftGame | None:
        """The player acted in the new game: the game left last, the first time only
        (None: none, or said already). It stays on the stack: undo can still bring it
        back."""
        left = self.left
        if left is None or left.moved_on:
            return None
        left.moved_on = True
        return left

    def handles(self) -> list[tuple[AutosavedGame, int]]:
        """The saved-game handles of the games set aside, oldest first, each with
        its time (for ``GameStorage.close``)."""
        return [(left.saved, left.elapsed_ms) for left in self.games if left.saved is not None]
