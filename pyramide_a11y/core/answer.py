"""What answers one command: the lines printed, what is spoken, its sound cue,
whether it ends. Built once by the session; front ends deliver it."""

from __future__ import annotations

from dataclasses import dataclass, field

from pyramide_a11y.i18n.spoken import spoken_form
from pyramide_a11y.narration.cues import Cue


@dataclass
class Answer:
    """The lines that answer one command, as printed; ``quit`` ends the session.

    A line may be a :class:`~pyramide_a11y.i18n.spoken.Spoken` (a message heard
    differently from how it is printed, such as the help line of notation
    letters): :attr:`text` is printed, :attr:`speech_text` is what the speaker
    gets.
    """

    lines: list[str] = field(default_factory=list)
    quit: bool = False
    notices: list[str] = field(default_factory=list)
    """Late news that arrived with this answer but is not part of it (a deal's par
    found, sounds or speech that stopped working, saving that failed or works again):
    printed after the lines as their own answer, spoken after them (never cutting
    them), and left out of ``repeat``."""
    cue: Cue | None = None
    """The sound that goes with it (set by the session as the answer is made, when
    sounds are on), played just ahead of the words."""

    @property
    def text(self) -> str:
        """The lines as printed, on one line (the notices apart)."""
        return " ".join(self.lines)

    @property
    def printed(self) -> list[str]:
        """Every line printed: the answer's, then the notices'."""
        return [*self.lines, *self.notices]

    @property
    def speech_text(self) -> str:
        """What is spoken, on one line: each line in its spoken form, then the
        notices."""
        return " ".join(spoken_form(line) for line in self.printed)
