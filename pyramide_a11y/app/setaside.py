"""The game a new deal (or a replay) replaced, kept while undo can bring it back:
until the player plays an action in the new game.

The session keeps one :class:`SetAside`; with storage, the autosaved game is set
aside, brought back or left for good along with it (``GameStorage.set_aside``,
``bring_back``, ``drop_left``). :meth:`SetAside.forget` is the moment a game
left with a move played is over (lost): its par may be sought then, never
before (``Play`` asks :meth:`~.par.Pars.left`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from pyramide_a11y.engine import Game

from .autosave import GameStorage
from .sources import GameSource


@dataclass
class LeftGame:
    """A game left for a new deal, exactly as it was."""

    source: GameSource
    game: Game
    elapsed: float
    focus: int
    focus_heard: bool
    keep_par: Callable[[int], None] | None = None
    """Keeps the deal's par with this game's record (set by :meth:`SetAside.keep`
    with storage): see ``GameStorage.left_par_keeper``."""


class SetAside:
    """At most one :class:`LeftGame`: the one the first new deal in a row replaced
    (a new deal not played yet is simply replaced: undo then goes back to the game
    before it)."""

    def __init__(self, storage: GameStorage | None) -> None:
        self.storage = storage
        self.left: LeftGame | None = None

    def keep(self, left: LeftGame) -> None:
        """A new deal replaces ``left`` (while no game is kept: see the class)."""
        self.left = left
        if self.storage is not None:
            self.storage.set_aside()
            self.left = replace(left, keep_par=self.storage.left_par_keeper())

    def bring_back(self) -> LeftGame | None:
        """Undo right after a new deal: the game it replaced (None: there is none)."""
        left, self.left = self.left, None
        if left is not None and self.storage is not None:
            self.storage.bring_back()
        return left

    def forget(self) -> LeftGame | None:
        """The player moved on in the new game: the one left cannot come back. It is
        returned (None: there was none), over for good: lost if a move was played."""
        left, self.left = self.left, None
        if left is not None and self.storage is not None:
            self.storage.drop_left()
        return left
