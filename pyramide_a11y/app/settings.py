"""The settings' one home: what the player can change, its defaults, its ranges,
which saved values are usable, and the answer to a setting typed in play.

The command-line options (``play.py``), the saved settings (``storage.settings``
keeps only how each is typed on disk) and the in-game commands all go through
this module, so a range or a default is written once.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

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
from pyramide_a11y.commands.syntax import SetSoundChannels
from pyramide_a11y.i18n import DEFAULT_LANGUAGE, in_language, normalise_language
from pyramide_a11y.narration import Style, Verbosity, join
from pyramide_a11y.narration import messages as m
from pyramide_a11y.speech.base import Speaker
from pyramide_a11y.speech.factory import CHOICES as SPEECH_CHOICES
from pyramide_a11y.speech.factory import SCREEN_READER
from pyramide_a11y.speech.voices import find_voice, variant_names, voices_for_language
from pyramide_a11y.storage.settings import SettingValue, per_language_key

from .speaking import use_screen_reader

RATE_RANGE = (80, 450)
"""Words per minute the speech rate may be set to, in play and on the command line."""
VOLUME_RANGE = (0, 100)
"""The speech volume, in play and on the command line (100: the voice's ordinary
loudness)."""
THINK_RANGE = (0.5, 60.0)
"""Seconds a hint may think, in play and on the command line."""
EXAMPLE_VARIANTS = ("f1", "f2", "m1", "m2", "klatt", "whisper", "adam", "alicia")
"""Variants named as examples in the "voices" listing, when the backend has them
(espeak-ng's and speech-dispatcher's with espeak-ng have all of these)."""
EXAMPLES_SHOWN = 6
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
    """Sound cues (``app/cueing.py``)."""
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
        """The settings as the storage keeps them (see ``storage.settings``)."""
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
    (:func:`apply_voice`)."""
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
    "speech": lambda v: v in SPEECH_CHOICES,
    "hint_budget": think_ok,
    "sounds_mono": lambda v: isinstance(v, bool),
}
"""Saved values the session can use (others fall back to the defaults)."""


# -- at start: saved settings and the command line -----------------------------------------


def apply_saved_settings(args: argparse.Namespace, saved: Mapping[str, SettingValue]) -> None:
    """Fill the play options the command line left out (None) from the saved
    settings that are usable (:data:`SAVED_SETTING_CHECKS`), else :data:`DEFAULTS`.
    What the command line gives wins for this session only: it is never saved."""

    def pick(key: str) -> SettingValue:
        value = saved.get(key)
        check = SAVED_SETTING_CHECKS.get(key)
        if value is not None and (check is None or check(value)):
            return value
        return DEFAULTS[key]

    if getattr(args, "lang", None) is None and isinstance(saved.get("language"), str):
        args.lang = saved["language"]
    # The rate of each language; ``--rate`` (args.rate) is for this session's language.
    args.rates = {
        key.partition(".")[2]: value
        for key, value in saved.items()
        if key.startswith("rate.") and isinstance(value, int) and rate_ok(value)
    }
    args.fallback_rate = pick("rate")
    args.voices = {
        key.partition(".")[2]: value
        for key, value in saved.items()
        if key.startswith("voice.") and isinstance(value, str) and voice_ok(value)
    }
    for attribute, key in (
        ("volume", "volume"),
        ("verbosity", "verbosity"),
        ("speech", "speech"),
        ("hint_time", "hint_budget"),
        ("sounds_mono", "sounds_mono"),
    ):
        if getattr(args, attribute, None) is None:
            setattr(args, attribute, pick(key))
    if not getattr(args, "no_error_help", False):
        args.no_error_help = not pick("error_help")


def settings_from_options(args: argparse.Namespace, language: str) -> Settings:
    """The session's settings from the play options (after
    :func:`apply_saved_settings`; :func:`option_refusal` first). A ``--rate``
    given holds for ``language`` in this session; else its saved rate applies."""
    rates: dict[str, int] = dict(getattr(args, "rates", {}))
    fallback = getattr(args, "fallback_rate", DEFAULTS["rate"])
    assert isinstance(fallback, int)
    settings = Settings(
        language=language,
        verbosity=Verbosity(args.verbosity),
        speech=args.speech != "none",
        speech_route=args.speech if args.speech != "none" else "auto",
        rates=rates,
        fallback_rate=fallback,
        voices=dict(getattr(args, "voices", {})),
        volume=args.volume if getattr(args, "volume", None) is not None else 100,
        error_help=not args.no_error_help,
        hint_budget=args.hint_time,
        sounds_mono=getattr(args, "sounds_mono", None) is True,
    )
    settings.rate = args.rate if args.rate is not None else settings.rate_of(language)
    given = getattr(args, "voice", None)
    settings.voice = given.strip() if given is not None else settings.voice_of(language)
    return settings


def option_refusal(args: argparse.Namespace) -> str | None:
    """Why the rate, volume, voice or hint time the command line gives is out of
    range (the player's sentence), or None: the same ranges as in play. (Whether
    the backend has the voice is checked once it runs: :func:`apply_voice`.)"""
    if args.rate is not None and not rate_ok(args.rate):
        return m.bad_rate()
    voice = getattr(args, "voice", None)
    if voice is not None and (not voice.strip() or not voice_ok(voice.strip())):
        return m.voice_help()
    if getattr(args, "volume", None) is not None and not volume_ok(args.volume):
        return m.bad_volume()
    if not think_ok(args.hint_time):
        return m.bad_think(*THINK_RANGE)
    return None


# -- in play -------------------------------------------------------------------------------


def apply_setting(
    settings: Settings, command: SettingCommand, speaker: Speaker | None
) -> list[str]:
    """Change one setting typed in play; the lines that answer it. A value out of
    range changes nothing. ``speaker`` follows the language (and its rate), the
    rate, the volume and the switch. ``sounds mono`` / ``sounds stereo`` switch
    the cues on in that mode (``sounds on`` / ``off`` are the session's: its cues
    answer them)."""
    match command:
        case SetLanguage(code):
            settings.language = normalise_language(code) or DEFAULT_LANGUAGE
            settings.rate = settings.rate_of(settings.language)
            settings.voice = settings.voice_of(settings.language)
            if speaker is not None:
                speaker.set_language(settings.language)
                speaker.set_rate(settings.rate)
                apply_voice(settings, speaker)
            with in_language(settings.language):  # said in the new language
                return [join([m.language_set()])]
        case SetVerbosity(verbosity):
            settings.verbosity = verbosity
            brief = verbosity is Verbosity.BRIEF
            return [join([m.verbosity_brief() if brief else m.verbosity_full()])]
        case SetSpeechRoute(route):
            settings.speech, settings.speech_route = True, route
            return [join([use_screen_reader(speaker)])]
        case SetSwitch("speech", on):
            settings.speech, settings.speech_route = on, "auto"
            if speaker is not None and on:
                speaker.retry()  # also after it gave up: try it again
            elif speaker is not None:
                speaker.stop()
            return [join([m.speech_on() if on else m.speech_off()])]
        case SetSwitch("errors", on):
            settings.error_help = on
            return [join([m.error_help_on() if on else m.error_help_off()])]
        case SetRate(rate) if rate_ok(rate):
            settings.rate = settings.rates[settings.language] = rate
            if speaker is not None:
                speaker.set_rate(rate)
            return [join([m.rate_set(rate)])]
        case SetVolume(volume) if volume_ok(volume):
            settings.volume = volume
            if speaker is not None:
                speaker.set_volume(volume / 100)
            reader = settings.speech and settings.speech_route == SCREEN_READER
            return [join([m.volume_set(volume), *([m.volume_not_for_reader()] if reader else [])])]
        case SetVoice(name):
            return [join([_choose_voice(settings, name, speaker)])]
        case ListVoices():
            return _voice_listing(settings, speaker)
        case SetSoundChannels(mono):
            # Asking for mono or stereo cues is asking to hear them: on as well.
            settings.sounds, settings.sounds_mono = True, mono
            return [join([m.sounds_mono() if mono else m.sounds_stereo()])]
        case SetThink(seconds) if think_ok(seconds):
            settings.hint_budget = seconds
            return [join([m.hint_budget_set(seconds)])]
    return [join([_bad_value(command)])]


# -- voices --------------------------------------------------------------------------------


def apply_voice(settings: Settings, speaker: Speaker) -> bool:
    """Give ``speaker`` the voice in use (``settings.voice``) when its backend has
    it; otherwise, and when none was chosen, the language's own. True when the
    chosen voice is the one speaking (at start, after ``lang``: a voice saved with
    another backend is not forced on this one, where it could not speak)."""
    if not settings.voice:
        speaker.set_voice(None)
        return True
    found = find_voice(speaker.voices(), settings.voice)
    speaker.set_voice(found)
    return found is not None


def start_voice(settings: Settings, speaker: Speaker, given: bool) -> str | None:
    """At start: give ``speaker`` the voice in use (saved, or ``--voice`` when
    ``given``). A voice the backend lacks leaves the language's own; only one typed
    on the command line now is worth a sentence (the player's, to print), as is
    ``--voice`` with the screen reader's own voice. Never holds a silent start: a
    silent speaker keeps the name for when it speaks."""
    if given and _reader_speaks(settings):
        return m.voice_not_for_reader()
    if _silent(speaker) or apply_voice(settings, speaker):
        return None
    typed, settings.voice = settings.voice, ""
    return m.unknown_voice(typed) if given else None


def _reader_speaks(settings: Settings) -> bool:
    return settings.speech and settings.speech_route == SCREEN_READER


def _silent(speaker: Speaker | None) -> bool:
    return speaker is None or getattr(speaker, "backend", speaker.name) == "none"


def _choose_voice(settings: Settings, name: str | None, speaker: Speaker | None) -> str:
    """The answer to "voice name X" / "voice default"; changes nothing unless the
    backend speaking has the voice (or back to the language's own)."""
    if _reader_speaks(settings):
        return m.voice_not_for_reader()
    if name is None:
        settings.voice = settings.voices[settings.language] = ""
        if speaker is not None:
            speaker.set_voice(None)
        return m.voice_own()
    if not settings.speech or _silent(speaker):
        return m.voices_silent()
    assert speaker is not None
    voices = speaker.voices()
    if not voices:
        return m.no_voice_list()
    found = find_voice(voices, name) if voice_ok(name) else None
    if found is None:
        return m.unknown_voice(name)
    settings.voice = settings.voices[settings.language] = found
    speaker.set_voice(found)
    return m.voice_set(found)


def _voice_listing(settings: Settings, speaker: Speaker | None) -> list[str]:
    """The answer to "voices": the voices of the backend speaking for the session
    language, the one in use, the variants, and how to choose."""
    if _reader_speaks(settings):
        return [join([m.voice_not_for_reader()])]
    if not settings.speech or _silent(speaker):
        return [join([m.voices_silent()])]
    assert speaker is not None
    every = speaker.voices()
    if not every:
        return [join([m.no_voice_list()])]
    mine = voices_for_language(every, settings.language)
    names = [voice.id for voice in mine]
    in_use = find_voice(every, settings.voice) if settings.voice else None
    backend = getattr(speaker, "backend", speaker.name)
    lines = [join([m.voices_listed(backend, names, in_use or m.voice_own_short())])]
    if variants := variant_names(every, settings.language):
        # A hundred names would be a minute of speech: the count and a few examples.
        by_key = {v.lower(): v for v in variants}
        shown = [by_key[v] for v in EXAMPLE_VARIANTS if v in by_key] or variants
        shown = shown[:EXAMPLES_SHOWN]
        example = f"{names[0] if names else every[0].id}+{shown[0]}"
        lines.append(join([m.variants_listed(len(variants), example, shown)]))
    lines.append(join([m.voice_help()]))
    return lines


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
