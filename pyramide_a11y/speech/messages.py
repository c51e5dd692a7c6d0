"""The sentences the game says about speech itself, through gettext."""

from __future__ import annotations

from pyramide_a11y.i18n import _

from .base import FailureKind, SpeechFailure
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


def failure_sentence(failure: SpeechFailure) -> str:
    """One line, said with the next answer once speech that worked has kept
    failing: what failed; the game goes on as text; "speech on" tries again."""
    if failure.kind is FailureKind.NOT_RESPONDING:
        # Translators: said once in play when speech that worked at start keeps
        # hanging. {program} is a program name (aplay, spd-say); "speech on" is the
        # command in this language (pt: voz sim).
        message = _(
            "Speech stopped working: {program} does not respond. "
            "The game goes on as text; type speech on to try again."
        )
    elif failure.kind is FailureKind.NOT_STARTING:
        # Translators: said once in play when the speech engine will not start any
        # more. {program} is a program name (pyttsx3); "speech on" is the command in
        # this language (pt: voz sim).
        message = _(
            "Speech stopped working: {program} does not start. "
            "The game goes on as text; type speech on to try again."
        )
    else:
        # Translators: said once in play when speech that worked at start fails on
        # every answer. {program} is a program name (aplay, espeak-ng); "speech on"
        # is the command in this language (pt: voz sim).
        message = _(
            "Speech stopped working: {program} fails every time. "
            "The game goes on as text; type speech on to try again."
        )
    return message.format(program=failure.program)
