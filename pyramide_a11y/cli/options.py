"""The options every command shares that name a game: its source (``CODE``,
``--layout``) and its rules (``--rules``, ``--passes`` …), worded by
``narration/option_help.py``. Only argparse and the catalogs here, so the parser
is built without the play core; what the options mean
is read by ``cli/from_options.py`` once a command runs."""

from __future__ import annotations

import argparse
from pathlib import Path

from pyramide_a11y.narration import option_help as h

from .parsing import PASSES_RANGE, SEED_RANGE, whole_number_in


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """The rules options, the same on every command."""
    group = parser.add_argument_group(h.rules_title())
    group.add_argument(
        "--rules",
        metavar=h.rules_metavar(),
        help=h.rules_preset(),
    )
    group.add_argument(
        "--passes",
        type=whole_number_in(*PASSES_RANGE),
        metavar="N",
        help=h.passes(),
    )
    group.add_argument(
        "--recycles",
        metavar="N",
        help=h.recycles(),
    )
    group.add_argument(
        "--strict-win",
        action="store_true",
        help=h.strict_win(),
    )
    group.add_argument(
        "--stock-waste-pairs",
        action="store_true",
        help=h.stock_waste_pairs(),
    )
    group.add_argument(
        "--cover-pairs",
        action="store_true",
        help=h.cover_pairs(),
    )


def add_source_options(parser: argparse.ArgumentParser, *, code_required: bool = False) -> None:
    """``CODE`` or ``--layout FILE`` (JSON, or the text listing of the rules of ``pyramide``)."""
    parser.add_argument(
        "code",
        nargs=None if code_required else "?",
        metavar=h.code_metavar(),
        help=h.deal_code(),
    )
    if not code_required:
        parser.add_argument(
            "--layout",
            type=Path,
            metavar=h.file_metavar(),
            help=h.layout_file(),
        )
        parser.add_argument(
            "--seed",
            type=whole_number_in(*SEED_RANGE),
            default=0,
            metavar="N",
            help=h.listing_seed(),
        )
