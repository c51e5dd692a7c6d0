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


def folder_metavar() -> str:
    # Translators: command-line help: the name of a folder argument.
    return pgettext("metavar", "FOLDER")


def name_metavar() -> str:
    # Translators: command-line help: the name of a voice's name argument.
    return pgettext("metavar", "NAME")


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


# -- the program, ``deal`` and ``replay`` (``cli/main.py``) -----------------------------------


def program() -> str:
    # Translators: command-line help, first line of ``pyramide --help``.
    return _("Pyramid solitaire for people who play by ear.")


def program_epilog() -> str:
    # Translators: command-line help, last line of ``pyramide --help``; learn is
    # typed as it is (aprender works too).
    return _("New to the game? Start with: pyramide learn (a lesson by ear).")


def version() -> str:
    # Translators: command-line help of --version.
    return _("print the version and exit")


def command_metavar() -> str:
    # Translators: command-line help: the name of the subcommand in the usage line.
    return pgettext("metavar", "COMMAND")


def deal_command() -> str:
    # Translators: command-line help of the deal subcommand.
    return _("print the layout of a deal code (reveals the whole stock order)")


def deal_description() -> str:
    # Translators: command-line help of the deal subcommand.
    return _(
        "Print the layout a deal code deals, cards in the session language's "
        "notation. This reveals the whole stock order, so do not use it on a deal "
        "you mean to play blind."
    )


def deal_json() -> str:
    # Translators: command-line help.
    return _("print the layout as JSON")


def replay_command() -> str:
    # Translators: command-line help of the replay subcommand.
    return _("apply a list of moves to a deal and print the final state")


def replay_description() -> str:
    # Translators: command-line help of the replay subcommand. The notation of the
    # file is the canonical (English) one: keep KD, 10C+3S, draw, recycle.
    return _(
        "Apply moves written one per line in canonical notation (KD, 10C+3S, "
        "draw, recycle; blank lines and lines starting with # are skipped) and print "
        "the final state. An illegal move stops with exit status 1, its line and the "
        "reason."
    )


def moves_file() -> str:
    # Translators: command-line help.
    return _("file of moves, one per line, in canonical notation")


def replay_json() -> str:
    # Translators: command-line help.
    return _("print the final state as JSON")
