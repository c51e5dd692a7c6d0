"""Which front end the sentences are for: the terminal (typed commands) or the web
page (keys and buttons).

A few sentences tell the player what to do next ("Type u to undo the last move").
On the terminal that is a typed command; on the page it is a key that works where
focus is, or a button to press: the page's screen-reader browse mode takes single
letters for itself outside the table, so "Type u" there would not work. The front
end says which it is with :func:`on_page`; those sentences read :func:`front_end`.

A context variable, like the language: work run on another thread through
``i18n.in_this_language`` (a hint, a deal's par) carries it along.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum


class FrontEnd(Enum):
    TERMINAL = "terminal"
    """Typed commands (the default)."""
    PAGE = "page"
    """The web page with its single-letter keys on (U, H, N, D, R on the table)."""
    PAGE_BUTTONS = "page-buttons"
    """The web page with the single-letter keys off: buttons only."""


_front_end: contextvars.ContextVar[FrontEnd] = contextvars.ContextVar(
    "front_end", default=FrontEnd.TERMINAL
)


def front_end() -> FrontEnd:
    """The front end the sentences are worded for now."""
    return _front_end.get()


@contextmanager
def on_page(*, letter_keys: bool) -> Iterator[FrontEnd]:
    """Inside the block, sentences are worded for the web page (``letter_keys``: its
    single-letter keys act); the front end before is back after it."""
    chosen = FrontEnd.PAGE if letter_keys else FrontEnd.PAGE_BUTTONS
    token = _front_end.set(chosen)
    try:
        yield chosen
    finally:
        _front_end.reset(token)
