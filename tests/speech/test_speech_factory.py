"""Choosing a backend, and saying what is missing when none can speak."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Sequence
from typing import Any

import pytest
from speech_support import Sink, wait_for

from pyramide_a11y.speech import factory
from pyramide_a11y.speech.base import SilentSpeaker
from pyramide_a11y.speech.factory import Missing, open_speaker
from pyramide_a11y.speech.pyttsx3_backend import Pyttsx3Speaker

NO_DEVICE = ["sh", "-c", "cat >/dev/null; echo 'aplay: audio open error: No such file' >&2; exit 1"]


def no_reader() -> str | None:
    return None


def test_none_is_silent_with_no_problem() -> None:
    choice = open_speaker("none", "pt_PT")
    assert isinstance(choice.speaker, SilentSpeaker) and choice.problem is None


def test_auto_is_silent_under_a_screen_reader(sink: Sink) -> None:
    choice = open_speaker("auto", "en", player=sink.command, screen_reader=lambda: "Orca")
    assert isinstance(choice.speaker, SilentSpeaker)
    assert choice.screen_reader == "Orca" and choice.problem is None


def test_auto_prefers_pyttsx3_and_it_speaks(sink: Sink) -> None:
    choice = open_speaker("auto", "pt_BR", 200, player=sink.command, screen_reader=no_reader)
    try:
        assert choice.speaker.name == "pyttsx3" and choice.problem is None
        choice.speaker.say("Dama de espadas.")
        assert wait_for(lambda: len(sink.starts()) == 1)
    finally:
        choice.speaker.close()


@pytest.mark.parametrize("backend", ["pyttsx3", "espeak-ng"])
def test_no_audio_device_is_named(backend: str) -> None:
    choice = open_speaker(backend, "en", player=NO_DEVICE)
    assert isinstance(choice.speaker, SilentSpeaker)
    assert choice.problem is not None
    assert choice.problem.missing is Missing.AUDIO
    assert "audio open error" in choice.problem.detail


def test_missing_player_program_is_named() -> None:
    choice = open_speaker("espeak-ng", "en", player=["no-such-player-here", "-q"])
    assert choice.problem is not None
    assert (choice.problem.missing, choice.problem.what) == (Missing.PROGRAM, "no-such-player-here")


def test_missing_espeak_ng_says_how_to_install(monkeypatch: pytest.MonkeyPatch, sink: Sink) -> None:
    real_which = shutil.which
    monkeypatch.setattr(
        shutil, "which", lambda name: None if name == "espeak-ng" else real_which(name)
    )
    monkeypatch.setattr(factory, "_linux_family", lambda: "debian")
    choice = open_speaker("espeak-ng", "en", player=sink.command)
    assert choice.problem is not None
    assert choice.problem.what == "espeak-ng"
    assert choice.problem.install == "sudo apt install espeak-ng"


def test_pyttsx3_that_cannot_start_is_named(monkeypatch: pytest.MonkeyPatch, sink: Sink) -> None:
    error = "OSError: libespeak-ng.so.1: cannot open shared object file"
    failing = [
        sys.executable,
        "-c",
        f"import json; print(json.dumps({{'ready': False, 'error': {error!r}}}))",
    ]

    def broken(language: str, rate: int | None, player: Sequence[str], **_: Any) -> Pyttsx3Speaker:
        return Pyttsx3Speaker(language, rate, player=player, worker_command=failing)

    monkeypatch.setattr(factory, "Pyttsx3Speaker", broken)
    monkeypatch.setattr(factory, "_linux_family", lambda: "fedora")
    choice = open_speaker("pyttsx3", "pt_PT", player=sink.command)
    assert isinstance(choice.speaker, SilentSpeaker)
    assert choice.problem is not None
    assert choice.problem.missing is Missing.LIBRARY
    assert choice.problem.install == "sudo dnf install espeak-ng"
    assert "cannot open shared object" in choice.problem.detail


def test_auto_with_nothing_working_reports_pyttsx3s_problem(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(factory, "SSIP_SERVER", "no-such-speech-dispatcher")
    monkeypatch.setenv("XDG_RUNTIME_DIR", "/nonexistent")
    choice = open_speaker("auto", "en", player=NO_DEVICE, screen_reader=no_reader)
    assert isinstance(choice.speaker, SilentSpeaker)
    assert choice.problem is not None
    assert (choice.problem.backend, choice.problem.missing) == ("pyttsx3", Missing.AUDIO)


def test_unknown_backend() -> None:
    with pytest.raises(ValueError, match="unknown speech backend"):
        open_speaker("festival")
