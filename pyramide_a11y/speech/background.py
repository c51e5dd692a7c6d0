"""What every process-based backend shares: one speech thread, latest answer wins.

:meth:`BackgroundSpeaker.say` only records the text and wakes the speech
thread, so it never holds the prompt. The thread speaks the most recent answer
and drops older ones that were never started; a new answer interrupts the one
playing by killing its child processes. Every child runs under a deadline: one
that overruns is killed and the next answer starts afresh.
"""

from __future__ import annotations

import enum
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any

from .sanitize import speakable
from .voices import session_language

_POLL_SECONDS = 0.01  # how often a playing child is checked for its end


@dataclass(frozen=True)
class Utterance:
    """One answer to speak, with the settings in force when it was asked for."""

    text: str
    language: str
    rate: int | None
    volume: float | None
    generation: int


class Outcome(enum.Enum):
    """How a child process ended."""

    DONE = "done"
    INTERRUPTED = "interrupted"  # a newer answer, stop() or close()
    TIMED_OUT = "timed out"
    FAILED = "failed"


class BackgroundSpeaker:
    """Base of the process-based backends; subclasses implement :meth:`_speak`.

    ``last_error`` holds the latest failure in words (for the ``voice``
    diagnostic) and ``failures`` counts failures in a row.
    """

    name = "background"
    #: Seconds a player may run beyond the sound's length before it counts as stuck.
    player_grace = 2.0

    def __init__(self, language: str = "en", rate: int | None = None) -> None:
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._pending: Utterance | None = None
        self._generation = 0
        self._closed = False
        self._language = session_language(language)
        self._rate = rate
        self._volume: float | None = None
        self._children: list[subprocess.Popen[bytes]] = []
        self.last_error: str | None = None
        self.failures = 0
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
            if self._closed:
                return
            self._generation += 1
            self._pending = (
                Utterance(spoken, language, self._rate, self._volume, self._generation)
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
                    self.failures = 0
                    self.spoken += counts
                    return Outcome.DONE
                if self._wait(utterance, _POLL_SECONDS):
                    return Outcome.INTERRUPTED
                if time.monotonic() > deadline:
                    self.last_error = f"{self.name}: {_program(children[0])} overran"
                    self.failures += 1
                    return Outcome.TIMED_OUT
        finally:
            self._reap(children)

    def _note_failure(self, child: subprocess.Popen[bytes]) -> None:
        err = child.stderr.read().decode("utf-8", "replace").strip() if child.stderr else ""
        detail = err.splitlines()[-1] if err else f"exit status {child.returncode}"
        self.last_error = f"{_program(child)}: {detail}"
        self.failures += 1

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
            assert utterance is not None
            try:
                self._speak(utterance)
            except Exception as err:  # a backend fault must never end the thread
                self.last_error = f"{self.name}: {err}"
                self.failures += 1
                self._kill_children()


def _program(child: subprocess.Popen[bytes]) -> str:
    args = child.args
    return str(args[0]) if isinstance(args, list) and args else str(args)


def _prepare(language: str) -> None:
    """Load what :func:`speakable` needs for ``language`` now (the catalog, a few
    milliseconds the first time), so that ``say()`` never waits for it."""
    speakable("+", language)
