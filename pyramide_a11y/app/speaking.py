"""The one place the game chooses its speaker from the command line.

The speech backends and their factory live in ``pyramide_a11y.speech``; this
function is where ``--speech`` is turned into a :class:`Speaker`. Until a
backend is wired here, the game is silent and relies on the screen reader
reading its printed lines.
"""

from __future__ import annotations

import argparse

from pyramide_a11y.speech.base import SilentSpeaker, Speaker


def make_session_speaker(options: argparse.Namespace) -> Speaker:
    """The speaker for a session started with ``options`` (``--speech``, ``--rate``,
    ``--lang`` already resolved into ``options.language``)."""
    return SilentSpeaker()
