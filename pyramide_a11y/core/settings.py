"""The settings' one home: what the player can change, its defaults, its ranges,
which saved values are usable, and the answer to a setting typed in play.

The command-line options (``cli/options.py``), the saved settings
(``storage.saved_settings`` keeps only how each is typed on disk) and the in-game
commands all go through this module, so a range or a default is written once.
Settings are plain data; the front end's speech follows them through
:class:`~pyramide_a11y.core.outlet.SpeechControl`.

A session's start is weighed here and nowhere else: :func:`read_start` takes what
the command line gives (:class:`StartOptions`), the saved settings and the
environment, and returns the immutable :class:`StartSettings` the front ends
receive (never the command line's Namespace).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from pyramide_a11y.commands import (
    BadSettingValue,
    ListVoices,
    SetLanguage,
    SetRate,
    SetSpeechRoute,
    SetSwitch,
    SetThink,
    SettingCommand,
    SetVerbosity,
    SetVoice,
    SetVolume,
)
from pyramide_a11y.commands.syntax import SetSoundChannels, Switch
from pyramide_a11y.i18n import DEFAULT_LANGUAGE, in_language, normalise_language, resolve_language
from pyramide_a11y.narration import Style, Verbosity, join
from pyramide_a11y.narration import messages as m
from pyramide_a11y.storage.saved_settings import SettingValue, per_language_key

from .limits import RATE_RANGE, SCREEN_READER, SPEECH_ROUTES, THINK_RANGE, VOLUME_RANGE
from .outlet import SpeechControl

_T = TypeVar("_T")

VOICE_NAME_LENGTH = 200
"""The longest voice name kept (speech-dispatcher's are under 80 characters)."""


@dataclass
class Settings:
    """What the player can change in play."""

    language: str = DEFAULT_LANGUAGE
    verbosity: Verbosity = Verbosity.BRIEF
    speech: bool = True
    speech_route: str = "auto"
    """What speaks when speech is on: ``auto``, ``screen-reader`` or a backend."""
    rate: int = 175
    """The rate in use: the current language's."""
    rates: dict[str, int] = field(default_factory=dict)
    """The rate set for each language (saved as ``rate.<code>``)."""
    fallback_rate: int = 175
    """The rate of a language with none of its own (the single saved ``rate`` of
    earlier versions, else the default)."""
    voice: str = ""
    """The voice in use, chosen by name (a backend's id): the current language's;
    empty: the language's own voice."""
    voices: dict[str, str] = field(default_factory=dict)
    """The voice chosen for each language (saved as ``voice.<code>``; empty: the
    language's own)."""
    volume: int = 100
    error_help: bool = True
    hint_budget: float = 2.0
    sounds: bool = True
    """Sound cues (``core/cueing.py``)."""
    sounds_mono: bool = False
    """Every cue in both ears alike (``sounds mono``), instead of placed left to
    right (``sounds stereo``)."""

    @property
    def style(self) -> Style:
        return Style(self.verbosity, self.error_help)

    def rate_of(self, language: str) -> int:
        """The rate ``language`` speaks at: its own, else the fallback."""
        return self.rates.get(language, self.fallback_rate)

    def voice_of(self, language: str) -> str:
        """The voice chosen for ``language``, or empty: its own."""
        return self.voices.get(language, "")

    def stored(self) -> dict[str, SettingValue]:
        """The settings as the storage keeps them (see ``storage.saved_settings``)."""
        return {
            "language": self.language,
            "verbosity": self.verbosity.value,
            "speech": self.speech_route if self.speech else "none",
            "rate": self.fallback_rate,
            **{per_language_key("rate", code): rate for code, rate in self.rates.items()},
            **{per_language_key("voice", code): name for code, name in self.voices.items()},
            "volume": self.volume,
            "error_help": self.error_help,
            "hint_budget": self.hint_budget,
            "sounds": self.sounds,
            "sounds_mono": self.sounds_mono,
        }


DEFAULTS: dict[str, SettingValue] = {
    key: value for key, value in Settings().stored().items() if key != "language"
}
"""Built-in values of the options a saved setting may replace (the language
comes from the locale instead)."""


def rate_ok(value: object) -> bool:
    return isinstance(value, int) and RATE_RANGE[0] <= value <= RATE_RANGE[1]


def volume_ok(value: object) -> bool:
    return isinstance(value, int) and VOLUME_RANGE[0] <= value <= VOLUME_RANGE[1]


def voice_ok(value: object) -> bool:
    """A voice name that can be one: text of a sensible length, no control
    characters (an SSIP command or a command line carries it). Empty means the
    language's own voice. Whether the backend has it is known only once it runs
    (``terminal.spoken_outlet.apply_voice``)."""
    return (
        isinstance(value, str)
        and len(value) <= VOICE_NAME_LENGTH
        and value == value.strip()
        and value.isprintable()
    )


def think_ok(value: object) -> bool:
    return isinstance(value, float) and THINK_RANGE[0] <= value <= THINK_RANGE[1]


SAVED_SETTING_CHECKS: dict[str, Callable[[SettingValue], bool]] = {
    "rate": rate_ok,
    "volume": volume_ok,
    "verbosity": lambda v: v in ("brief", "full"),
    "speech": lambda v: v in SPEECH_ROUTES,
    "hint_budget": think_ok,
    "sounds_mono": lambda v: isinstance(v, bool),
}
"""Saved values the session can use (others fall back to the defaults)."""


# -- at start: the command line over the saved settings over the defaults -------------------


@dataclass(frozen=True)
class StartOptions:
    """What the command line gives for a session's settings, read once from the
    parsed options (``cli/from_options.py``); None: not given. Nothing else of the
    command line reaches a front end."""

    lang: str | None = None
    speech: str | None = None
    """``auto``, ``screen-reader``, a backend, or ``none``."""
    rate: int | None = None
    voice: str | None = None
    volume: int | None = None
    verbosity: str | None = None
    sounds: str | None = None
    """``on`` or ``off``."""
    no_error_help: bool = False
    hint_time: float | None = None
    symbols: bool = False
    sounds_env_off: bool = False
    """The environment keeps the sound cues off (``PYRAMIDE_SOUNDS=off``: tests,
    benchmarks), whatever the command line or the saved settings say."""

    def refusal(self) -> str | None:
        """Why the rate, volume, voice or hint time given is out of range (the
        player's sentence, in the current language), or None: the same ranges as
        in play. (Whether the backend has the voice is checked once it runs:
        ``terminal.spoken_outlet.apply_voice``.)"""
        if self.rate is not None and not rate_ok(self.rate):
            return m.bad_rate()
        voice = self.voice
        if voice is not None and (not voice.strip() or not voice_ok(voice.strip())):
            return m.voice_help()
        if self.volume is not None and not volume_ok(self.volume):
            return m.bad_volume()
        if self.hint_time is not None and not think_ok(self.hint_time):
            return m.bad_think(*THINK_RANGE)
        return None


@dataclass(frozen=True)
class StartSettings:
    """A session's settings as it starts, every source already weighed
    (:func:`read_start`); the front ends receive this, never the command line.
    Immutable: :meth:`settings` gives the session its own changeable copy."""

    language: str
    speech_route: str
    """What speaks: ``none``, ``auto``, ``screen-reader`` or a backend."""
    speech_given: bool
    """The command line chose the speech (a saved ``none`` is said at start; a
    ``--speech none`` just typed is not)."""
    rate: int
    """The rate of :attr:`language` (``--rate`` holds for it in this session only)."""
    voice: str
    """The voice of :attr:`language`; empty: its own."""
    voice_given: bool
    verbosity: Verbosity
    rates: Mapping[str, int]
    fallback_rate: int
    voices: Mapping[str, str]
    volume: int
    error_help: bool
    hint_budget: float
    sounds: bool | None
    """Sound cues on or off; None: on when the game speaks (:meth:`settings`)."""
    sounds_mono: bool
    symbols: bool
    """Visual mode: suit symbols printed after card names (never spoken)."""

    def settings(self, speaks: bool) -> Settings:
        """The session's own settings, to change in play; ``speaks``: whether the
        game's voice works (the cues' default when nothing chose them)."""
        carried = {name: getattr(self, name) for name in _CARRIED}
        return Settings(
            **carried,
            speech=self.speech_route != "none",
            speech_route=self.speech_route if self.speech_route != "none" else "auto",
            rates=dict(self.rates),  # the session's own, to change in play
            voices=dict(self.voices),
            sounds=speaks if self.sounds is None else self.sounds,
        )


_CARRIED = (
    "language",
    "verbosity",
    "rate",
    "fallback_rate",
    "voice",
    "volume",
    "error_help",
    "hint_budget",
    "sounds_mono",
)
"""The fields a :class:`StartSettings` hands its :class:`Settings` as they are."""


def start_language(
    option: str | None,
    saved: Mapping[str, SettingValue],
    environ: Mapping[str, str] | None = None,
) -> str:
    """A command's language: ``option`` (``--lang``), else the language saved in
    play, else the environment's (:func:`~pyramide_a11y.i18n.resolve_language`,
    which also says what an unknown code falls back to)."""
    saved_language = saved.get("language")
    if option is None and isinstance(saved_language, str):
        option = saved_language
    return resolve_language(option, environ)


def read_start(
    options: StartOptions,
    saved: Mapping[str, SettingValue],
    environ: Mapping[str, str] | None = None,
) -> StartSettings:
    """The one place where a session's settings are weighed. For each setting the
    command line (``options``) wins, for this session only (it is never saved);
    else the saved value, when usable (:data:`SAVED_SETTING_CHECKS`); else
    :data:`DEFAULTS`. The language: ``--lang``, else the saved one, else the
    environment's (``environ``: :func:`~pyramide_a11y.i18n.resolve_language`). The
    rate and voice: the option, else the language's saved one, else the saved
    single rate (earlier versions) or the language's own voice. The sound cues:
    the environment's ``off`` over everything, then ``--sounds``, then the saved
    ``sounds``, else on when the game speaks. ``options`` are not checked here:
    :meth:`StartOptions.refusal` first."""

    def pick(key: str) -> SettingValue:
        value = saved.get(key)
        check = SAVED_SETTING_CHECKS.get(key)
        if value is not None and (check is None or check(value)):
            return value
        return DEFAULTS[key]

    def given(option: _T | None, key: str, kind: type[_T]) -> _T:
        value = option if option is not None else pick(key)
        assert isinstance(value, kind)  # DEFAULTS and the checks give each its type
        return value

    language = start_language(options.lang, saved, environ)
    rates = {
        key.partition(".")[2]: value
        for key, value in saved.items()
        if key.startswith("rate.") and isinstance(value, int) and rate_ok(value)
    }
    voices = {
        key.partition(".")[2]: value
        for key, value in saved.items()
        if key.startswith("voice.") and isinstance(value, str) and voice_ok(value)
    }
    fallback_rate = given(None, "rate", int)
    saved_sounds = saved.get("sounds")
    sounds = saved_sounds if isinstance(saved_sounds, bool) else None
    if options.sounds is not None:
        sounds = options.sounds == "on"
    if options.sounds_env_off:
        sounds = False
    return StartSettings(
        language=language,
        speech_route=given(options.speech, "speech", str),
        speech_given=options.speech is not None,
        rate=options.rate if options.rate is not None else rates.get(language, fallback_rate),
        voice=options.voice.strip() if options.voice is not None else voices.get(language, ""),
        voice_given=options.voice is not None,
        verbosity=Verbosity(given(options.verbosity, "verbosity", str)),
        rates=MappingProxyType(rates),
        fallback_rate=fallback_rate,
        voices=MappingProxyType(voices),
        volume=given(options.volume, "volume", int),
        error_help=False if options.no_error_help else bool(pick("error_help")),
        hint_budget=given(options.hint_time, "hint_budget", float),
        sounds=sounds,
        sounds_mono=given(None, "sounds_mono", bool),
        symbols=options.symbols,
    )


# -- in play -------------------------------------------------------------------------------


def apply_setting(
    settings: Settings, command: SettingCommand, speech: SpeechControl | None
) -> list[str]:
    """Change one setting typed in play; the lines that answer it. A value out of
    range changes nothing. ``speech`` (the front end's, if it speaks) follows the
    language (and its rate), the rate, the volume, the switch and the voice.
    ``sounds mono`` / ``sounds stereo`` switch the cues on in that mode (``sounds on``
    / ``off`` are the session's: its cues answer them)."""
    if (lines := _voice_setting(settings, command, speech)) is not None:
        return lines
    match command:
        case SetVerbosity(verbosity):
            settings.verbosity = verbosity
            brief = verbosity is Verbosity.BRIEF
            return [join([m.verbosity_brief() if brief else m.verbosity_full()])]
        case SetSwitch(Switch.ERRORS, on):
            settings.error_help = on
            return [join([m.error_help_on() if on else m.error_help_off()])]
        case SetSoundChannels(mono):
            # Asking for mono or stereo cues is asking to hear them: on as well.
            settings.sounds, settings.sounds_mono = True, mono
            return [join([m.sounds_mono() if mono else m.sounds_stereo()])]
        case SetThink(seconds) if think_ok(seconds):
            settings.hint_budget = seconds
            return [join([m.hint_budget_set(seconds)])]
    return [join([_bad_value(command)])]


def _voice_setting(
    settings: Settings, command: SettingCommand, speech: SpeechControl | None
) -> list[str] | None:
    """The answer to a setting of the voice (language, speech, rate, volume, voice),
    which ``speech`` follows; None for any other setting (or a value out of range)."""
    match command:
        case SetLanguage(code):
            settings.language = normalise_language(code) or DEFAULT_LANGUAGE
            settings.rate = settings.rate_of(settings.language)
            settings.voice = settings.voice_of(settings.language)
            with in_language(settings.language):  # said in the new language
                if speech is not None:
                    speech.language_changed(settings)
                return [join([m.language_set()])]
        case SetSpeechRoute(route):
            settings.speech, settings.speech_route = True, route
            return [join([speech.use_screen_reader() if speech is not None else m.speech_on()])]
        case SetSwitch(Switch.SPEECH, on):
            settings.speech, settings.speech_route = on, "auto"
            if speech is not None:
                speech.switched(on)
            return [join([m.speech_on() if on else m.speech_off()])]
        case SetRate(rate) if rate_ok(rate):
            settings.rate = settings.rates[settings.language] = rate
            if speech is not None:
                speech.rate_changed(rate)
            return [join([m.rate_set(rate)])]
        case SetVolume(volume) if volume_ok(volume):
            settings.volume = volume
            if speech is not None:
                speech.volume_changed(volume)
            reader = m.volume_not_for_reader() if reader_speaks(settings) else None
            return [join([m.volume_set(volume), *([reader] if reader else [])])]
        case SetVoice() | ListVoices() if reader_speaks(settings):
            return [join([m.voice_not_for_reader()])]
        case SetVoice() | ListVoices() if speech is None:
            return [join([m.voices_silent()])]
        case SetVoice(name) if speech is not None:
            return [join([speech.choose_voice(settings, name)])]
        case ListVoices() if speech is not None:
            return speech.voice_listing(settings)
    return None


def reader_speaks(settings: Settings) -> bool:
    """Speech goes through the screen reader's own voice (no voice of ours to set)."""
    return settings.speech and settings.speech_route == SCREEN_READER


def _bad_value(command: SettingCommand) -> str:
    """What a setting takes, when what was typed is not that."""
    name, text = (command.name, command.text) if isinstance(command, BadSettingValue) else ("", "")
    if isinstance(command, SetRate) or name == "rate":
        return m.bad_rate()
    if isinstance(command, SetVolume) or name == "volume":
        return m.bad_volume()
    if isinstance(command, SetThink) or name == "think":
        return m.bad_think(*THINK_RANGE)
    if name == "language":
        return m.unknown_language(text) if text.strip() else m.choose_language()
    if name in ("voice", "voices"):
        return m.voice_help()
    if name == "speech":
        return m.bad_speech_switch()
    if name == "errors":
        return m.bad_errors_switch()
    if name == "sounds":
        return m.bad_sounds_switch()
    return m.bad_setting()
