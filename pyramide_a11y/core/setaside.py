"""The games new deals (or replays) replaced this session, kept so that undo can
bring each back in turn: undo past the start of a deal brings back the deal
before it, as many times as there are deals left behind. No keystroke can lose a
game (a word typed in keyboard mode runs letter by letter: ``u n d o`` deals anew
and draws, and two undos bring the game back).

The session keeps one :class:`SetAside`; with storage, each autosaved game is set
aside or brought back along with it (``GameStorage.set_aside``, ``bring_back``):
recorded as left when the player acts in the deal after it, reopened if undo
brings it back (see ``GameStorage.set_aside_games``). :meth:`SetAside.forget` is
that same moment for the par: it may be sought then, never before (``Play`` asks
:meth:`~.par.Pars.left`); undo can still bring the game back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.sources import GameSource
from pyramide_a11y.engine import Game


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
    moved_on: bool = False
    """An action was played in the deal that replaced it (its par may be sought)."""


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
        """A new deal replaces ``left``: it goes on top of the stack."""
        if self.storage is not None:
            self.storage.set_aside()
            left = replace(left, keep_par=self.storage.left_par_keeper())
        self.games.append(left)

    def bring_back(self) -> LeftGame | None:
        """Undo past the start of a deal: the game left last (None: there is none)."""
        if not self.games:
            return None
        if self.storage is not None:
            self.storage.bring_back()
        return self.games.pop()

    def forget(self) -> LeftGame | None:
        """The player acted in the new game: the game left last, the first time only
        (None: none, or said already). It stays on the stack: undo can still bring it
        back."""
        left = self.left
        if left is None or left.moved_on:
            return None
        left.moved_on = True
        return left
