"""What an answer sounds like besides its words: the cue kinds and where on the
table a cue sits, as plain data.

The play core picks an answer's cue (``core.cueing``) and front ends deliver it:
the terminal synthesises and plays it (``speech.cue_sounds``, ``speech.cue_player``), a
page may play the same cue as a WAV file. Nothing here makes a sound.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

PILES_ROW = 7
"""The row the stock and waste count as, under the pyramid's seven (0..6)."""


class CueKind(enum.Enum):
    """The events a player feels without words."""

    PAIR = "pair"
    KING = "king"
    DRAW = "draw"
    RECYCLE = "recycle"
    REFUSAL = "refusal"
    WIN = "win"
    HINT = "hint"
    FOCUS = "focus"


@dataclass(frozen=True)
class Place:
    """Where a cue sits: a 0-based ``row`` (0 top … 6 bottom, 7 the piles) and a
    ``pan`` from -1.0 (left) to 1.0 (right)."""

    row: int = 3
    pan: float = 0.0


CENTRE = Place()


def place_of(row: int, col: int) -> Place:
    """The place of the pyramid card at 0-based (``row``, ``col``): its row's pitch
    and its position in the row, left end -1.0 to right end 1.0 (the top card, alone
    in its row, is in the middle)."""
    pan = 0.0 if row == 0 else 2.0 * col / row - 1.0
    return Place(row, pan)


def pile_place(waste: bool) -> Place:
    """The piles, under the pyramid: the stock a little left, the waste a little right."""
    return Place(PILES_ROW, 0.35 if waste else -0.35)


@dataclass(frozen=True)
class Cue:
    """The cue an answer carries: its ``kind``, its ``place``, and whether it is
    heard in both ears alike (``mono``, the ``sounds mono`` setting)."""

    kind: CueKind
    place: Place = CENTRE
    mono: bool = False
