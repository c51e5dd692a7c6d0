"""One request of a front end, answered in one plain record.

:meth:`Session.turn <pyramide_a11y.core.session.Session.turn>` is the one call a
front end that shows the table (the web) makes per request, as python-chess's
``push`` is the one call that plays a move: the command done, and a
:class:`Turn` back with everything the page shows after it: the answer's lines,
the table as a :class:`~pyramide_a11y.core.table.TableState`, the same table in
words (:class:`~pyramide_a11y.narration.table_words.TableWords`), the places
that changed since the last turn, whether moves wait to be saved, the language.
The record holds no session and no game: the front end reads it and calls
nothing else (``benchmarks/web_walk.py`` counts it).
"""

from __future__ import annotations

from dataclasses import dataclass

from pyramide_a11y.core.table import TableState
from pyramide_a11y.narration.table_words import TableWords

__all__ = ["Turn"]


@dataclass(frozen=True, slots=True)
class Turn:
    """What one request did and what the table is after it (see the module
    docstring)."""

    lines: tuple[str, ...]
    """The answer as printed: its lines, then the late news that came with it
    (empty: nothing was done, or the command is a silent one)."""
    quit: bool
    """The answer ends the session (``quit``)."""
    table: TableState
    words: TableWords
    """:attr:`table` in words, in :attr:`language`."""
    changed: tuple[str, ...]
    """The places (``slot-N``, ``stock``, ``waste``) whose cell differs from the
    last turn's table (every place on a session's first turn)."""
    unsaved: bool
    """The game holds moves (or its record) not saved yet."""
    language: str
    """The session's language after the command (``language pt_BR`` changes it)."""
