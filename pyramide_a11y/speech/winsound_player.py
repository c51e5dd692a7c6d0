"""Sound on Windows in the game's own process, with the standard library's winsound.

``winsound.PlaySound(path, SND_FILENAME | SND_ASYNC | SND_NODEFAULT)`` returns at
once and plays the WAV file in the background; a process plays one such sound at
a time, so each new sound stops the one before ("purged on the next"), and
``PlaySound(None, 0)`` stops whatever plays. (``SND_MEMORY`` cannot be combined
with ``SND_ASYNC``: sounds are played from files.) No process is started per cue
or answer, unlike the player command lines of :mod:`.player`.

winsound reports no end: whoever plays a sound waits for its length (from the
WAV header). ``PlaySound`` raises RuntimeError when the sound cannot be played;
when that is because another program holds the file (an antivirus scanning a
new file keeps others from opening it for a moment), :func:`play` tries again a
few times and then reports :class:`FileHeld`, which is never counted as speech
failing: the next answer is another file.
"""

from __future__ import annotations

import importlib
import threading
import time
from pathlib import Path
from types import ModuleType

MARKER = "winsound"
"""The player "command" meaning: play in this process with winsound (the default
on Windows; ``PYRAMIDE_AUDIO_PLAYER="winsound {file}"`` chooses it too)."""
HELD_TRIES = 3
HELD_PAUSE = 0.05  # seconds between tries while another program holds the file

_lock = threading.Lock()  # one sound at a time per process: cues and speech share it


class FileHeld(Exception):
    """Another program kept the sound file from being read: this sound is skipped."""


def module() -> ModuleType:
    """winsound (Windows only); raises ImportError elsewhere. Tests put a fake in
    ``sys.modules``."""
    return importlib.import_module("winsound")


def readable(path: Path) -> bool:
    """Whether this process can open ``path`` for reading now (on Windows, a file
    another program opened without sharing cannot be)."""
    try:
        with path.open("rb") as file:
            file.read(1)
    except OSError:
        return False
    return True


def play(path: Path) -> None:
    """Start playing the WAV file ``path`` and return at once; it stops the sound
    playing before. Raises FileHeld when another program holds the file,
    RuntimeError when winsound cannot play it (no audio device), ImportError
    without winsound."""
    sound = module()
    flags = sound.SND_FILENAME | sound.SND_ASYNC | sound.SND_NODEFAULT
    for attempt in range(HELD_TRIES):
        try:
            with _lock:
                sound.PlaySound(str(path), flags)
            return
        except RuntimeError:
            if readable(path):
                raise  # the file is there to read: winsound itself cannot play
            if attempt + 1 < HELD_TRIES:
                time.sleep(HELD_PAUSE)
    raise FileHeld(str(path))


def play_now(wav: bytes) -> None:
    """Play a WAV held in memory to its end (synchronously: winsound cannot play
    from memory in the background); for the start-up check. Raises RuntimeError
    when it cannot be played, ImportError without winsound."""
    sound = module()
    with _lock:
        sound.PlaySound(wav, sound.SND_MEMORY | sound.SND_NODEFAULT)


def stop() -> None:
    """Stop the sound playing, if any (a later answer or cue, or the end)."""
    try:
        sound = module()
    except ImportError:
        return
    with _lock:
        sound.PlaySound(None, 0)
