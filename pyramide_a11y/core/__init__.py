"""The play core: one player's session, front-end neutral.

A session (:class:`~pyramide_a11y.core.session.Session`) takes a command, or a typed
line, and returns an :class:`~pyramide_a11y.core.answer.Answer`; the front ends
(``terminal``, ``web``, ``cli``) deliver it. Nothing here imports argparse,
prompt_toolkit or the speech package (``tests/test_layers.py`` checks it).

The names in :data:`__all__` are the core's public face: a front end imports them
from this package, never from a submodule (the web is held to it by
``tests/test_layers.py``). They are loaded when first used (:func:`__getattr__`),
so a command line that only builds its parser pays for none of the core.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# The public names are said once, in :data:`_HOMES`; the type checker sees them
# here (``tests/core/test_core_imports.py`` checks the two agree).
if TYPE_CHECKING:  # the real names for the type checker; loaded lazily at run time
    from pyramide_a11y.commands import Action, SetLanguage, Simple
    from pyramide_a11y.core.answer import Answer
    from pyramide_a11y.core.autosave import GameStorage
    from pyramide_a11y.core.hinting import HintFinder
    from pyramide_a11y.core.par import ParFinder
    from pyramide_a11y.core.resolved import (
        Resolved,
        TabClock,
        TouchCards,
        WhereCard,
        resolve_command,
    )
    from pyramide_a11y.core.session import GOODBYE_WAIT, Session
    from pyramide_a11y.core.settings import Settings, StartOptions, StartSettings, read_start
    from pyramide_a11y.core.sources import GameSource, SourceError, coded_source, random_deal
    from pyramide_a11y.core.table import Cell, ClockState, Pile, TableState, changed_places
    from pyramide_a11y.core.timer import GameTimer
    from pyramide_a11y.core.turn import Turn

_HOMES = {
    # The commands that are resolved as they are: part of what ``perform`` takes.
    "Action": "resolved",
    "SetLanguage": "resolved",
    "Simple": "resolved",
    "Answer": "answer",
    "GOODBYE_WAIT": "session",
    "GameSource": "sources",
    "GameStorage": "autosave",
    "GameTimer": "timer",
    "Turn": "turn",
    "Cell": "table",
    "ClockState": "table",
    "Pile": "table",
    "TableState": "table",
    "changed_places": "table",
    "HintFinder": "hinting",
    "ParFinder": "par",
    "Resolved": "resolved",
    "TabClock": "resolved",
    "TouchCards": "resolved",
    "WhereCard": "resolved",
    "resolve_command": "resolved",
    "Session": "session",
    "Settings": "settings",
    "StartOptions": "settings",
    "StartSettings": "settings",
    "read_start": "settings",
    "SourceError": "sources",
    "coded_source": "sources",
    "random_deal": "sources",
}
"""Each public name → the submodule that defines it: the one list of the core's
public face (:data:`__all__` is made from it)."""

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> object:
    """A public name, imported from its submodule on first use (PEP 562).

    Raises:
        AttributeError: ``name`` is not one of :data:`__all__`.
    """
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # found once: later lookups do not come here
    return value
