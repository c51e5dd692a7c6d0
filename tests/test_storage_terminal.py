"""In a real terminal (tmux, the prompt_toolkit loop): the window is closed with the
game in progress (tmux kills it), a new window offers the saved game, and
``continuar`` takes it up where it was."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
CODE = "PY1-N-AAAAAAS"
# A tmux server of this module's own, kept up by a session that outlives the
# test's windows: killing the last window otherwise ends the server, and a new
# window made while it shuts down is lost (the screen then reads empty).
SOCKET = f"pyramide-test-{uuid.uuid4().hex[:8]}"


def _tmux(*args: str) -> str:
    return subprocess.run(
        ["tmux", "-L", SOCKET, *args], capture_output=True, text=True, timeout=30, check=False
    ).stdout


@pytest.fixture(autouse=True, scope="module")
def _server() -> Iterator[None]:
    if TMUX is None:
        yield
        return
    _tmux("new-session", "-d", "-s", "keeper", "sleep 600")
    try:
        yield
    finally:
        _tmux("kill-server")


def _wait_for(name: str, text: str) -> str:
    screen = ""
    for _ in range(150):
        screen = _tmux("capture-pane", "-p", "-J", "-S", "-2000", "-t", name)
        if text in screen:
            break
        time.sleep(0.1)
    return screen


def _window(folder: Path, *options: str) -> str:
    name = f"pyr-{uuid.uuid4().hex[:8]}"
    command = (
        f"PROMPT_TOOLKIT_NO_CPR=1 PYRAMIDE_DATA_DIR={folder} {sys.executable} -m pyramide_a11y "
        f"--lang pt --speech none {' '.join(options)}; sleep 30"
    )
    _tmux("new-session", "-d", "-s", name, "-x", "200", "-y", "50", command)
    return name


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
def test_closing_the_terminal_loses_nothing(tmp_path: Path) -> None:
    first = _window(tmp_path, "--deal", CODE)
    try:
        assert "Escreva ? para ajuda" in _wait_for(first, "Escreva ? para ajuda")
        _tmux("send-keys", "-t", first, "-l", "Rp\r")  # the king of clubs (rei de paus) leaves
        assert "Saiu rei de paus" in _wait_for(first, "Saiu rei de paus")
    finally:
        _tmux("kill-session", "-t", first)  # the terminal closes under the game

    second = _window(tmp_path)
    try:
        screen = _wait_for(second, "Tem uma partida guardada")
        assert "Tem uma partida guardada: Pyramide, 1 carta retirada, 1 jogada." in screen
        _tmux("send-keys", "-t", second, "-l", "continuar\r")
        screen = _wait_for(second, "A continuar a sua partida guardada.")
        assert "A continuar a sua partida guardada." in screen
        assert "\x1b" not in screen
    finally:
        _tmux("kill-session", "-t", second)
