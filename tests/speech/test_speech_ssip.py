"""speech-dispatcher over one SSIP connection, against a stand-in server started
as ``speech-dispatcher`` (the real one is not installed in CI)."""

from __future__ import annotations

import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from speech_support import alive, my_children, no_more, wait_for
from terminal import TMUX, window

from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration.speech_words import problem_sentence
from pyramide_a11y.speech.base import FailureKind
from pyramide_a11y.speech.factory import Missing, SpeakerChoice, open_speaker
from pyramide_a11y.speech.ssip import escape, socket_path
from pyramide_a11y.speech.ssip_backend import SsipSpeaker, dispatcher_rate
from pyramide_a11y.terminal.speaking import SessionSpeaker, take_speech_sentences

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


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"SPEECHD_ADDRESS": "unix_socket:/srv/speech.sock"}, "/srv/speech.sock"),
        ({"XDG_RUNTIME_DIR": "/run/user/1000"}, "/run/user/1000/speech-dispatcher/speechd.sock"),
        (
            {"SPEECHD_ADDRESS": "unix_socket:default", "XDG_RUNTIME_DIR": "/run/user/7"},
            "/run/user/7/speech-dispatcher/speechd.sock",
        ),
        # No login session (a console, a container): GLib's runtime folder is the
        # cache folder, where speech-dispatcher itself then listens.
        ({"XDG_CACHE_HOME": "/var/cache/me"}, "/var/cache/me/speech-dispatcher/speechd.sock"),
        ({}, "/home/me/.cache/speech-dispatcher/speechd.sock"),
        ({"XDG_RUNTIME_DIR": "relative/run"}, "/home/me/.cache/speech-dispatcher/speechd.sock"),
        ({"SPEECHD_ADDRESS": "inet_socket:localhost:6560"}, None),
    ],
)
def test_the_socket_is_where_speech_dispatcher_listens(
    environment: dict[str, str], expected: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("SPEECHD_ADDRESS", "XDG_RUNTIME_DIR", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", "/home/me")
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert socket_path() == (Path(expected) if expected else None)


def socket_left_behind(path: Path) -> None:
    """A socket file nothing listens at, as speech-dispatcher leaves when it ends."""
    path.parent.mkdir(parents=True, exist_ok=True)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(path))
    sock.close()


def test_installed_without_a_login_session_speaks(
    server: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The reported case: speech-dispatcher installed, XDG_RUNTIME_DIR unset. It was
    # called missing; the game now looks where the server does, and starts one there.
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    choice = open_speaker("speech-dispatcher", "en")
    speaker = choice.speaker
    assert choice.problem is None and isinstance(speaker, SsipSpeaker)
    try:
        assert speaker.server is not None
        assert speaker.connection.path == tmp_path / "home/.cache/speech-dispatcher/speechd.sock"
        speaker.say("ten of clubs")
        assert wait_for(lambda: speaker.spoken == 1, 5)
    finally:
        speaker.close()


def test_a_socket_left_by_an_ended_server_gets_a_new_server(server: Path, tmp_path: Path) -> None:
    socket_left_behind(tmp_path / "run/speech-dispatcher/speechd.sock")
    choice = open_speaker("speech-dispatcher", "en")
    try:
        assert choice.problem is None and isinstance(choice.speaker, SsipSpeaker)
        assert choice.speaker.server is not None  # started for the game, not "no answer"
    finally:
        choice.speaker.close()


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "Speech is off: speech-dispatcher is installed but does not start. "
               "The game goes on as text."),
        ("pt_PT", "Voz desligada: o speech-dispatcher está instalado mas não arranca. "
                  "O jogo continua em texto."),
        ("pt_BR", "Voz desligada: o speech-dispatcher está instalado, mas não inicia. "
                  "O jogo continua em texto."),
    ],
)  # fmt: skip
def test_installed_but_not_starting_is_not_called_missing(
    language: str, sentence: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    program = bin_dir / "speech-dispatcher"
    program.write_text("#!/bin/sh\nexit 1\n")  # there, but it ends at once
    program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.delenv("SPEECHD_ADDRESS")
    socket_left_behind(tmp_path / "run/speech-dispatcher/speechd.sock")
    choice = open_speaker("speech-dispatcher", language)
    problem = choice.problem
    assert problem is not None and problem.missing is Missing.NOT_STARTING
    assert problem.what == "speech-dispatcher" and "nothing listens at" in problem.detail
    set_language(language)
    assert problem_sentence(problem) == sentence


def test_not_installed_with_a_socket_left_behind_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    monkeypatch.delenv("SPEECHD_ADDRESS")
    monkeypatch.setattr("pyramide_a11y.speech.factory.SSIP_SERVER", "no-such-speech-dispatcher")
    socket_left_behind(tmp_path / "speech-dispatcher/speechd.sock")
    choice = open_speaker("speech-dispatcher", "en")
    assert choice.problem is not None and choice.problem.missing is Missing.PROGRAM


def test_the_rate_maps_onto_speech_dispatcher_s_scale() -> None:
    assert [dispatcher_rate(r) for r in (80, 130, 175, 300, 450)] == [-100, -47, 0, 45, 100]


def test_escape() -> None:
    assert escape(".a\n.b\nc") == "..a\r\n..b\r\nc"


def test_a_busy_server_is_not_a_dead_one(server: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A screen reader speaks at message priority all along: the game's answers wait
    # in the queue, and each is cancelled by the next (event 703). Fifty answers
    # that never begin in time are never "speech stopped working".
    monkeypatch.setenv("FAKE_SSIP_MODE", "busy")
    speaker = SsipSpeaker("en", None, begin_seconds=0.05)
    try:
        for number in range(50):
            speaker.say(f"answer {number}")
            assert speaker.wait_idle(5)
            assert speaker.take_failure() is None, number
        assert speaker.spoken == 0 and speaker.failure is None
    finally:
        speaker.close()


def test_a_dead_server_is_still_reported_beside_a_busy_one(
    server: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "mute": messages are taken, never begun, never cancelled: nothing shows the
    # server alive, so the third such answer is reported (once).
    monkeypatch.setenv("FAKE_SSIP_MODE", "mute")
    speaker = SsipSpeaker("en", None, begin_seconds=0.05)
    try:
        told = []
        for number in range(6):
            speaker.say(f"answer {number}")
            speaker.wait_idle(5)
            if failure := speaker.take_failure():
                told.append((number, failure.kind))
        assert told == [(2, FailureKind.NOT_RESPONDING)]
    finally:
        speaker.close()


def test_the_goodbye_is_waited_for_to_its_end(
    server: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server reports the end (702) 1.5 s after the beginning: the wait lasts
    # until then, not until the beginning, so a server stopped next has said it all.
    monkeypatch.setenv("FAKE_SSIP_SPEAK_SECONDS", "1.5")
    speaker = SsipSpeaker("pt_PT", None)
    try:
        speaker.say("A sua partida está guardada. Até à próxima.")
        start = time.monotonic()
        assert speaker.wait_idle(30)
        assert time.monotonic() - start >= 1.4
        assert "END" not in commands(server)
    finally:
        speaker.close()


def test_a_cancelled_answer_is_not_waited_for(
    server: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_SSIP_SPEAK_SECONDS", "20")
    speaker = SsipSpeaker("en", None)
    try:
        speaker.say("A long answer.")
        assert wait_for(lambda: speaker.spoken == 1, 5)
        speaker.stop()  # CANCEL self: 703
        start = time.monotonic()
        assert speaker.wait_idle(30)
        assert time.monotonic() - start < 3
    finally:
        speaker.close()


GAME = """
import sys
from pyramide_a11y.speech.ssip_backend import SsipSpeaker
speaker = SsipSpeaker("en", None)
print(speaker.server.pid, flush=True)
sys.stdin.read()
"""


@pytest.mark.parametrize(
    "signum", [signal.SIGHUP, signal.SIGTERM, signal.SIGKILL], ids=["SIGHUP", "SIGTERM", "SIGKILL"]
)
def test_a_server_started_for_the_game_ends_however_the_game_ends(
    server: Path, signum: int
) -> None:
    # A closed terminal (SIGHUP), a kill: the game has no time to stop its server,
    # yet the server goes with it.
    game = subprocess.Popen(
        [sys.executable, "-c", GAME], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert game.stdout is not None
        pid = int(game.stdout.readline())
        assert alive(pid)
        game.send_signal(signum)
        game.wait(10)
        assert wait_for(lambda: not alive(pid), 5)
    finally:
        if game.poll() is None:
            game.kill()
        game.communicate()


def test_speech_that_falls_behind_says_so_once(
    server: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server begins each answer 0.6 s after it was given, past the 0.2 s the
    # speaker waits: late, not dead. One line says so, once; no failure is reported.
    monkeypatch.setenv("FAKE_SSIP_BEGIN_SECONDS", "0.6")
    set_language("en")
    speaker = SessionSpeaker(
        "speech-dispatcher", "en", None,
        opener=lambda *a, **k: SpeakerChoice(SsipSpeaker("en", None, begin_seconds=0.2)),
    )  # fmt: skip
    try:
        heard = []
        for number in range(4):
            speaker.say(f"answer {number}")
            assert speaker.wait_idle(5)
            time.sleep(0.6)  # the late beginning arrives
            heard.append(take_speech_sentences(speaker))
        assert heard[0] == [
            "Speech is running late: speech-dispatcher began an answer 1 second after it "
            "was given. Only the newest answer waits, so speech catches up."
        ]
        assert heard[1:] == [[], [], []]
    finally:
        speaker.close()


def test_a_reply_that_comes_too_late_costs_the_connection_not_the_speech(
    server: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SPEAK gets no reply: the connection is dropped (a late reply would be read as
    # the next command's) and the next answer speaks on a fresh one.
    monkeypatch.setenv("FAKE_SSIP_MODE", "hangs")
    speaker = SsipSpeaker("en", None)
    try:
        speaker.say("ten of clubs")
        assert speaker.wait_idle(5) and speaker.failures == 1
        first = speaker.connection
        assert first.closed
        speaker.say("three of spades")
        assert speaker.wait_idle(5)
        assert speaker.connection is not first
        assert commands(server).count("SET self CLIENT_NAME user:pyramide:main") == 2
        failure = speaker.take_failure()
        assert failure is None and speaker.failures == 2
    finally:
        speaker.close()


def fake_servers(run_dir: str) -> list[int]:
    """The stand-in servers listening under ``run_dir``."""
    found = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                command = (proc / "cmdline").read_bytes()
            except OSError:
                continue
            if FAKE.name.encode() in command and run_dir.encode() in command:
                found.append(int(proc.name))
    return [pid for pid in found if alive(pid)]


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
def test_closing_the_terminal_ends_the_server_the_game_started(
    server: Path, tmp_path: Path
) -> None:
    run = os.environ["XDG_RUNTIME_DIR"]
    environment = {
        "PATH": os.environ["PATH"], "XDG_RUNTIME_DIR": run, "FAKE_SSIP_LOG": str(server),
        "PYRAMIDE_DATA_DIR": str(tmp_path / "data"), "PROMPT_TOOLKIT_NO_CPR": "1",
        "PYRAMIDE_SOUNDS": "off",
    }  # fmt: skip
    command = shlex.join(
        # The tmux server keeps the environment it started with (another test's
        # SPEECHD_ADDRESS): this game's is given in full.
        ["env", "-u", "SPEECHD_ADDRESS", *(f"{k}={v}" for k, v in environment.items()),
         sys.executable, "-m", "pyramide_a11y", "--lang", "en", "--deal", "PY1-N-AAAAAAS",
         "--speech", "speech-dispatcher"]
    )  # fmt: skip
    with window(command) as terminal:
        screen = terminal.wait_for_prompt(20)
        assert ">" in screen, screen
        assert wait_for(lambda: "TEXT " in server.read_text(), 10)  # it spoke
        servers = fake_servers(run)
        assert len(servers) == 1
    # The window is closed (tmux kill-session: SIGHUP to the game); the server, which
    # ignores SIGHUP, goes with the game all the same.
    assert wait_for(lambda: not fake_servers(run), 10)
