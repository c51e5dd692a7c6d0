"""The game fragment's lines, each made once per its value.

A page shows 28 places, two piles, a row heading per row and the status; a move
changes two to six places, a pile or two and the counts: the other lines are the
ones made before. Each is a template of its own (``cell.html``, ``pile.html``,
``row_head.html``, ``status.html``) that ``game.html`` calls as a filter
(:func:`line_filters`), kept by the values it is made of: every word and mark of
the line is in them (narration's records, the page's own words as strings), so
equal values give equal lines, in any language.

A pyramid row (its heading and places, the ``row`` filter) is kept by identity
besides: the words of a table keep the very row of the table before when a move
left all its places alone (``narration.table_words``), so most rows of a move
are found at once, without hashing their places again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache

from jinja2 import Environment
from markupsafe import Markup

from pyramide_a11y.narration.table_words import PyramidRow

LINES_KEPT = 4096
"""Lines kept per template: every place of the tables of the players playing
now, about 0.5 KiB each (the piles, headings and counts repeat far more)."""

LINES = {
    "cell": ("cell.html", ("c",)),
    "pile": ("pile.html", ("pile", "controls", "draw", "recycle")),
    "row_head": ("row_head.html", ("number", "heading")),
    "status": ("status.html", ("status", "searching")),
}
"""Each filter's template and the names its values take there: the filtered
value first, then the filter's arguments (``{{ c|cell }}``,
``{{ m.table.stock|pile(m.table.piles, m.w.draw, m.w.recycle) }}``)."""


ROWS_KEPT = 8192
"""Pyramid rows kept by identity: the seven rows of the tables of the players
playing now."""


def line_filters(templates: Environment) -> dict[str, Callable[..., Markup]]:
    """The filters of :data:`LINES` for ``templates``, each line made once per its
    values (already escaped: the templates' own escaping), and ``row``: a pyramid
    row's lines, from those. Each filter's ``__wrapped__`` makes its lines afresh
    (the tests compare the two)."""
    filters = {name: _kept(templates, template, names) for name, (template, names) in LINES.items()}
    return {**filters, "row": _kept_rows(filters["row_head"], filters["cell"])}


def _kept(templates: Environment, name: str, names: tuple[str, ...]) -> Callable[..., Markup]:
    template = templates.get_template(name)

    @lru_cache(maxsize=LINES_KEPT)
    def line(*values: Hashable) -> Markup:
        return Markup(template.render(dict(zip(names, values, strict=True))))  # escaped there

    return line


def _row_lines(row: PyramidRow, head: Callable[..., Markup], cell: Callable[..., Markup]) -> Markup:
    """The lines of ``row``: a blank line, its heading, each place on a line of its
    own, the list's end (as ``game.html`` lays them out)."""
    lines = [head(row.number, row.heading), *(cell(c) for c in row.cells)]
    return Markup("\n") + Markup("\n").join(lines) + Markup("\n</ul>\n")


def _kept_rows(head: Callable[..., Markup], cell: Callable[..., Markup]) -> Callable[..., Markup]:
    kept: OrderedDict[int, tuple[PyramidRow, Markup]] = OrderedDict()
    lock = threading.Lock()  # the players' threads render at once

    def row_lines(row: PyramidRow) -> Markup:
        # By identity: the row is held beside its lines, so its id is not reused.
        with lock:
            found = kept.get(id(row))
            if found is not None and found[0] is row:
                kept.move_to_end(id(row))
                return found[1]
        lines = _row_lines(row, head, cell)
        with lock:
            kept[id(row)] = (row, lines)
            if len(kept) > ROWS_KEPT:
                kept.popitem(last=False)
        return lines

    def afresh(row: PyramidRow) -> Markup:
        return _row_lines(row, head.__wrapped__, cell.__wrapped__)  # type: ignore[attr-defined]

    row_lines.__wrapped__ = afresh  # type: ignore[attr-defined]
    return row_lines
