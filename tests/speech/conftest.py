"""Fixtures of the speech tests."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from speech_support import Sink


@pytest.fixture
def sink(tmp_path: Path) -> Sink:
    """A real-time audio sink logging to a file of this test's own."""
    return Sink(tmp_path / "sink.log")


FAKE_SSIP = Path(__file__).with_name("fake_ssip_server.py")


@pytest.fixture
def ssip_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A ``speech-dispatcher`` on PATH that is the stand-in
    (``fake_ssip_server.py``), with no server running for this user; its log."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    program = bin_dir / "speech-dispatcher"
    program.write_text(f'#!/bin/sh\nexec {sys.executable} {FAKE_SSIP} "$@"\n')
    program.chmod(0o755)
    log = tmp_path / "ssip.log"
    log.write_text("")
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.delenv("SPEECHD_ADDRESS", raising=False)
    monkeypatch.setenv("FAKE_SSIP_LOG", str(log))
    return log
