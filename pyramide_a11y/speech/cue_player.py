"""Playing sound cues through the speech's audio player, without delaying speech.

A cue goes to the same player command as speech (:func:`.player.default_player`:
``aplay``, ``afplay``, winsound, or ``$PYRAMIDE_AUDIO_PLAYER``), in a child of its
own, started by a helper thread: :meth:`CuePlayer.play` only hands the sound over
and returns, so neither the prompt nor the speech thread ever waits for a cue.
The cue is asked for just before the answer is spoken; it is under 150 ms, and the
speech backend needs about as long to make its first sound, so the two barely
overlap and the sound server mixes them (a cue never cuts the answer: they are
separate streams). Cues asked for while one plays wait for its end (under
150 ms); of those, only the newest is played. A cue asked for in mono (the
``sounds mono`` setting) is played with both channels the same
(:func:`.cue_sounds.synthesize`).

When the player fails (no audio device, no ``aplay``), cues stop for the session
and :meth:`CuePlayer.take_problem` reports it once, so the app can say it once.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from pyramide_a11y.narration.cues import CueKind, Place

from . import winsound_player
from .cue_sounds import cue_wav
from .player import PlayerUnusable, default_player, in_process, reads_stdin, with_file

DEADLINE_SECONDS = 2.0
"""A cue's player that runs longer than this is stuck: it is killed."""


class CueSink(Protocol):
    """Something that plays cues: the terminal's player, or a recording fake in tests."""

    def play(self, kind: CueKind, place: Place, mono: bool = False) -> None:
        """Start playing the cue for ``kind`` at ``place`` (in both ears alike with
        ``mono``); return at once."""

    def take_problem(self) -> str | None:
        """What stopped the cues (the player's name), once; None otherwise."""

    def close(self) -> None:
        """Stop and release the helper thread and any child."""


class RecordingCues:
    """A test double: keeps every cue asked for, in order (``played``), and whether
    each was asked for in mono (``monos``, in the same order)."""

    def __init__(self) -> None:
        self.played: list[tuple[CueKind, Place]] = []
        self.monos: list[bool] = []
        self.problem: str | None = None
        self.closed = False

    @property
    def kinds(self) -> list[CueKind]:
        return [kind for kind, _ in self.played]

    def wav(self, index: int = -1) -> bytes:
        """The WAV file :class:`CuePlayer` would play for the cue asked for at
        ``index`` (the last by default)."""
        kind, place = self.played[index]
        return cue_wav(kind, place, self.monos[index])

    def play(self, kind: CueKind, place: Place, mono: bool = False) -> None:
        self.played.append((kind, place))
        self.monos.append(mono)

    def take_problem(self) -> str | None:
        problem, self.problem = self.problem, None
        return problem

    def close(self) -> None:
        self.closed = True


class CuePlayer:
    """Plays cues in child processes of the audio player, one at a time, newest first."""

    def __init__(self, player: Sequence[str] | None = None) -> None:
        """``player`` (default: :func:`.player.default_player`). When
        ``$PYRAMIDE_AUDIO_PLAYER`` is no command line the cues are off from the
        start, without a problem to report: the game said so at start
        (:func:`pyramide_a11y.narration.speech_words.player_setting_sentence`)."""
        self._broken = False
        try:
            self._player = list(player) if player is not None else default_player()
        except PlayerUnusable:
            self._player, self._broken = [], True
        self._lock = threading.Condition()
        self._pending: tuple[CueKind, Place, bool] | None = None
        self._closed = False
        self._problem: str | None = None
        self._child: subprocess.Popen[bytes] | None = None
        self._cache: dict[tuple[CueKind, Place, bool], bytes] = {}
        self._folder: Path | None = None  # winsound's cue files (Windows)
        self._files: dict[tuple[CueKind, Place, bool], Path] = {}
        self._thread = threading.Thread(target=self._run, name="sound-cues", daemon=True)
        self._thread.start()

    def play(self, kind: CueKind, place: Place, mono: bool = False) -> None:
        with self._lock:
            if self._closed or self._broken:
                return
            self._pending = (kind, place, mono)
            self._lock.notify_all()

    def take_problem(self) -> str | None:
        with self._lock:
            problem, self._problem = self._problem, None
            return problem

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join(timeout=2.0)
        self._kill()
        if self._folder is not None:  # a cue still playing keeps its file (Windows)
            shutil.rmtree(self._folder, ignore_errors=True)

    def _wav(self, kind: CueKind, place: Place, mono: bool) -> bytes:
        key = (kind, place, mono)
        if key not in self._cache:
            self._cache[key] = cue_wav(kind, place, mono)
        return self._cache[key]

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._closed or self._pending is not None)
                if self._closed:
                    return
                asked, self._pending = self._pending, None
            if asked is None:  # pragma: no cover - wait_for returned for it
                continue
            try:
                if in_process(self._player):
                    self._start_in_process(asked)
                else:
                    self._start(self._wav(*asked))
            except Exception as err:  # the player is missing: cues off, said once
                self._fail(str(err))

    def _start_in_process(self, key: tuple[CueKind, Place, bool]) -> None:
        """Windows: the cue's file (written once, in the player's folder) played
        with winsound in this process, in the background; the next cue or answer
        stops it. A file another program holds skips this cue."""
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix="pyramide-cues-"))
        path = self._folder / f"cue-{len(self._files)}.wav"
        if key not in self._files:
            path.write_bytes(self._wav(*key))
            self._files[key] = path
        try:
            winsound_player.play(self._files[key])
        except winsound_player.FileHeld:
            return  # an antivirus scanning the file: only this cue is missed

    def _start(self, wav: bytes) -> None:
        if reads_stdin(self._player):
            child = subprocess.Popen(
                self._player,
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            assert child.stdin is not None
            self._child = child
            try:
                child.stdin.write(wav)
                child.stdin.close()
            except OSError:
                pass
        else:
            handle, name = tempfile.mkstemp(prefix="pyramide-cue-", suffix=".wav")
            try:
                with os.fdopen(handle, "wb") as file:
                    file.write(wav)
                command = with_file(self._player, Path(name))
                self._child = subprocess.Popen(
                    command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
                )
                self._check()  # the file goes once it is played (or the player failed)
            finally:  # also when the player cannot start: no file is left behind
                Path(name).unlink(missing_ok=True)
            return
        self._check()

    def _check(self) -> None:
        """Wait for the cue's end (bounded); a player that fails stops the cues."""
        child = self._child
        if child is None:
            return
        try:
            code = child.wait(DEADLINE_SECONDS)
        except subprocess.TimeoutExpired:
            self._kill()
            return
        if code != 0 and code >= 0:  # killed by a newer cue is no failure
            self._fail(os.path.basename(self._player[0]))

    def _fail(self, detail: str) -> None:
        with self._lock:
            if not self._broken:
                self._broken = True
                self._problem = os.path.basename(self._player[0]) or detail

    def _kill(self) -> None:
        child, self._child = self._child, None
        if child is not None and child.poll() is None:
            child.kill()
        if child is not None:
            child.wait()
