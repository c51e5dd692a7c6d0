"""Is a screen reader running? Then our own speech would talk over it.

Looks at process names only (no accessibility APIs): Orca on Linux, NVDA, JAWS
and Narrator on Windows, VoiceOver on macOS.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

# Process name (lower case, without .exe) → the screen reader's name.
SCREEN_READERS = {
    "orca": "Orca",
    "nvda": "NVDA",
    "jfw": "JAWS",
    "narrator": "Narrator",
    "voiceover": "VoiceOver",
}


def process_names() -> set[str]:
    """Lower-case names of the running processes (best effort; empty if unknown)."""
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
            names.add((proc / "comm").read_text().strip().lower())
            # Orca runs as a Python script: its command line names it.
            argv = (proc / "cmdline").read_bytes().split(b"\0")[:2]
            names.update(os.path.basename(a.decode("utf-8", "replace")).lower() for a in argv)
        except OSError:
            continue
    return names


def running_screen_reader(names: Iterable[str] | None = None) -> str | None:
    """The name of a running screen reader ("Orca", "NVDA"…), or None.

    ``names`` (process names) is for tests; by default the running processes.
    """
    found = process_names() if names is None else {n.lower() for n in names}
    for name in found:
        stem = name.removesuffix(".exe")
        if stem in SCREEN_READERS:
            return SCREEN_READERS[stem]
    return None
