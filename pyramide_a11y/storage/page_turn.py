"""One request's turn at a player's store, as a server front end takes it
(:meth:`Store.page_turn <pyramide_a11y.storage.Store.page_turn>`): what the block
read on entry, what the caller hands back to be written on exit, and whether it
was.

Plain fields, no methods: the caller reads and sets them inside the block, so
the whole turn crosses into storage once on entry and once on exit.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class PageTurn:
    """The page record of one request, read and written by :meth:`Store.page_turn
    <pyramide_a11y.storage.Store.page_turn>`. The record's text is the caller's
    own format; storage keeps it as one setting."""

    kept: str
    """The record as stored when the block began ("": none, or it could not be
    read: the caller treats it as no record)."""
    held_elsewhere: bool = False
    """Another living process played this player last and holds moves it has not
    saved yet (its writer mark; looked at only when the block was asked to)."""
    page: str | None = None
    """Set by the caller: the record written as the block ends, in the block's one
    commit with the moves saved inside it. None: nothing changed, nothing written
    (and the writer mark left as it is)."""
    unsaved: bool = False
    """Set by the caller with :attr:`page`: the game holds moves not saved yet
    (the writer mark then says so)."""
    saved: bool = False
    """After the block: :attr:`page` was written (False: not asked, or the write
    failed; the store's notices say why)."""
