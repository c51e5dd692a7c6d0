"""The sentences the game says about speech itself, through gettext."""

from __future__ import annotations

from pyramide_a11y.i18n import _

from .factory import Missing, SpeechProblem


def problem_sentence(problem: SpeechProblem) -> str:
    """One line: which speech is missing and how to get it; the game goes on as text."""
    if problem.missing is Missing.AUDIO:
        if problem.install:
            # Translators: said once at start when speech cannot play. {player} is a
            # program name (aplay); {install} is a command, e.g. "sudo apt install …".
            return _(
                "Speech is off: {player} found no audio device. If the sound card "
                "works, try: {install}. The game goes on as text."
            ).format(player=problem.what, install=problem.install)
        # Translators: said once at start when speech cannot play. {player} is a program name.
        return _("Speech is off: {player} found no audio device. The game goes on as text.").format(
            player=problem.what
        )
    if problem.missing is Missing.NOT_RESPONDING:
        # Translators: said once at start. {what} is a program name (spd-say, aplay).
        return _("Speech is off: {what} does not respond. The game goes on as text.").format(
            what=problem.what
        )
    if problem.install:
        # Translators: said once at start. {what} is a package or program name
        # (libespeak-ng1, espeak-ng); {install} is the command that installs it.
        message = _(
            "Speech is off: {what} is missing. Install it with: {install}. "
            "The game goes on as text."
        )
        return message.format(what=problem.what, install=problem.install)
    # Translators: said once at start. {what} is a package or program name.
    return _("Speech is off: {what} is missing. The game goes on as text.").format(
        what=problem.what
    )


def screen_reader_sentence(reader: str) -> str:
    """Why ``auto`` chose no speech: a screen reader already reads the game."""
    # Translators: said once at start. {reader} is a screen reader's name (Orca, NVDA).
    return _("{reader} is running, so the game does not speak itself: {reader} reads it.").format(
        reader=reader
    )
