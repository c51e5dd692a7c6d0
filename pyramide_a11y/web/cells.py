"""The game fragment's lines, each made once per its value.

A page shows 28 places, two piles, a row heading per row and the status; a move
changes two to six places, a pile or two and the counts: the other lines are the
ones made before. Each is a template of its own (``cell.html``, ``pile.html``,
``row_head.html``, ``status.html``) that ``game.html`` calls as a filter
(:func:`line_filters`), kept by the values it is made of: every word and mark of
the line is in them (narration's records, the page's own words as strings), so
equal values give equal lines, in any language.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache

from jinja2 import Environment
from markupsafe import Markup

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


def line_filters(templates: Environment) -> dict[str, Callable[..., Markup]]:
    """The filters of :data:`LINES` for ``templates``, each line made once per its
    values (already escaped: the templates' own escaping). Each filter's
    ``__wrapped__`` makes the line afresh (the tests compare the two)."""
    return {name: _kept(templates, template, names) for name, (template, names) in LINES.items()}


def _kept(templates: Environment, name: str, names: tuple[str, ...]) -> Callable[..., Markup]:
    template = templates.get_template(name)

    @lru_cache(maxsize=LINES_KEPT)
    def line(*values: Hashable) -> Markup:
        return Markup(template.render(dict(zip(names, values, strict=True))))  # escaped there

    return line
