"""Speech wired into the game: ``--speech`` through the factory, the one-line
message when speech is missing, "speech on" in play, and a real terminal."""

from __future__ import annotations

import functools
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest
from kit import make_session
from speech_support import Sink, my_children, no_more, wait_for
from terminal import TMUX, window

from pyramide_a11y.core.settings import Settings
from pyramide_a11y.speech.factory import open_speaker
from pyramide_a11y.speech.player import PLAYER_ENV
from pyramide_a11y.terminal.speaking import SessionSpeaker

CODE = "PY1-P-AAAAAAB"


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games and settings of these runs go to a folder of their own."""
    monkeypatch.setenv("PYRAMIDE_DATA_DIR", str(tmp_path / "data"))


def program(*options: str, player: str, stdin: str = "d\nq\n") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, LANGUAGE="", LC_ALL="", LANG="C.UTF-8", **{PLAYER_ENV: player})
    return subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", "--deal", CODE, *options],
        input=stdin, capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip


@pytest.mark.slow
def test_the_game_speaks_its_answers(sink: Sink) -> None:
    env = dict(os.environ, LANGUAGE="", LC_ALL="", **{PLAYER_ENV: shlex.join(sink.command)})
    game = subprocess.Popen(
        [sys.executable, "-m", "pyramide_a11y", "--deal", CODE, "--speech", "espeak-ng",
         "--lang", "pt-BR"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        assert game.stdin is not None
        # A moment of silence probes the player, then the opening is heard...
        assert wait_for(lambda: len(sink.starts()) == 2, 20)
        game.stdin.write("d\n")
        game.stdin.flush()
        # ...and the answer to "d" interrupts it.
        assert wait_for(lambda: len(sink.starts()) == 3, 10)
        opening = sink.starts()[1][1]
        assert opening not in [pid for kind, _, pid in sink.events() if kind == "end"]
        out, err = game.communicate("q\n", timeout=30)
    finally:
        if game.poll() is None:
            game.kill()
            game.communicate()
    assert game.returncode == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Paciência Pirâmide, 3 rodadas. Jogo PY1-P-AAAAAAB.")
    assert lines[-1] == "Seu jogo está salvo. Até a próxima."


def test_missing_speech_is_said_in_one_line_and_the_game_goes_on() -> None:
    result = program("--speech", "pyttsx3", "--lang", "pt", player="no-such-audio-player")
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "Voz desligada: falta o no-such-audio-player. O jogo continua em texto."
    assert lines[1].startswith("Paciência Pirâmide")
    assert lines[-1] == "A sua partida está guardada. Até à próxima."


def test_auto_with_no_audio_device_names_it(tmp_path: Path) -> None:
    no_device = tmp_path / "player"
    no_device.write_text("#!/bin/sh\ncat >/dev/null\necho 'audio open error' >&2\nexit 1\n")
    no_device.chmod(0o755)
    result = program("--lang", "en", player=str(no_device))
    lines = result.stdout.splitlines()
    assert (
        lines[0] == f"Speech is off: {no_device} found no audio device. The game goes on as text."
    )
    assert lines[-1] == "Your game is saved. Goodbye."


def test_speech_on_in_play_opens_a_backend(sink: Sink) -> None:
    children_before = my_children()
    opener = functools.partial(open_speaker, player=sink.command)
    speaker = SessionSpeaker("none", "en", 175, opener=opener)
    session = make_session(CODE, settings=Settings(language="en", speech=False), speaker=speaker)
    try:
        session.opening()
        session.handle("d")
        assert speaker.backend == "none" and sink.starts() == []
        session.handle("speech on")
        assert wait_for(lambda: speaker.backend == "pyttsx3", 15)
        # The factory's probe of the player (silence), then "Speech on", heard.
        assert wait_for(lambda: len(sink.starts()) == 2, 10)
        session.handle("d")
        assert wait_for(lambda: len(sink.starts()) == 3, 10)
        session.handle("speech off")
        assert wait_for(lambda: not speaker._speaker._children, 2)  # type: ignore[attr-defined]
    finally:
        speaker.close()
    assert wait_for(lambda: no_more(my_children(), children_before), 2)


def test_auto_beside_a_screen_reader_stays_silent(sink: Sink) -> None:
    opener = functools.partial(open_speaker, player=sink.command, screen_reader=lambda: "Orca")
    speaker = SessionSpeaker("auto", "pt_PT", 175, opener=opener)
    session = make_session(CODE, speaker=speaker)
    try:
        session.opening()
        session.handle("d")
        time.sleep(0.3)
    finally:
        speaker.close()
    assert speaker.backend == "none" and speaker.screen_reader == "Orca"
    assert speaker.problem is None and sink.starts() == []


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
def test_typing_goes_on_while_an_answer_plays_in_a_real_terminal(sink: Sink) -> None:
    command = (
        f"{PLAYER_ENV}={shlex.quote(shlex.join(sink.command))} PROMPT_TOOLKIT_NO_CPR=1 "
        f"PYRAMIDE_DATA_DIR={shlex.quote(os.environ['PYRAMIDE_DATA_DIR'])} "
        f"{sys.executable} -m pyramide_a11y --lang en --deal {CODE} --speech espeak-ng "
        "--rate 90; sleep 30"
    )
    with window(command) as terminal:
        assert ">" in terminal.wait_for_prompt(20)
        # The factory's probe (silence), then the opening, long and slow (90 words
        # a minute): it is still playing.
        assert wait_for(lambda: len(sink.starts()) == 2, 10)
        opening = sink.starts()[1][1]
        terminal.type("hel")
        assert "> hel" in terminal.wait_for("> hel", 2)
        ended = [pid for kind, _, pid in sink.events() if kind == "end"]
        assert opening not in ended  # typed while it played
        terminal.type("p\r")
        # The answer to "help" interrupts the opening: a new sound starts and the
        # opening never reaches its end.
        assert wait_for(lambda: len(sink.starts()) == 3, 5)
        assert opening not in [pid for kind, _, pid in sink.events() if kind == "end"]
        terminal.type("q\r")
