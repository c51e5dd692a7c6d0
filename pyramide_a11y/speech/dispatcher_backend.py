"""The speech-dispatcher backend: ``spd-say``, with the voice and rate set for Orca.

speech-dispatcher's Python module imports only in the system Python, not in a
virtual environment, so the ``spd-say`` program is used. Each answer runs
``spd-say -C …``: cancel what is being said, then say the new text. The rate is
passed only when the player set one other than the ordinary 175 words a minute;
otherwise speech-dispatcher's own settings (those Orca uses) apply. ``spd-say``
hangs when no sound server is running, so every call is bounded in time and
killed when it overruns.
"""

from __future__ import annotations

import time

from pyramide_a11y.i18n import DEFAULT_LANGUAGE

from .background import BackgroundSpeaker, Utterance
from .voices import dispatcher_language

PROGRAM = "spd-say"
CALL_SECONDS = 3.0
CLIENT_NAME = "pyramide"
# The game's default rate: at this rate speech-dispatcher's own setting applies.
ORDINARY_RATE = 175


def dispatcher_rate(rate: int) -> int:
    """espeak-ng words per minute (80..450, 175 ordinary) to speech-dispatcher's -100..100."""
    if rate <= 175:
        return max(-100, round((rate - 175) * 100 / 95))
    return min(100, round((rate - 175) * 100 / 275))


def spd_command(utterance: Utterance | None) -> list[str]:
    """The spd-say command saying ``utterance``, or only cancelling when None."""
    command = [PROGRAM, "-C", "-N", CLIENT_NAME]
    if utterance is None:
        return command
    command += ["-l", dispatcher_language(utterance.language)]
    if utterance.rate is not None and utterance.rate != ORDINARY_RATE:
        command += ["-r", str(dispatcher_rate(utterance.rate))]
    if utterance.volume is not None:
        command += ["-i", str(round(utterance.volume * 200 - 100))]
    # "--" keeps an answer that starts with "-" from reading as an option.
    return [*command, "--", utterance.text]


class SpeechDispatcherSpeaker(BackgroundSpeaker):
    """Speaks through speech-dispatcher's ``spd-say``."""

    name = "speech-dispatcher"

    def __init__(
        self,
        language: str = DEFAULT_LANGUAGE,
        rate: int | None = None,
        call_seconds: float = CALL_SECONDS,
    ) -> None:
        self._call_seconds = call_seconds
        self.program = PROGRAM
        super().__init__(language, rate)

    def stop(self) -> None:
        """Cancel speech in speech-dispatcher too (the thread sends ``spd-say -C``)."""
        with self._lock:
            self._generation += 1
            self._pending = Utterance("", self._language, None, None, self._generation)
            self._wake.notify_all()

    def _speak(self, utterance: Utterance) -> None:
        command = spd_command(utterance if utterance.text else None)
        command[0] = self.program
        child = self._start(command)
        self._follow([child], utterance, time.monotonic() + self._call_seconds)
