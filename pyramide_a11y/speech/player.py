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

from . import realtime_sink, winsound_player

PLAYER_ENV = "PYRAMIDE_AUDIO_PLAYER"
FILE_PLACEHOLDER = "{file}"

IN_PROCESS = winsound_player.MARKER
"""The "program" of a player that plays in the game's own process (winsound)."""


class PlayerUnusable(ValueError):
    """``$PYRAMIDE_AUDIO_PLAYER`` is set to something that is no command line
    (an unclosed quote): nothing can be played. ``value`` is what was set."""

    def __init__(self, value: str) -> None:
        super().__init__(f"{PLAYER_ENV}={value!r} is not a command line")
        self.value = value


def unusable_player() -> str | None:
    """The value of ``$PYRAMIDE_AUDIO_PLAYER`` when it cannot be read as a command
    line (the game then plays no sound and says so once); None when it can, or is unset."""
    try:
        default_player()
    except PlayerUnusable as err:
        return err.value
    return None


def default_player() -> list[str]:
    """The player command: ``$PYRAMIDE_AUDIO_PLAYER`` if set, else the platform's.

    Linux: ``aplay -q`` (package alsa-utils) reading standard input; macOS:
    ``afplay {file}``; Windows: ``winsound {file}``, played in the game's own process
    by :mod:`.winsound_player` (no process per sound).
    Raises :class:`PlayerUnusable` when the variable is not a command line.
    """
    configured = os.environ.get(PLAYER_ENV, "").strip()
    if configured:
        try:
            command = shlex.split(configured)
        except ValueError:
            raise PlayerUnusable(configured) from None
        if not command or not command[0]:  # only quotes: no program to run
            raise PlayerUnusable(configured)
        return command
    if sys.platform == "darwin":
        return ["afplay", FILE_PLACEHOLDER]
    if sys.platform == "win32":
        return [IN_PROCESS, FILE_PLACEHOLDER]
    return ["aplay", "-q"]


def realtime_sink_command(log: Path | None = None) -> list[str]:
    """A player that consumes audio in real time without a sound card (tests, benchmarks)."""
    command = [sys.executable, "-I", "-S", realtime_sink.__file__]
    if log is not None:
        command += ["--log", str(log)]
    return command


def in_process(player: Sequence[str]) -> bool:
    """True for the player that plays in this process with winsound (Windows)."""
    return bool(player) and player[0] == IN_PROCESS


def reads_stdin(player: Sequence[str]) -> bool:
    """True when the player takes the WAV on standard input (no ``{file}``)."""
    return not any(FILE_PLACEHOLDER in part for part in player)


def with_file(player: Sequence[str], path: Path) -> list[str]:
    """The player command with ``{file}`` replaced by ``path``."""
    return [part.replace(FILE_PLACEHOLDER, str(path)) for part in player]
