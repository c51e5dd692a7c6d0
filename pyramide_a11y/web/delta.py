"""Only what changed: the game fragment as a patch of the one the page holds.

After a move the page's script needs the new game fragment (``game.html``), but
most of its lines are the ones it already has: a move changes a few pyramid
places, the piles, the status. :class:`Shown` keeps, per player, the last
fragment sent and a token naming it; the script sends the token back with its
next request (``held``). When it names the fragment kept, the answer carries a
:func:`line_patch` of it (``patch``) instead of the whole fragment (``html``);
else (a first request after a page load, another worker's fragment, anything
unknown) the whole fragment, as before. The script applies the patch to the
text it holds (``static/game.js``, ``patched``: the same rule as
:func:`apply_patch`) and changes the page from the text it gets, exactly as
from a whole fragment: what the player hears and where focus goes are the same.

The patch is by lines of the fragment's text: the template puts each pyramid
place on its own line, so a line is a place, a pile, the status. It is exact
(:func:`apply_patch` of :func:`line_patch` gives the new text back, whatever
the template), never a guess at what a move changes.
"""

from __future__ import annotations

import secrets
import threading
from difflib import SequenceMatcher
from itertools import count

__all__ = ["Patch", "Shown", "apply_patch", "line_patch"]

Patch = list[tuple[int, int, list[str]]]
"""``(start, removed, lines)`` in the old text's lines, in increasing ``start``:
the old lines ``start … start + removed`` become ``lines``."""

_SEPARATOR = "\n"


def line_patch(old: str, new: str) -> Patch:
    """The changes that make ``old`` into ``new``, line by line (``\\n`` only, as
    the script splits). Empty when they are equal."""
    if old == new:
        return []
    _, old_sep, old_rest = old.partition(_SEPARATOR)
    new_head, new_sep, new_rest = new.partition(_SEPARATOR)
    if old_sep and new_sep and old_rest == new_rest:
        # Only the first line differs (the fragment's version, after a refusal):
        # one comparison, no split of the whole text.
        return [(0, 1, [new_head])]
    before, after = old.split(_SEPARATOR), new.split(_SEPARATOR)
    if len(before) == len(after):
        # The same lines in number (a move on the same table: places, piles and
        # status change in place): the runs of lines that differ, no matching.
        return _runs_changed(before, after)
    matcher = SequenceMatcher(None, before, after, autojunk=False)
    return [
        (i1, i2 - i1, after[j1:j2])
        for tag, i1, i2, j1, j2 in matcher.get_opcodes()
        if tag != "equal"
    ]


def _runs_changed(before: list[str], after: list[str]) -> Patch:
    """The patch of two texts of as many lines: each run of differing lines,
    replaced in place."""
    patch: Patch = []
    for index, (old_line, new_line) in enumerate(zip(before, after, strict=True)):
        if old_line == new_line:
            continue
        if patch and patch[-1][0] + patch[-1][1] == index:  # the run goes on
            start, removed, lines = patch[-1]
            lines.append(new_line)
            patch[-1] = (start, removed + 1, lines)
        else:
            patch.append((index, 1, [new_line]))
    return patch


def apply_patch(old: str, patch: Patch) -> str:
    """``old`` with ``patch`` applied (the script's ``patched`` does the same).

    Raises ValueError when the patch does not fit ``old`` (a start or a count
    outside its lines, starts not increasing)."""
    lines = old.split(_SEPARATOR)
    end = len(lines)
    for start, removed, added in reversed(patch):
        if not 0 <= start <= start + removed <= end:
            raise ValueError("the patch does not fit the text")
        lines[start : start + removed] = added
        end = start
    return _SEPARATOR.join(lines)


_TOKENS = count(1)
_PROCESS = secrets.token_hex(4)


class Shown:
    """The last game fragment sent to one player's script, and its token.

    Tokens are unique in the server (the process's random part and a counter), so
    a token another worker gave, or one from before a restart, never matches.
    The player's calls run one at a time; the lock only keeps a token and its
    text one pair, whatever thread asks."""

    __slots__ = ("_html", "_lock", "_token")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._token = ""
        self._html = ""

    def answer(self, html: str, held: str | None) -> dict[str, object]:
        """What the JSON answer carries of ``html``: ``held`` (the token of this
        fragment, for the next request) with either ``patch`` and ``base`` (when
        ``held`` names the fragment kept) or ``html`` (the whole fragment)."""
        token = f"{_PROCESS}-{next(_TOKENS)}"
        with self._lock:
            old_token, old_html = self._token, self._html
            self._token, self._html = token, html
        if held and held == old_token:
            return {"held": token, "base": held, "patch": line_patch(old_html, html)}
        return {"held": token, "html": html}
