"""Every subcommand's options and help, and its handler named but not imported.

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
from pyramide_a11y.i18n import _, pgettext
from pyramide_a11y.narration import page_words as words

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
        # Translators: command-line help of the analyse subcommand.
        help=_("solve many random deals and report the win rate"),
        # Translators: command-line help of the analyse subcommand.
        description=_(
            "Solve N random deals under the chosen rules and report the share that can "
            "be won (with a 95% Wilson interval), the deals left unknown, and the time "
            "per deal."
        ),
    )
    add_rules_options(parser)
    parser.add_argument(
        "--deals",
        type=whole_number_in(*DEALS_RANGE),
        required=True,
        metavar="N",
        # Translators: command-line help.
        help=_("how many deals"),
    )
    parser.add_argument(
        "--seed",
        type=whole_number_in(*SEED_RANGE),
        default=0,
        metavar="N",
        # Translators: command-line help.
        help=_("seed of the deal numbers (default 0)"),
    )
    parser.add_argument(
        "--first",
        type=whole_number_in(*FIRST_RANGE),
        default=0,
        metavar="K",
        # Translators: command-line help.
        help=_(
            "skip the first K deal numbers of the seed, to measure a long run in parts (default 0)"
        ),
    )
    parser.add_argument(
        "--jobs",
        type=whole_number_in(*JOBS_RANGE),
        default=None,
        metavar="J",
        # Translators: command-line help.
        help=_("processes (default: all cores)"),
    )
    parser.add_argument(
        "--timeout",
        type=decimal_number_in(*TIMEOUT_RANGE),
        default=DEFAULT_TIMEOUT,
        metavar="S",
        # Translators: command-line help; {default} is a number of seconds.
        help=_("seconds per deal before it counts as unknown (default {default})").format(
            default=f"{DEFAULT_TIMEOUT:g}"
        ),
    )
    parser.add_argument(
        "--progress",
        choices=PROGRESS_MODES,
        default=None,
        # Translators: command-line help; bar, lines and none are typed as they are.
        help=_(
            "progress on standard error: bar (rewritten in place), lines (a plain line "
            "now and then, calm for a screen reader) or none; default: lines beside a "
            "screen reader, none when standard error is not a terminal, else bar"
        ),
    )
    # Translators: command-line help.
    parser.add_argument("--json", action="store_true", help=_("print the report as JSON"))
    parser.set_defaults(func=handler("analyse", "run_analyse"))


def add_solve_command(sub: Any) -> None:
    """Register ``solve`` on the subcommand parsers ``sub``."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "solve",
        # Translators: command-line help of the solve subcommand.
        help=_("say whether a deal can be won, with a winning line (reveals the deal)"),
        # Translators: command-line help of the solve subcommand.
        description=_(
            "Search every line of play of a deal (a code or a layout file) and say "
            "whether it can be won. A winning line is printed one move per line in the "
            "session language's notation, each line ready to type into the game; --json "
            "gives the canonical notation (KD, 10C+3S, draw, recycle) for replay --moves."
        ),
    )
    add_source_options(parser)
    add_rules_options(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        # Translators: command-line help; the JSON keys stay in English.
        help=_('print {"winnable": true|false|null, "moves": [...], "nodes": N, "seconds": S}'),
    )
    parser.add_argument(
        "--shortest",
        action="store_true",
        # Translators: command-line help of solve --shortest.
        help=_(
            "find a line of the fewest moves (draws and recycles count) and say "
            "whether it is proven shortest"
        ),
    )
    parser.add_argument(
        "--timeout",
        type=decimal_number_in(*TIMEOUT_RANGE),
        default=DEFAULT_TIMEOUT,
        metavar="S",
        # Translators: command-line help; {default} is a number of seconds.
        help=_("give up after S seconds and say unknown (default {default})").format(
            default=f"{DEFAULT_TIMEOUT:g}"
        ),
    )
    parser.set_defaults(func=handler("solve", "run_solve"))


def add_voice_command(sub: Any) -> None:
    """Register ``voice`` (alias ``voz``) on the subcommand parsers ``sub``."""
    parser = sub.add_parser(
        "voice",
        aliases=["voz"],
        # Translators: command-line help of the voice subcommand.
        help=_("list the speech backends and voices, and speak a sample sentence"),
        # Translators: command-line help of the voice subcommand.
        description=_(
            "List the speech backends and voices found, then speak a sample sentence in "
            "the session language (or write it to a WAV file with --out)."
        ),
    )
    parser.add_argument(
        "--speech",
        choices=SPEECH_ROUTES,
        default="auto",
        # Translators: command-line help.
        help=_("backend for the sample"),
    )
    parser.add_argument("--lang", metavar=pgettext("metavar", "LANG"), help=lang_help())
    parser.add_argument(
        "--rate",
        type=whole_number_in(*RATE_RANGE),
        metavar="N",
        # Translators: command-line help.
        help=_("words per minute (175 is ordinary)"),
    )
    parser.add_argument(
        "--voice",
        metavar=pgettext("metavar", "NAME"),
        # Translators: command-line help of ``pyramide voice``.
        help=_("speak the sample with this voice (by name; the voices are listed)"),
    )
    parser.add_argument(
        "--volume",
        type=whole_number_in(*VOLUME_RANGE),
        metavar="N",
        # Translators: command-line help.
        help=_("speech volume, 0 to 100 (100 is the voice's ordinary loudness)"),
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar=pgettext("metavar", "FILE"),
        # Translators: command-line help.
        help=_("write the sample to this WAV file instead"),
    )
    parser.set_defaults(func=handler("voice", "run_voice"))


def add_sounds_command(sub: Any) -> None:
    """Register ``sounds`` (alias ``sons``) on the subcommand parsers ``sub``."""
    parser = sub.add_parser(
        "sounds",
        aliases=["sons"],
        # Translators: command-line help of the sounds subcommand.
        help=_("write the game's sound cues as WAV files, to hear them"),
        # Translators: command-line help of the sounds subcommand.
        description=_(
            "Write each sound cue of the game (pair, King, draw, recycle, refusal, win, "
            "hint, focus), placed left to right and high to low as in the pyramid, as "
            "a stereo WAV file in a folder."
        ),
    )
    parser.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar=pgettext("metavar", "FOLDER"),
        # Translators: command-line help.
        help=_("folder to write the WAV files into (made if missing)"),
    )
    parser.add_argument(
        "--mono",
        action="store_true",
        # Translators: command-line help of ``pyramide sounds --mono``.
        help=_("both channels the same in every file, as the setting sounds mono plays them"),
    )
    parser.set_defaults(func=handler("sounds", "write_sounds"))


def add_learn_command(sub: Any) -> None:
    """Add the ``learn`` subcommand (``aprender`` in Portuguese)."""
    learn = sub.add_parser(
        "learn",
        aliases=["aprender"],
        # Translators: command-line help of the learn subcommand.
        help=_("a lesson by ear: the game in eleven short steps (start here)"),
        # Translators: command-line help of the learn subcommand.
        description=_(
            "An interactive lesson on small tables: the goal, the sum of 13, kings, "
            "covered cards, the stock and the waste, recycles, undo, hints and the "
            "review commands. quit leaves it; learn again goes on where you left it."
        ),
    )
    learn.set_defaults(func=handler("learn", "_learn"))


def add_data_dir_option(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    """``--data-dir``; on a subcommand it does not hide the top-level one."""
    parser.add_argument(
        "--data-dir",
        default=None if top_level else argparse.SUPPRESS,
        # Translators: command-line help: the name of a folder argument.
        metavar=pgettext("metavar", "FOLDER"),
        # Translators: command-line help.
        help=_(
            "folder of the saved games, statistics and settings "
            "(default: $PYRAMIDE_DATA_DIR or the user data folder)"
        ),
    )


def add_records_commands(parser: argparse.ArgumentParser, sub: Any) -> None:
    """Add ``--data-dir`` to the top-level parser and the ``stats`` and ``history``
    subcommands (with their Portuguese names)."""
    add_data_dir_option(parser, top_level=True)

    stats = sub.add_parser(
        "stats",
        aliases=["estatisticas", "estatísticas"],
        # Translators: command-line help of the stats subcommand.
        help=_("your statistics for each rules and variant set"),
        # Translators: command-line help of the stats subcommand.
        description=_(
            "Games played and won, win rate, streaks, best time, fewest moves and best "
            "score, for each rules and variant set, in your language."
        ),
    )
    add_data_dir_option(stats)
    stats.add_argument(
        "--lang",
        default=argparse.SUPPRESS,
        metavar=pgettext("metavar", "LANG"),
        help=lang_help(default=False),
    )
    # Translators: command-line help.
    stats.add_argument("--json", action="store_true", help=_("print them as JSON"))
    stats.set_defaults(func=handler("records", "stats_command"))

    history = sub.add_parser(
        "history",
        aliases=["historico", "histórico"],
        # Translators: command-line help of the history subcommand.
        help=_("your recent games; --export writes one as a transcript or as JSON"),
        # Translators: command-line help of the history subcommand. FILE is the name
        # of the --export argument: write it as you translated that.
        description=_(
            "List your recent games, newest first. With a game number, show that game's "
            "transcript; --export FILE writes it as a plain-text transcript, or as JSON "
            "when FILE ends in .json (give --export twice for both). An existing file is "
            "kept unless --force."
        ),
    )
    add_data_dir_option(history)
    history.add_argument(
        "--lang",
        default=argparse.SUPPRESS,
        metavar=pgettext("metavar", "LANG"),
        help=lang_help(default=False),
    )
    history.add_argument(
        "game",
        nargs="?",
        type=whole_number_in(*GAME_NUMBER_RANGE),
        # Translators: command-line help: the name of a game number argument.
        metavar=pgettext("metavar", "GAME"),
        # Translators: command-line help.
        help=_("a game number from the list"),
    )
    history.add_argument(
        "--limit",
        type=whole_number_in(*LIMIT_RANGE),
        default=20,
        metavar="N",
        # Translators: command-line help.
        help=_("how many games to list"),
    )
    history.add_argument(
        "--export",
        action="append",
        metavar=pgettext("metavar", "FILE"),
        # Translators: command-line help.
        help=_("write the game to FILE (JSON when it ends in .json)"),
    )
    history.add_argument(
        "--force",
        action="store_true",
        # Translators: command-line help.
        help=_("replace a file --export names that exists already"),
    )
    # Translators: command-line help.
    history.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    history.set_defaults(func=handler("records", "history_command"))


def add_play_options(parser: argparse.ArgumentParser) -> None:
    """Add the game's options to the top-level parser and make playing the default."""
    from pyramide_a11y.cli.options import add_rules_options

    add_rules_options(parser)
    # Translators: command-line help, title of the options of the game itself.
    group = parser.add_argument_group(_("game"))
    group.add_argument(
        "--deal",
        metavar=pgettext("metavar", "CODE"),
        # Translators: command-line help.
        help=_("play this deal code, e.g. PY1-N-AAAAAAS"),
    )
    group.add_argument(
        "--layout",
        metavar=pgettext("metavar", "FILE"),
        # Translators: command-line help.
        help=_("play a layout file (JSON or a listing)"),
    )
    group.add_argument(
        "--daily",
        action="store_true",
        # Translators: command-line help.
        help=_(
            "play the deal of the day: the same deal for every player on a date, "
            "under the rules chosen"
        ),
    )
    group.add_argument(
        "--seed",
        type=whole_number_in(*SEED_RANGE),
        default=0,
        metavar="N",
        # Translators: command-line help.
        help=_("for a text listing: orders the unlisted stock cards"),
    )
    group.add_argument("--lang", metavar=pgettext("metavar", "LANG"), help=lang_help())
    group.add_argument(
        "--speech",
        default=None,
        choices=SPEECH_ROUTES,
        # Translators: command-line help; auto, screen-reader and none are typed as
        # they are.
        help=_(
            "speech: auto (silent beside a screen reader), screen-reader (its own voice), "
            "a backend, or none (docs/speech.md)"
        ),
    )
    group.add_argument(
        "--rate",
        type=whole_number_in(*RATE_RANGE),
        default=None,
        metavar="N",
        # Translators: command-line help.
        help=_("speech rate, words per minute, for the session language"),
    )
    group.add_argument(
        "--voice",
        default=None,
        metavar=pgettext("metavar", "NAME"),
        # Translators: command-line help; "voices" is the in-game command that lists them.
        help=_(
            "speech voice by name, for the session language and this session only "
            "(in play: voices lists them)"
        ),
    )
    group.add_argument(
        "--volume",
        type=whole_number_in(*VOLUME_RANGE),
        default=None,
        metavar="N",
        # Translators: command-line help.
        help=_("speech volume, 0 to 100 (100 is the voice's ordinary loudness)"),
    )
    group.add_argument(
        "--verbosity",
        choices=("brief", "full"),
        default=None,
        # Translators: command-line help; brief and full are typed as they are.
        help=_("how much is said"),
    )
    group.add_argument(
        "--sounds",
        choices=("on", "off"),
        default=None,
        # Translators: command-line help; "on" and "off" stay as typed.
        help=_("sound cues on or off, for this session only (in play: sounds)"),
    )
    group.add_argument(
        "--no-error-help",
        action="store_true",
        # Translators: command-line help.
        help=_("a covered card gets a short cue instead of a sentence"),
    )
    group.add_argument(
        "--hint-time",
        # The range of the in-game "think" command (the session's THINK_RANGE).
        type=decimal_number_in(*THINK_RANGE),
        default=None,
        metavar="S",
        # Translators: command-line help.
        help=_("seconds a hint may think (default 2)"),
    )
    group.add_argument(
        "--symbols",
        action="store_true",
        # Translators: command-line help.
        help=_("visual mode: print suit symbols after card names (never spoken)"),
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
        metavar=pgettext("metavar", "ADDRESS"),
        help=words.host_help(),
    )
    serve.add_argument(
        "--port", type=int, default=DEFAULT_PORT, metavar="N", help=words.port_help()
    )
    serve.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        metavar=pgettext("metavar", "FOLDER"),
        # Translators: command-line help of serve --data-dir.
        help=pgettext("web", "folder of the players' saved games (default: the user data folder)"),
    )
    serve.add_argument(
        "--workers",
        type=whole_number_in(*WORKERS_RANGE),
        default=1,
        metavar="N",
        # Translators: command-line help of serve --workers.
        help=pgettext("web", "worker processes answering the players (default 1)"),
    )
    serve.add_argument(
        "--database",
        metavar="URL",
        # Translators: command-line help of serve --database; keep postgresql:// and
        # PYRAMIDE_DATABASE as they are.
        help=pgettext(
            "web",
            "a postgresql:// URL: every player's games on that server, for several "
            "workers or hosts (default: PYRAMIDE_DATABASE, else a file per player)",
        ),
    )
    serve.add_argument(
        "--trusted-proxies",
        metavar=pgettext("metavar", "ADDRESSES"),
        # Translators: command-line help of serve --trusted-proxies; keep
        # X-Forwarded-For and X-Forwarded-Proto as they are.
        help=pgettext(
            "web",
            "the proxies (comma-separated addresses) whose X-Forwarded-For and "
            "X-Forwarded-Proto are believed (default: none)",
        ),
    )
    add_rules_options(serve)
    serve.set_defaults(func=handler("serve", "run_serve"))
