"""Is a screen reader running? Then our own speech would talk over it.

Three ways of knowing, most reliable first, each bounded in time:

1. Prism (``prismatoid``, :mod:`.screen_reader`): a screen-reader backend it can
   reach now (NVDA, JAWS, VoiceOver, Orca over D-Bus…) names the reader.
2. The platform's own flag: AT-SPI's ``ScreenReaderEnabled`` on the session bus
   (Linux, through ``gdbus`` with a short timeout) or ``SPI_GETSCREENREADER``
   (Windows). It does not name the reader: :data:`UNNAMED` stands for it unless
   a process below names it.
3. Process names, matched exactly on the executable (``tail notes/orca`` is not
   Orca): Orca, Fenrir (Linux), NVDA, JAWS, Narrator (Windows), VoiceOver
   (macOS); and Speakup, a kernel module, by its ``/sys`` folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from pyramide_a11y.narration.speech_words import UNNAMED as UNNAMED

# Executable name (lower case, without .exe) → the screen reader's name.
SCREEN_READERS = {
    "orca": "Orca",
    "fenrir": "Fenrir",
    "fenrir-daemon": "Fenrir",
    "nvda": "NVDA",
    "jfw": "JAWS",
    "narrator": "Narrator",
    "voiceover": "VoiceOver",
}
SCREEN_READER_ENV = "PYRAMIDE_SCREEN_READER"
"""Set: the screen reader running (a name, or ``none``), nothing detected."""
SPEAKUP = Path("/sys/accessibility/speakup")
FLAG_SECONDS = 1.0  # the longest the platform flag may take
# Interpreters a screen reader written as a script runs under (Orca, Fenrir).
_INTERPRETERS = ("python", "python3")


def process_names() -> set[str]:
    """Lower-case executable names of the running processes (best effort; empty if unknown)."""
    try:
        if sys.platform.startswith("linux"):
            return _linux_names()
        if sys.platform == "win32":
            command = ["tasklist", "/FO", "CSV", "/NH"]
        else:
            command = ["ps", "-A", "-o", "comm="]
        result = subprocess.run(command, capture_output=True, text=True, timeout=3, check=False)
    except (OSError, subprocess.SubprocessError):
        return set()
    names = set()
    for line in result.stdout.splitlines():
        field = line.split('","')[0].strip('"') if sys.platform == "win32" else line.strip()
        names.add(os.path.basename(field).lower())
    return names


def _linux_names() -> set[str]:
    names = set()
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            # A script started through its #! line has the script's name as comm.
            names.add((proc / "comm").read_text().strip().lower())
            argv = (proc / "cmdline").read_bytes().split(b"\0")[:2]
        except OSError:
            continue
        # "python3 /usr/bin/orca": the script counts, but only under an interpreter
        # (so "tail notes/orca" is tail, not Orca).
        if len(argv) == 2 and os.path.basename(argv[0].decode("utf-8", "replace")).startswith(
            _INTERPRETERS
        ):
            names.add(os.path.basename(argv[1].decode("utf-8", "replace")).lower())
    return names


def reader_from_processes(names: Iterable[str]) -> str | None:
    """The screen reader among executable ``names`` (exact match), or None."""
    for name in names:
        stem = name.lower().removesuffix(".exe")
        if stem in SCREEN_READERS:
            return SCREEN_READERS[stem]
    return None


def platform_flag() -> bool:
    """Whether the platform says a screen reader is on (AT-SPI's
    ``ScreenReaderEnabled`` on Linux, ``SPI_GETSCREENREADER`` on Windows); False
    when it cannot tell. Takes at most :data:`FLAG_SECONDS`."""
    if sys.platform == "win32":
        return _windows_flag()
    if sys.platform.startswith("linux"):
        return _atspi_flag()
    return False


def _atspi_flag() -> bool:
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS") and not os.environ.get("XDG_RUNTIME_DIR"):
        return False
    command = [
        "gdbus", "call", "--session", "--timeout", "1",
        "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
        "--method", "org.freedesktop.DBus.Properties.Get",
        "org.a11y.Status", "ScreenReaderEnabled",
    ]  # fmt: skip
    try:
        result = subprocess.run(
            command, capture_output=True, text=True, timeout=FLAG_SECONDS, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return result.returncode == 0 and "true" in result.stdout


def _windows_flag() -> bool:  # pragma: no cover - Windows only
    import ctypes

    spi_getscreenreader = 0x0046
    value = ctypes.c_int(0)
    windll = getattr(ctypes, "windll", None)
    if windll is None:
        return False
    ok = windll.user32.SystemParametersInfoW(spi_getscreenreader, 0, ctypes.byref(value), 0)
    return bool(ok and value.value)


def running_screen_reader(names: Iterable[str] | None = None) -> str | None:
    """The name of a running screen reader ("Orca", "NVDA"…), :data:`UNNAMED` when
    the platform reports one without a name, or None.

    ``names`` (process names) is for tests: only they are looked at. Otherwise
    :data:`SCREEN_READER_ENV`, when set, is the answer: ``none`` (no screen
    reader: the test suite's, so that a contributor running it with Orca on sees
    the tests pass) or the reader's name.
    """
    if names is not None:
        return reader_from_processes(names)
    told = os.environ.get(SCREEN_READER_ENV, "").strip()
    if told:
        return None if told.lower() in ("none", "off", "no", "0") else told
    from .screen_reader import prism_reader_name

    if named := prism_reader_name():
        return named
    named = reader_from_processes(process_names())
    if named:
        return named
    if sys.platform.startswith("linux") and SPEAKUP.exists():
        return "Speakup"
    return UNNAMED if platform_flag() else None
