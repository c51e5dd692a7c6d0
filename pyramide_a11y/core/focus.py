"""Keyboard mode and the focus among the playable cards.

The arrows move the focus (Left/Right: the previous/next playable card; Up/Down:
the nearest playable card in the row above/below, the piles counting as a row
under the pyramid); Enter selects the focused card. The session keeps one
:class:`Focus` and hands it the game; the sentences come from narration.
"""

from __future__ import annotations

import enum

from pyramide_a11y.engine import Card, Game
from pyramide_a11y.engine.geometry import ROW_COL
from pyramide_a11y.narration import answers

PILES_ROW = 7
"""The row the piles count as, under the pyramid's seven."""


class Direction(enum.StrEnum):
    """An arrow key of keyboard mode (a str: also the key's name in prompt_toolkit)."""

    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"


class Focus:
    """Where the focus is, whether it was heard, and whether keyboard mode is on."""

    def __init__(self) -> None:
        self.index = 0
        self.heard = False
        """Whether an arrow has spoken the focus in this deal yet."""
        self.keyboard_mode = False
        """Keyboard mode (the one-key controls of the rules of ``paciencia``), entered
        only on purpose: the command ``keyboard``/``teclado`` or F2; left by Escape, F2
        or a typed word."""

    def start_over(self, index: int = 0, heard: bool = False) -> None:
        """A new deal (the first card, not heard yet), or a game brought back."""
        self.index, self.heard = index, heard

    @staticmethod
    def cards(game: Game) -> list[Card]:
        """The playable cards, in the order the arrows go through them."""
        return list(game.position.playable_cards(game.rules))

    def focused(self, game: Game) -> Card | None:
        """The focused card, once an arrow has said one in this deal."""
        cards = self.cards(game)
        if not cards or not self.heard:
            return None
        return cards[min(self.index, len(cards) - 1)]

    def move(self, game: Game, direction: Direction) -> list[str]:
        """An arrow: the card focused now."""
        cards = self.cards(game)
        if not cards:
            return answers.no_focus()
        index = min(self.index, len(cards) - 1)
        if not self.heard and direction in (Direction.RIGHT, Direction.LEFT):
            # The first arrow of a deal says the first card (or, leftwards, the last)
            # rather than step over a card the player never heard.
            index = 0 if direction is Direction.RIGHT else len(cards) - 1
        elif direction is Direction.RIGHT:
            index = (index + 1) % len(cards)
        elif direction is Direction.LEFT:
            index = (index - 1) % len(cards)
        else:
            down = direction is Direction.DOWN
            moved = _row_step(game, cards, index, 1 if down else -1)
            if moved == index and self.heard:
                # No row that way: say so, or the same card again sounds like a move.
                return answers.focus_edge(cards[index], game, down)
            index = moved
        self.index = index
        self.heard = True
        return answers.focus(cards[index], game)

    def activate(self, game: Game) -> Card | None:
        """Enter or Space: the card to select (None: no playable card), which is the
        focus from now on."""
        cards = self.cards(game)
        if not cards:
            return None
        self.heard = True
        return cards[min(self.index, len(cards) - 1)]

    def follow(self, game: Game, focused: Card | None, lines: list[str]) -> None:
        """Keep the focus on ``focused`` after an action; when that card left play, the
        focus goes to the card now in its place, and in keyboard mode ``lines`` end
        by naming it (the player did not move it)."""
        if focused is None or not self.heard:
            return  # nothing was focused, or a new deal started over
        cards = self.cards(game)
        if focused in cards:
            self.index = cards.index(focused)
            return
        self.index = min(self.index, max(0, len(cards) - 1))
        if self.keyboard_mode:
            lines.extend(answers.focus_moved(cards[self.index] if cards else None, game, lines))


def _row_step(game: Game, cards: list[Card], index: int, step: int) -> int:
    """The first card of the nearest row above (``step`` -1) or below (1) that has a
    playable card; ``index`` again when there is none."""
    pyramid = game.position.pyramid

    def row_of(card: Card) -> int:
        return ROW_COL[pyramid.index(card)][0] if card in pyramid else PILES_ROW

    here = row_of(cards[index])
    rows = sorted({row_of(c) for c in cards})
    targets = [r for r in rows if (r - here) * step > 0]
    if not targets:
        return index
    target = min(targets, key=lambda r: abs(r - here))
    return next(i for i, c in enumerate(cards) if row_of(c) == target)
