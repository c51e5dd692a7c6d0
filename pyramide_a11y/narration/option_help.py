"""The command line's option help, in the session's language: the titles, help
lines and argument names (metavars) of the options every command shares that
name a game (``cli/options.py``: its source and its rules). Only the catalogs
here: the parser is built without the play core."""

from __future__ import annotations

from pyramide_a11y.i18n import _, pgettext

# -- argument names -------------------------------------------------------------------------


def rules_metavar() -> str:
    return pgettext("metavar", "RULES")


def code_metavar() -> str:
    # Translators: command-line help: the name of a deal code argument.
    return pgettext("metavar", "CODE")


def file_metavar() -> str:
    # Translators: command-line help: the name of a file argument.
    return pgettext("metavar", "FILE")


# -- the rules options ----------------------------------------------------------------------


def rules_title() -> str:
    # Translators: command-line help, title of the rules options.
    return _("rules")


def rules_preset() -> str:
    # Translators: command-line help; the preset names are typed as they are.
    return _("preset: pyramide, classic or paciencia")


def passes() -> str:
    # Translators: command-line help.
    return _("passes through the stock (1, 2, 3, …)")


def recycles() -> str:
    # Translators: command-line help; 'none' and 'unlimited' are typed as they are.
    return _("how many times the waste may be recycled: a number, 'none' (0) or 'unlimited'")


def strict_win() -> str:
    # Translators: command-line help.
    return _("stock and waste must go too")


def stock_waste_pairs() -> str:
    # Translators: command-line help.
    return _("stock against waste: the drawn card may pair with the waste card under it")


def cover_pairs() -> str:
    # Translators: command-line help.
    return _("a card may pair with the only card still covering it")


# -- where a game comes from ----------------------------------------------------------------


def deal_code() -> str:
    # Translators: command-line help.
    return _("deal code, e.g. PY1-N-AAAAAAS")


def layout_file() -> str:
    # Translators: command-line help.
    return _("layout file: JSON or a text listing")


def listing_seed() -> str:
    # Translators: command-line help.
    return _("for a text listing: the seed that orders the unlisted stock cards")
