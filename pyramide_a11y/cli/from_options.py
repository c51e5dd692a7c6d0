"""What the command line's options mean, read into the play core's types: the
game's source and rules (every command), and the play options the saved settings
fill in (``pyramide`` and ``learn``). The options themselves are defined in
``cli/options.py`` and ``cli/subcommands.py``."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path

from pyramide_a11y.core.limits import THINK_RANGE
from pyramide_a11y.core.settings import (
    DEFAULTS,
    SAVED_SETTING_CHECKS,
    Settings,
    rate_ok,
    think_ok,
    voice_ok,
    volume_ok,
)
from pyramide_a11y.core.sources import (
    GameSource,
    SourceError,
    UnreadableDealCode,
    coded_source,
    engine_error_text,
    layout_problem_text,
    read_layout_file,
)
from pyramide_a11y.engine import (
    PRESETS,
    DealCodeError,
    LayoutError,
    Rules,
    get_rules,
    parse_code,
    parse_count,
)
from pyramide_a11y.engine.numbers import NumberProblem, is_plain_whole, read_whole
from pyramide_a11y.i18n import _
from pyramide_a11y.narration import Verbosity, sentence
from pyramide_a11y.narration import command_line as t
from pyramide_a11y.narration import messages as m
from pyramide_a11y.storage.saved_settings import SettingValue

from .parsing import RECYCLES_RANGE


def rules_from_options(args: argparse.Namespace, base: Rules | None) -> Rules:
    """``base`` (or the ``--rules`` preset, or ``pyramide``) with the options applied.

    Raises:
        SourceError: an unknown preset or a bad number.
    """
    try:
        rules = get_rules(args.rules) if args.rules else (base or get_rules("pyramide"))
    except ValueError:
        raise SourceError(sentence(t.unknown_rules(args.rules, list(PRESETS)))) from None
    try:
        if args.rules and base is not None and base.name == rules.name:
            rules = base
        options: dict[str, object] = {}
        if args.passes is not None:
            options["passes"] = args.passes
        if args.recycles is not None:
            typed = str(args.recycles)
            if is_plain_whole(typed):  # ASCII digits, as every number (engine.numbers)
                value = read_whole(typed, *RECYCLES_RANGE)
                if isinstance(value, NumberProblem):
                    raise SourceError(t.out_of_range(typed, *RECYCLES_RANGE))
                recycles: int | None = value
            else:  # a word (none, unlimited …); never other digits, which int() takes
                try:
                    if any(ch.isnumeric() for ch in typed):
                        raise ValueError(typed)
                    recycles = parse_count(typed)
                except ValueError:
                    raise SourceError(sentence(t.bad_count(typed))) from None
            options["recycles"] = recycles
        if args.strict_win:
            options["strict_win"] = True
        if args.stock_waste_pairs:
            options["stock_waste_pairs"] = True
        if args.cover_pairs:
            options["cover_pairs"] = True
        return rules.with_options(**options)
    except ValueError as err:
        raise SourceError(str(err)) from None


def source_from_options(args: argparse.Namespace) -> GameSource:
    """The game a command names with ``CODE`` or ``--layout`` and rules options.

    A code's rules are the base; options override them. Likewise a layout's.

    Raises:
        UnreadableDealCode: the code does not read as a deal code.
        SourceError: no source, both, bad rules options, a code whose piles do not
            fit the rules chosen, or a layout that does not fit.
    """
    layout_path: Path | None = getattr(args, "layout", None)
    if args.code and layout_path:
        # Translators: command-line error.
        raise SourceError(_("give either a deal code or --layout, not both"))
    if args.code:
        try:
            code = parse_code(args.code)
        except DealCodeError as err:
            # The engine's English detail quotes the code whole: only for a short,
            # printable one; else our sentence, which echoes it cut and clean.
            plain = len(args.code) <= m.ECHO_LIMIT and args.code.isprintable()
            said = m.bad_deal_code(args.code)
            message = engine_error_text(str(err), said) if plain else sentence(said)
            raise UnreadableDealCode(message, args.code) from None
        return coded_source(code, rules_from_options(args, code.rules))
    if layout_path:
        layout = read_layout_file(layout_path, getattr(args, "seed", 0))
        rules = rules_from_options(args, layout.rules)
        try:
            layout.validate(rules)
        except LayoutError as err:
            raise SourceError(layout_problem_text(layout_path, err)) from None
        return GameSource(layout, rules, None)
    # Translators: command-line error.
    raise SourceError(_("give a deal code (like PY1-N-AAAAAAS) or --layout FILE"))


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
    the backend has the voice is checked once it runs: :func:`.spoken_outlet.apply_voice`.)"""
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
