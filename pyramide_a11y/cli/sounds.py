"""``pyramide sounds --out DIR`` (``pyramide sons``): write every sound cue as a WAV.

A player previews the cues (a pair at the top and at each end of the bottom row,
a King on the left and on the right, the focus on three rows …); the tests
measure them. Each file is stereo, 16-bit, under 150 ms (``speech/cue_sounds.py``); with
``--mono`` both channels are the same, as the ``sounds mono`` setting plays them.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from pyramide_a11y.core.sources import SourceError
from pyramide_a11y.narration import command_line as t
from pyramide_a11y.narration.system_errors import os_error_reason
from pyramide_a11y.speech.cue_sounds import PREVIEW, cue_wav


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
        raise SourceError(t.cannot_write(str(folder), os_error_reason(err))) from None
    return 0
