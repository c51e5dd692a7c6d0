"""A pyramid place's line of the page, made once per place's value.

A page shows 28 places, and a move changes two to six of them: the others are
the lines made before. ``templates/cell.html`` is one place's line;
:func:`cell_filter` gives the template the ``cell`` filter that makes it from
a :class:`~pyramide_a11y.narration.table_words.CardCell`, kept by the cell's
value (every word and mark of the line is in it: equal cells, equal lines, in
any language).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from jinja2 import Environment
from markupsafe import Markup

from pyramide_a11y.narration.table_words import CardCell

CELLS_KEPT = 4096
"""Place lines kept per template environment: every place of the tables of the
players playing now, about 0.5 KiB each."""


def cell_filter(templates: Environment) -> Callable[[CardCell], Markup]:
    """The ``cell`` filter of ``templates``: ``cell.html`` made for one place
    (already escaped: the template's own escaping)."""
    template = templates.get_template("cell.html")

    @lru_cache(maxsize=CELLS_KEPT)
    def cell(place: CardCell) -> Markup:
        return Markup(template.render(c=place))  # escaped by the template

    return cell
