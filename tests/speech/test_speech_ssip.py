"""speech-dispatcher over one SSIP connection, against a stand-in server started
as ``speech-dispatcher`` (the real one is not installed in CI)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from speech_support import alive, my_children, no_more, wait_for

from pyramide_a11y.speech.base import FailureKind
from pyramide_a11y.speech.factory import open_speaker
from pyramide_a11y.speech.ssip import escape
from pyramide_a11y.speech.ssip_backend import SsipSpeaker, dispatcher_rate

FAKE = Path(__file__).with_name("fake_ssip_server.py")


@pytest.fixture
def server(ssip_server: Path) -> Path:
    """The stand-in ``speech-dispatcher`` (conftest); its log."""
    return ssip_server


def commands(log: Path) -> list[str]:
    return log.read_text().splitlines()


def test_one_connection_cancels_only_its_own_speech(server: Path) -> None:
    children = my_children()
    choice = open_speaker("speech-dispatcher", "pt_BR", 175)
    speaker = choice.speaker
    assert choice.problem is None and isinstance(speaker, SsipSpeaker)
    assert speaker.server is not None  # none was running: started for the game
    try:
        speaker.say("Dez de paus.")
        assert wait_for(lambda: speaker.spoken == 1, 5)
        speaker.set_rate(300)
        speaker.say(".Três de espadas")
        assert wait_for(lambda: speaker.spoken == 2, 5)
        speaker.stop()
        assert wait_for(lambda: commands(server).count("CANCEL self") == 3, 5)
    finally:
        speaker.close()
    log = commands(server)
    assert log[0] == "SET self CLIENT_NAME user:pyramide:main"
    assert "SET self LANGUAGE pt-BR" in log and "SET self RATE 45" in log
    assert "TEXT Dez de paus." in log and "TEXT ..Três de espadas" in log
    assert not [c for c in log if c.startswith("CANCEL") and c != "CANCEL self"]
    assert log[-1] == "QUIT"
    # The server started for the game ends with it: no process is left.
    assert speaker.server is not None and not alive(speaker.server.pid)
    assert wait_for(lambda: no_more(my_children(), children), 3)


def test_a_server_that_never_begins_is_reported(
    server: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_SSIP_MODE", "mute")
    speaker = SsipSpeaker("en", None, begin_seconds=0.2)
    try:
        for _ in range(3):
            speaker.say("ten of clubs")
            speaker.wait_idle(5)
        failure = speaker.take_failure()
        assert failure is not None and failure.kind is FailureKind.NOT_RESPONDING
        assert speaker.spoken == 0
    finally:
        speaker.close()


def test_a_hung_server_costs_a_bounded_time(server: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_SSIP_MODE", "hangs")
    speaker = SsipSpeaker("en", None)
    try:
        start = time.monotonic()
        speaker.say("ten of clubs")
        assert speaker.wait_idle(5)
        assert time.monotonic() - start < 3
        assert speaker.failures == 1
    finally:
        start = time.monotonic()
        speaker.close()
        assert time.monotonic() - start < 3


def test_no_server_and_no_program_says_what_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    monkeypatch.setattr("pyramide_a11y.speech.factory.SSIP_SERVER", "no-such-speech-dispatcher")
    choice = open_speaker("speech-dispatcher", "en")
    assert choice.problem is not None and choice.problem.what == "no-such-speech-dispatcher"


def test_the_rate_maps_onto_speech_dispatcher_s_scale() -> None:
    assert [dispatcher_rate(r) for r in (80, 130, 175, 300, 450)] == [-100, -47, 0, 45, 100]


def test_escape() -> None:
    assert escape(".a\n.b\nc") == "..a\r\n..b\r\nc"
