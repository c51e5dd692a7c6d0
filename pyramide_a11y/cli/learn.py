"""``pyramide learn`` / ``aprender``: the lesson by ear on its own (``lesson.py``).

It runs in the game's loop, with the game's options (language, speech, rate,
data folder); leaving the lesson ends the program.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from pyramide_a11y.cli import play
from pyramide_a11y.i18n import _


def add_learn_command(sub: Any) -> None:
    """Add the ``learn`` subcommand (``aprender`` in Portuguese)."""
    learn = sub.add_parser(
        "learn",
        aliases=["aprender"],
        # Translators: command-line help of the learn subcommand.
        help=_("a lesson by ear: the game in eleven short steps (start here)"),
        # Translators: command-line help of the learn subcommand.
        description=_(
            "An interactive lesson on small tables: the goal, the sum of 13, kings, "
            "covered cards, the stock and the waste, recycles, undo, hints and the "
            "review commands. quit leaves it; learn again goes on where you left it."
        ),
    )
    learn.set_defaults(func=_learn)


def _learn(args: argparse.Namespace, out: TextIO) -> int:
    args.learn = True
    return play.play(args, out)
