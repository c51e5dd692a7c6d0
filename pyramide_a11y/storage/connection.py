"""What the store asks of a database connection: the part of Python's DB-API that
both SQLite (``sqlite3``) and PostgreSQL (:mod:`.postgres`) give it.

Statements are written once, in the SQL both databases take (``?`` parameters,
``INSERT … ON CONFLICT … DO UPDATE``, ``RETURNING``, ``CASE`` rather than a
boolean summed); the PostgreSQL connection turns ``?`` into its own ``%s``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol


class Cursor(Protocol):
    """Rows of one statement."""

    @property
    def rowcount(self) -> int:
        """Rows an ``UPDATE`` or ``DELETE`` changed."""

    def fetchone(self) -> Any:
        """The next row (a tuple), or None."""

    def fetchall(self) -> list[Any]:
        """Every row left."""

    def __iter__(self) -> Iterator[Any]:
        """The rows left, one at a time."""


class Connection(Protocol):
    """One connection, in autocommit mode: transactions are the store's own
    ``BEGIN IMMEDIATE`` … ``COMMIT`` (or ``ROLLBACK``)."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Cursor:
        """Run one statement."""

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Cursor:
        """Run one statement once for each set of parameters."""

    def close(self) -> None:
        """Release the connection."""
