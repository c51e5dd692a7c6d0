"""``pyramide voz`` / ``pyramide voice``: the diagnostic, end to end."""

from __future__ import annotations

import io
import re
import shlex
import wave
from pathlib import Path

import pytest
from speech_support import Sink

from pyramide_a11y.cli.main import main
from pyramide_a11y.speech.player import PLAYER_ENV
from pyramide_a11y.speech.screen_reader import PrismReport, ReaderMissing, ReaderProblem


def test_out_writes_the_sample_in_the_session_voice(tmp_path: Path) -> None:
    out = io.StringIO()
    wav_path = tmp_path / "sample.wav"
    assert main(["voz", "--lang", "pt-BR", "--out", str(wav_path)], out) == 0
    with wave.open(str(wav_path), "rb") as wav:
        seconds = wav.getnframes() / wav.getframerate()
    assert 2.5 < seconds < 9
    lines = out.getvalue().splitlines()
    assert lines[0] == "Idioma da sessão: pt_BR."
    assert lines[1].startswith("Velocidade da voz por idioma, palavras por minuto: pt_PT ")
    assert lines[2].startswith("Voz por idioma: pt_PT padrão, pt_BR padrão, en padrão")
    # The length is said the Portuguese way, with a decimal comma ("4,2"; "4" when whole).
    match = re.fullmatch(
        rf"Gravado {re.escape(str(wav_path))}: (\d+(?:,\d)?) segundos de fala, voz roa/pt-br\.",
        lines[3],
    )
    assert match is not None, lines[3]
    assert float(match.group(1).replace(",", ".")) == round(seconds, 1)
    assert len(lines) == 4


@pytest.mark.slow
def test_lists_backends_and_speaks_the_sample(monkeypatch: pytest.MonkeyPatch, sink: Sink) -> None:
    monkeypatch.setenv(PLAYER_ENV, shlex.join(sink.command))
    out = io.StringIO()
    assert main(["voice", "--lang", "en"], out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "Session language: en."
    assert "pyttsx3: works." in lines
    assert "espeak-ng: works." in lines
    voices = next(line for line in lines if line.startswith("  voices: "))
    assert {"gmw/en", "gmw/en-US"} <= set(voices[10:].split(";")[0].split(", "))
    assert voices.endswith("; for this language: en.")
    assert any(line.startswith("speech-dispatcher: ") for line in lines)
    assert lines[-1] == (
        "Speaking with pyttsx3: This is how the game sounds: "
        "ten of clubs and three of spades leave together."
    )
    assert len(sink.starts()) == 3  # a moment of silence to probe each player, then the sample


def test_no_backend_working_says_text_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PLAYER_ENV, "no-such-audio-player")
    monkeypatch.setattr("pyramide_a11y.speech.factory.SSIP_SERVER", "no-such-speech-dispatcher")
    monkeypatch.setenv("XDG_RUNTIME_DIR", "/nonexistent")
    out = io.StringIO()
    assert main(["voice", "--lang", "pt"], out) == 1
    lines = out.getvalue().splitlines()
    assert (
        "pyttsx3: Voz desligada: falta o no-such-audio-player. O jogo continua em texto." in lines
    )
    assert lines[-1] == "Nenhum motor de voz funciona aqui: o jogo será só texto."


def test_speech_dispatcher_installed_but_not_starting_is_said_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    program = bin_dir / "speech-dispatcher"
    program.write_text("#!/bin/sh\nexit 1\n")  # installed, but it ends at once
    program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    monkeypatch.setenv(PLAYER_ENV, "no-such-audio-player")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.delenv("SPEECHD_ADDRESS")
    out = io.StringIO()
    assert main(["voz", "--lang", "pt", "--speech", "none"], out) == 0
    line = next(x for x in out.getvalue().splitlines() if x.startswith("speech-dispatcher: "))
    socket_file = tmp_path / "run/speech-dispatcher/speechd.sock"
    assert line == (
        "speech-dispatcher: Voz desligada: o speech-dispatcher está instalado mas não "
        f"arranca. O jogo continua em texto. (nada escuta em {socket_file}, e o "
        "speech-dispatcher que o jogo iniciou não ficou à escuta)"
    )


def test_a_reader_running_that_prism_cannot_reach_is_said_so_in_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Orca runs (its process is there) but Prism reaches no screen reader: the report
    says both without saying that none runs, in Brazilian Portuguese throughout
    (the details in brackets too)."""
    monkeypatch.setattr("pyramide_a11y.cli.voice.running_screen_reader", lambda: "Orca")
    report = PrismReport((), ("Orca", "Speech Dispatcher"), ReaderProblem(ReaderMissing.NO_READER))
    monkeypatch.setattr("pyramide_a11y.cli.voice.prism_report", lambda: report)
    monkeypatch.setenv(PLAYER_ENV, "no-such-audio-player")
    monkeypatch.setenv("PATH", f"{tmp_path}:/usr/bin:/bin")
    monkeypatch.setattr("pyramide_a11y.speech.factory.SSIP_SERVER", "no-such-speech-dispatcher")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.delenv("SPEECHD_ADDRESS", raising=False)
    out = io.StringIO()
    assert main(["voice", "--lang", "pt-BR", "--data-dir", str(tmp_path / "data")], out) == 1
    lines = out.getvalue().splitlines()
    assert lines[1] == (
        "Leitor de tela em execução: Orca. A voz do próprio jogo fica desligada por "
        "padrão (--speech auto)."
    )
    assert (
        "screen-reader: o Orca está rodando, mas o jogo não consegue alcançá-lo: a voz "
        "por ele está desligada. O Orca lê o que o jogo escreve."
    ) in lines
    assert (
        "  Prism: motores aqui: Orca, Speech Dispatcher; não alcança nenhum leitor de tela agora."
        in lines
    )
    text = out.getvalue()
    assert "nenhum leitor de tela rodando" not in text
    for english in ("not running", "Speech is", "screen reader", "works", "voice", "did not"):
        assert english not in text, english


@pytest.mark.parametrize("plays", [True, False], ids=["plays", "no-audio-device"])
def test_speech_dispatcher_works_only_when_it_plays_to_the_end(
    ssip_server: Path, monkeypatch: pytest.MonkeyPatch, plays: bool
) -> None:
    # A server with no audio device takes messages (and may report them begun) but
    # never ends them: "voice" must not call it working.
    monkeypatch.setenv(PLAYER_ENV, "no-such-audio-player")
    monkeypatch.setattr("pyramide_a11y.speech.ssip_backend.PROBE_SECONDS", 1.0)
    if plays:
        monkeypatch.setenv("FAKE_SSIP_SPEAK_SECONDS", "0.1")
    out = io.StringIO()
    status = main(["voice", "--lang", "en"], out)
    lines = out.getvalue().splitlines()
    line = next(x for x in lines if x.startswith("speech-dispatcher: "))
    if plays:
        assert status == 0 and line == "speech-dispatcher: works."
        assert lines[-1].startswith("Speaking with speech-dispatcher: ")
    else:
        assert status == 1
        assert line == (
            "speech-dispatcher: Speech is off: speech-dispatcher does not respond. The game "
            "goes on as text. (a silent test message did not end within 1 s: no audio "
            "device, or another program's speech held it)"
        )
        assert lines[-1] == "No speech backend works here: the game will be text only."
    probe = [c for c in ssip_server.read_text().splitlines() if "pyramide-probe" in c]
    assert probe == ["SET self CLIENT_NAME user:pyramide-probe:main"]
