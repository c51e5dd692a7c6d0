"""The engine is pure: importing it loads no I/O, gettext or interface library."""

from __future__ import annotations

import subprocess
import sys


def test_engine_imports_no_interface_or_gettext() -> None:
    code = (
        "import sys, pyramide_a11y.engine, pyramide_a11y.engine.listing;"
        "banned = ['gettext', 'babel', 'prompt_toolkit', 'pyttsx3', 'sqlite3', 'random',"
        " 'pyramide_a11y.app', 'pyramide_a11y.speech'];"
        "print(','.join(m for m in banned if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
