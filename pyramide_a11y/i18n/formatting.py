"""Numbers, lists and durations in the player's language, for speech.

Numbers are never grouped (``1234``, not ``1 234`` or ``1.234``): speech
engines read a grouped number as several numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.dates import format_timedelta
from babel.lists import format_list as _babel_format_list
from babel.numbers import format_decimal

from . import get_language


def _locale() -> str:
    return get_language()


def format_number(value: int | float) -> str:
    """``value`` in the current language, without digit grouping."""
    return format_decimal(value, locale=_locale(), group_separator=False)


def format_list(items: Sequence[str], style: str = "standard") -> str:
    """``a, b e c`` / ``a, b, and c``; ``style="or"`` gives ``a, b ou c``."""
    if not items:
        return ""
    return _babel_format_list(list(items), style=style, locale=_locale())  # type: ignore[arg-type]


def format_duration(seconds: float) -> str:
    """A duration in words, to the second: ``3 minutos e 5 segundos``.

    Hours, minutes and seconds that are zero are left out; under a second
    reads as zero seconds.
    """
    total = max(0, int(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    parts = []
    for amount, unit in ((hours, 3600), (minutes, 60), (secs, 1)):
        if amount:
            parts.append(
                format_timedelta(amount * unit, threshold=1, granularity="second", locale=_locale())
            )
    if not parts:
        # Zero takes the plural when said ("0 segundos"), but CLDR's Brazilian rule
        # files 0 with 1 (it is meant for "0,5 milhão"): say two, then put the 0 back.
        two = format_timedelta(2, granularity="second", locale=_locale())
        parts.append(two.replace("2", "0", 1))
    return format_list(parts)
