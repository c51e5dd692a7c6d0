"""The interface every speech backend implements, and two in-process ones.

Contract shared by all backends:

- :meth:`Speaker.say` returns at once (it never holds the prompt); the text is
  plain words, no symbols or markup.
- A new :meth:`Speaker.say` interrupts whatever is still being spoken.
- :meth:`Speaker.stop` silences speech now; :meth:`Speaker.close` releases every
  process and thread the backend started. Both are safe to call more than once.
- :meth:`Speaker.wait_idle` waits, for a bounded time, until what was said has
  been spoken (the goodbye before the program exits).
- A backend that keeps failing gives up: :meth:`Speaker.take_failure` reports
  it once, and it stays silent (starting no process) until :meth:`Speaker.retry`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from pyramide_a11y.i18n import DEFAULT_LANGUAGE
from pyramide_a11y.narration.speech_words import FailureKind as FailureKind

from .voices import VoiceInfo


@dataclass(frozen=True)
class SpeechFailure:
    """Why a speaker stopped trying: ``program`` is the short name of what failed
    (``aplay``, ``espeak-ng``, ``speech-dispatcher``, ``pyttsx3``; never translated);
    ``detail`` is the last technical error, for diagnostics."""

    backend: str
    program: str
    kind: FailureKind
    detail: str


class Speaker(Protocol):
    """Something that speaks answers aloud."""

    name: str

    def say(self, text: str) -> None:
        """Start speaking ``text``, interrupting what is still playing."""

    def stop(self) -> None:
        """Stop speaking now."""

    def set_language(self, language: str) -> None:
        """Switch voice to a session language: ``pt_PT``, ``pt_BR`` or ``en``."""

    def set_rate(self, rate: int) -> None:
        """Words per minute (espeak-ng's scale; 175 is ordinary)."""

    def set_volume(self, volume: float) -> None:
        """Volume from 0.0 to 1.0 (1.0 is the backend's ordinary loudness). A backend
        that cannot set it (the screen reader's own voice) ignores it."""

    def set_voice(self, voice: str | None) -> None:
        """Speak with ``voice``, an id from :meth:`voices` (the caller checks it is
        one), from the next answer; None: the session language's own voice."""

    def voices(self) -> list[VoiceInfo]:
        """Every voice (and variant) this speaker can be set to; empty when it has
        none to choose (silent, or the screen reader's own voice). May take a
        moment the first time (it asks the synthesiser)."""

    def close(self) -> None:
        """Stop and release everything the backend holds."""

    def wait_idle(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the speech asked for to end; True
        when nothing is left to say (also when speech gave up or is closed)."""

    def take_failure(self) -> SpeechFailure | None:
        """Why speech gave up, once (None while it works and on later calls)."""

    def retry(self) -> None:
        """Try speaking again after giving up (the player turned speech on)."""


class SilentSpeaker:
    """Text only: for screen-reader and braille users whose reader reads the output."""

    name = "none"

    def say(self, text: str) -> None:
        pass

    def stop(self) -> None:
        pass

    def set_language(self, language: str) -> None:
        pass

    def set_rate(self, rate: int) -> None:
        pass

    def set_volume(self, volume: float) -> None:
        pass

    def set_voice(self, voice: str | None) -> None:
        pass

    def voices(self) -> list[VoiceInfo]:
        return []

    def close(self) -> None:
        pass

    def wait_idle(self, timeout: float) -> bool:
        return True

    def take_failure(self) -> SpeechFailure | None:
        return None

    def retry(self) -> None:
        pass


class RecordingSpeaker:
    """A test double: keeps every sentence it was asked to say, in order."""

    name = "recording"

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.stops = 0
        self.language = DEFAULT_LANGUAGE
        self.rate = 175
        self.volume = 1.0
        self.voice: str | None = None
        self.available: list[VoiceInfo] = []
        """The voices a test gives it to list."""
        self.closed = False
        self.failure: SpeechFailure | None = None
        """Set by a test to play a backend that gave up; taken once."""
        self.waits: list[float] = []
        """The timeout of every :meth:`wait_idle` call, in order."""

    def say(self, text: str) -> None:
        self.spoken.append(text)

    def stop(self) -> None:
        self.stops += 1

    def set_language(self, language: str) -> None:
        self.language = language

    def set_rate(self, rate: int) -> None:
        self.rate = rate

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def set_voice(self, voice: str | None) -> None:
        self.voice = voice

    def voices(self) -> list[VoiceInfo]:
        return list(self.available)

    def close(self) -> None:
        self.closed = True

    def wait_idle(self, timeout: float) -> bool:
        self.waits.append(timeout)
        return True

    def take_failure(self) -> SpeechFailure | None:
        failure, self.failure = self.failure, None
        return failure

    def retry(self) -> None:
        pass
