"""Commands: typed text → actions, in two levels.

:func:`parse_command` (syntax, no table) raises :class:`CommandSyntaxError`;
:func:`resolve` (cards on the table) raises :class:`NoSuchCardError` or
:class:`AmbiguousCardError`. Illegal moves are the engine's refusals.
"""

from pyramide_a11y.engine.text import fold

from .refusals import syntax_refusal
from .resolve import AmbiguousCardError, NoSuchCardError, resolve, resolve_card
from .syntax import (
    Action,
    BadSettingValue,
    CardSpec,
    Command,
    CommandError,
    CommandSyntaxError,
    LetterAloneError,
    ListVoices,
    NewGame,
    NoSuchRowError,
    NotACardError,
    Rows,
    SetLanguage,
    SetRate,
    SetSpeechRoute,
    SetSwitch,
    SetThink,
    SettingCommand,
    SetVerbosity,
    SetVoice,
    SetVolume,
    Simple,
    Switch,
    TooManyCardsError,
    Touch,
    UnknownCommandError,
    Where,
    WhereNeedsSuitError,
    parse_cards,
    parse_command,
    setting_value,
)

__all__ = [
    "Action",
    "AmbiguousCardError",
    "BadSettingValue",
    "CardSpec",
    "Command",
    "CommandError",
    "CommandSyntaxError",
    "LetterAloneError",
    "ListVoices",
    "NewGame",
    "NoSuchCardError",
    "NoSuchRowError",
    "NotACardError",
    "Rows",
    "SetLanguage",
    "SetRate",
    "SetSpeechRoute",
    "SetSwitch",
    "SetThink",
    "SetVerbosity",
    "SetVoice",
    "SetVolume",
    "SettingCommand",
    "Simple",
    "Switch",
    "TooManyCardsError",
    "Touch",
    "UnknownCommandError",
    "Where",
    "WhereNeedsSuitError",
    "fold",
    "parse_cards",
    "parse_command",
    "resolve",
    "resolve_card",
    "setting_value",
    "syntax_refusal",
]
