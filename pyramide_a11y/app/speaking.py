"""The one place the game chooses its speaker from the command line.

``--speech auto|pyttsx3|espeak-ng|speech-dispatcher|none`` goes to the speech
factory (:func:`pyramide_a11y.speech.factory.open_speaker`). When the speech
asked for cannot work, one translated line says what is missing and how to
install it, and the game goes on as text. A game started with ``--speech none``
that the player switches to "speech on" opens the first backend that works, in
the background, and speaks from then on. A backend that later keeps failing
gives up; the session tells the player once, with the next answer
(:meth:`SessionSpeaker.take_failure`), and "speech on" tries it again.
"""

from __future__ import annotations

import argparse
import threading
import time
from collections.abc import Callable
from typing import TextIO

from pyramide_a11y.speech.base import Speaker, SpeechFailure
from pyramide_a11y.speech.factory import SpeakerChoice, SpeechProblem, open_speaker
from pyramide_a11y.speech.messages import failure_sentence, problem_sentence

Opener = Callable[..., SpeakerChoice]


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
    """

    name = "session"

    def __init__(
        self, backend: str, language: str, rate: int | None, opener: Opener = open_speaker
    ) -> None:
        self._lock = threading.Lock()
        self._opener = opener
        self._language = language
        self._rate = rate
        self._closed = False
        self._pending: str | None = None
        self._opening: threading.Thread | None = None
        choice = opener(backend, language, rate)
        self._speaker: Speaker = choice.speaker
        self.problem: SpeechProblem | None = choice.problem
        self.screen_reader = choice.screen_reader
        self._open_on_demand = backend == "none"
        self._untold: SpeechProblem | None = None  # found when opening on demand
        self._reopen = False  # opening on demand found nothing: retry() opens again

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
            if self._closed:
                choice.speaker.close()
                return
            self._speaker, self.problem = choice.speaker, choice.problem
            self._untold, self._reopen = choice.problem, choice.problem is not None
            self._open_on_demand = False
            pending, self._pending = self._pending, None
            language, rate = self._language, self._rate
        choice.speaker.set_language(language)
        if rate is not None:
            choice.speaker.set_rate(rate)
        if pending:
            choice.speaker.say(pending)

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

    def take_failure(self) -> SpeechFailure | None:
        with self._lock:
            speaker = self._speaker
        return speaker.take_failure()

    def take_problem(self) -> SpeechProblem | None:
        """Why opening on demand ("speech on" after ``--speech none``) found no
        speech, once; None otherwise."""
        with self._lock:
            problem, self._untold = self._untold, None
        return problem

    def retry(self) -> None:
        with self._lock:
            if self._reopen:  # opening on demand found nothing: look again
                self._reopen, self._open_on_demand, self._opening = False, True, None
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
        if opening is not None:
            # Opening is bounded (the factory's checks time out); it closes what
            # it opened when it finds the session closed.
            opening.join(timeout=15)
        self._speaker.close()


def take_speech_sentences(speaker: Speaker) -> list[str]:
    """What to tell the player about speech since the last answer, in the current
    language: speech that gave up after failing again and again, or found
    missing when the player turned it on. Each is given once."""
    sentences = []
    if isinstance(speaker, SessionSpeaker) and (problem := speaker.take_problem()):
        sentences.append(problem_sentence(problem))
    if failure := speaker.take_failure():
        sentences.append(failure_sentence(failure))
    return sentences


def make_session_speaker(options: argparse.Namespace, out: TextIO | None = None) -> Speaker:
    """The speaker for a session started with ``options`` (``--speech``, ``--rate``,
    ``--lang`` already resolved into ``options.language``). When the speech asked
    for cannot work, writes one line saying what is missing to ``out``."""
    speaker = SessionSpeaker(options.speech, options.language, options.rate)
    if speaker.problem is not None and out is not None:
        print(problem_sentence(speaker.problem), file=out, flush=True)
    return speaker
