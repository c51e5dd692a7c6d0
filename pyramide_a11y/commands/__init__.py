"""Commands: typed text → actions, in two levels.

:func:`parse_command` (syntax, no table) raises :class:`CommandSyntaxError`;
:func:`resolve` (cards on the table) raises :class:`NoSuchCardError` or
:class:`AmbiguousCardError`. Illegal moves are the engine's refusals.
"""

from .resolve import AmbiguousCardError, NoSuchCardError, resolve, resolve_card
from .syntax import (
    Action,
    CardSpec,
    Command,
    CommandError,
    CommandSyntaxError,
    NewGame,
    Rows,
    Setting,
    Simple,
    Touch,
    Where,
    fold,
    parse_cards,
    parse_command,
)

__all__ = [
    "Action",
    "AmbiguousCardError",
    "CardSpec",
    "Command",
    "CommandError",
    "CommandSyntaxError",
    "NewGame",
    "NoSuchCardError",
    "Rows",
    "Setting",
    "Simple",
    "Touch",
    "Where",
    "fold",
    "parse_cards",
    "parse_command",
    "resolve",
    "resolve_card",
]
