"""speech-dispatcher over one persistent SSIP connection (:mod:`.ssip`).

Each answer: ``CANCEL self`` (only the game's own messages: Orca and other
clients go on), the language, the rate (only when the player set one other than
the ordinary 175 words a minute, so the rate set for Orca applies otherwise),
the voice chosen by name if any, and volume, then ``SPEAK``. Back to the default
voice, the connection is opened afresh, so the server's own voice settings apply.
An answer counts as spoken only when the server reports that it *began* (event
701): a server that cannot open audio accepts messages but never begins them, and
after three such answers the speaker gives up and says so, unless the server
shows it was only busy (it later begins, ends or cancels the answer: a screen
reader speaking at a higher priority holds the game's answers in its queue).
Every reply has a deadline. When no server was running, the one started for the
game (``speech-dispatcher --run-single``) runs under :mod:`.server_keeper` and
ends with the game, however the game ends.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from pyramide_a11y.i18n import DEFAULT_LANGUAGE
from pyramide_a11y.narration.system_errors import (
    needs_unix_socket,
    server_did_not_listen,
    silent_probe_not_ended,
)

from . import server_keeper
from .background import BackgroundSpeaker, Utterance, speaking_seconds
from .base import FailureKind
from .ssip import SsipConnection, SsipError, socket_path
from .voices import VoiceInfo, dispatcher_language

SERVER = "speech-dispatcher"
BEGIN_SECONDS = 3.0  # the longest an answer may wait to begin before it counts as stuck
START_SECONDS = 3.0  # the longest a server started for the game may take to listen
SERVER_IDLE_SECONDS = 30  # a server started for the game ends this long after its last client
ORDINARY_RATE = 175
"""The game's default rate: at this rate speech-dispatcher's own setting applies."""


class ServerNotStarted(SsipError):
    """No server listens for this user and none could be started for the game (the
    program is there, or the address is one the game cannot reach)."""


def dispatcher_rate(rate: int) -> int:
    """espeak-ng words per minute (80..450, 175 ordinary) to speech-dispatcher's -100..100."""
    if rate <= ORDINARY_RATE:
        return max(-100, round((rate - ORDINARY_RATE) * 100 / 95))
    return min(100, round((rate - ORDINARY_RATE) * 100 / 275))


def parse_voice_list(lines: list[str]) -> list[VoiceInfo]:
    """The voices of a ``LIST SYNTHESIS_VOICES`` reply (``name<TAB>language<TAB>variant``
    lines; speech-dispatcher 0.11 with espeak-ng lists every voice once alone and
    once joined with each variant, ``Portuguese (Portugal)+Adam``)."""
    voices = []
    for line in lines:
        fields = line.split("\t")
        if len(fields) < 2 or not fields[0]:
            continue  # the closing "OK VOICE LIST SENT"
        variant = len(fields) > 2 and fields[2].lower() not in ("", "none")
        voices.append(VoiceInfo(fields[0], fields[0], (fields[1],), variant=variant))
    return voices


class GameServer:
    """A speech-dispatcher the game started, under :mod:`.server_keeper`: ``pid`` is
    the server's; it ends when the game closes it (:func:`stop_server`) or when
    the game ends in any other way (the keeper sees its pipe close)."""

    def __init__(self, keeper: subprocess.Popen[bytes], pid: int) -> None:
        self.keeper = keeper
        self.pid = pid

    def poll(self) -> int | None:
        """None while the keeper (and so the server) runs."""
        return self.keeper.poll()


def start_server(path: Path, program: str = SERVER) -> GameServer | None:
    """Start speech-dispatcher for this game (not as a daemon: under a keeper that
    ends it with the game), and wait (bounded) for it to listen at ``path``. None
    when the program is missing or did not listen in time (then it is stopped)."""
    if shutil.which(program) is None:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    command = [program, "--run-single", "--timeout", str(SERVER_IDLE_SECONDS),
               "--communication-method", "unix_socket", "--socket-path", str(path)]  # fmt: skip
    try:
        keeper = subprocess.Popen(
            [sys.executable, "-I", server_keeper.__file__, *command],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            start_new_session=True,  # a closed terminal's SIGHUP reaches the game only
        )  # fmt: skip
    except OSError:
        return None
    deadline = time.monotonic() + START_SECONDS
    assert keeper.stdout is not None
    ready, _, _ = select.select([keeper.stdout], [], [], START_SECONDS)
    # The server's pid, or nothing: the keeper did not start in time (or failed).
    first = keeper.stdout.readline().decode("ascii", "replace").strip() if ready else ""
    keeper.stdout.close()
    server = GameServer(keeper, int(first)) if first.isdigit() else None
    while server is not None and time.monotonic() < deadline and keeper.poll() is None:
        # The socket file appears at bind(), before listen(): wait until it answers.
        if path.exists() and listens(path):
            return server
        time.sleep(0.02)
    stop_server(server or GameServer(keeper, 0))
    return None


def listens(path: Path) -> bool:
    """Whether a server accepts connections at ``path`` now (speech-dispatcher
    leaves its socket file behind when it ends: the file alone says nothing)."""
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(0.5)
    try:
        probe.connect(str(path))
    except OSError:
        return False
    finally:
        probe.close()
    return True


def stop_server(server: GameServer | None) -> None:
    """End a server the game started (bounded): its keeper sees the pipe close, ends
    the server (SIGTERM, then SIGKILL) and itself."""
    if server is None:
        return
    keeper = server.keeper
    if keeper.stdin is not None:
        with contextlib.suppress(OSError):
            keeper.stdin.close()
    try:
        keeper.wait(timeout=server_keeper.TERM_SECONDS + 2.0)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(OSError):
            os.killpg(keeper.pid, signal.SIGKILL)  # the keeper's own group: it and the server
        keeper.wait()


def connect(
    path: Path | None = None,
    program: str = SERVER,
    on_event: Callable[[int, str], None] | None = None,
) -> tuple[SsipConnection, GameServer | None]:
    """A connection to the user's speech-dispatcher, starting one for the game when
    none listens. Raises ServerNotStarted when none listens and none starts,
    SsipError (with why) when the one there does not answer."""
    path = path or socket_path()
    if path is None:
        address = os.environ.get("SPEECHD_ADDRESS", "")
        raise ServerNotStarted(needs_unix_socket(address))
    server = None
    if not listens(path):  # no file, or one left by a server that has ended
        server = start_server(path, program)
        if server is None:
            raise ServerNotStarted(server_did_not_listen(str(path), program))
    try:
        return SsipConnection(path, on_event=on_event), server
    except SsipError:
        stop_server(server)
        raise


PROBE_SECONDS = 5.0
"""How long a silent test message may take to be played to its end (``pyramide voice``)."""


def plays_to_the_end(path: Path, seconds: float | None = None) -> str | None:
    """Whether the server at ``path`` really plays: a test message at volume -100
    (silent), on a connection of its own, must end (event 702) within ``seconds``
    (default :data:`PROBE_SECONDS`).
    None when it did; otherwise why, in words. A server with no audio device
    takes messages, may even report their beginning, and then never ends them."""
    seconds = PROBE_SECONDS if seconds is None else seconds
    ended = threading.Event()

    def on_event(code: int, _message: str) -> None:
        if code in (702, 703):
            ended.set()

    try:
        probe = SsipConnection(path, client="pyramide-probe", on_event=on_event)
    except SsipError as err:
        return str(err)
    try:
        probe.command("SET self VOLUME -100")
        probe.speak("1")
        if not ended.wait(seconds):
            return silent_probe_not_ended(seconds)
    except SsipError as err:
        return str(err)
    finally:
        probe.close()
    return None


class SsipSpeaker(BackgroundSpeaker):
    """Speaks through speech-dispatcher over one SSIP connection."""

    name = "speech-dispatcher"

    def __init__(
        self,
        language: str = DEFAULT_LANGUAGE,
        rate: int | None = None,
        *,
        path: Path | None = None,
        program: str = SERVER,
        begin_seconds: float = BEGIN_SECONDS,
    ) -> None:
        self._begun: set[str] = set()
        self._late: dict[str, float] = {}  # not begun in time (counted as failed): when sent
        self._lateness: float | None = None  # seconds an answer began late, until told
        self._lateness_told = False
        self._latest: tuple[str, float] | None = None  # the last message and its time bound
        self._playing: tuple[str, float] | None = None  # it began; when it must have ended
        self._events = threading.Condition()
        self._begin_seconds = begin_seconds
        self._voices: list[VoiceInfo] | None = None
        self._voice_sent = False  # a synthesis voice is set on the connection
        self.program = "speech-dispatcher"
        self.connection, self.server = connect(path, program, self._event)
        self._path = self.connection.path
        super().__init__(language, rate)

    def _event(self, code: int, message: str) -> None:
        """From the connection's reader: 701 the message began, 702 it ended, 703 it
        was cancelled (by the game's next answer, or by a client of higher priority)."""
        with self._events:
            if code == 701:
                self._begun.add(message)
                if self._latest is not None and self._latest[0] == message:
                    self._playing = (message, time.monotonic() + self._latest[1])
            elif code in (702, 703) and self._playing is not None and self._playing[0] == message:
                self._playing = None
            sent = self._late.pop(message, None) if code in (701, 702, 703) else None
            late = sent is not None
            if sent is not None and code == 701 and not self._lateness_told:
                self._lateness = time.monotonic() - sent  # fell behind: said once
            self._events.notify_all()
        if late:
            # It did not begin in time, yet the server began, ended or cancelled it:
            # the server was busy (a screen reader speaking at a higher priority
            # holds the game's answers in its queue), not dead. Its failure is
            # taken back, so a busy server is never reported as not responding.
            with self._lock:
                if self._failure is None and self.failures > 0:
                    self.failures -= 1

    def stop(self) -> None:
        """Cancel the game's own speech in speech-dispatcher (the thread sends
        ``CANCEL self``)."""
        with self._lock:
            self._generation += 1
            self._pending = Utterance("", self._language, None, None, self._generation)
            self._wake.notify_all()

    def voices(self) -> list[VoiceInfo]:
        """The server's synthesis voices (``LIST SYNTHESIS_VOICES``, asked once);
        empty when it does not answer."""
        if self._voices is None:
            try:
                _code, lines = self.connection.command("LIST SYNTHESIS_VOICES")
            except SsipError:
                return []
            self._voices = parse_voice_list(lines)
        return list(self._voices)

    def _speak(self, utterance: Utterance) -> None:
        try:
            if self.connection.closed:  # a reply came too late: start afresh
                self._fresh_connection()
            self.connection.command("CANCEL self")
            if not utterance.text:
                return
            if self._voice_sent and not utterance.voice:
                self._fresh_connection()  # back to speech-dispatcher's own voice
            self.connection.command(f"SET self LANGUAGE {dispatcher_language(utterance.language)}")
            if utterance.voice:
                self.connection.command(f"SET self SYNTHESIS_VOICE {utterance.voice}")
                self._voice_sent = True
            if utterance.rate is not None and utterance.rate != ORDINARY_RATE:
                self.connection.command(f"SET self RATE {dispatcher_rate(utterance.rate)}")
            if utterance.volume is not None:
                self.connection.command(f"SET self VOLUME {round(utterance.volume * 200 - 100)}")
            with self._events:  # its 701 may come before speak() returns
                self._latest = ("", speaking_seconds(utterance, self.player_grace))
            message = self.connection.speak(utterance.text)
        except SsipError as err:
            kind = FailureKind.NOT_RESPONDING if err.timed_out else FailureKind.FAILING
            self._failed(self.program, kind, f"{self.name}: {err}")
            return
        deadline = time.monotonic() + self._begin_seconds
        with self._events:
            self._latest = (message, speaking_seconds(utterance, self.player_grace))
            if message in self._begun and self._playing is None:
                self._playing = (message, time.monotonic() + self._latest[1])
        while time.monotonic() < deadline:
            with self._events:
                if message in self._begun:
                    self._begun.discard(message)
                    with self._lock:
                        self.failures = 0
                    self.spoken += 1
                    return
            if self._wait(utterance, 0.02):
                return  # a newer answer: it cancels this one
        with self._events:
            if message in self._begun:  # began at the last moment
                self._begun.discard(message)
                self.spoken += 1
                return
            self._late[message] = deadline - self._begin_seconds  # taken back if only busy
        error = f"{self.name}: the server took the answer but did not begin to speak it"
        self._failed(self.program, FailureKind.NOT_RESPONDING, error)

    def take_late(self) -> float | None:
        """Seconds an answer began after it was given, when that was past the
        beginning's deadline (the server fell behind: no audio device, a busy
        queue); once per speaker. Only the newest answer waits meanwhile (each
        answer cancels the game's older ones), so speech catches up."""
        with self._events:
            if self._lateness is None or self._lateness_told:
                return None
            self._lateness_told = True
            return self._lateness

    def wait_idle(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until the latest answer has been spoken to
        its end: the server reports the end (702) or a cancel (703), bounded by the
        time its words take (:func:`.background.speaking_seconds`), so a server
        stopped after the goodbye has said all of it. An answer that never began
        is not waited for beyond the speech thread's wait for its beginning."""
        deadline = time.monotonic() + max(0.0, timeout)
        if not super().wait_idle(timeout):
            return False
        with self._events:
            while self._playing is not None and not self._closed:
                now = time.monotonic()
                until = min(deadline, self._playing[1])
                if now >= until:
                    return now < deadline
                self._events.wait(until - now)
        return True

    def _fresh_connection(self) -> None:
        """Swap the connection for a new one, which starts from the server's own
        settings: SSIP has no command that forgets a synthesis voice without choosing
        another (``VOICE_TYPE`` would force one type over the ``DefaultVoiceType`` the
        player configured). The new one opens before the old one closes, so a server
        started for the game never sees no client. Raises SsipError."""
        fresh = SsipConnection(self._path, on_event=self._event)
        old, self.connection = self.connection, fresh
        self._voice_sent = False
        old.close()

    def _release(self) -> None:
        self.connection.close()
        stop_server(self.server)
