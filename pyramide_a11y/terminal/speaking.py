"""The one place the game chooses its speaker from the command line.

``--speech auto|screen-reader|pyttsx3|espeak-ng|speech-dispatcher|none`` goes to
the speech factory (:func:`pyramide_a11y.speech.factory.open_speaker`). When the
speech asked for cannot work, one translated line says what is missing and how
to install it, and the game goes on as text. A game started with ``--speech
none`` that the player switches to "speech on" opens the first backend that
works, in the background, and speaks from then on. A backend that later keeps
failing gives up; the session tells the player once, with the next answer
(:meth:`SessionSpeaker.take_failure`), and "speech on" tries it again.

``auto`` follows the screen reader during play: a watcher thread looks every
:data:`RECHECK_SECONDS`; a reader that starts silences the game's voice at
once, one that stops brings it back, and the next answer carries one line
saying so (:meth:`SessionSpeaker.take_notice`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, TextIO

from pyramide_a11y.core import StartSettings
from pyramide_a11y.narration.speech_words import (
    failure_sentence,
    late_sentence,
    player_setting_sentence,
    problem_sentence,
    reader_gone_sentence,
    reader_route_sentence,
    screen_reader_sentence,
    speech_off_sentence,
)
from pyramide_a11y.speech.base import SilentSpeaker, Speaker, SpeechFailure
from pyramide_a11y.speech.detect import running_screen_reader
from pyramide_a11y.speech.factory import (
    SCREEN_READER,
    Missing,
    SpeakerChoice,
    SpeechProblem,
    open_speaker,
)
from pyramide_a11y.speech.player import PLAYER_ENV, unusable_player
from pyramide_a11y.speech.voices import VoiceInfo, find_voice

Opener = Callable[..., SpeakerChoice]
Detector = Callable[[], str | None]
RECHECK_SECONDS = 3.0
"""How often ``auto`` looks again for a screen reader during play."""


def _no_screen_reader() -> str | None:
    return None


class SessionSpeaker:
    """The session's :class:`Speaker`: the backend ``--speech`` chose, delegated to.

    Started with ``none``, it opens a real backend the first time it is asked to
    speak (which the session does only once the player turned speech on): in a
    thread, so the prompt is never held, speaking the newest answer once ready.
    ``problem`` is what keeps speech off, if anything; when opening on demand
    found nothing that works, :meth:`take_problem` gives it once, for the next
    answer, and :meth:`retry` ("speech on" again) opens afresh.

    ``detector`` names the running screen reader (default: the factory's own
    detection); with ``auto`` it is asked again every ``recheck_seconds`` (0: never).
    """

    name = "session"

    def __init__(
        self,
        backend: str,
        language: str,
        rate: int | None,
        opener: Opener = open_speaker,
        *,
        detector: Detector | None = None,
        recheck_seconds: float = RECHECK_SECONDS,
    ) -> None:
        self._lock = threading.Lock()
        self._opener = opener
        self._language = language
        self._rate = rate
        self._volume: float | None = None
        self._voice: str | None = None
        self._closed = False
        self._pending: str | None = None
        self._opening: threading.Thread | None = None
        extra: dict[str, Any] = {"screen_reader": detector} if detector else {}
        choice = opener(backend, language, rate, **extra)
        self._speaker: Speaker = choice.speaker
        self.problem: SpeechProblem | None = choice.problem
        self.screen_reader = choice.screen_reader
        self._open_on_demand = backend == "none"
        self._untold: SpeechProblem | None = None  # found when opening on demand
        self._told: SpeechProblem | None = None  # said with the answer to "speech on"
        self._reopen = False  # opening on demand found nothing: retry() opens again
        self._route = backend
        self._following = backend == "auto"  # auto: follow the screen reader in play
        self._notice: tuple[str, str] | None = None  # ("quiet" | "back", reader name)
        self._detector: Detector = detector or running_screen_reader
        self._recheck = recheck_seconds
        self._stop_watch = threading.Event()
        self._watch: threading.Thread | None = None
        if self._following and recheck_seconds > 0:
            self._watch = threading.Thread(
                target=self._watch_loop, name="speech-watch", daemon=True
            )
            self._watch.start()

    @property
    def backend(self) -> str:
        """The name of the backend speaking now (``none`` when silent)."""
        return self._speaker.name

    def say(self, text: str) -> None:
        with self._lock:
            if self._closed:
                return
            if self._open_on_demand:
                self._pending = text
                if self._opening is None:
                    self._opening = threading.Thread(
                        target=self._open, name="speech-open", daemon=True
                    )
                    self._opening.start()
                return
            speaker = self._speaker
        speaker.say(text)

    def _open(self) -> None:
        choice = self._opener("auto", self._language, self._rate, screen_reader=_no_screen_reader)
        with self._lock:
            if self._closed or not self._open_on_demand:
                closing = choice.speaker  # closed, or a screen reader came meanwhile
            else:
                closing, self._speaker = self._speaker, choice.speaker
                self.problem = choice.problem
                if choice.problem != self._told:  # not the one just said again
                    self._untold = choice.problem
                self._told, self._reopen = None, choice.problem is not None
                self._open_on_demand = False
            pending, self._pending = self._pending, None
            language, rate, volume = self._language, self._rate, self._volume
            voice = self._voice
        closing.close()
        if closing is choice.speaker:
            return
        choice.speaker.set_language(language)
        if rate is not None:
            choice.speaker.set_rate(rate)
        if volume is not None:
            choice.speaker.set_volume(volume)
        if voice is not None and find_voice(choice.speaker.voices(), voice) == voice:
            choice.speaker.set_voice(voice)  # only a voice this backend has too
        if pending:
            choice.speaker.say(pending)

    # -- following the screen reader (auto) --------------------------------------------

    def _watch_loop(self) -> None:
        while not self._stop_watch.wait(self._recheck):
            self.recheck()

    def recheck(self) -> None:
        """Look for a screen reader now and follow it (``auto`` only): one that
        started silences the game's voice at once; one that stopped lets the game's
        voice speak again from the next answer. Each change leaves one notice."""
        with self._lock:
            if not self._following or self._closed:
                return
        reader = self._detector()
        with self._lock:
            if not self._following or self._closed or reader == self.screen_reader:
                return
            was, self.screen_reader = self.screen_reader, reader
            if reader and was:
                return  # another name for a reader already followed
            if reader:
                closing, self._speaker = self._speaker, SilentSpeaker()
                self._open_on_demand, self._pending = False, None
                self._notice = ("quiet", reader)
            else:
                closing = None
                self._open_on_demand, self._opening = True, None
                self._notice = ("back", was or "")
        if closing is not None:
            closing.close()  # the game's voice goes quiet now, not at the next answer

    def take_notice(self) -> str | None:
        """What changed since the last answer because a screen reader started or
        stopped (``auto``), as one line in the current language, once."""
        with self._lock:
            notice, self._notice = self._notice, None
        if notice is None:
            return None
        kind, reader = notice
        return screen_reader_sentence(reader) if kind == "quiet" else reader_gone_sentence(reader)

    # -- the routes the player chooses in play -----------------------------------------

    def use_screen_reader(self) -> str:
        """Switch to the screen reader's own voice ("speech reader"): the sentence
        to answer with (through whom, or what is missing). Stops following."""
        choice = self._opener(SCREEN_READER, self._language, self._rate)
        with self._lock:
            self._following = False
            self._route = SCREEN_READER
            closing, self._speaker = self._speaker, choice.speaker
            self.problem, self._open_on_demand, self._reopen = choice.problem, False, False
            language = self._language
        if closing is not choice.speaker:
            closing.close()
        choice.speaker.set_language(language)
        if choice.problem is not None:
            return problem_sentence(choice.problem)
        reader = getattr(choice.speaker, "reader", None) or choice.speaker.name
        return reader_route_sentence(str(reader))

    def stop(self) -> None:
        with self._lock:
            self._pending = None
            speaker = self._speaker
        speaker.stop()

    def set_language(self, language: str) -> None:
        with self._lock:
            self._language = language
            speaker = self._speaker
        speaker.set_language(language)

    def set_rate(self, rate: int) -> None:
        with self._lock:
            self._rate = rate
            speaker = self._speaker
        speaker.set_rate(rate)

    def set_volume(self, volume: float) -> None:
        with self._lock:
            self._volume = volume
            speaker = self._speaker
        speaker.set_volume(volume)

    def set_voice(self, voice: str | None) -> None:
        with self._lock:
            self._voice = voice
            speaker = self._speaker
        speaker.set_voice(voice)

    def voices(self) -> list[VoiceInfo]:
        """The voices of the backend speaking now (none while silent)."""
        with self._lock:
            speaker = self._speaker
        return speaker.voices()

    def take_failure(self) -> SpeechFailure | None:
        with self._lock:
            speaker = self._speaker
        return speaker.take_failure()

    def take_late(self) -> tuple[str, float] | None:
        """The backend speaking and how many seconds late an answer began, once, when
        the backend fell behind (speech-dispatcher reports when it begins)."""
        with self._lock:
            speaker = self._speaker
        take = getattr(speaker, "take_late", None)
        late = take() if take is not None else None
        return None if late is None else (speaker.name, float(late))

    def take_problem(self) -> SpeechProblem | None:
        """Why opening on demand ("speech on" after ``--speech none``, or after
        nothing worked) found no speech, once; None otherwise."""
        with self._lock:
            problem, self._untold = self._untold, None
        return problem

    def retry(self) -> None:
        """ "Speech on": the game's own voice. After a failure, try again; when
        silent (nothing worked, a screen reader kept ``auto`` quiet, or the screen
        reader's voice was chosen), open the first backend that works, for the
        next answer."""
        with self._lock:
            silent = isinstance(self._speaker, SilentSpeaker) or self._route == SCREEN_READER
            if self._reopen or (silent and not self._open_on_demand):
                self._following = self._following and not self.screen_reader
                self._route = "auto"
                self._reopen, self._open_on_demand, self._opening = False, True, None
                # Known missing: said at once, with this answer; looked for again.
                self._untold = self._told = self.problem
                return
            speaker = self._speaker
        speaker.retry()

    def wait_idle(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the answer asked for to be spoken,
        including while a backend is still being opened for it."""
        deadline = time.monotonic() + max(0.0, timeout)
        with self._lock:
            opening = self._opening if self._open_on_demand else None
        if opening is not None:
            opening.join(max(0.0, deadline - time.monotonic()))
        with self._lock:
            speaker = self._speaker
        return speaker.wait_idle(max(0.0, deadline - time.monotonic()))

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._pending = None
            opening = self._opening
        self._stop_watch.set()
        if self._watch is not None:
            self._watch.join(timeout=5)
        if opening is not None:
            # Opening is bounded (the factory's checks time out); it closes what
            # it opened when it finds the session closed.
            opening.join(timeout=15)
        self._speaker.close()


def use_screen_reader(speaker: Speaker | None) -> str:
    """Answer "speech reader": switch ``speaker`` (the session's) to the screen
    reader's own voice; the one sentence saying through whom, or what is missing."""
    if isinstance(speaker, SessionSpeaker):
        return speaker.use_screen_reader()
    reader = running_screen_reader()
    return reader_route_sentence(reader) if reader else speech_off_sentence()


def take_speech_sentences(speaker: Speaker) -> list[str]:
    """What to tell the player about speech since the last answer, in the current
    language: a screen reader that started or stopped (``auto``), speech that gave
    up after failing again and again, or found missing when the player turned it
    on. Each is given once."""
    sentences = []
    if isinstance(speaker, SessionSpeaker):
        if notice := speaker.take_notice():
            sentences.append(notice)
        if problem := speaker.take_problem():
            sentences.append(problem_sentence(problem))
        if late := speaker.take_late():
            sentences.append(late_sentence(*late))
    if failure := speaker.take_failure():
        sentences.append(failure_sentence(failure))
    return sentences


def _player_problem(problem: SpeechProblem | None) -> bool:
    return problem is not None and problem.missing is Missing.PLAYER_SETTING


def make_session_speaker(start: StartSettings, out: TextIO | None = None) -> Speaker:
    """The speaker for a session started with ``start`` (its speech route, language
    and rate, every source already weighed). Never silent without a word: when the
    speech asked for cannot work, when ``auto`` leaves speech to a screen reader,
    or when a saved setting keeps speech off (not ``--speech none`` typed now:
    ``start.speech_given``), writes one line saying so (and how to change it) to
    ``out``."""
    speaker = SessionSpeaker(start.speech_route, start.language, start.rate)
    if out is not None:
        line = None
        unusable = unusable_player()
        if unusable is not None and not _player_problem(speaker.problem):
            # Sounds (and speech, when it needs the player: that is the problem
            # below) are off: one sentence.
            said = player_setting_sentence(PLAYER_ENV, unusable, speech_too=False)
            print(said, file=out, flush=True)
        if speaker.problem is not None:
            line = problem_sentence(speaker.problem)
        elif start.speech_route == "none" and not start.speech_given:
            line = speech_off_sentence()
        elif start.speech_route == "auto" and speaker.screen_reader:
            line = screen_reader_sentence(speaker.screen_reader)
        if line:
            print(line, file=out, flush=True)
    return speaker
