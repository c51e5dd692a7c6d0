"""The audio player: the child process that turns a WAV into sound.

A player is a command line. When it contains ``{file}`` the WAV's path goes
there; otherwise the WAV is fed on the player's standard input (which lets the
espeak-ng backend stream into it). ``PYRAMIDE_AUDIO_PLAYER`` overrides the
platform's default, e.g. to send audio to another device or, in tests and
benchmarks on a machine with no sound card, to :mod:`.realtime_sink`.
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from . import realtime_sink

PLAYER_ENV = "PYRAMIDE_AUDIO_PLAYER"
FILE_PLACEHOLDER = "{file}"

_WINSOUND = "import sys, winsound; winsound.PlaySound(sys.argv[1], winsound.SND_FILENAME)"


def default_player() -> list[str]:
    """The player command: ``$PYRAMIDE_AUDIO_PLAYER`` if set, else the platform's.

    Linux: ``aplay -q`` (package alsa-utils) reading standard input; macOS:
    ``afplay {file}``; Windows: a Python child playing the file with winsound.
    """
    configured = os.environ.get(PLAYER_ENV, "").strip()
    if configured:
        return shlex.split(configured)
    if sys.platform == "darwin":
        return ["afplay", FILE_PLACEHOLDER]
    if sys.platform == "win32":
        return [sys.executable, "-c", _WINSOUND, FILE_PLACEHOLDER]
    return ["aplay", "-q"]


def realtime_sink_command(log: Path | None = None) -> list[str]:
    """A player that consumes audio in real time without a sound card (tests, benchmarks)."""
    command = [sys.executable, "-I", "-S", realtime_sink.__file__]
    if log is not None:
        command += ["--log", str(log)]
    return command


def reads_stdin(player: Sequence[str]) -> bool:
    """True when the player takes the WAV on standard input (no ``{file}``)."""
    return not any(FILE_PLACEHOLDER in part for part in player)


def with_file(player: Sequence[str], path: Path) -> list[str]:
    """The player command with ``{file}`` replaced by ``path``."""
    return [part.replace(FILE_PLACEHOLDER, str(path)) for part in player]
