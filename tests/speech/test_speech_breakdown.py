"""Speech that worked at start and then fails on every answer: the speaker gives
up after three answers in a row, the next printed answer says so once in the
player's language, no more processes are started, and "speech on" tries again.

Real processes: espeak-ng streaming into a small shell-script player (set with
PYRAMIDE_AUDIO_PLAYER, as a player would) that fails while a flag file exists.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from kit import LANGUAGES, make_session
from speech_support import Sink, my_children, no_more, wait_for

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.session import Session
from pyramide_a11y.speech.background import BackgroundSpeaker
from pyramide_a11y.speech.base import FailureKind, SilentSpeaker
from pyramide_a11y.speech.factory import Missing, SpeakerChoice, SpeechProblem
from pyramide_a11y.speech.player import PLAYER_ENV
from pyramide_a11y.speech.pyttsx3_backend import Pyttsx3Speaker
from pyramide_a11y.terminal.speaking import SessionSpeaker
from pyramide_a11y.terminal.spoken_outlet import SpokenOutlet

CODE = "PY1-P-AAAAAAB"

FAILS = {
    "en": "Speech stopped working: player fails every time. "
    "The game goes on as text; type speech on to try again.",
    "pt_PT": "A voz deixou de funcionar: o player falha sempre. "
    "O jogo continua em texto; escreva voz sim para tentar de novo.",
    "pt_BR": "A voz parou de funcionar: o player falha toda vez. "
    "O jogo continua em texto; digite voz sim para tentar de novo.",
}


class Player:
    """A player script: reads the WAV, logs ``ok`` or ``fail``, and fails
    (exit status 1, an ALSA-like error) while ``broken`` exists."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "player"
        self.log = folder / "calls.log"
        self.flag = folder / "broken"
        self.path.write_text(
            "#!/bin/sh\ncat >/dev/null\n"
            f"if [ -e '{self.flag}' ]; then echo fail >> '{self.log}'; "
            "echo 'aplay: audio open error' >&2; exit 1; fi\n"
            f"echo ok >> '{self.log}'\n"
        )
        self.path.chmod(0o755)

    def calls(self) -> list[str]:
        return self.log.read_text().split() if self.log.exists() else []

    def breaks(self) -> None:
        self.flag.touch()

    def mends(self) -> None:
        self.flag.unlink(missing_ok=True)


@pytest.fixture
def player(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Player:
    found = Player(tmp_path)
    monkeypatch.setenv(PLAYER_ENV, str(found.path))
    monkeypatch.setenv("PYRAMIDE_DATA_DIR", str(tmp_path / "data"))
    return found


def game(speaker: SessionSpeaker, language: str) -> Session:
    return make_session(CODE, language, speaker=speaker)


def backend_of(speaker: SessionSpeaker) -> BackgroundSpeaker:
    backend = speaker._speaker
    assert isinstance(backend, BackgroundSpeaker)
    return backend


def counted(speaker: BackgroundSpeaker, failures: int) -> Callable[[], bool]:
    return lambda: speaker.failures == failures


def answer_heard(
    session: Session, line: str, player: Player, expect: str, failures: int | None = None
) -> Answer:
    """Type ``line`` and wait until the player has handled its answer (``ok`` or
    ``fail``) and the speaker has counted it: ``failures`` in a row then (by
    default one more than before a failure, none after a success)."""
    speaker = session.outlet.speaker if isinstance(session.outlet, SpokenOutlet) else None
    assert isinstance(speaker, SessionSpeaker)
    backend = backend_of(speaker)
    calls = len(player.calls())
    if failures is None:
        failures = backend.failures + 1 if expect == "fail" else 0
    answer = session.handle(line)
    assert wait_for(lambda: len(player.calls()) == calls + 1, 10)
    assert player.calls()[-1] == expect
    assert wait_for(counted(backend, failures), 5)
    return answer


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_player_that_always_fails_is_told_once(player: Player, language: str) -> None:
    children_before = my_children()
    speaker = SessionSpeaker("espeak-ng", language, 175)
    assert speaker.problem is None  # the player worked at start
    session = game(speaker, language)
    try:
        answer_heard(session, "", player, "ok")
        player.breaks()
        answers = [answer_heard(session, "d", player, "fail") for _ in range(3)]
        assert all(FAILS[language] not in a.lines for a in answers)
        told = session.handle("d")
        assert told.printed[-1] == FAILS[language]  # after the answer, as its own news
        assert told.lines and FAILS[language] not in told.lines
        for _ in range(3):  # given up: said once, and no more players started
            assert FAILS[language] not in session.handle("d").lines
        time.sleep(0.3)
        assert player.calls() == ["ok", "ok", "fail", "fail", "fail"]  # the probe, then answers
        assert backend_of(speaker)._children == []
    finally:
        speaker.close()
    assert wait_for(lambda: no_more(my_children(), children_before), 2)


def test_a_failure_now_and_then_is_not_reported(player: Player) -> None:
    speaker = SessionSpeaker("espeak-ng", "en", 175)
    session = game(speaker, "en")
    try:
        for _ in range(3):  # two failures, then a success resets the count
            player.breaks()
            answers = [answer_heard(session, "d", player, "fail") for _ in range(2)]
            player.mends()
            answers.append(answer_heard(session, "d", player, "ok"))
            assert all(FAILS["en"] not in a.lines for a in answers)
        assert FAILS["en"] not in session.handle("d").lines
        assert backend_of(speaker).failure is None
    finally:
        speaker.close()


def test_speech_on_tries_again(player: Player) -> None:
    speaker = SessionSpeaker("espeak-ng", "en", 175)
    session = game(speaker, "en")
    try:
        player.breaks()
        for _ in range(3):
            answer_heard(session, "d", player, "fail")
        assert session.handle("d").printed[-1] == FAILS["en"]
        # Still broken: "speech on" tries again (its answer reaches the player),
        # and after three more failures the player is told once more.
        answer_heard(session, "speech on", player, "fail", failures=1)
        answer_heard(session, "d", player, "fail")
        answer_heard(session, "d", player, "fail")
        assert session.handle("d").printed[-1] == FAILS["en"]
        # Mended: "speech on" is heard again.
        player.mends()
        answer_heard(session, "speech on", player, "ok")
        assert FAILS["en"] not in answer_heard(session, "d", player, "ok").lines
    finally:
        speaker.close()


def test_the_game_prints_the_sentence_between_answers(player: Player) -> None:
    """The whole program: the sentence is a line of its own after an answer, in
    reading order, never in the middle of another line."""
    env = dict(os.environ, LANGUAGE="", LC_ALL="", LANG="C.UTF-8")
    program = subprocess.Popen(
        [sys.executable, "-m", "pyramide_a11y", "--deal", CODE, "--speech", "espeak-ng",
         "--lang", "pt-BR"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        assert program.stdin is not None
        assert wait_for(lambda: player.calls() == ["ok", "ok"], 20)  # probe, opening
        player.breaks()
        for heard in range(3, 6):
            program.stdin.write("d\n")
            program.stdin.flush()
            assert wait_for(functools.partial(lambda n: len(player.calls()) == n, heard), 10)
            time.sleep(0.3)  # the speaker counts the failure
        out, err = program.communicate("d\nd\nq\n", timeout=30)
    finally:
        if program.poll() is None:
            program.kill()
            program.communicate()
    assert program.returncode == 0 and err == ""
    lines = out.splitlines()
    assert lines.count(FAILS["pt_BR"]) == 1
    at = lines.index(FAILS["pt_BR"])
    draws = [i for i, line in enumerate(lines) if " para o descarte" in line]
    assert len(draws) == 5 and at == draws[3] + 1  # with the answer after the third failure
    assert lines[-1] == "Seu jogo está salvo. Até a próxima."
    assert player.calls() == ["ok", "ok", "fail", "fail", "fail"]


# -- the other backends -----------------------------------------------------------------------

FLAKY_WORKER = """
import json, os, sys, wave
if os.path.exists(sys.argv[1]):
    sys.exit(1)  # the synthesiser is gone: every new worker dies at once
print(json.dumps({"ready": True, "driver": "fake", "voices": []}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    with wave.open(request["path"], "wb") as wav:  # a tenth of a second of silence
        wav.setnchannels(1); wav.setsampwidth(2); wav.setframerate(22050)
        wav.writeframes(bytes(4410))
    print(json.dumps({"id": request["id"], "ok": True, "voice": "fake"}), flush=True)
"""


def test_a_pyttsx3_worker_that_cannot_be_restarted(tmp_path: Path, sink: Sink) -> None:
    gone = tmp_path / "gone"
    speaker = Pyttsx3Speaker(
        "en", player=sink.command,
        worker_command=[sys.executable, "-c", FLAKY_WORKER, str(gone)],
    )  # fmt: skip
    try:
        speaker.check()
        speaker.say("Seven of hearts.")
        assert wait_for(lambda: speaker.spoken == 1, 10)
        gone.touch()
        worker = speaker._worker
        assert worker is not None
        worker.process.kill()  # it crashes; no new one will start
        for count in (1, 2, 3):
            speaker.say("Queen of clubs.")
            assert wait_for(counted(speaker, count), 15)
        failure = speaker.take_failure()
        assert failure is not None and failure.kind is FailureKind.NOT_STARTING
        assert failure.program == "pyttsx3"
        assert speaker.take_failure() is None  # once
        speaker.say("Nobody hears this.")
        time.sleep(0.3)
        assert speaker._worker is None and speaker.failures == 3  # no new worker tried
        gone.unlink()
        speaker.retry()
        speaker.say("Back again.")
        assert wait_for(lambda: speaker.spoken == 2, 15)
        assert speaker.failures == 0 and speaker.failure is None
    finally:
        speaker.close()


# -- "speech on" after --speech none, with no speech on the machine ---------------------------


def test_speech_on_that_finds_no_speech_says_so_once() -> None:
    missing = SpeechProblem(
        "pyttsx3", Missing.LIBRARY, "libespeak-ng1", "sudo apt install libespeak-ng1"
    )
    opened: list[str] = []

    def opener(backend: str, language: str, rate: int | None, **_: object) -> SpeakerChoice:
        opened.append(backend)
        return SpeakerChoice(SilentSpeaker(), None if backend == "none" else missing)

    speaker = SessionSpeaker("none", "en", 175, opener=opener)
    session = game(speaker, "en")
    session.settings.speech = False
    sentence = (
        "Speech is off: libespeak-ng1 is missing. Install it with: "
        "sudo apt install libespeak-ng1. The game goes on as text."
    )
    try:
        assert sentence not in session.handle("speech on").lines
        assert wait_for(lambda: speaker.problem is not None, 5)
        told = session.handle("d")
        assert told.printed[-1] == sentence and told.printed.count(sentence) == 1
        assert sentence not in session.handle("d").printed
        assert opened == ["none", "auto"]
        # "speech on" again says at once what is missing, and looks again (in the
        # background); finding the same, it does not say it twice.
        assert session.handle("speech on").printed[-1] == sentence
        assert wait_for(lambda: opened == ["none", "auto", "auto"], 5)
        assert wait_for(lambda: speaker._opening is not None and not speaker._opening.is_alive())
        assert sentence not in session.handle("d").lines
    finally:
        speaker.close()
