"""Fixtures of the speech tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from speech_support import Sink


@pytest.fixture
def sink(tmp_path: Path) -> Sink:
    """A real-time audio sink logging to a file of this test's own."""
    return Sink(tmp_path / "sink.log")
