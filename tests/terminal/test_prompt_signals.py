"""A terminating signal (SIGTERM, SIGHUP, SIGQUIT) while the prompt waits ends the
game as it ends anywhere else: the game saved and closed, the program's status
128 + the signal's number, nothing said after the last answer.

The signal comes from inside one of the prompt's event-loop callbacks
(``tests/prompt_signal_harness.py``, a process of its own): where a hang-up lands
when the closing terminal wakes the loop at the same moment. Raised there, the
handler's exception was caught by asyncio and the prompt never ended, holding its
game locked (1 window closed in 8 here before the fix; the next window started a
new deal). It also stops pytest-timeout's alarm, hence a process the test can
kill."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from kit import stopping_signals_by_default
from storage_helpers import saved_moves

from pyramide_a11y.cli.main import TERMINATING_SIGNALS
from pyramide_a11y.core.autosave import GameStorage

HARNESS = Path(__file__).parent.parent / "prompt_signal_harness.py"
DEADLINE = 60.0


@pytest.mark.parametrize("signum", TERMINATING_SIGNALS)
def test_a_signal_inside_the_prompt_saves_the_game_and_ends_it(tmp_path: Path, signum: int) -> None:
    try:
        ended = subprocess.run(
            [sys.executable, str(HARNESS), str(tmp_path), str(int(signum))],
            capture_output=True,
            text=True,
            timeout=DEADLINE,
            preexec_fn=stopping_signals_by_default,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the prompt did not end on signal {signum} in {DEADLINE:.0f} s")
    assert ended.returncode == 128 + signum, ended.stderr
    heard = json.loads(ended.stdout.splitlines()[-1])
    assert heard[-1].startswith("Drew")  # nothing after the draw: no goodbye, no error
    assert "Traceback" not in ended.stderr and "Unhandled" not in ended.stderr
    assert saved_moves(tmp_path) == [1]
    # Closed, its lock let go: the next window is offered the game.
    assert GameStorage.open(tmp_path).resume_saved() is not None
