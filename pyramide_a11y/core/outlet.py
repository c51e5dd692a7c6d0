"""What the play core asks of a front end: where each answer goes, and the speech
that in-play settings change.

The session builds every answer once (its lines, its spoken form, its cue) and
hands it to the front end's :class:`Outlet` as it is made, typed lines and late
answers (a hint, a deal's par) alike; the front end delivers it (the terminal
plays the cue and speaks it; a page sends it). :class:`SpeechControl` is the
front end's own speech, which ``rate 200``, ``voice name …`` or ``speech off``
change; a front end without one (a page: the player's screen reader speaks) gives
None, and those settings change only the session's settings.

Both are protocols: the core imports no speech, no terminal, no page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # types only: the settings and answers are the core's own
    from .answer import Answer
    from .settings import Settings


class Outlet(Protocol):
    """Where a front end delivers each answer, as the session makes it."""

    @property
    def plays_cues(self) -> bool:
        """This front end can play sound cues (``sounds on`` says so when not)."""

    def deliver(self, answer: Answer, settings: Settings) -> None:
        """Deliver ``answer`` (play its cue, speak it) by ``settings`` (speech and
        sounds on or off). Called once for each answer with lines, before the session
        returns or emits it, in the session's language; may add to
        ``answer.notices`` what the player must know about the delivery itself
        (speech that gave up, cues that stopped), which is then printed with it."""

    def close(self, goodbye: bool) -> None:
        """The session ends: with ``goodbye`` (the goodbye was just said) let it be
        heard to its end, for a bounded time."""


class SpeechControl(Protocol):
    """The front end's own speech, as in-play settings change it. Each method is
    called after the session's settings were changed, in the session's language."""

    def language_changed(self, settings: Settings) -> None:
        """``lang …``: speak the new language, at its rate, with its voice."""

    def rate_changed(self, rate: int) -> None:
        """``rate N`` (words per minute)."""

    def volume_changed(self, volume: int) -> None:
        """``volume N`` (0 to 100)."""

    def switched(self, on: bool) -> None:
        """``speech on`` (try again, also after giving up) or ``speech off`` (silence now)."""

    def use_screen_reader(self) -> str:
        """``speech reader``: speak through the screen reader; the sentence saying
        through whom, or what is missing."""

    def choose_voice(self, settings: Settings, name: str | None) -> str:
        """``voice name X`` (``name``) or ``voice default`` (None): the one sentence
        answering it; ``settings`` change only when the voice can speak."""

    def voice_listing(self, settings: Settings) -> list[str]:
        """``voices``: the lines listing the voices for the session's language."""
