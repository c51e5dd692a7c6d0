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
    SetLanguage,
    SetRate,
    SetSpeechRoute,
    SetSwitch,
    SetThink,
    SettingCommand,
    SetVerbosity,
    SetVolume,
)
from pyramide_a11y.i18n import DEFAULT_LANGUAGE, set_language
from pyramide_a11y.narration import Style, Verbosity, join
from pyramide_a11y.narration import messages as m
from pyramide_a11y.speech.base import Speaker
from pyramide_a11y.speech.factory import CHOICES as SPEECH_CHOICES
from pyramide_a11y.speech.factory import SCREEN_READER
from pyramide_a11y.storage.settings import SettingValue, per_language_key

from .speaking import use_screen_reader

RATE_RANGE = (80, 450)
"""Words per minute the speech rate may be set to, in play and on the command line."""
VOLUME_RANGE = (0, 100)
"""The speech volume, in play and on the command line (100: the voice's ordinary
loudness)."""
THINK_RANGE = (0.5, 60.0)
"""Seconds a hint may think, in play and on the command line."""


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
    volume: int = 100
    error_help: bool = True
    hint_budget: float = 2.0
    sounds: bool = True
    """Sound cues (``app/cueing.py``)."""

    @property
    def style(self) -> Style:
        return Style(self.verbosity, self.error_help)

    def rate_of(self, language: str) -> int:
        """The rate ``language`` speaks at: its own, else the fallback."""
        return self.rates.get(language, self.fallback_rate)

    def stored(self) -> dict[str, SettingValue]:
        """The settings as the storage keeps them (see ``storage.settings``)."""
        return {
            "language": self.language,
            "verbosity": self.verbosity.value,
            "speech": self.speech_route if self.speech else "none",
            "rate": self.fallback_rate,
            **{per_language_key("rate", code): rate for code, rate in self.rates.items()},
            "volume": self.volume,
            "error_help": self.error_help,
            "hint_budget": self.hint_budget,
            "sounds": self.sounds,
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


def think_ok(value: object) -> bool:
    return isinstance(value, float) and THINK_RANGE[0] <= value <= THINK_RANGE[1]


SAVED_SETTING_CHECKS: dict[str, Callable[[SettingValue], bool]] = {
    "rate": rate_ok,
    "volume": volume_ok,
    "verbosity": lambda v: v in ("brief", "full"),
    "speech": lambda v: v in SPEECH_CHOICES,
    "hint_budget": think_ok,
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
    for attribute, key in (
        ("volume", "volume"),
        ("verbosity", "verbosity"),
        ("speech", "speech"),
        ("hint_time", "hint_budget"),
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
        volume=args.volume if getattr(args, "volume", None) is not None else 100,
        error_help=not args.no_error_help,
        hint_budget=args.hint_time,
    )
    settings.rate = args.rate if args.rate is not None else settings.rate_of(language)
    return settings


def option_refusal(args: argparse.Namespace) -> str | None:
    """Why the rate, volume or hint time the command line gives is out of range
    (the player's sentence), or None: the same ranges as in play."""
    if args.rate is not None and not rate_ok(args.rate):
        return m.bad_rate()
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
    rate, the volume and the switch."""
    match command:
        case SetLanguage(code):
            settings.language = set_language(code)
            settings.rate = settings.rate_of(settings.language)
            if speaker is not None:
                speaker.set_language(settings.language)
                speaker.set_rate(settings.rate)
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
        case SetThink(seconds) if think_ok(seconds):
            settings.hint_budget = seconds
            return [join([m.hint_budget_set(seconds)])]
    return [join([_bad_value(command)])]


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
    if name == "speech":
        return m.bad_speech_switch()
    if name == "errors":
        return m.bad_errors_switch()
    if name == "sounds":
        return m.bad_sounds_switch()
    return m.bad_setting()
