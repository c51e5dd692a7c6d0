"""The game fragment made once per table: a request that leaves the table as it
was (a refused command, a poll, a clock tick) sends the fragment made before.

The fragment (``game.html``) shows the table, never the answer (that travels
beside it in the JSON), so after a refused command only its version differs.
Rendering it again (the page model, 28 card labels, Jinja) is most of what a
refusal costs the server; :class:`LastFragment` keeps the last one made for a
player with the key of everything it was made of, and gives it back, with the
new version, when the key is equal.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from pyramide_a11y.core import Turn


def fragment_key(turn: Turn, *words: Hashable) -> tuple[Hashable, ...]:
    """Everything a fragment of ``turn`` is made of: the table in words
    (``turn.words``: every word, mark and count the fragment shows, a won deal's
    time among them), whether late news is still to come (the one fact of the
    table the fragment shows beside its words), and ``words`` (the page's frame,
    the form token, the deal's code).

    Whether the table is the one before, the clock aside, is answered once, by the
    session (:meth:`~pyramide_a11y.core.session.Session.turn`), which then gives
    back the very same words: the key compares them by identity, not place by
    place."""
    return (turn.words, turn.table.waiting, *words)


class LastFragment:
    """The last fragment made for one player (calls are the player's: one at a
    time), with its key and the version it carries."""

    __slots__ = ("_html", "_key", "_version")

    def __init__(self) -> None:
        self._key: tuple[Hashable, ...] | None = None
        self._version = 0
        self._html = ""

    def get(self, key: tuple[Hashable, ...], version: int, make: Callable[[int], str]) -> str:
        """The fragment of ``key`` carrying ``version``: the one kept when ``key``
        is the key it was made with, else ``make(version)`` (kept for next time).
        The version is the fragment's only per-request value: its first tag's
        ``data-version`` (:data:`VERSION_MARK`)."""
        if key == self._key:
            old, new = _mark(self._version), _mark(version)
            if self._html.startswith(old):
                self._html, self._version = new + self._html[len(old) :], version
                return self._html
        html = make(version)
        self._key, self._version, self._html = key, version, html
        return html


VERSION_MARK = '<div id="game" data-version="{}"'
"""How ``game.html`` begins: the version is replaced there, nowhere else."""


def _mark(version: int) -> str:
    return VERSION_MARK.format(version)
