"""The interface every speech backend implements, and two in-process ones.

Contract shared by all backends:

- :meth:`Speaker.say` returns at once (it never holds the prompt); the text is
  plain words, no symbols or markup.
- A new :meth:`Speaker.say` interrupts whatever is still being spoken.
- :meth:`Speaker.stop` silences speech now; :meth:`Speaker.close` releases every
  process and thread the backend started. Both are safe to call more than once.
"""

from __future__ import annotations

from typing import Protocol


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

    def close(self) -> None:
        """Stop and release everything the backend holds."""


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

    def close(self) -> None:
        pass


class RecordingSpeaker:
    """A test double: keeps every sentence it was asked to say, in order."""

    name = "recording"

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.stops = 0
        self.language = "en"
        self.rate = 175
        self.closed = False

    def say(self, text: str) -> None:
        self.spoken.append(text)

    def stop(self) -> None:
        self.stops += 1

    def set_language(self, language: str) -> None:
        self.language = language

    def set_rate(self, rate: int) -> None:
        self.rate = rate

    def close(self) -> None:
        self.closed = True
