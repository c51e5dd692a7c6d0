"""What answers one command: the lines printed, what is spoken, whether it ends."""

from __future__ import annotations

from dataclasses import dataclass, field

from pyramide_a11y.i18n.spoken import spoken_form


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

    @property
    def text(self) -> str:
        """The lines as printed, on one line."""
        return " ".join(self.lines)

    @property
    def speech_text(self) -> str:
        """The lines as spoken, on one line: each in its spoken form."""
        return " ".join(spoken_form(line) for line in self.lines)
