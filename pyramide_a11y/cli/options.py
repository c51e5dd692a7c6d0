"""The options every command shares that name a game: its source (``CODE``,
``--layout``) and its rules (``--rules``, ``--passes`` …). Only argparse and the
catalogs here, so the parser is built without the play core; what the options mean
is read by ``cli/from_options.py`` once a command runs."""

from __future__ import annotations

import argparse
from pathlib import Path

from pyramide_a11y.i18n import _, pgettext

from .parsing import PASSES_RANGE, SEED_RANGE, whole_number_in


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """The rules options, the same on every command."""
    # Translators: command-line help, title of the rules options.
    group = parser.add_argument_group(_("rules"))
    group.add_argument(
        "--rules",
        metavar=pgettext("metavar", "RULES"),
        # Translators: command-line help; the preset names are typed as they are.
        help=_("preset: pyramide, classic or paciencia"),
    )
    group.add_argument(
        "--passes",
        type=whole_number_in(*PASSES_RANGE),
        metavar="N",
        # Translators: command-line help.
        help=_("passes through the stock (1, 2, 3, …)"),
    )
    group.add_argument(
        "--recycles",
        metavar="N",
        # Translators: command-line help; 'none' and 'unlimited' are typed as they are.
        help=_("how many times the waste may be recycled: a number, 'none' (0) or 'unlimited'"),
    )
    group.add_argument(
        # Translators: command-line help.
        "--strict-win",
        action="store_true",
        help=_("stock and waste must go too"),
    )
    group.add_argument(
        "--stock-waste-pairs",
        action="store_true",
        # Translators: command-line help.
        help=_("stock against waste: the drawn card may pair with the waste card under it"),
    )
    group.add_argument(
        "--cover-pairs",
        action="store_true",
        # Translators: command-line help.
        help=_("a card may pair with the only card still covering it"),
    )


def add_source_options(parser: argparse.ArgumentParser, *, code_required: bool = False) -> None:
    """``CODE`` or ``--layout FILE`` (JSON, or the text listing of the rules of ``pyramide``)."""
    parser.add_argument(
        "code",
        nargs=None if code_required else "?",
        # Translators: command-line help: the name of a deal code argument.
        metavar=pgettext("metavar", "CODE"),
        # Translators: command-line help.
        help=_("deal code, e.g. PY1-N-AAAAAAS"),
    )
    if not code_required:
        parser.add_argument(
            "--layout",
            type=Path,
            # Translators: command-line help: the name of a file argument.
            metavar=pgettext("metavar", "FILE"),
            # Translators: command-line help.
            help=_("layout file: JSON or a text listing"),
        )
        parser.add_argument(
            "--seed",
            type=whole_number_in(*SEED_RANGE),
            default=0,
            metavar="N",
            # Translators: command-line help.
            help=_("for a text listing: the seed that orders the unlisted stock cards"),
        )
