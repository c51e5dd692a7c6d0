"""``pyramide learn`` / ``aprender``: the lesson by ear on its own (``lesson.py``).

It runs in the game's loop, with the game's options (language, speech, rate,
data folder); leaving the lesson ends the program.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from pyramide_a11y.cli import play


def _learn(args: argparse.Namespace, out: TextIO) -> int:
    return play.play(args, out, learning=True)
