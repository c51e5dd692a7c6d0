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

from pyramide_a11y.engine import (
    Action,
    Cancel,
    Card,
    Game,
    Layout,
    Move,
    Observer,
    Outcome,
    Refusal,
    Rules,
    Select,
    Undo,
    parse_move,
)

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


def action_token(action: Action) -> str:
    """The token for ``action``, as the engine reports it to its observers."""
    match action:
        case Select(card):
            return select_token(card)
        case Cancel():
            return CANCEL
        case Undo():
            return UNDO
        case _:
            return move_token(action)


def log_actions(game: Game, on_action: Callable[[str], None]) -> Observer:
    """Report each action that changes ``game`` from now on, as a token, to
    ``on_action`` (after the action, before it returns to the caller).

    An action made of others (a touch that removes a King, a draw) is reported
    once, as the action the caller asked for (see :attr:`Game.observers`).
    Returns the observer registered, to stop with ``game.observers.remove``.
    """

    def observer(action: Action) -> None:
        on_action(action_token(action))

    game.observers.append(observer)
    return observer


def played_line(game: Game) -> int:
    """The moves of the line on the table: played and not undone (draws and
    recycles count). This, not :attr:`Game.moves` (every move ever played, undone
    ones too), is what compares with a deal's par.
    """
    return game.line_length


def game_at_result(layout: Layout, rules: Rules, tokens: Iterable[str], *, won: bool) -> Game:
    """A logged game as it was when its result was decided: at its first win
    (``won``), else after its last action (the game was left).

    Raises:
        ActionLogError: a token is not an action.
        LayoutError: the layout does not fit the rules.
    """
    game = Game(layout, rules)
    for token in tokens:
        apply_token(game, token)
        if won and game.won:
            break
    return game


def replay(layout: Layout, rules: Rules, tokens: Iterable[str]) -> Game:
    """The game after playing ``tokens`` on ``layout`` under ``rules`` (with no
    observer left on it).

    Every token must change the game, as when it was logged; a token that changes
    nothing means the log does not belong to this deal or these rules.

    Raises:
        ActionLogError: a token is not an action, or does not apply (with its number).
        LayoutError: the layout does not fit the rules.
    """
    game = Game(layout, rules)
    changed: list[Action] = []
    game.observers.append(changed.append)
    for number, token in enumerate(tokens, start=1):
        changed.clear()
        outcome = apply_token(game, token)
        if not changed:
            reason = outcome.reason.value if isinstance(outcome, Refusal) else "no change"
            raise ActionLogError(f"action {number} ({token}) does not apply: {reason}")
    game.observers.clear()
    return game
