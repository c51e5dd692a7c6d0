"""The audio player that cannot be used: an unreadable ``PYRAMIDE_AUDIO_PLAYER`` is
one sentence at start (the game starts), and a player that cannot start leaves no
temporary sound file behind."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from speech_support import wait_for

from pyramide_a11y.narration.cues import CueKind, Place
from pyramide_a11y.speech.cue_player import CuePlayer
from pyramide_a11y.speech.player import PLAYER_ENV, PlayerUnusable, default_player
from pyramide_a11y.speech.pyttsx3_backend import Pyttsx3Speaker

CODE = "PY1-P-AAAAAAB"
BOTH = {
    "en": (
        'Sounds and speech are off: PYRAMIDE_AUDIO_PLAYER holds "\'", which is not a '
        "command the game can run. The game goes on as text."
    ),
    "pt": (
        'Sons e voz desligados: PYRAMIDE_AUDIO_PLAYER contém "\'", que não é um comando '
        "que o jogo consiga executar. O jogo continua em texto."
    ),
    "pt-BR": (
        'Sons e voz desligados: PYRAMIDE_AUDIO_PLAYER contém "\'", que não é um comando '
        "que o jogo consegue executar. O jogo continua em texto."
    ),
}
SOUNDS = {
    "en": 'Sounds are off: PYRAMIDE_AUDIO_PLAYER holds "\'", which is not a command '
    "the game can run.",
    "pt": 'Sons desligados: PYRAMIDE_AUDIO_PLAYER contém "\'", que não é um comando que o '
    "jogo consiga executar.",
}


def game(tmp_path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ, LANGUAGE="", LC_ALL="", LANG="C.UTF-8", PYRAMIDE_DATA_DIR=str(tmp_path),
        **{PLAYER_ENV: "'"},
    )  # fmt: skip
    return subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", "--deal", CODE, *options],
        input="q\n", capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip


@pytest.mark.parametrize("language", list(BOTH))
@pytest.mark.parametrize("backend", ["pyttsx3", "espeak-ng"])
def test_an_unreadable_player_setting_is_one_sentence_and_the_game_starts(
    tmp_path: Path, language: str, backend: str
) -> None:
    result = game(tmp_path, "--speech", backend, "--lang", language)
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == BOTH[language]
    assert len(lines) > 2 and not [line for line in lines[1:] if PLAYER_ENV in line]


@pytest.mark.parametrize("language", list(SOUNDS))
def test_without_speech_the_sentence_is_about_the_sounds(tmp_path: Path, language: str) -> None:
    result = game(tmp_path, "--speech", "none", "--sounds", "on", "--lang", language)
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == SOUNDS[language]
    assert not [line for line in lines[1:] if PLAYER_ENV in line]


@pytest.mark.parametrize("value", ["'", '"aplay -q', '""'])
def test_the_setting_that_is_no_command_line_is_named(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(PLAYER_ENV, value)
    with pytest.raises(PlayerUnusable) as raised:
        default_player()
    assert raised.value.value == value
    cues = CuePlayer()  # cues are off, silently: the start said so
    try:
        cues.play(CueKind.DRAW, Place(0, 0))
        assert cues.take_problem() is None
    finally:
        cues.close()


@pytest.fixture
def own_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


@pytest.mark.parametrize("player", ["no-such-audio-player", "false"])
def test_a_cue_leaves_no_file_when_the_player_cannot_play(own_temp: Path, player: str) -> None:
    cues = CuePlayer([player, "{file}"])
    try:
        cues.play(CueKind.PAIR, Place(6, 0))
        assert wait_for(lambda: cues.take_problem() is not None, 10)
    finally:
        cues.close()
    assert list(own_temp.iterdir()) == []


def test_speech_leaves_no_file_when_the_player_cannot_start(own_temp: Path) -> None:
    speaker = Pyttsx3Speaker("en", None, player=["no-such-audio-player", "{file}"])
    try:
        for _ in range(3):
            speaker.say("ten of clubs")
            assert speaker.wait_idle(15)
        assert speaker.take_failure() is not None
    finally:
        speaker.close()
    assert list(own_temp.iterdir()) == []
