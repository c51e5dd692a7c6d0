"""What the command line's options mean, read into the play core's types: the
game's source and rules (every command), and the play options (``pyramide`` and
``learn``), read once into :class:`~pyramide_a11y.core.settings.StartOptions`. The
options themselves are defined in ``cli/options.py`` and ``cli/subcommands.py``."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import fields
from pathlib import Path

from pyramide_a11y.core.settings import StartOptions
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
from pyramide_a11y.narration import command_line as t
from pyramide_a11y.narration import messages as m
from pyramide_a11y.narration import sentence

from .parsing import RECYCLES_RANGE, language_asked

PLAY_OPTIONS = tuple(f.name for f in fields(StartOptions) if f.name != "sounds_env_off")
"""The options of ``pyramide`` and ``learn`` that are settings: every field of
:class:`~pyramide_a11y.core.settings.StartOptions` but the environment's."""

SOUNDS_ENV = "PYRAMIDE_SOUNDS"
"""``off`` keeps the sound cues off whatever is saved (tests, benchmarks)."""


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
        raise SourceError(t.code_and_layout_both())
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
    raise SourceError(t.no_code_nor_layout())


def language_option(args: argparse.Namespace) -> str | None:
    """``--lang`` as one of the game's language codes: None when it was not given,
    or names none of ours (``cli/main.py`` said so before the command ran, and the
    command speaks the saved language or the locale's). The only reading of
    ``args.lang``: the parsed options are never changed."""
    given = getattr(args, "lang", None)
    return language_asked(given) if isinstance(given, str) else None


def start_options(args: argparse.Namespace, environ: Mapping[str, str]) -> StartOptions:
    """The play options of ``pyramide`` and ``learn``, read once from the parsed
    command line (and ``environ``'s ``PYRAMIDE_SOUNDS``): the only place the
    Namespace is read for settings; :func:`~pyramide_a11y.core.settings.read_start`
    weighs them against the saved settings. The language is
    :func:`language_option`'s."""
    # Each option has its field's name (``cli/subcommands.py``).
    given = {**vars(args), "lang": language_option(args)}
    return StartOptions(
        **{name: given[name] for name in PLAY_OPTIONS},
        sounds_env_off=environ.get(SOUNDS_ENV, "").strip().lower() == "off",
    )


def voice_options(args: argparse.Namespace, language: str) -> StartOptions:
    """The options of ``pyramide voice`` (speech, rate, volume, voice), read once
    from the parsed command line, in ``language`` (the command's: ``--lang`` or the
    locale's, never the saved one)."""
    return StartOptions(
        lang=language, speech=args.speech, rate=args.rate, volume=args.volume, voice=args.voice
    )
