"""argparse in the session's language.

The language is known before parsing (``--lang`` is looked for wherever it stands
on the line, else the locale), so the parser is built with translated help. What
argparse writes itself (``usage:``, ``options``, its error sentences) it looks up
with the module-level ``argparse._`` and ``argparse.ngettext``;
:func:`argparse_in_session_language` points those at our catalogs (context
``argparse``, the msgids of Python's argparse: :mod:`.cli_text`) for the time the
parser is built and used, and puts them back afterwards. A msgid a later Python
changes falls back to English; ``tests/app/test_cli_language.py`` reads argparse's
source and says which.

Numbers on the command line go through :func:`whole_number` and
:func:`decimal_number`, whose errors are our sentences (argparse's own would say
"invalid int value").
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib import metadata

from pyramide_a11y.engine.text import fold
from pyramide_a11y.i18n import _
from pyramide_a11y.i18n.formatting import choice_list
from pyramide_a11y.i18n.languages import language_named, languages

from . import cli_text as t


def lang_option(argv: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` on the line (``--lang pt``, ``--lang=pt``),
    wherever it stands; None when there is none. Stops at ``--``."""
    found: str | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


def language_asked(value: str) -> str | None:
    """The language code ``--lang value`` means: a locale name (``pt-BR``,
    ``pt_PT``) or a word the game's ``lang`` command takes (``br``, ``ingles``);
    None when it is none of ours."""
    return language_named(fold(value)) or language_named(value.strip())


@contextmanager
def argparse_in_session_language() -> Iterator[None]:
    """argparse's own words from our catalogs (current language) inside the block."""
    saved: tuple[Callable[[str], str], Callable[[str, str, int], str]] = (
        argparse._,  # type: ignore[attr-defined]
        argparse.ngettext,  # type: ignore[attr-defined]
    )
    argparse._ = t.argparse_gettext  # type: ignore[attr-defined]
    argparse.ngettext = t.argparse_ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def version() -> str:
    """The installed version (package metadata), else the package's ``__version__``."""
    try:
        return metadata.version("pyramide-a11y")
    except metadata.PackageNotFoundError:
        from pyramide_a11y import __version__

        return __version__


def whole_number(text: str) -> int:
    """An option's whole number (``3``, ``-1``).

    Raises:
        argparse.ArgumentTypeError: with our sentence, in the session's language.
    """
    try:
        return int(text.strip())
    except ValueError:  # also a number too long to convert
        raise argparse.ArgumentTypeError(t.not_a_whole_number(text)) from None


SEED_RANGE = (0, 2**64 - 1)
PASSES_RANGE = (1, 1000)
RECYCLES_RANGE = (0, 999)
DEALS_RANGE = (1, 10**9)
FIRST_RANGE = (0, 10**9)
"""``analyse --first``: deal numbers of the seed skipped before the first solved."""
JOBS_RANGE = (1, 512)
TIMEOUT_RANGE = (0.01, 86400.0)
GAME_NUMBER_RANGE = (1, 2**63 - 1)
"""A saved game's number: SQLite's largest integer."""
LIMIT_RANGE = (1, 1_000_000)


def whole_number_in(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, else our sentence."""

    def parse(text: str) -> int:
        value = whole_number(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(t.out_of_range(text, low, high))
        return value

    return parse


def decimal_number_in(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds from ``low`` to ``high``, else our sentence."""

    def parse(text: str) -> float:
        value = decimal_number(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(t.out_of_range(text, low, high))
        return value

    return parse


def decimal_number(text: str) -> float:
    """An option's number of seconds (``2``, ``2.5``, ``2,5``).

    Raises:
        argparse.ArgumentTypeError: with our sentence, in the session's language.
    """
    try:
        value = float(text.strip().replace(",", "."))
    except (ValueError, OverflowError):
        raise argparse.ArgumentTypeError(t.not_a_number(text)) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(t.not_a_number(text))
    return value


def lang_help(default: bool = True) -> str:
    """The help of ``--lang``, in the current language (``pt, pt-BR ou en``)."""
    names = choice_list([record.option or record.code for record in languages()])
    if not default:
        # Translators: command-line help of --lang; {languages} lists the choices
        # (pt, pt-BR or en).
        return _("language: {languages}").format(languages=names)
    # Translators: command-line help of --lang; {languages} lists the choices.
    return _("language: {languages}; default from the locale").format(languages=names)
