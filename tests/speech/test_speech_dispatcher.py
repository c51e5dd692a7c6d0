"""The speech-dispatcher backend, against a stand-in ``spd-say`` that records its
arguments (speech-dispatcher is not installed in CI) and can hang like the real
one does with no sound server."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import pytest
from speech_support import my_children, no_more, thread_names, wait_for

from pyramide_a11y.speech.dispatcher_backend import SpeechDispatcherSpeaker, dispatcher_rate

FAKE = """#!{python}
import sys, time
with open({log!r}, "a") as log:
    log.write(repr(sys.argv[1:]) + "\\n")
if "hang" in sys.argv[-1]:
    time.sleep(60)
"""


@pytest.fixture
def fake_spd(tmp_path: Path) -> tuple[Path, Path]:
    log = tmp_path / "calls.log"
    script = tmp_path / "spd-say"
    script.write_text(FAKE.format(python=sys.executable, log=str(log)))
    script.chmod(0o755)
    return script, log


def calls(log: Path) -> list[list[str]]:
    import ast

    return [ast.literal_eval(line) for line in log.read_text().splitlines()] if log.exists() else []


def test_says_in_the_session_language_cancelling_the_previous(fake_spd: tuple[Path, Path]) -> None:
    script, log = fake_spd
    speaker = SpeechDispatcherSpeaker("pt_BR")
    speaker.program = str(script)
    try:
        speaker.say("Essas duas não somam 13 (10♣ + 2♠).")
        assert wait_for(lambda: len(calls(log)) == 1)
        speaker.set_language("pt_PT")
        speaker.say("-Rei de ouros")
        assert wait_for(lambda: len(calls(log)) == 2)
        speaker.stop()
        assert wait_for(lambda: len(calls(log)) == 3)
    finally:
        speaker.close()
    first, second, cancel = calls(log)
    assert first == ["-C", "-N", "pyramide", "-l", "pt-BR", "--",
                     "Essas duas não somam 13 (10 mais 2)."]  # fmt: skip
    assert second[-4:] == ["-l", "pt", "--", "Rei de ouros"]
    assert cancel == ["-C", "-N", "pyramide"]


def test_rate_only_when_the_player_set_one(fake_spd: tuple[Path, Path]) -> None:
    script, log = fake_spd
    speaker = SpeechDispatcherSpeaker("en")
    speaker.program = str(script)
    try:
        speaker.say("one")
        assert wait_for(lambda: len(calls(log)) == 1)
        speaker.set_rate(175)  # the game's default: speech-dispatcher's own rate
        speaker.say("one again")
        assert wait_for(lambda: len(calls(log)) == 2)
        speaker.set_rate(450)
        speaker.say("two")
        assert wait_for(lambda: len(calls(log)) == 3)
    finally:
        speaker.close()
    assert "-r" not in calls(log)[0] and "-r" not in calls(log)[1]
    assert calls(log)[2][calls(log)[2].index("-r") + 1] == "100"
    assert [dispatcher_rate(r) for r in (80, 175, 450)] == [-100, 0, 100]


def test_a_hung_spd_say_is_killed_and_replaced(fake_spd: tuple[Path, Path]) -> None:
    script, log = fake_spd
    threads_before, children_before = thread_names(), my_children()
    speaker = SpeechDispatcherSpeaker("en", call_seconds=0.3)
    speaker.program = str(script)
    try:
        began = time.monotonic()
        speaker.say("hang")
        assert wait_for(lambda: speaker.failures == 1, 3)
        assert time.monotonic() - began < 1.5
        assert "overran" in (speaker.last_error or "")
        speaker.say("fine")
        assert wait_for(lambda: len(calls(log)) == 2 and not speaker._children, 3)
    finally:
        speaker.close()
    assert wait_for(lambda: no_more(my_children(), children_before), 2)
    assert wait_for(lambda: no_more(thread_names(), threads_before), 2)
    assert shlex.join(calls(log)[1][-2:]) == "-- fine"
