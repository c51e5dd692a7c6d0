"""Issue 29 in a real terminal: the game in tmux, typed into with draws among
control bytes, escape sequences, pastes (finished or not) and hostile
environments. Fails on a traceback, a hang (the game not ending by a deadline,
waited for on the screen), an exit status other than 0, or a draw said that was
not saved or saved that was not said.

A few sessions in the default run, many in the slow one (``pytest -m ""``).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storage_helpers import saved_moves
from terminal import TMUX, window

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")

COUNTS: Counter[str] = Counter()
DEAL = "PY1-N-AAAAAAB"
DREW = ("Drew ", "Comprou ", "Virou ")
"""How a draw is said (en, pt, pt-BR)."""

ESCAPES = [
    "\x1b[A",  # the arrows: history, the playable cards
    "\x1b[B",
    "\x1b[C",
    "\x1b[D",
    "\x1b[H",  # Home, End, Page Up/Down, Insert, Delete
    "\x1b[F",
    "\x1b[5~",
    "\x1b[6~",
    "\x1b[2~",
    "\x1b[3~",
    "\x1bOP",  # F1, F3, F4, F5, F12 (F2 is keyboard mode: its Enter may play a card)
    "\x1bOR",
    "\x1bOS",
    "\x1b[15~",
    "\x1b[24~",
    "\x1b[I",  # focus in and out
    "\x1b[O",
    "\x1b[200~",  # a paste's start alone, its end alone
    "\x1b[201~",
    "\x1b[1;5A",  # Ctrl-Up, Shift-Right
    "\x1b[1;2C",
    "\x1b[999;999R",  # a stray cursor position report
    "\x1b[<0;10;10M",  # a mouse click report
    "\x1b]0;title\x07",  # an OSC string
    "\x1b",  # Escape alone
    "\x1bd",  # Alt-d, Alt-3
    "\x1b3",
]
CONTROL = st.sampled_from([chr(c) for c in range(1, 32) if chr(c) not in "\r\n"] + ["\x7f"])
"""Control bytes (not NUL: no argument of tmux can hold it; Ctrl-Space is tested at
the prompt in test_prompt_hostile.py)."""
NOISE = st.lists(
    st.one_of(
        CONTROL,
        st.sampled_from(ESCAPES),
        st.text(st.characters(min_codepoint=32, max_codepoint=0x2FFF), max_size=6),
    ),
    min_size=1,
    max_size=5,
).map("".join)
"""Keys and sequences a terminal (or a player's slip) can send."""
PASTE = st.lists(st.sampled_from(["d", "~pasted", "status"]), min_size=1, max_size=3).map(
    lambda lines: "\x1b[200~" + "\n".join(lines) + "\n\x1b[201~"
)
STEP = st.one_of(st.just("d\r"), NOISE.map(lambda noise: "~" + noise + "\r"), PASTE)
"""One step typed: a draw, a line of noise (begun by ``~``: no command), a paste."""
ENVIRONMENTS = {
    "utf-8": "LC_ALL=C.UTF-8",
    "c-locale": "LC_ALL=C LANG=C PYTHONUTF8=0",
    "ascii": "LC_ALL=C.UTF-8 PYTHONIOENCODING=ascii",
    "latin-1": "LC_ALL=C.UTF-8 PYTHONIOENCODING=latin-1",
    "term-dumb": "LC_ALL=C.UTF-8 TERM=dumb",
    "odd-locale": "LANG=xx_YY.KOI8-R LANGUAGE=zz",
    "empty-home": "LC_ALL=C.UTF-8 HOME=",
}


def _session(tmp: Path, environment: str, lang: str, steps: list[str]) -> None:
    COUNTS["sessions"] += 1
    COUNTS[f"environment {environment}"] += 1
    for step in steps:
        kind = "draw" if step == "d\r" else "paste" if step.startswith("\x1b[200~") else "noise"
        COUNTS[f"steps {kind}"] += 1
    data = tmp / "data"
    command = (
        f"env {ENVIRONMENTS[environment]} PROMPT_TOOLKIT_NO_CPR=1 PYRAMIDE_DATA_DIR={data} "
        f"PYRAMIDE_SOUNDS=off {sys.executable} -m pyramide_a11y --lang {lang} --deal {DEAL} "
        "--speech none; echo EXIT=$?; sleep 60"
    )
    with window(command) as terminal:
        terminal.wait_for_prompt(30)
        terminal.type("".join(steps))
        terminal.type("q\r")
        # Ctrl-D at the start of a line ends the game too (the same goodbye).
        screen = terminal.wait_for("EXIT=", 60)
        assert "EXIT=" in screen, f"hung: {screen[-2000:]}"
    assert "Traceback" not in screen, screen
    assert "EXIT=0" in screen, screen
    said = sum(1 for line in screen.splitlines() if line.startswith(DREW))
    assert saved_moves(data) == [said], (said, screen)


SESSION = {
    "environment": st.sampled_from(sorted(ENVIRONMENTS)),
    "lang": st.sampled_from(["en", "pt", "pt-BR"]),
    "steps": st.lists(STEP, max_size=6),
}


@pytest.mark.timeout(300)
@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
@given(**SESSION)
def test_fuzz_a_real_terminal_a_few(
    tmp_path_factory: pytest.TempPathFactory, environment: str, lang: str, steps: list[str]
) -> None:
    _session(tmp_path_factory.mktemp("tty"), environment, lang, steps)


@pytest.mark.slow
@pytest.mark.timeout(2400)  # every session in one call: the budget of them all
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(**SESSION)
def test_fuzz_a_real_terminal_deep(
    tmp_path_factory: pytest.TempPathFactory, environment: str, lang: str, steps: list[str]
) -> None:
    _session(tmp_path_factory.mktemp("tty"), environment, lang, steps)


def test_terminal_fuzz_counts_are_reported() -> None:
    """Last in the file: what the sessions above ran (``pytest -s``)."""
    print(json.dumps(dict(COUNTS)))
