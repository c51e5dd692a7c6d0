"""The play core stands alone: importing it loads no command line, no terminal and
no speech, so a web page (or any front end) pays for none of them."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

FORBIDDEN = ("argparse", "prompt_toolkit", "pyttsx3")
FORBIDDEN_OWN = ("pyramide_a11y.speech", "pyramide_a11y.terminal", "pyramide_a11y.cli")


def modules_loaded_by(module: str) -> list[str]:
    """Every module a fresh interpreter has loaded after importing ``module``."""
    code = f"import json, sys; import {module}; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    loaded: list[str] = json.loads(done.stdout)
    return loaded


@pytest.mark.parametrize(
    "module", ["pyramide_a11y.core.session", "pyramide_a11y.core", "pyramide_a11y.engine.view"]
)
def test_the_play_core_loads_no_command_line_terminal_or_speech(module: str) -> None:
    loaded = modules_loaded_by(module)
    assert module in loaded  # the check itself sees what it imported
    wrong = [
        name for name in loaded if name.split(".")[0] in FORBIDDEN or name.startswith(FORBIDDEN_OWN)
    ]
    assert wrong == []


def test_the_terminal_does_load_speech_so_the_check_can_fail() -> None:
    loaded = modules_loaded_by("pyramide_a11y.terminal.spoken_outlet")
    assert "pyramide_a11y.speech.base" in loaded


def test_every_public_name_of_the_core_is_there() -> None:
    import pyramide_a11y.core as core

    assert core.__all__ == sorted(core._HOMES)
    for name in core.__all__:
        home = importlib.import_module(f"pyramide_a11y.core.{core._HOMES[name]}")
        assert getattr(core, name) is getattr(home, name)
    with pytest.raises(AttributeError):
        core.Play  # noqa: B018  a submodule's class, not the core's public face


def test_the_type_checker_sees_the_public_names_and_no_other() -> None:
    """The names are listed once (``_HOMES``); the ``TYPE_CHECKING`` imports, which
    are all the type checker sees of them, name the same ones, each from the
    module that defines it or a package its home re-exports it from."""
    import ast
    from pathlib import Path

    import pyramide_a11y.core as core

    tree = ast.parse(Path(core.__file__).read_text(encoding="utf-8"))
    block = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    seen = {
        alias.name: node.module
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert set(seen) == set(core._HOMES)
    for name, module in seen.items():
        assert module is not None
        assert getattr(importlib.import_module(module), name) is getattr(core, name), name
