"""The pyttsx3 backend: the platform's voices, synthesised in a child process.

Each answer goes to a long-lived :mod:`.synth_worker` child, which writes it to
a sound file with pyttsx3 (about 0.01 s a sentence with espeak-ng); a player
child then plays the file and is killed when a newer answer arrives. pyttsx3's
own ``say()`` is never used: on Linux it blocks in ``runAndWait`` and cannot be
interrupted. A worker that does not answer in time is killed and replaced.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import wave
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pyramide_a11y.i18n import DEFAULT_LANGUAGE

from . import synth_worker
from .background import BackgroundSpeaker, Outcome, Utterance, remove
from .base import FailureKind, SpeechFailure
from .player import default_player, in_process, reads_stdin, with_file
from .sanitize import speakable
from .voices import VoiceInfo, espeak_voice, platform_voice, session_language

READY_SECONDS = 10.0  # a cold start imports pyttsx3 and loads the voices
SYNTH_SECONDS = 5.0  # far above the ~0.01 s a sentence takes
_GIVE_UP_AFTER = 3  # workers in a row that would not start


class WorkerError(Exception):
    """The synthesis worker could not start, answered with an error, or overran."""


class WorkerTimeout(WorkerError):
    """The synthesis worker did not answer in time."""


class SynthWorker:
    """One pyttsx3 child process and the thread that reads its replies."""

    def __init__(self, command: Sequence[str] | None = None) -> None:
        self.process = subprocess.Popen(
            list(command) if command else [sys.executable, "-I", synth_worker.__file__],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
        )
        self.replies: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, name="speech-worker-reader", daemon=True)
        self._reader.start()
        self.ready: dict[str, Any] | None = None
        self._ready_lock = threading.Lock()
        self._next_id = 0

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            try:
                self.replies.put(json.loads(line))
            except ValueError:
                continue
        self.replies.put(None)  # end of file: the worker is gone

    def wait_ready(self, seconds: float) -> dict[str, Any]:
        """The worker's ready message; raises WorkerError if it failed or overran."""
        with self._ready_lock:
            if self.ready is None:
                message = self._get(time.monotonic() + seconds)
                if not message.get("ready"):
                    raise WorkerError(str(message.get("error", "pyttsx3 did not start")))
                self.ready = message
            return self.ready

    def request(self, fields: dict[str, Any]) -> int:
        """Send a synthesis request; returns its id."""
        self._next_id += 1
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps({"id": self._next_id, **fields}) + "\n")
            self.process.stdin.flush()
        except OSError as err:
            raise WorkerError(f"the worker is gone ({err})") from None
        return self._next_id

    def reply(
        self, request_id: int, deadline: float, cancelled: Callable[[], bool] = lambda: False
    ) -> dict[str, Any]:
        """The reply to ``request_id``, skipping older ones; raises WorkerError,
        also when ``cancelled()`` turns true while waiting."""
        while True:
            message = self._get(deadline, cancelled)
            if message.get("id") == request_id:
                if not message.get("ok"):
                    raise WorkerError(str(message.get("error")))
                return message

    def _get(
        self, deadline: float, cancelled: Callable[[], bool] = lambda: False
    ) -> dict[str, Any]:
        while True:
            try:
                message = self.replies.get(timeout=min(0.05, max(0.0, deadline - time.monotonic())))
                break
            except queue.Empty:
                if cancelled():
                    raise WorkerError("cancelled") from None
                if time.monotonic() >= deadline:
                    raise WorkerTimeout("pyttsx3 did not answer in time") from None
        if message is None:
            raise WorkerError("the pyttsx3 worker stopped")
        return message

    def close(self) -> None:
        """Kill the worker and wait for it and its reader thread."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self._reader.join(timeout=1.0)
        for stream in (self.process.stdin, self.process.stdout):
            if stream:
                with contextlib.suppress(OSError):
                    stream.close()


class Pyttsx3Speaker(BackgroundSpeaker):
    """Speaks through pyttsx3 (espeak-ng on Linux, SAPI5 on Windows, NSSpeech on macOS)."""

    name = "pyttsx3"

    def __init__(
        self,
        language: str = DEFAULT_LANGUAGE,
        rate: int | None = None,
        player: Sequence[str] | None = None,
        synth_seconds: float = SYNTH_SECONDS,
        worker_command: Sequence[str] | None = None,
    ) -> None:
        self.player = list(player) if player else default_player()
        self._worker_command = worker_command
        self._synth_seconds = synth_seconds
        self._worker: SynthWorker | None = SynthWorker(worker_command)
        # After the worker: a worker that cannot start leaves no folder behind.
        self._dir = Path(tempfile.mkdtemp(prefix="pyramide-speech-"))
        self._start_failures = 0
        self._count = 0
        super().__init__(language, rate)

    def check(self, seconds: float = READY_SECONDS) -> list[VoiceInfo]:
        """Wait for the worker; return the voices it found. Raises WorkerError.

        Call it before the first answer (from the factory) to learn whether
        pyttsx3 works at all; it holds the caller while pyttsx3 starts.
        """
        with self._lock:
            worker = self._worker
        if worker is None:
            raise WorkerError(self.last_error or "pyttsx3 is closed")
        ready = worker.wait_ready(seconds)
        return [
            VoiceInfo(v["id"], v["name"], tuple(v.get("languages", ()))) for v in ready["voices"]
        ]

    def voices(self) -> list[VoiceInfo]:
        """The voices pyttsx3 found (waiting for the worker, bounded), and with
        its espeak-ng driver on Linux espeak-ng's variants (``roa/pt+adam``),
        when the ``espeak-ng`` program is there to list them. Empty when pyttsx3
        does not start."""
        try:
            found = self.check()
        except WorkerError:
            return []
        with self._lock:
            worker = self._worker
        driver = (worker.ready or {}).get("driver") if worker is not None else None
        if driver == "EspeakDriver":
            from .espeak_backend import list_variants

            found += list_variants()
        return found

    def synthesise(self, text: str, path: Path, language: str | None = None) -> str | None:
        """Write ``text`` (made speakable) to a sound file at ``path`` now, for
        ``pyramide voice --out``; returns the voice used. Raises WorkerError.

        Holds the caller for the synthesis; not for use while answers play.
        """
        language = session_language(language or self._language)
        worker = self._ensure_worker()
        utterance = Utterance(
            speakable(text, language), language, self._rate, self._volume, 0, self._voice
        )
        request_id = worker.request(self._fields(utterance, worker, path))
        reply = worker.reply(request_id, time.monotonic() + self._synth_seconds)
        voice = reply.get("voice")
        return str(voice) if voice is not None else None

    def _fields(self, utterance: Utterance, worker: SynthWorker, path: Path) -> dict[str, Any]:
        if sys.platform.startswith("linux"):
            voice: str | None = utterance.voice or espeak_voice(utterance.language)
            rate: int | None = utterance.rate or 175  # set every time: 2.99 forgets it
            volume: float | None = 1.0 if utterance.volume is None else utterance.volume
        else:
            ready = worker.ready or {}
            found = [VoiceInfo(v["id"], v["name"], tuple(v["languages"])) for v in ready["voices"]]
            voice = utterance.voice or platform_voice(found, utterance.language)
            rate, volume = utterance.rate, utterance.volume
        return {
            "text": utterance.text,
            "voice": voice,
            "rate": rate,
            "volume": volume,
            "path": str(path),
        }

    def _ensure_worker(self) -> SynthWorker:
        if self._worker is None:
            if self._start_failures >= _GIVE_UP_AFTER:
                raise WorkerError(self.last_error or "pyttsx3 does not start")
            self._worker = SynthWorker(self._worker_command)
        try:
            self._worker.wait_ready(READY_SECONDS)
        except WorkerError as err:
            self._start_failures += 1
            self._replace_worker()
            if self._start_failures >= _GIVE_UP_AFTER:
                with self._lock:
                    self._give_up(
                        SpeechFailure(self.name, "pyttsx3", FailureKind.NOT_STARTING, str(err))
                    )
            raise err
        self._start_failures = 0
        return self._worker

    def _replace_worker(self) -> None:
        """Kill the worker; the next answer starts a fresh one."""
        worker, self._worker = self._worker, None
        if worker:
            worker.close()

    def _speak(self, utterance: Utterance) -> None:
        self._count += 1
        suffix = ".aiff" if sys.platform == "darwin" else ".wav"
        path = self._dir / f"answer-{self._count}{suffix}"
        try:
            kind = FailureKind.NOT_STARTING
            try:
                worker = self._ensure_worker()
                kind = FailureKind.FAILING
                request_id = worker.request(self._fields(utterance, worker, path))
                worker.reply(  # the file is written when the worker replies
                    request_id, time.monotonic() + self._synth_seconds, lambda: self._closed
                )
            except WorkerError as err:
                self._replace_worker()
                if isinstance(err, WorkerTimeout):
                    kind = FailureKind.NOT_RESPONDING
                if not self._closed:
                    self._failed("pyttsx3", kind, f"pyttsx3: {err}")
                return
            if self._superseded(utterance):
                return
            self._play(path, utterance)
        finally:
            remove(path)

    def _play(self, path: Path, utterance: Utterance) -> Outcome:
        if in_process(self.player):
            return self._play_in_process(path, utterance)
        deadline = time.monotonic() + self.player_grace + 1.5 * _duration(path)
        if reads_stdin(self.player):
            with path.open("rb") as audio:
                child = self._start(self.player, stdin=audio)
        else:
            child = self._start(with_file(self.player, path))
        return self._follow([child], utterance, deadline)

    def _reset(self) -> None:
        self._start_failures = 0

    def _release(self) -> None:
        self._replace_worker()
        shutil.rmtree(self._dir, ignore_errors=True)


def _duration(path: Path) -> float:
    """Seconds of audio in a sound file (estimated from its size when not a WAV)."""
    try:
        with wave.open(str(path), "rb") as wav:
            return wav.getnframes() / float(wav.getframerate())
    except (wave.Error, EOFError, OSError):
        try:
            return path.stat().st_size / 44100.0
        except OSError:
            return 0.0
