"""Sound cues, synthesised: an event and a place on the table → a short stereo sound.

Which cue an answer has, and where, is decided by the play core
(:mod:`pyramide_a11y.narration.cues` holds the kinds and places); this module turns
one into sound.

Pure synthesis with the standard library (``math``, ``array``, ``wave``): no sound
file is shipped or downloaded. A cue is at most :data:`MAX_SECONDS` long, so it
never holds up the answer spoken after it.

Where a card sits is heard two ways:

- left to right by its place in its row, with an equal-power pan over a
  narrowed arc: the left channel's gain is ``cos θ``, the right's ``sin θ``, and
  ``θ`` goes from ``θ₀`` (pan -1, the left end) to ``π/2 - θ₀`` (pan 1), linearly
  in the pan, where ``tan θ₀`` is :data:`PAN_FLOOR` (-12 dB). So a card at the
  left end of its row is louder on the left, the order of a row's cards is heard
  (each step right moves sound from left to right), the loudness stays the same
  (``cos² θ + sin² θ = 1``), and the quieter channel never has less than
  :data:`PAN_FLOOR` of the louder one's level: a player hearing with one ear, or
  on one earbud, still hears every cue;
- higher or lower by its row: the top row is the highest, each row down is
  :data:`SEMITONES_PER_ROW` semitones lower; the piles count as the row under the
  pyramid's seven.

Every tone starts and ends on a short raised-cosine ramp (:data:`RAMP_SECONDS`), so
no cue clicks.

A mono cue (the ``sounds mono`` setting) has both channels the average of the
stereo cue's two, sample for sample: the same in either ear, its pitch still
telling the row.
"""

from __future__ import annotations

import io
import math
import sys
import wave
from array import array
from dataclasses import dataclass

from pyramide_a11y.narration.cues import CENTRE, CueKind, Place, pile_place, place_of

RATE = 22050
"""Samples per second."""
CHANNELS = 2
SAMPLE_WIDTH = 2  # bytes: 16-bit signed PCM
MAX_SECONDS = 0.15
RAMP_SECONDS = 0.005
SEMITONES_PER_ROW = 2.0
_PEAK = 0.45  # of full scale: cues sit under the voice, never over it
PAN_FLOOR = 10.0 ** (-12.0 / 20.0)
"""The quieter channel's gain over the louder one's at either end of a row (-12 dB,
about 0.25): the least any cue keeps in the far ear."""
_THETA_0 = math.atan(PAN_FLOOR)  # the pan arc's left end; its right end is π/2 - θ₀


@dataclass(frozen=True)
class _Note:
    start: float  # seconds from the cue's start
    length: float
    semitones: float  # above the cue's base pitch
    wave: str = "sine"  # "sine", or "buzz" (odd harmonics: the refusal)
    slide: float = 0.0  # semitones glided over the note


_BASE_HZ = 523.25  # C5, for the top row
_SCORES: dict[CueKind, tuple[_Note, ...]] = {
    # Two notes rising: a pair goes.
    CueKind.PAIR: (_Note(0.0, 0.05, 0.0), _Note(0.05, 0.06, 7.0)),
    # A fifth and an octave together, then the octave: a King alone, grander.
    CueKind.KING: (_Note(0.0, 0.07, 0.0), _Note(0.0, 0.07, 7.0), _Note(0.07, 0.06, 12.0)),
    # One short tap: a card turned.
    CueKind.DRAW: (_Note(0.0, 0.045, 5.0),),
    # A glide down: the waste goes back to the stock, a new round.
    CueKind.RECYCLE: (_Note(0.0, 0.12, 12.0, slide=-12.0),),
    # A low buzz: not allowed.
    CueKind.REFUSAL: (_Note(0.0, 0.11, -19.0, wave="buzz"),),
    # A rising arpeggio.
    CueKind.WIN: (
        _Note(0.0, 0.04, 0.0),
        _Note(0.035, 0.04, 4.0),
        _Note(0.07, 0.04, 7.0),
        _Note(0.105, 0.04, 12.0),
    ),
    # Two soft high notes: the hint is ready.
    CueKind.HINT: (_Note(0.0, 0.04, 12.0), _Note(0.045, 0.045, 16.0)),
    # A tick: where the focus is.
    CueKind.FOCUS: (_Note(0.0, 0.035, 0.0),),
}


def base_frequency(row: int) -> float:
    """The pitch of a cue's first note for ``row`` (0 top … 7 the piles), in Hz."""
    return float(_BASE_HZ * 2.0 ** (-SEMITONES_PER_ROW * row / 12.0))


def duration(kind: CueKind) -> float:
    """The length of ``kind``'s cue in seconds (always under :data:`MAX_SECONDS`)."""
    return max(n.start + n.length for n in _SCORES[kind])


def pan_gains(pan: float) -> tuple[float, float]:
    """The (left, right) gains for ``pan`` (-1.0 left … 1.0 right, clamped): the
    module's panning law. Their squares add to 1; the smaller is never under
    :data:`PAN_FLOOR` times the larger; the left gain falls and the right rises as
    ``pan`` grows."""
    share = (max(-1.0, min(1.0, pan)) + 1.0) / 2.0  # 0 at the left end, 1 at the right
    theta = _THETA_0 + share * (math.pi / 2.0 - 2.0 * _THETA_0)
    return math.cos(theta), math.sin(theta)


def synthesize(kind: CueKind, place: Place = CENTRE, mono: bool = False) -> bytes:
    """The cue for ``kind`` at ``place``: interleaved stereo 16-bit little-endian PCM
    at :data:`RATE` (left sample first). With ``mono``, both channels carry the
    average of the two stereo gains: identical samples in each."""
    frames = round(duration(kind) * RATE)
    signal = [0.0] * frames
    base = base_frequency(place.row)
    for note in _SCORES[kind]:
        _add_note(signal, note, base)
    left_gain, right_gain = pan_gains(place.pan)
    if mono:  # the average of the channels, not one of them: no ear is favoured
        left_gain = right_gain = (left_gain + right_gain) / 2.0
    peak = max((abs(v) for v in signal), default=0.0) or 1.0
    scale = _PEAK * 32767 / peak
    out = array("h", bytes(frames * CHANNELS * SAMPLE_WIDTH))
    for i, value in enumerate(signal):
        sample = value * scale
        out[2 * i] = round(sample * left_gain)
        out[2 * i + 1] = round(sample * right_gain)
    if sys.byteorder == "big":
        out.byteswap()  # a big-endian machine: WAV data is little-endian
    return out.tobytes()


def _add_note(signal: list[float], note: _Note, base: float) -> None:
    first = int(note.start * RATE)
    count = min(int(note.length * RATE), len(signal) - first)
    ramp = max(1, int(RAMP_SECONDS * RATE))
    phase = 0.0
    for i in range(count):
        progress = i / count
        freq = base * 2.0 ** ((note.semitones + note.slide * progress) / 12.0)
        phase += 2.0 * math.pi * freq / RATE
        if note.wave == "buzz":
            value = math.sin(phase) + math.sin(3 * phase) / 3 + math.sin(5 * phase) / 5
        else:
            value = math.sin(phase)
        edge = min(i, count - 1 - i)
        if edge < ramp:  # raised-cosine fade in and out: no click
            value *= 0.5 - 0.5 * math.cos(math.pi * edge / ramp)
        signal[first + i] += value


def wav_bytes(pcm: bytes) -> bytes:
    """``pcm`` (as :func:`synthesize` makes it) in a WAV container."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(CHANNELS)
        wav.setsampwidth(SAMPLE_WIDTH)
        wav.setframerate(RATE)
        wav.writeframes(pcm)
    return buffer.getvalue()


def cue_wav(kind: CueKind, place: Place = CENTRE, mono: bool = False) -> bytes:
    """The WAV file of ``kind``'s cue at ``place`` (both channels the same with
    ``mono``: see :func:`synthesize`)."""
    return wav_bytes(synthesize(kind, place, mono))


PREVIEW: tuple[tuple[str, CueKind, Place], ...] = (
    ("pair-top", CueKind.PAIR, place_of(0, 0)),
    ("pair-bottom-left", CueKind.PAIR, place_of(6, 0)),
    ("pair-bottom-right", CueKind.PAIR, place_of(6, 6)),
    ("king-left", CueKind.KING, place_of(3, 0)),
    ("king-right", CueKind.KING, place_of(3, 3)),
    ("draw", CueKind.DRAW, pile_place(False)),
    ("recycle", CueKind.RECYCLE, pile_place(False)),
    ("refusal", CueKind.REFUSAL, CENTRE),
    ("win", CueKind.WIN, CENTRE),
    ("hint", CueKind.HINT, CENTRE),
    ("focus-row1", CueKind.FOCUS, place_of(0, 0)),
    ("focus-row4-left", CueKind.FOCUS, place_of(3, 0)),
    ("focus-row7-right", CueKind.FOCUS, place_of(6, 6)),
)
"""The cues ``pyramide sounds`` writes: a file name (without ``.wav``), the event
and its place."""
