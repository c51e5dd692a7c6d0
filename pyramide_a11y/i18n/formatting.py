"""Numbers, lists, durations and dates in the player's language, for speech.

Numbers are never grouped (``1234``, not ``1 234`` or ``1.234``): speech
engines read a grouped number as several numbers. Dates are words («1 de
dezembro de 2026»), never ``2026-12-01`` nor an abbreviated month, which a
speech engine spells or reads as another word.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from functools import lru_cache

from babel import Locale
from babel.dates import format_date, format_timedelta
from babel.lists import format_list as _babel_format_list
from babel.numbers import format_decimal

from . import get_language, language, pgettext
from .languages import languages


def cldr_locale() -> str:
    """The CLDR locale (for Babel) of the language in use: its decimal sign, its
    list words («a, b e c»), its units. ``Language.number_locale``."""
    return language(get_language()).cldr_locale


def format_number(value: int | float) -> str:
    """``value`` in the current language, without digit grouping."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _format_int(cldr_locale(), value)
    return format_decimal(value, locale=cldr_locale(), group_separator=False)


@lru_cache(maxsize=4096)
def _format_int(locale: str, value: int) -> str:
    # A page says some thirty counts, rows and positions each time it is made, and
    # Babel parses the locale anew for each: the same few numbers, kept.
    return format_decimal(value, locale=locale, group_separator=False)


def format_list(items: Sequence[str], style: str = "standard") -> str:
    """``a, b e c`` / ``a, b, and c``; ``style="or"`` gives ``a, b ou c``."""
    if not items:
        return ""
    return _babel_format_list(list(items), style=style, locale=cldr_locale())  # type: ignore[arg-type]


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
                format_timedelta(
                    amount * unit, threshold=1, granularity="second", locale=cldr_locale()
                )
            )
    if not parts:
        # Zero takes the plural when said ("0 segundos"), but CLDR's Brazilian rule
        # files 0 with 1 (it is meant for "0,5 milhão"): say two, then put the 0 back.
        two = format_timedelta(2, granularity="second", locale=cldr_locale())
        parts.append(two.replace("2", "0", 1))
    return format_list(parts)


# CLDR's own patterns will not do: its long English date is American ("December 1,
# 2026") and its medium ones abbreviate the month ("1 Dec 2026", «01/12/2026»).
_DATE_PATTERNS = {
    "en": "d MMMM y",
    "pt": "d 'de' MMMM 'de' y",
}
"""The CLDR language (``pt`` for pt_PT and pt_BR) → the date pattern said: the day,
the month's full name, the year."""


def format_day(day: datetime.date, language_code: str | None = None) -> str:
    """``day`` in words in ``language_code`` (one of ``LANGUAGES``; None: the
    language in use): ``1 December 2026``, «1 de dezembro de 2026».

    The language's CLDR locale is given to Babel explicitly, never taken from the
    process (``LC_TIME``). A language without a pattern here gets CLDR's long date,
    which names the month in full too.
    """
    locale = Locale.parse(language(language_code or get_language()).cldr_locale)
    return format_date(day, format=_DATE_PATTERNS.get(locale.language, "long"), locale=locale)


def choice_list(items: Sequence[str]) -> str:
    """``a, b or c`` in the current language, for choices offered to the player
    (unlike ``format_list(style="or")``, never ``a, b, or c``)."""
    if len(items) < 2:
        return "".join(items)
    # Translators: the end of a list of choices offered to the player, e.g. "pt, br or
    # en": {items} is all but the last choice, joined by commas; {last} the last one.
    return pgettext("list of choices", "{items} or {last}").format(
        items=", ".join(items[:-1]), last=items[-1]
    )


def language_choices(template: str = "{language}") -> str:
    """The languages the player may choose after ``lang``, as choices: ``pt, br or
    en``; each is ``template`` with ``{language}`` (``lang {language}``)."""
    return choice_list([template.format(language=record.choice) for record in languages()])
