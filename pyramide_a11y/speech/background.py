"""What every process-based backend shares: one speech thread, latest answer wins.

:meth:`BackgroundSpeaker.say` only records the text and wakes the speech
thread, so it never holds the prompt. The thread speaks the most recent answer
and drops older ones that were never started; a new answer interrupts the one
playing by killing its child processes. Every child runs under a deadline: one
that overruns is killed and the next answer starts afresh.

A backend that worked at start can break later (the player or espeak-ng fails
every time, speech-dispatcher never begins). After :attr:`BackgroundSpeaker.give_up_after`
answers in a row failed to reach audio, the speaker stops trying: it starts no
more processes and drops every answer until :meth:`BackgroundSpeaker.retry`,
and :meth:`BackgroundSpeaker.take_failure` hands the app a
:class:`SpeechFailure` once, so the player can be told with the next answer.
One failure between successes changes nothing: a success resets the count.
"""

from __future__ import annotations

import contextlib
import enum
import os
import subprocess
import threading
import time
import wave
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from pyramide_a11y.i18n import DEFAULT_LANGUAGE

from . import winsound_player
from .base import FailureKind, SpeechFailure
from .sanitize import speakable
from .voices import VoiceInfo, session_language

_POLL_SECONDS = 0.01  # how often a playing child is checked for its end


@dataclass(frozen=True)
class Utterance:
    """One answer to speak, with the settings in force when it was asked for."""

    text: str
    language: str
    rate: int | None
    volume: float | None
    generation: int
    voice: str | None = None
    """The voice chosen by name (a backend's id), or None: the language's own."""


def speaking_seconds(utterance: Utterance, grace: float) -> float:
    """A generous bound on how long speaking ``utterance`` can take when its audio's
    length is not known beforehand (streamed, or spoken by a server): twice the
    time its words take at its rate, plus ``grace``."""
    words = max(1, len(utterance.text) / 6)
    return grace + 2.0 * words * 60 / (utterance.rate or 175)


class Outcome(enum.Enum):
    """How a child process ended."""

    DONE = "done"
    INTERRUPTED = "interrupted"  # a newer answer, stop() or close()
    TIMED_OUT = "timed out"
    FAILED = "failed"


class BackgroundSpeaker:
    """Base of the process-based backends; subclasses implement :meth:`_speak`.

    ``last_error`` holds the latest failure in words (for the ``voice``
    diagnostic) and ``failures`` counts answers in a row that did not reach
    audio (an answer cut by a newer one counts neither way).
    """

    name = "background"
    #: Seconds a player may run beyond the sound's length before it counts as stuck.
    player_grace = 2.0
    #: Answers in a row that failed before the speaker stops trying.
    give_up_after = 3

    def __init__(self, language: str = DEFAULT_LANGUAGE, rate: int | None = None) -> None:
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._pending: Utterance | None = None
        self._generation = 0
        self._closed = False
        self._language = session_language(language)
        self._rate = rate
        self._volume: float | None = None
        self._voice: str | None = None
        self._children: list[subprocess.Popen[bytes]] = []
        self._busy = False  # the speech thread is speaking an utterance
        self.last_error: str | None = None
        self.failures = 0
        self._failure: SpeechFailure | None = None  # set when the speaker gave up
        self._failure_told = False
        self.spoken = 0  # utterances that played to their end
        _prepare(self._language)
        self._thread = threading.Thread(target=self._run, name=f"speech-{self.name}", daemon=True)
        self._thread.start()

    # The Speaker interface -------------------------------------------------

    def say(self, text: str) -> None:
        """Queue ``text`` to be spoken now, replacing and interrupting older answers."""
        with self._lock:
            language = self._language
        spoken = speakable(text, language)
        with self._lock:
            if self._closed or self._failure is not None:
                return  # gave up: no process is started until retry()
            self._generation += 1
            self._pending = (
                Utterance(spoken, language, self._rate, self._volume, self._generation, self._voice)
                if spoken
                else None
            )
            self._wake.notify_all()

    def stop(self) -> None:
        with self._lock:
            self._generation += 1
            self._pending = None
            self._wake.notify_all()

    def set_language(self, language: str) -> None:
        language = session_language(language)
        _prepare(language)
        with self._lock:
            self._language = language

    def set_rate(self, rate: int) -> None:
        with self._lock:
            self._rate = max(80, min(450, int(rate)))

    def set_volume(self, volume: float) -> None:
        """Volume from 0.0 to 1.0, for backends that can set it."""
        with self._lock:
            self._volume = max(0.0, min(1.0, float(volume)))

    def set_voice(self, voice: str | None) -> None:
        """Speak the next answers with ``voice`` (an id from :meth:`voices`), or
        with the language's own voice when None."""
        with self._lock:
            self._voice = voice or None

    def voices(self) -> list[VoiceInfo]:
        """The voices this backend can be set to; none by default (subclasses
        that have voices to choose list them)."""
        return []

    @property
    def failure(self) -> SpeechFailure | None:
        """Why the speaker gave up, or None while it still tries."""
        with self._lock:
            return self._failure

    def take_failure(self) -> SpeechFailure | None:
        """The failure that made the speaker give up, once: None before it gave up
        and on every later call, until :meth:`retry` and a new breakdown."""
        with self._lock:
            if self._failure is None or self._failure_told:
                return None
            self._failure_told = True
            return self._failure

    def retry(self) -> None:
        """Try again after giving up (the player turned speech on): the next
        answer is spoken afresh, with the failure count at zero."""
        with self._lock:
            self._failure = None
            self._failure_told = False
            self.failures = 0
        self._reset()

    def wait_idle(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until the latest answer has been spoken
        (or dropped: the speaker gave up or was closed); True when idle."""
        with self._lock:
            return self._wake.wait_for(
                lambda: (
                    self._closed
                    or self._failure is not None
                    or (self._pending is None and not self._busy)
                ),
                max(0.0, timeout),
            )

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._generation += 1
            self._pending = None
            self._wake.notify_all()
        self._thread.join(timeout=2.0)
        self._kill_children()
        self._release()

    # For subclasses ------------------------------------------------------

    def _speak(self, utterance: Utterance) -> None:
        """Speak one utterance; return early when :meth:`_superseded` turns true."""
        raise NotImplementedError

    def _release(self) -> None:
        """Free what the backend holds beyond child processes (called by close)."""

    def _reset(self) -> None:
        """Forget what made the backend give up (called by retry)."""

    def _failed(self, program: str, kind: FailureKind, error: str) -> None:
        """Count one answer that did not reach audio because ``program`` failed
        (``error`` in words: ``last_error``); give up at the threshold."""
        with self._lock:
            self.last_error = error
            self.failures += 1
            if self.failures >= self.give_up_after and not self._closed:
                self._give_up(SpeechFailure(self.name, _short(program), kind, error))

    def _give_up(self, failure: SpeechFailure) -> None:
        """Stop trying now (hold ``_lock``): queued answers are dropped."""
        if self._failure is None:
            self._failure, self._failure_told = failure, False
            self._pending = None

    def _superseded(self, utterance: Utterance) -> bool:
        return self._closed or self._generation != utterance.generation

    def _wait(self, utterance: Utterance, seconds: float) -> bool:
        """Sleep up to ``seconds``; True at once if the utterance was superseded."""
        with self._lock:
            return self._wake.wait_for(lambda: self._superseded(utterance), seconds)

    def _start(
        self,
        command: Sequence[str],
        stdin: int | IO[Any] | None = subprocess.DEVNULL,
        stdout: int = subprocess.DEVNULL,
    ) -> subprocess.Popen[bytes]:
        """Start a child (output discarded unless piped); close() kills it."""
        child = subprocess.Popen(list(command), stdin=stdin, stdout=stdout, stderr=subprocess.PIPE)
        with self._lock:
            self._children.append(child)
        return child

    def _follow(
        self,
        children: Sequence[subprocess.Popen[bytes]],
        utterance: Utterance,
        deadline: float,
        counts: bool = True,
    ) -> Outcome:
        """Wait for ``children`` (a pipeline, last one decides) to end, be superseded
        or overrun ``deadline`` (a ``time.monotonic()``); kill them unless they ended.
        ``counts``: a clean end means an answer was spoken (not just synthesised)."""
        try:
            while True:
                if all(child.poll() is not None for child in children):
                    failed = [c for c in children if c.returncode != 0]
                    if failed:
                        self._note_failure(failed[-1])
                        return Outcome.FAILED
                    if counts:  # synthesis alone is not yet audio
                        with self._lock:
                            self.failures = 0
                        self.spoken += 1
                    return Outcome.DONE
                if self._wait(utterance, _POLL_SECONDS):
                    return Outcome.INTERRUPTED
                if time.monotonic() > deadline:
                    # In a pipeline the player is the one that hangs; espeak-ng
                    # only waits for it to read.
                    stuck = next((c for c in reversed(children) if c.poll() is None), children[-1])
                    program = _program(stuck)
                    error = f"{self.name}: {program} overran"
                    self._failed(program, FailureKind.NOT_RESPONDING, error)
                    return Outcome.TIMED_OUT
        finally:
            self._reap(children)

    def _play_in_process(self, path: Path, utterance: Utterance) -> Outcome:
        """Play the WAV file ``path`` with winsound in this process (Windows) and
        wait for its length, or until superseded. A file another program holds (an
        antivirus) skips this answer and counts neither way; winsound that cannot
        play counts as a failure."""
        seconds = wav_seconds(path)
        try:
            winsound_player.play(path)
        except winsound_player.FileHeld:
            return Outcome.INTERRUPTED
        except (RuntimeError, ImportError) as err:
            self._failed("winsound", FailureKind.FAILING, f"winsound: {err}")
            return Outcome.FAILED
        if self._wait(utterance, seconds):
            with self._lock:
                newer = self._pending is not None and not self._closed
            if not newer:  # stop() or close(): silence now (a newer answer replaces it)
                winsound_player.stop()
            return Outcome.INTERRUPTED
        with self._lock:
            self.failures = 0
        self.spoken += 1
        return Outcome.DONE

    def _note_failure(self, child: subprocess.Popen[bytes]) -> None:
        err = child.stderr.read().decode("utf-8", "replace").strip() if child.stderr else ""
        detail = err.splitlines()[-1] if err else f"exit status {child.returncode}"
        self._failed(_program(child), FailureKind.FAILING, f"{_program(child)}: {detail}")

    def _reap(self, children: Sequence[subprocess.Popen[bytes]]) -> None:
        for child in children:
            if child.poll() is None:
                child.kill()
            child.wait()
            if child.stderr:
                child.stderr.close()
            if child.stdin:
                child.stdin.close()
        with self._lock:
            self._children = [c for c in self._children if c not in children]

    def _kill_children(self) -> None:
        with self._lock:
            children = list(self._children)
        self._reap(children)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._wake.wait_for(lambda: self._closed or self._pending is not None)
                if self._closed:
                    return
                utterance, self._pending = self._pending, None
                if self._failure is not None:
                    continue
                self._busy = True
            assert utterance is not None
            try:
                self._speak(utterance)
            except Exception as err:  # a backend fault must never end the thread
                self._failed(self.name, FailureKind.FAILING, f"{self.name}: {err}")
                self._kill_children()
            finally:
                with self._lock:
                    self._busy = False
                    self._wake.notify_all()  # wait_idle() may be waiting


def wav_seconds(path: Path) -> float:
    """Seconds of audio in a WAV file (0.0 when it cannot be read as one)."""
    try:
        with wave.open(str(path), "rb") as wav:
            return wav.getnframes() / float(wav.getframerate())
    except (wave.Error, EOFError, OSError):
        return 0.0


def remove(path: Path) -> None:
    """Delete a sound file, if it can be (on Windows a file still being played, or
    held by another program, cannot: the speaker's folder goes at close)."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


def _program(child: subprocess.Popen[bytes]) -> str:
    args = child.args
    return str(args[0]) if isinstance(args, list) and args else str(args)


def _short(program: str) -> str:
    """A program's name without its folder, as a player hears it: ``aplay``."""
    return os.path.basename(program.rstrip("/\\")) or program


def _prepare(language: str) -> None:
    """Load what :func:`speakable` needs for ``language`` now (the catalog, a few
    milliseconds the first time), so that ``say()`` never waits for it."""
    speakable("+", language)
