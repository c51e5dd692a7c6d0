"""Commands resolved against the table: what :meth:`Session.perform
<pyramide_a11y.core.session.Session.perform>` takes.

A typed line is read in two steps, as python-chess reads SAN: ``parse_command``
(syntax, no table) gives a :data:`~pyramide_a11y.commands.Command`;
:func:`resolve_command` (the table of one game) turns its cards as typed into the
cards they name, and gives a :data:`Resolved` command. A page's button is a
resolved command already (a card button names its card in full): nothing worded
in the player's language is parsed back, and nothing is taken apart and rebuilt.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyramide_a11y.commands import (
    Action,
    Command,
    NewGame,
    Rows,
    SetLanguage,
    SettingCommand,
    Simple,
    Touch,
    TouchCards,
    Where,
    resolve,
)
from pyramide_a11y.engine import Card, Game

__all__ = [
    "Action",
    "Resolved",
    "SetLanguage",
    "Simple",
    "TabClock",
    "TouchCards",
    "WhereCard",
    "resolve_command",
]


@dataclass(frozen=True)
class WhereCard:
    """``where`` a card is on the table."""

    card: Card


@dataclass(frozen=True)
class TabClock:
    """The front end's window was hidden (``hidden``: the clock pauses) or shown
    again (it runs on, as any activity does). Silent: the player typed nothing,
    so nothing is said and the table does not change."""

    hidden: bool


Resolved = Simple | TouchCards | Rows | WhereCard | NewGame | SettingCommand | TabClock
"""A command ready to act on one game: every card it names is a card."""


def resolve_command(command: Command, game: Game) -> Resolved:
    """``command`` with its cards as typed resolved on ``game``'s table (rank-only
    shorthand); a command that names no card is returned as it is.

    Raises:
        NoSuchCardError: a rank alone that no playable card has.
        AmbiguousCardError: a rank alone that several playable cards have.
    """
    match command:
        case Touch(cards):
            return TouchCards(resolve(cards, game))
        case Where(spec):
            return WhereCard(resolve((spec,), game)[0])
    return command
