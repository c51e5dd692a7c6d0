"""Speech that fits the player's set-up: the screen-reader route (Prism), screen
readers found and followed in play, and never silent without a word."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

import pytest
from kit import make_session
from speech_support import wait_for

from pyramide_a11y.core.settings import StartOptions, read_start
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration.speech_words import problem_sentence
from pyramide_a11y.speech import detect, screen_reader
from pyramide_a11y.speech.base import RecordingSpeaker, SilentSpeaker
from pyramide_a11y.speech.factory import Missing, SpeakerChoice, SpeechProblem, open_speaker
from pyramide_a11y.speech.screen_reader import ScreenReaderSpeaker, open_reader
from pyramide_a11y.terminal.speaking import SessionSpeaker, make_session_speaker

CODE = "PY1-P-AAAAAAB"


# -- the route through Prism --------------------------------------------------------------


class Reader:
    """What a fake screen reader registered in Prism was asked to do."""

    calls: ClassVar[list[tuple[str, str, bool]]] = []


def prism_registry() -> tuple[Any, int]:
    """A real Prism registry with one screen reader of ours, and its id."""
    prism = pytest.importorskip("prism")

    class FakeReader(prism.CustomBackend):  # type: ignore[misc, name-defined]
        def is_supported(self) -> bool:
            return True

        def speak(self, text: str, interrupt: bool) -> None:
            Reader.calls.append(("speak", text, interrupt))

        def braille(self, text: str) -> None:
            Reader.calls.append(("braille", text, False))

        def stop(self) -> None:
            Reader.calls.append(("stop", "", False))

    builder = prism.RegistryBuilder()
    backend_id = builder.add_backend("Leitor de teste", FakeReader, priority=300)
    return builder.freeze(), backend_id


def test_answers_go_to_the_screen_reader_with_interrupt_and_braille() -> None:
    registry, backend_id = prism_registry()
    Reader.calls = []
    speaker, problem = open_reader("pt_PT", registry=registry, reader_ids=(backend_id,))
    assert problem is None and isinstance(speaker, ScreenReaderSpeaker)
    try:
        assert speaker.reader == "Leitor de teste"
        speaker.say("Dez de paus ♣ e três de espadas: 13 + 0")
        assert speaker.wait_idle(5) and wait_for(lambda: speaker.spoken == 1, 5)
        kind, text, interrupt = Reader.calls[0]
        assert kind == "speak" and interrupt and "♣" not in text and "mais" in text
        assert ("braille", text, False) in Reader.calls
        speaker.stop()
        assert ("stop", "", False) in Reader.calls
    finally:
        speaker.close()
    assert "speech-screen-reader" not in [t.name for t in threading.enumerate()]


def test_the_route_in_play_through_speech_reader() -> None:
    registry, backend_id = prism_registry()
    Reader.calls = []

    def route(language: str) -> tuple[Any, SpeechProblem | None]:
        return open_reader(language, registry=registry, reader_ids=(backend_id,))[0], None

    def opener(backend: str, language: str, rate: int | None, **kw: Any) -> SpeakerChoice:
        if backend == "screen-reader":
            return open_speaker(backend, language, rate, route=route)
        return SpeakerChoice(RecordingSpeaker())

    speaker = SessionSpeaker("auto", "pt_PT", 175, opener=opener, detector=lambda: None)
    session = make_session(CODE, "pt_PT", speaker=speaker)
    try:
        answer = session.handle("voz leitor")
        assert answer.lines == ["Voz ligada, pelo Leitor de teste."]
        assert session.settings.stored()["speech"] == "screen-reader"
        assert wait_for(lambda: any(c[0] == "speak" for c in Reader.calls), 5)
        session.handle("p")
        assert wait_for(lambda: len([c for c in Reader.calls if c[0] == "speak"]) == 2, 5)
        # "voz sim": back to the game's own voice.
        session.handle("voz sim")
        assert session.settings.stored()["speech"] == "auto"
        session.handle("p")
        assert wait_for(lambda: isinstance(speaker._speaker, RecordingSpeaker), 5)
    finally:
        speaker.close()


def test_without_prism_the_route_says_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screen_reader, "load_prism", lambda: None)
    choice = open_speaker("screen-reader", "pt_PT")
    assert isinstance(choice.speaker, SilentSpeaker) and choice.problem is not None
    assert choice.problem.missing is Missing.LIBRARY and choice.problem.what == "prismatoid"
    set_language("pt_PT")
    assert problem_sentence(choice.problem) == (
        "Voz desligada: falta o prismatoid. Instale-o com: pip install prismatoid. "
        "O jogo continua em texto."
    )
    assert detect.running_screen_reader(["bash"]) is None


def test_no_running_reader_is_one_sentence() -> None:
    problem = SpeechProblem("screen-reader", Missing.NO_READER, "", "")
    set_language("pt_BR")
    sentence = problem_sentence(problem)
    assert sentence.startswith("A voz pelo leitor de tela está desligada")


# -- detection --------------------------------------------------------------------------------


def test_process_names_match_the_executable_exactly() -> None:
    assert detect.reader_from_processes(["bash", "orca"]) == "Orca"
    assert detect.reader_from_processes(["fenrir"]) == "Fenrir"
    assert detect.reader_from_processes(["orcaslicer", "porca"]) is None


def test_a_file_named_orca_is_not_orca(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "orca").write_text("")
    tail = subprocess.Popen(["tail", "-f", "notes/orca"], cwd=tmp_path)
    try:
        time.sleep(0.1)
        assert "orca" not in detect.process_names() or detect.reader_from_processes(["orca"])
        names = detect.process_names()
        assert "tail" in names
        # A script under an interpreter counts by the script's name.
        script = tmp_path / "fenrir"
        script.write_text("import time\ntime.sleep(30)\n")
        child = subprocess.Popen([sys.executable, str(script)])
        try:
            assert wait_for(lambda: "fenrir" in detect.process_names(), 5)
        finally:
            child.kill()
            child.wait()
        assert "orca" not in detect.process_names() or _real_orca()
    finally:
        tail.kill()
        tail.wait()


def _real_orca() -> bool:
    result = subprocess.run(["pgrep", "-x", "orca"], capture_output=True, check=False)
    return result.returncode == 0


def test_the_platform_flag_is_bounded() -> None:
    start = time.monotonic()
    assert detect.platform_flag() in (True, False)
    assert time.monotonic() - start < detect.FLAG_SECONDS + 1


# -- auto follows the screen reader in play ----------------------------------------------------


class Flag:
    def __init__(self) -> None:
        self.reader: str | None = None

    def __call__(self) -> str | None:
        return self.reader


def test_a_reader_started_or_stopped_in_play_is_followed() -> None:
    flag = Flag()
    voices: list[RecordingSpeaker] = []

    def opener(backend: str, language: str, rate: int | None, **kw: Any) -> SpeakerChoice:
        reader = kw.get("screen_reader", flag)()
        if reader:
            return SpeakerChoice(SilentSpeaker(), screen_reader=reader)
        voices.append(RecordingSpeaker())
        return SpeakerChoice(voices[-1])

    speaker = SessionSpeaker("auto", "pt_PT", 175, opener=opener, detector=flag, recheck_seconds=0)
    session = make_session(CODE, "pt_PT", speaker=speaker)
    try:
        session.opening()
        assert len(voices) == 1 and voices[0].spoken
        # Orca starts: the game's voice goes quiet at once; one line says so.
        flag.reader = "Orca"
        speaker.recheck()
        assert voices[0].closed
        quiet = (
            "O Orca está a ler o ecrã: a voz do jogo fica calada. Escreva voz leitor para "
            "ouvir o jogo pela voz do Orca, ou voz sim para a voz do jogo."
        )
        answer = session.handle("p")
        assert answer.printed[-1] == quiet
        assert quiet not in session.handle("p").printed
        spoken = len(voices[0].spoken)
        assert speaker.backend == "none"
        # Orca stops: the game's voice comes back, with one line.
        flag.reader = None
        speaker.recheck()
        back = session.handle("p")
        assert back.printed[-1].startswith("O Orca parou: o jogo volta a falar com a sua voz.")
        heard = " ".join(back.printed)  # the answer, then the news after it
        assert wait_for(lambda: len(voices) == 2 and voices[1].spoken == [heard], 5)
        assert len(voices[0].spoken) == spoken
        assert not any("Orca" in line for line in session.handle("p").lines)
    finally:
        speaker.close()
    assert voices[1].closed


def test_the_watcher_looks_again_and_ends_with_the_game() -> None:
    flag = Flag()
    looks: list[float] = []

    def detector() -> str | None:
        looks.append(time.monotonic())
        return flag()

    speaker = SessionSpeaker(
        "auto",
        "en",
        175,
        opener=lambda *a, **k: SpeakerChoice(RecordingSpeaker()),
        detector=detector,
        recheck_seconds=0.05,
    )
    flag.reader = "NVDA"
    assert wait_for(lambda: speaker.screen_reader == "NVDA", 5)
    speaker.close()
    count = len(looks)
    time.sleep(0.2)
    assert len(looks) == count
    assert "speech-watch" not in [t.name for t in threading.enumerate()]


def test_auto_says_once_at_start_which_it_chose() -> None:
    out = io.StringIO()
    set_language("pt_PT")
    start = read_start(StartOptions(lang="pt_PT", speech="auto"), {})
    import pyramide_a11y.terminal.speaking as speaking

    original = speaking.SessionSpeaker

    def made(backend: str, language: str, rate: int | None) -> SessionSpeaker:
        return original(
            backend,
            language,
            rate,
            opener=lambda *a, **k: SpeakerChoice(SilentSpeaker(), screen_reader="NVDA"),
            recheck_seconds=0,
        )

    speaking.SessionSpeaker = made  # type: ignore[assignment, misc]
    try:
        speaker = make_session_speaker(start, out)
    finally:
        speaking.SessionSpeaker = original  # type: ignore[misc]
    speaker.close()
    assert out.getvalue().startswith("O NVDA está a ler o ecrã: a voz do jogo fica calada.")


# -- never silent without a word ------------------------------------------------------------


def run_game(data: Path, stdin: str, *options: str) -> str:
    env = dict(os.environ, LANGUAGE="", LC_ALL="", LANG="C.UTF-8", PYRAMIDE_DATA_DIR=str(data))
    result = subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", "--deal", CODE, "--lang", "pt", *options],
        input=stdin, capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    return result.stdout


def test_speech_off_saved_is_said_at_the_next_launch(tmp_path: Path) -> None:
    run_game(tmp_path, "voz não\nq\n", "--speech", "espeak-ng")
    out = run_game(tmp_path, "q\n")
    assert "A voz está desligada. Escreva voz sim para ouvir o jogo." in out.splitlines()[0]


def test_speech_on_with_nothing_that_speaks_says_what_is_missing() -> None:
    missing = SpeechProblem("pyttsx3", Missing.AUDIO, "aplay", "")

    def opener(backend: str, language: str, rate: int | None, **kw: Any) -> SpeakerChoice:
        return SpeakerChoice(SilentSpeaker(), missing)

    speaker = SessionSpeaker("auto", "pt_PT", 175, opener=opener, detector=lambda: None)
    session = make_session(CODE, "pt_PT", speaker=speaker)
    try:
        answer = session.handle("voz sim")
        assert answer.printed == [
            "Voz ligada.",
            "Voz desligada: o aplay não encontrou nenhum dispositivo de áudio. "
            "O jogo continua em texto.",
        ]
    finally:
        speaker.close()
