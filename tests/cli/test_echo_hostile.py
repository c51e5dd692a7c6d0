"""What the command line says back of what was typed (issue 29): never a terminal
escape, never a long value whole — argparse's own errors, deal codes, option
values."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ESCAPES = "\x1b]0;owned\x07\x1b[2J"
LONG = "B" * 3000


@pytest.mark.parametrize(
    "args",
    [
        ["stats", "--bogus" + ESCAPES],
        ["stats", "extra" + ESCAPES],
        [ESCAPES + "x"],
        [LONG],
        ["stats", "--" + LONG],
        ["deal", "PY1-N-" + LONG],
        ["deal", ESCAPES],
        ["deal", "PY1-N-AAAAAAS", "--passes", ESCAPES + LONG],
        ["deal", "PY1-N-AAAAAAS", "--recycles", ESCAPES + LONG],
        ["deal", "--rules", ESCAPES + LONG, "PY1-N-AAAAAAS"],
        ["--lang", ESCAPES + LONG, "stats"],
    ],
)
def test_an_echo_is_clean_and_short(tmp_path: Path, args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", "--speech", "none", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={"LANGUAGE": "en", "PATH": "/usr/bin:/bin", "PYRAMIDE_DATA_DIR": str(tmp_path)},
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode in (0, 1, 2)  # an unknown --lang is said, then English
    said = done.stderr + done.stdout
    assert "\x1b" not in said and "\x07" not in said
    assert "Traceback" not in said
    first = said.splitlines()[0]
    assert len(first) < 400, first
