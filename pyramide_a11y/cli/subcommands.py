"""Every subcommand's options and help (worded by ``narration/subcommand_help.py``),
and its handler named but not imported.

Building the parser (for any command, ``--version`` and ``--help`` included) loads
only argparse, the catalogs and this module: a subcommand's code (the solver, the
prompt, speech, the store) is imported when that subcommand runs
(:func:`handler`). So ``pyramide --version`` and ``pyramide solve`` pay only for
what they use (``benchmarks/startup.py`` measures it).
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from pyramide_a11y.core.limits import (
    RATE_RANGE,
    SPEECH_ROUTES,
    THINK_RANGE,
    VOLUME_RANGE,
)
from pyramide_a11y.narration import option_help as names
from pyramide_a11y.narration import page_words as words
from pyramide_a11y.narration import subcommand_help as h

from .options import add_rules_options, add_source_options
from .parsing import (
    DEALS_RANGE,
    FIRST_RANGE,
    GAME_NUMBER_RANGE,
    JOBS_RANGE,
    LIMIT_RANGE,
    SEED_RANGE,
    TIMEOUT_RANGE,
    decimal_number_in,
    lang_help,
    whole_number_in,
)

Handler = Callable[[argparse.Namespace, TextIO], int]
DEFAULT_TIMEOUT = 60.0
"""Seconds ``solve`` and ``analyse`` give one deal by default."""
PROGRESS_MODES = ("bar", "lines", "none")
"""How ``analyse`` shows its progress."""
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
WORKERS_RANGE = (1, 64)
"""Where ``pyramide serve`` listens by default."""


def handler(module: str, name: str) -> Handler:
    """The subcommand handler ``name`` of ``pyramide_a11y.cli.<module>``, imported
    when it is called (not when the parser is built)."""

    def run(args: argparse.Namespace, out: TextIO) -> int:
        function: Handler = getattr(importlib.import_module(f"pyramide_a11y.cli.{module}"), name)
        return function(args, out)

    run.__name__ = run.__qualname__ = name
    return run


def add_analyse_command(sub: Any) -> None:
    """Register ``analyse`` on the subcommand parsers ``sub``."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "analyse",
        aliases=["analyze"],
        help=h.analyse_command(),
        description=h.analyse_description(),
    )
    add_rules_options(parser)
    parser.add_argument(
        "--deals",
        type=whole_number_in(*DEALS_RANGE),
        required=True,
        metavar="N",
        help=h.analyse_deals(),
    )
    parser.add_argument(
        "--seed",
        type=whole_number_in(*SEED_RANGE),
        default=0,
        metavar="N",
        help=h.analyse_seed(),
    )
    parser.add_argument(
        "--first",
        type=whole_number_in(*FIRST_RANGE),
        default=0,
        metavar="K",
        help=h.analyse_first(),
    )
    parser.add_argument(
        "--jobs",
        type=whole_number_in(*JOBS_RANGE),
        default=None,
        metavar="J",
        help=h.analyse_jobs(),
    )
    parser.add_argument(
        "--timeout",
        type=decimal_number_in(*TIMEOUT_RANGE),
        default=DEFAULT_TIMEOUT,
        metavar="S",
        help=h.analyse_timeout().format(default=f"{DEFAULT_TIMEOUT:g}"),
    )
    parser.add_argument(
        "--progress",
        choices=PROGRESS_MODES,
        default=None,
        help=h.analyse_progress(),
    )
    parser.add_argument("--json", action="store_true", help=h.analyse_json())
    parser.set_defaults(func=handler("analyse", "run_analyse"))


def add_solve_command(sub: Any) -> None:
    """Register ``solve`` on the subcommand parsers ``sub``."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "solve",
        help=h.solve_command(),
        description=h.solve_description(),
    )
    add_source_options(parser)
    add_rules_options(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        help=h.solve_json(),
    )
    parser.add_argument(
        "--shortest",
        action="store_true",
        help=h.solve_shortest(),
    )
    parser.add_argument(
        "--timeout",
        type=decimal_number_in(*TIMEOUT_RANGE),
        default=DEFAULT_TIMEOUT,
        metavar="S",
        help=h.solve_timeout().format(default=f"{DEFAULT_TIMEOUT:g}"),
    )
    parser.set_defaults(func=handler("solve", "run_solve"))


def add_voice_command(sub: Any) -> None:
    """Register ``voice`` (alias ``voz``) on the subcommand parsers ``sub``."""
    parser = sub.add_parser(
        "voice",
        aliases=["voz"],
        help=h.voice_command(),
        description=h.voice_description(),
    )
    parser.add_argument(
        "--speech",
        choices=SPEECH_ROUTES,
        default="auto",
        help=h.voice_speech(),
    )
    parser.add_argument("--lang", metavar=h.lang_metavar(), help=lang_help())
    parser.add_argument(
        "--rate",
        type=whole_number_in(*RATE_RANGE),
        metavar="N",
        help=h.voice_rate(),
    )
    parser.add_argument(
        "--voice",
        metavar=names.name_metavar(),
        help=h.voice_voice(),
    )
    parser.add_argument(
        "--volume",
        type=whole_number_in(*VOLUME_RANGE),
        metavar="N",
        help=h.voice_volume(),
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar=names.file_metavar(),
        help=h.voice_out(),
    )
    parser.set_defaults(func=handler("voice", "run_voice"))


def add_sounds_command(sub: Any) -> None:
    """Register ``sounds`` (alias ``sons``) on the subcommand parsers ``sub``."""
    parser = sub.add_parser(
        "sounds",
        aliases=["sons"],
        help=h.sounds_command(),
        description=h.sounds_description(),
    )
    parser.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar=names.folder_metavar(),
        help=h.sounds_out(),
    )
    parser.add_argument(
        "--mono",
        action="store_true",
        help=h.sounds_mono(),
    )
    parser.set_defaults(func=handler("sounds", "write_sounds"))


def add_learn_command(sub: Any) -> None:
    """Add the ``learn`` subcommand (``aprender`` in Portuguese)."""
    learn = sub.add_parser(
        "learn",
        aliases=["aprender"],
        help=h.learn_command(),
        description=h.learn_description(),
    )
    learn.set_defaults(func=handler("learn", "_learn"))


def add_data_dir_option(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    """``--data-dir``; on a subcommand it does not hide the top-level one."""
    parser.add_argument(
        "--data-dir",
        default=None if top_level else argparse.SUPPRESS,
        metavar=names.folder_metavar(),
        help=h.data_dir(),
    )


def add_records_commands(parser: argparse.ArgumentParser, sub: Any) -> None:
    """Add ``--data-dir`` to the top-level parser and the ``stats`` and ``history``
    subcommands (with their Portuguese names)."""
    add_data_dir_option(parser, top_level=True)

    stats = sub.add_parser(
        "stats",
        aliases=["estatisticas", "estatísticas"],
        help=h.records_stats_command(),
        description=h.records_stats_description(),
    )
    add_data_dir_option(stats)
    stats.add_argument(
        "--lang",
        default=argparse.SUPPRESS,
        metavar=h.lang_metavar(),
        help=lang_help(default=False),
    )
    stats.add_argument("--json", action="store_true", help=h.stats_json())
    stats.set_defaults(func=handler("records", "stats_command"))

    history = sub.add_parser(
        "history",
        aliases=["historico", "histórico"],
        help=h.records_history_command(),
        description=h.records_history_description(),
    )
    add_data_dir_option(history)
    history.add_argument(
        "--lang",
        default=argparse.SUPPRESS,
        metavar=h.lang_metavar(),
        help=lang_help(default=False),
    )
    history.add_argument(
        "game",
        nargs="?",
        type=whole_number_in(*GAME_NUMBER_RANGE),
        metavar=h.records_game_metavar(),
        help=h.records_game(),
    )
    history.add_argument(
        "--limit",
        type=whole_number_in(*LIMIT_RANGE),
        default=20,
        metavar="N",
        help=h.records_limit(),
    )
    history.add_argument(
        "--export",
        action="append",
        metavar=names.file_metavar(),
        help=h.records_export(),
    )
    history.add_argument(
        "--force",
        action="store_true",
        help=h.records_force(),
    )
    history.add_argument("--json", action="store_true", help=h.history_json())
    history.set_defaults(func=handler("records", "history_command"))


def add_play_options(parser: argparse.ArgumentParser) -> None:
    """Add the game's options to the top-level parser and make playing the default."""
    from pyramide_a11y.cli.options import add_rules_options

    add_rules_options(parser)
    group = parser.add_argument_group(h.play_title())
    group.add_argument(
        "--deal",
        metavar=names.code_metavar(),
        help=h.play_deal(),
    )
    group.add_argument(
        "--layout",
        metavar=names.file_metavar(),
        help=h.play_layout(),
    )
    group.add_argument(
        "--daily",
        action="store_true",
        help=h.play_daily(),
    )
    group.add_argument(
        "--seed",
        type=whole_number_in(*SEED_RANGE),
        default=0,
        metavar="N",
        help=h.play_seed(),
    )
    group.add_argument("--lang", metavar=h.lang_metavar(), help=lang_help())
    group.add_argument(
        "--speech",
        default=None,
        choices=SPEECH_ROUTES,
        help=h.play_speech(),
    )
    group.add_argument(
        "--rate",
        type=whole_number_in(*RATE_RANGE),
        default=None,
        metavar="N",
        help=h.play_rate(),
    )
    group.add_argument(
        "--voice",
        default=None,
        metavar=names.name_metavar(),
        help=h.play_voice(),
    )
    group.add_argument(
        "--volume",
        type=whole_number_in(*VOLUME_RANGE),
        default=None,
        metavar="N",
        help=h.play_volume(),
    )
    group.add_argument(
        "--verbosity",
        choices=("brief", "full"),
        default=None,
        help=h.play_verbosity(),
    )
    group.add_argument(
        "--sounds",
        choices=("on", "off"),
        default=None,
        help=h.play_sounds(),
    )
    group.add_argument(
        "--no-error-help",
        action="store_true",
        help=h.play_no_error_help(),
    )
    group.add_argument(
        "--hint-time",
        # The range of the in-game "think" command (the session's THINK_RANGE).
        type=decimal_number_in(*THINK_RANGE),
        default=None,
        metavar="S",
        help=h.play_hint_time(),
    )
    group.add_argument(
        "--symbols",
        action="store_true",
        help=h.play_symbols(),
    )
    parser.set_defaults(func=handler("play", "play"))


def add_serve_command(sub: Any) -> None:
    """Add the ``serve`` subcommand to the subparsers ``sub``."""
    serve = sub.add_parser(
        "serve",
        help=words.serve_help(),
        description=f"{words.serve_help()}. {words.serve_rules_help()}",
    )
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        metavar=h.serve_host_metavar(),
        help=words.host_help(),
    )
    serve.add_argument(
        "--port", type=int, default=DEFAULT_PORT, metavar="N", help=words.port_help()
    )
    serve.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        metavar=names.folder_metavar(),
        help=h.serve_data_dir(),
    )
    serve.add_argument(
        "--workers",
        type=whole_number_in(*WORKERS_RANGE),
        default=1,
        metavar="N",
        help=h.serve_workers(),
    )
    serve.add_argument(
        "--database",
        metavar="URL",
        help=h.serve_database(),
    )
    serve.add_argument(
        "--trusted-proxies",
        metavar=h.serve_trusted_proxies_metavar(),
        help=h.serve_trusted_proxies(),
    )
    add_rules_options(serve)
    serve.set_defaults(func=handler("serve", "run_serve"))
