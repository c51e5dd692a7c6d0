"""The settings' one home: what the player can change, its defaults, its ranges,
which saved values are usable, and the answer to a setting typed in play.

The command-line options (``play.py``), the saved settings (``storage.settings``
keeps only how each is typed on disk) and the in-game commands all go through
this module, so a range or a default is written once.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pyramide_a11y.i18n import DEFAULT_LANGUAGE, set_language
from pyramide_a11y.i18n.languages import (
    brief_words,
    full_words,
    language_named,
    no_words,
    reader_words,
    yes_words,
)
from pyramide_a11y.narration import Style, Verbosity, join
from pyramide_a11y.narration import messages as m
from pyramide_a11y.speech.base import Speaker
from pyramide_a11y.speech.factory import CHOICES as SPEECH_CHOICES
from pyramide_a11y.storage.settings import SettingValue

from .speaking import use_screen_reader

RATE_RANGE = (80, 450)
"""Words per minute the speech rate may be set to, in play and on the command line."""
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
    error_help: bool = True
    hint_budget: float = 2.0

    @property
    def style(self) -> Style:
        return Style(self.verbosity, self.error_help)

    def stored(self) -> dict[str, SettingValue]:
        """The settings as the storage keeps them (see ``storage.settings``)."""
        return {
            "language": self.language,
            "verbosity": self.verbosity.value,
            "speech": self.speech_route if self.speech else "none",
            "rate": self.rate,
            "error_help": self.error_help,
            "hint_budget": self.hint_budget,
        }


DEFAULTS: dict[str, SettingValue] = {
    key: value for key, value in Settings().stored().items() if key != "language"
}
"""Built-in values of the options a saved setting may replace (the language
comes from the locale instead)."""


def rate_ok(value: object) -> bool:
    return isinstance(value, int) and RATE_RANGE[0] <= value <= RATE_RANGE[1]


def think_ok(value: object) -> bool:
    return isinstance(value, float) and THINK_RANGE[0] <= value <= THINK_RANGE[1]


SAVED_SETTING_CHECKS: dict[str, Callable[[SettingValue], bool]] = {
    "rate": rate_ok,
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
    for attribute, key in (
        ("rate", "rate"),
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
    :func:`apply_saved_settings`; :func:`option_refusal` first)."""
    return Settings(
        language=language,
        verbosity=Verbosity(args.verbosity),
        speech=args.speech != "none",
        speech_route=args.speech if args.speech != "none" else "auto",
        rate=args.rate,
        error_help=not args.no_error_help,
        hint_budget=args.hint_time,
    )


def option_refusal(args: argparse.Namespace) -> str | None:
    """Why the rate or hint time the command line gives is out of range (the
    player's sentence), or None: the same ranges as in play."""
    if not rate_ok(args.rate):
        return m.bad_rate()
    if not think_ok(args.hint_time):
        return m.bad_think(*THINK_RANGE)
    return None


# -- in play -------------------------------------------------------------------------------


def apply_setting(settings: Settings, name: str, value: str, speaker: Speaker | None) -> list[str]:
    """Change one setting typed in play (``name`` as ``commands.Setting`` gives it);
    the lines that answer it. ``speaker`` follows the language, rate and switch."""
    word = value.strip()
    if name == "language":
        chosen = language_named(word)
        if not word:
            return [join([m.choose_language()])]
        if chosen is None:
            return [join([m.unknown_language(value)])]
        settings.language = set_language(chosen)
        if speaker is not None:
            speaker.set_language(settings.language)
        return [join([m.language_set()])]
    if name == "verbosity":
        if word in brief_words():
            settings.verbosity = Verbosity.BRIEF
            return [join([m.verbosity_brief()])]
        if word in full_words():
            settings.verbosity = Verbosity.FULL
            return [join([m.verbosity_full()])]
        return [join([m.bad_setting()])]
    if name in ("speech", "errors"):
        if name == "speech" and word in reader_words():
            settings.speech, settings.speech_route = True, "screen-reader"
            return [join([use_screen_reader(speaker)])]
        if word not in yes_words() | no_words():
            bad = m.bad_speech_switch() if name == "speech" else m.bad_errors_switch()
            return [join([bad])]
        on = word in yes_words()
        if name == "speech":
            settings.speech, settings.speech_route = on, "auto"
            if speaker is not None and on:
                speaker.retry()  # also after it gave up: try it again
            elif speaker is not None:
                speaker.stop()
            return [join([m.speech_on() if on else m.speech_off()])]
        settings.error_help = on
        return [join([m.error_help_on() if on else m.error_help_off()])]
    if name == "rate":
        if not word.isdigit() or not rate_ok(int(word)):
            return [join([m.bad_rate()])]
        settings.rate = int(word)
        if speaker is not None:
            speaker.set_rate(settings.rate)
        return [join([m.rate_set(settings.rate)])]
    try:
        seconds = float(word.replace(",", "."))
    except ValueError:
        seconds = -1.0
    if not think_ok(seconds):
        return [join([m.bad_think(*THINK_RANGE)])]
    settings.hint_budget = seconds
    return [join([m.hint_budget_set(seconds)])]
