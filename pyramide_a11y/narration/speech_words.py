"""The sentences the game says about speech itself, through gettext.

Speech finds what is wrong and keeps it as data (``speech.factory.SpeechProblem``,
``speech.base.SpeechFailure``); the kinds of trouble are defined here
(:class:`Missing`, :class:`FailureKind`), as the cue kinds are in :mod:`.cues`,
so that narration words them without importing speech (speech imports narration,
never the other way).
"""

from __future__ import annotations

import enum
from typing import Protocol

from pyramide_a11y.i18n import _, ngettext
from pyramide_a11y.i18n.formatting import format_number

__all__ = [
    "UNNAMED",
    "FailureKind",
    "Missing",
    "failure_sentence",
    "late_sentence",
    "player_setting_sentence",
    "problem_sentence",
    "reader_gone_sentence",
    "reader_route_sentence",
    "screen_reader_sentence",
    "speech_off_sentence",
]

UNNAMED = "screen reader"
"""Stands for a running screen reader whose name is not known (``speech.detect``)."""


class Missing(enum.Enum):
    """What kind of thing a speech backend lacks."""

    LIBRARY = "library"  # pyttsx3 or the synthesiser behind it
    PROGRAM = "program"  # espeak-ng, speech-dispatcher, the audio player
    AUDIO = "audio"  # the player runs but there is no sound device
    NOT_RESPONDING = "not responding"  # it hangs or fails every time
    NOT_STARTING = "not starting"  # installed, but not running, and it does not start
    NO_READER = "no reader"  # the screen-reader route finds no screen reader running
    PLAYER_SETTING = "player setting"  # $PYRAMIDE_AUDIO_PLAYER is no command line


class FailureKind(enum.Enum):
    """How speech kept failing."""

    FAILING = "failing"  # a program ends with an error every time
    NOT_RESPONDING = "not responding"  # a program overruns its deadline every time
    NOT_STARTING = "not starting"  # the pyttsx3 worker will not start


class SpeechProblem(Protocol):
    """What :func:`problem_sentence` reads of ``speech.factory.SpeechProblem``."""

    @property
    def missing(self) -> Missing: ...
    @property
    def what(self) -> str: ...
    @property
    def install(self) -> str: ...
    @property
    def detail(self) -> str: ...


class SpeechFailure(Protocol):
    """What :func:`failure_sentence` reads of ``speech.base.SpeechFailure``."""

    @property
    def kind(self) -> FailureKind: ...
    @property
    def program(self) -> str: ...


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
    if problem.missing is Missing.PLAYER_SETTING:  # ``what``: the variable's name
        return player_setting_sentence(problem.what, problem.detail, speech_too=True)
    if problem.missing is Missing.NO_READER:
        # Translators: said when the player asks for speech through the screen reader
        # ("speech reader") and none is running that the game can reach.
        return _(
            "Speech through the screen reader is off: no screen reader is running "
            "that the game can reach. The game goes on as text."
        )
    if problem.missing is Missing.NOT_RESPONDING:
        # Translators: said once at start. {what} is a program name (speech-dispatcher, aplay).
        return _("Speech is off: {what} does not respond. The game goes on as text.").format(
            what=problem.what
        )
    if problem.missing is Missing.NOT_STARTING:
        # Translators: said once at start. {what} is a program name (speech-dispatcher):
        # it is installed, but it is not running and the game could not start it.
        return _(
            "Speech is off: {what} is installed but does not start. The game goes on as text."
        ).format(what=problem.what)
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


def player_setting_sentence(variable: str, value: str, *, speech_too: bool) -> str:
    """The one line said at start when the environment's ``variable``
    (``PYRAMIDE_AUDIO_PLAYER``) holds ``value``, which is no command line: the
    sounds, and the speech that plays through the player when ``speech_too``, are
    off; the game goes on."""
    if speech_too:
        # Translators: said once at start. {variable} is PYRAMIDE_AUDIO_PLAYER, an
        # environment variable naming the program that plays sound; {value} is what it
        # holds (e.g. an unclosed quote). Never translate either.
        message = _(
            "Sounds and speech are off: {variable} holds {value}, which is not a command "
            "the game can run. The game goes on as text."
        )
    else:
        # Translators: said once at start. {variable} is PYRAMIDE_AUDIO_PLAYER, an
        # environment variable naming the program that plays sound; {value} is what it
        # holds (e.g. an unclosed quote). Never translate either.
        message = _(
            "Sounds are off: {variable} holds {value}, which is not a command the game can run."
        )
    return message.format(variable=variable, value=repr(value))


def screen_reader_sentence(reader: str) -> str:
    """Why ``auto`` chose no speech (at start, or a screen reader started in play),
    and how to change it."""
    if reader == UNNAMED:
        # Translators: said once when the game's speech is on "auto" and a screen
        # reader (whose name is not known) runs. "speech reader" and "speech on" are
        # commands in this language (pt: voz leitor, voz sim).
        return _(
            "A screen reader is reading the screen: the game's own voice stays quiet. "
            "Type speech reader to hear the game in the screen reader's voice, "
            "or speech on for the game's voice."
        )
    # Translators: said once when the game's speech is on "auto" and a screen reader
    # runs. {reader} is its name (Orca, NVDA). "speech reader" and "speech on" are
    # commands in this language (pt: voz leitor, voz sim).
    return _(
        "{reader} is reading the screen: the game's own voice stays quiet. "
        "Type speech reader to hear the game in {reader}'s voice, "
        "or speech on for the game's voice."
    ).format(reader=reader)


def reader_gone_sentence(reader: str) -> str:
    """A screen reader stopped in play: ``auto`` speaks with the game's voice again."""
    if reader == UNNAMED:
        # Translators: said once in play when the screen reader stopped and the game's
        # own voice speaks again. "speech off" is the command in this language (pt: voz não).
        return _(
            "The screen reader stopped: the game speaks with its own voice again. "
            "Type speech off for silence."
        )
    # Translators: said once in play when the screen reader {reader} (Orca, NVDA)
    # stopped and the game's own voice speaks again. "speech off" is the command in
    # this language (pt: voz não).
    return _(
        "{reader} stopped: the game speaks with its own voice again. Type speech off for silence."
    ).format(reader=reader)


def reader_route_sentence(reader: str) -> str:
    """The answer to "speech reader" when the screen reader was found."""
    # Translators: the answer to "speech reader" (pt: voz leitor). {reader} is the
    # screen reader's name (Orca, NVDA).
    return _("Speech on, through {reader}.").format(reader=reader)


def late_sentence(program: str, seconds: float) -> str:
    """Said once with the next answer when speech fell behind: an answer began
    ``seconds`` after it was given. Older answers are dropped so it catches up."""
    whole = max(1, round(seconds))
    # Translators: said once in play when speech began an answer late (a busy or
    # slow speech server). {program} is a program name (speech-dispatcher); {seconds}
    # a whole number.
    message = ngettext(
        "Speech is running late: {program} began an answer {seconds} second after it "
        "was given. Only the newest answer waits, so speech catches up.",
        "Speech is running late: {program} began an answer {seconds} seconds after it "
        "was given. Only the newest answer waits, so speech catches up.",
        whole,
    )
    return message.format(program=program, seconds=format_number(whole))


def speech_off_sentence() -> str:
    """Said at start when the saved setting (or --speech none) keeps speech off."""
    # Translators: said once at start when speech is off. "speech on" is the command
    # in this language (pt: voz sim).
    return _("Speech is off. Type speech on to hear the game.")


def failure_sentence(failure: SpeechFailure) -> str:
    """One line, said with the next answer once speech that worked has kept
    failing: what failed; the game goes on as text; "speech on" tries again."""
    if failure.kind is FailureKind.NOT_RESPONDING:
        # Translators: said once in play when speech that worked at start keeps
        # hanging. {program} is a program name (aplay, speech-dispatcher); "speech on" is the
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
