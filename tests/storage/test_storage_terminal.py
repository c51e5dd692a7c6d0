"""In a real terminal (tmux, the prompt_toolkit loop): the window is closed with the
game in progress (tmux kills it), a new window offers the saved game, and
``continuar`` takes it up where it was."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from terminal import TMUX, window

CODE = "PY1-N-AAAAAAS"


def _command(folder: Path, *options: str) -> str:
    return (
        f"PROMPT_TOOLKIT_NO_CPR=1 PYRAMIDE_DATA_DIR={folder} {sys.executable} -m pyramide_a11y "
        f"--lang pt --speech none {' '.join(options)}; sleep 30"
    )


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
def test_closing_the_terminal_loses_nothing(tmp_path: Path) -> None:
    with window(_command(tmp_path, "--deal", CODE)) as first:
        assert "Escreva ? para ajuda" in first.wait_for("Escreva ? para ajuda")
        first.type("Ro\r")  # the king of diamonds (rei de ouros) leaves
        assert "Saiu rei de ouros" in first.wait_for("Saiu rei de ouros")
    # The window is killed: the terminal closes under the game.

    with window(_command(tmp_path)) as second:
        screen = second.wait_for("Tem uma partida guardada")
        assert "Tem uma partida guardada: Pyramide, 1 carta retirada, 1 jogada." in screen
        second.type("continuar\r")
        screen = second.wait_for("A continuar a sua partida guardada.")
        assert "A continuar a sua partida guardada." in screen
        assert "\x1b" not in screen
