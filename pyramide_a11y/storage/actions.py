"""The action log: what a player did, as plain tokens, and the replay that rebuilds
the exact :class:`~pyramide_a11y.engine.Game` from it.

A token is one of:

- a move in canonical notation: ``KD``, ``10C+3S``, ``draw``, ``recycle``;
- ``undo``;
- ``select QD`` (touching a card: it may select it, complete a pair, remove a King
  or cancel, exactly as :meth:`Game.select` decides);
- ``cancel``.

Only actions that changed something are logged (an accepted action, or a refused
pair that moved the selection), so replaying the log applies every token without
a refusal, except a refused ``select`` that moved the selection. Because the engine
is deterministic, replaying the tokens in order gives back the position, the move
counter, the seen cards, the selection and the undo history exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pyramide_a11y.engine import Card, Game, Layout, Move, Outcome, Refusal, Rules, parse_move

UNDO = "undo"
CANCEL = "cancel"
SELECT = "select"


class ActionLogError(ValueError):
    """A token that is not an action, or a log that does not replay on its deal."""


def select_token(card: Card) -> str:
    """The token for touching ``card``."""
    return f"{SELECT} {card}"


def move_token(move: Move) -> str:
    """The token for playing ``move``: its canonical notation."""
    return str(move)


def normalise_token(token: str) -> str:
    """The canonical spelling of ``token`` (``select qd`` → ``select QD``).

    Raises:
        ActionLogError: not an action token.
    """
    word = " ".join(token.split()).lower()
    if word in (UNDO, CANCEL):
        return word
    try:
        if word.startswith(SELECT + " "):
            return select_token(Card.parse(word[len(SELECT) + 1 :]))
        return move_token(parse_move(word))
    except ValueError as err:
        raise ActionLogError(f"not an action: {token!r} ({err})") from None


def apply_token(game: Game, token: str) -> Outcome:
    """Apply one action token to ``game`` and return what the engine answered.

    Raises:
        ActionLogError: the token is not an action.
    """
    word = normalise_token(token)
    if word == UNDO:
        return game.undo()
    if word == CANCEL:
        return game.cancel()
    if word.startswith(SELECT + " "):
        return game.select(Card.parse(word[len(SELECT) + 1 :]))
    return game.play(parse_move(word))


def changed_state(before: tuple[object, ...], game: Game) -> bool:
    """Whether an action changed what the log must keep: position, selection, move
    counter or undo depth. ``before`` is :func:`state_of` taken before the action."""
    return before != state_of(game)


def state_of(game: Game) -> tuple[object, ...]:
    """What an action can change, to tell whether it must be logged."""
    return (game.position, game.selected, game.moves, len(game.history))


@dataclass(eq=False)
class LoggedGame(Game):
    """A :class:`Game` that reports each action that changed it, as a token, to
    ``on_action`` (after the action, before returning to the caller).

    The interface plays it exactly like a Game (``select``, ``draw``, ``undo`` …);
    an action made of others (a touch that removes a King, a draw) is reported
    once, as the action the caller asked for.
    """

    on_action: Callable[[str], None] | None = field(default=None, repr=False)
    _acting: bool = field(init=False, default=False, repr=False)

    def _report(self, token: str, act: Callable[[], Outcome]) -> Outcome:
        if self._acting:
            return act()
        before = state_of(self)
        self._acting = True
        try:
            outcome = act()
        finally:
            self._acting = False
        if self.on_action is not None and changed_state(before, self):
            self.on_action(token)
        return outcome

    def play(self, move: Move) -> Outcome:
        return self._report(move_token(move), lambda: Game.play(self, move))

    def select(self, card: Card) -> Outcome:
        return self._report(select_token(card), lambda: Game.select(self, card))

    def cancel(self) -> Outcome:
        return self._report(CANCEL, lambda: Game.cancel(self))

    def undo(self) -> Outcome:
        return self._report(UNDO, lambda: Game.undo(self))


def replay(layout: Layout, rules: Rules, tokens: Iterable[str]) -> LoggedGame:
    """The game after playing ``tokens`` on ``layout`` under ``rules`` (with no
    ``on_action`` set).

    Every token must change the game, as when it was logged; a token that changes
    nothing means the log does not belong to this deal or these rules.

    Raises:
        ActionLogError: a token is not an action, or does not apply (with its number).
        LayoutError: the layout does not fit the rules.
    """
    game = LoggedGame(layout, rules)
    for number, token in enumerate(tokens, start=1):
        before = state_of(game)
        outcome = apply_token(game, token)
        if not changed_state(before, game):
            reason = outcome.reason.value if isinstance(outcome, Refusal) else "no change"
            raise ActionLogError(f"action {number} ({token}) does not apply: {reason}")
    return game
