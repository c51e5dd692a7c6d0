"""``pyramide sounds --out DIR`` (``pyramide sons``): write every sound cue as a WAV.

A player previews the cues (a pair at the top and at each end of the bottom row,
a King on the left and on the right, the focus on three rows …); the tests
measure them. Each file is stereo, 16-bit, under 150 ms (``speech/cues.py``); with
``--mono`` both channels are the same, as the ``sounds mono`` setting plays them.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from pyramide_a11y.core.sources import SourceError
from pyramide_a11y.i18n import _, pgettext
from pyramide_a11y.narration import command_line as t
from pyramide_a11y.speech.cues import PREVIEW, cue_wav


def add_sounds_command(sub: Any) -> None:
    """Register ``sounds`` (alias ``sons``) on the subcommand parsers ``sub``."""
    parser = sub.add_parser(
        "sounds",
        aliases=["sons"],
        # Translators: command-line help of the sounds subcommand.
        help=_("write the game's sound cues as WAV files, to hear them"),
        # Translators: command-line help of the sounds subcommand.
        description=_(
            "Write each sound cue of the game (pair, King, draw, recycle, refusal, win, "
            "hint, focus), placed left to right and high to low as in the pyramid, as "
            "a stereo WAV file in a folder."
        ),
    )
    parser.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar=pgettext("metavar", "FOLDER"),
        # Translators: command-line help.
        help=_("folder to write the WAV files into (made if missing)"),
    )
    parser.add_argument(
        "--mono",
        action="store_true",
        # Translators: command-line help of ``pyramide sounds --mono``.
        help=_("both channels the same in every file, as the setting sounds mono plays them"),
    )
    parser.set_defaults(func=write_sounds)


def write_sounds(args: argparse.Namespace, out: TextIO) -> int:
    """Write the cues into ``args.out`` (in mono with ``args.mono``); print one line
    per file."""
    folder: Path = args.out
    mono = bool(getattr(args, "mono", False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, kind, place in PREVIEW:
            path = folder / f"{name}.wav"
            path.write_bytes(cue_wav(kind, place, mono))
            print(path, file=out)
    except OSError as err:
        raise SourceError(t.cannot_write(str(folder), err.strerror or "")) from None
    return 0
