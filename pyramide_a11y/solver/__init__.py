"""The solver: exact search and honest hints, on the engine only (no I/O, no gettext)."""

from .hints import Hint, HintKind, HintSource, Knowledge, find_hint, hint_for, suggest
from .search import Solution, Verdict, solve
from .shortest import Shortest, par, solve_shortest

__all__ = [
    "Hint",
    "HintKind",
    "HintSource",
    "Knowledge",
    "Shortest",
    "Solution",
    "Verdict",
    "find_hint",
    "hint_for",
    "par",
    "solve",
    "solve_shortest",
    "suggest",
]
