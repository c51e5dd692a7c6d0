"""A real terminal for the tests: the game run in a tmux window, typed into with
``send-keys`` and read with ``capture-pane``.

Every window lives on a tmux server of this test run's own (``-L``), kept up by a
session that outlives the windows: killing the last window would otherwise end
the server, and a window made while it shuts down is lost (its screen reads
empty). Use :func:`window` as a context manager; the window is closed after.
"""

from __future__ import annotations

import atexit
import shutil
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from kit import child_processes, process_alive, wait_until

TMUX = shutil.which("tmux")
SOCKET = f"pyramide-test-{uuid.uuid4().hex[:8]}"
_server_started = False


def tmux(*args: str) -> str:
    """Run one tmux command on the tests' server; its standard output."""
    return subprocess.run(
        ["tmux", "-L", SOCKET, *args], capture_output=True, text=True, timeout=30, check=False
    ).stdout


def _ensure_server() -> None:
    global _server_started
    if not _server_started:
        tmux("new-session", "-d", "-s", "keeper", "sleep 3600")
        atexit.register(tmux, "kill-server")
        _server_started = True


class Window:
    """One tmux window running a shell command (200 columns, 50 lines)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def screen(self, history: bool = True) -> str:
        """What the window shows, with its scrolled-off history when ``history``
        (wrapped lines joined)."""
        if history:
            return tmux("capture-pane", "-p", "-J", "-S", "-2000", "-t", self.name)
        return tmux("capture-pane", "-p", "-t", self.name)

    def type(self, text: str) -> None:
        """Type ``text`` literally (``\\r`` is Enter)."""
        tmux("send-keys", "-t", self.name, "-l", text)

    def keys(self, *names: str) -> None:
        """Press named keys (``Up``, ``Escape``, ``C-d`` …)."""
        tmux("send-keys", "-t", self.name, *names)

    def wait_until(self, ready: Callable[[str], bool], seconds: float = 15.0) -> str:
        """The screen, once ``ready(screen)`` holds or ``seconds`` have passed."""
        deadline = time.monotonic() + seconds
        screen = self.screen()
        while not ready(screen) and time.monotonic() < deadline:
            time.sleep(0.1)
            screen = self.screen()
        return screen

    def wait_for(self, text: str, seconds: float = 15.0) -> str:
        """The screen, once it shows ``text`` or ``seconds`` have passed."""
        return self.wait_until(lambda screen: text in screen, seconds)

    def wait_for_prompt(self, seconds: float = 20.0) -> str:
        """The screen, once a line holds the bare prompt ``>``."""
        return self.wait_until(
            lambda screen: any(line.rstrip() == ">" for line in screen.splitlines()), seconds
        )


@contextmanager
def window(command: str) -> Iterator[Window]:
    """A window running ``command`` (a shell line; add ``; sleep 30`` to keep the
    window readable after the program ends); killed when the block ends."""
    _ensure_server()
    name = f"pyr-{uuid.uuid4().hex[:8]}"
    tmux("new-session", "-d", "-s", name, "-x", "200", "-y", "50", command)
    try:
        yield Window(name)
    finally:
        panes = tmux("list-panes", "-t", name, "-F", "#{pane_pid}").split()
        programs = [pid for pid in _tree(panes) if _is_python(pid)]
        tmux("kill-session", "-t", name)
        # The programs end on the hang-up in their own time (a game saves first):
        # a window opened next must not meet one still holding its game.
        _wait_gone(programs)


def _tree(roots: list[str]) -> list[int]:
    """The processes ``roots`` (ids as text) and all their living descendants."""
    found = [int(pid) for pid in roots if pid.isdigit()]
    for pid in found:  # grows as it goes: each child's children in turn
        found += child_processes(pid)
    return found


def _is_python(pid: int) -> bool:
    """Whether process ``pid`` is a Python program (the game; not the shell or the
    ``sleep`` that keeps a window readable)."""
    try:
        program = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0]
    except OSError:
        return False
    return b"python" in program.rsplit(b"/", 1)[-1]


def _wait_gone(pids: list[int], seconds: float = 30.0) -> None:
    """Until every process of ``pids`` has ended (or ``seconds`` have passed)."""
    wait_until(lambda: not any(process_alive(pid) for pid in pids), seconds)
