"""The ``pyramide`` command line: subcommands that read and check deals.

``deal`` and ``replay`` are tools for players who want to inspect a deal and for
maintainers; the interactive game is the default command.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from pyramide_a11y.cli import play, records
from pyramide_a11y.cli.analyse import add_analyse_command
from pyramide_a11y.cli.learn import add_learn_command
from pyramide_a11y.cli.options import add_rules_options, add_source_options, source_from_options
from pyramide_a11y.cli.parsing import (
    CommandLineParser,
    Parser,
    argparse_in_session_language,
    lang_option,
    language_asked,
    version,
)
from pyramide_a11y.cli.solve import add_solve_command
from pyramide_a11y.cli.sounds import add_sounds_command
from pyramide_a11y.cli.voice import add_voice_command
from pyramide_a11y.core.sources import FileProblem, SourceError, read_text_file
from pyramide_a11y.engine import Game, Position, Refusal, parse_move
from pyramide_a11y.engine.geometry import ROW_SLOTS
from pyramide_a11y.i18n import _, in_language, pgettext, resolve_language
from pyramide_a11y.narration import card_notation, row_name, sentence
from pyramide_a11y.narration import command_line as t
from pyramide_a11y.narration import messages as m


def build_parser() -> argparse.ArgumentParser:
    """The parser of every subcommand. Each subcommand sets ``func(args, out) -> int``
    with ``set_defaults``; new subcommands live in their own modules and are added
    here with one call. The top-level options work after any subcommand too
    (:class:`.cli_parsing.CommandLineParser`)."""
    parser = CommandLineParser(
        prog="pyramide",
        # Translators: command-line help, first line of ``pyramide --help``.
        description=_("Pyramid solitaire for people who play by ear."),
        # Translators: command-line help, last line of ``pyramide --help``; learn is
        # typed as it is (aprender works too).
        epilog=_("New to the game? Start with: pyramide learn (a lesson by ear)."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"pyramide {version()}",
        # Translators: command-line help of --version.
        help=_("print the version and exit"),
    )
    # Translators: command-line help: the name of the subcommand in the usage line.
    sub = parser.add_subparsers(
        dest="command", metavar=pgettext("metavar", "COMMAND"), parser_class=Parser
    )
    play.register(parser)

    deal = sub.add_parser(
        "deal",
        # Translators: command-line help of the deal subcommand.
        help=_("print the layout of a deal code (reveals the whole stock order)"),
        # Translators: command-line help of the deal subcommand.
        description=_(
            "Print the layout a deal code deals, cards in the session language's "
            "notation. This reveals the whole stock order, so do not use it on a deal "
            "you mean to play blind."
        ),
    )
    add_source_options(deal, code_required=True)
    add_rules_options(deal)
    # Translators: command-line help.
    deal.add_argument("--json", action="store_true", help=_("print the layout as JSON"))
    deal.set_defaults(func=_deal)

    replay = sub.add_parser(
        "replay",
        # Translators: command-line help of the replay subcommand.
        help=_("apply a list of moves to a deal and print the final state"),
        # Translators: command-line help of the replay subcommand. The notation of the
        # file is the canonical (English) one: keep KD, 10C+3S, draw, recycle.
        description=_(
            "Apply moves written one per line in canonical notation (KD, 10C+3S, "
            "draw, recycle; blank lines and lines starting with # are skipped) and print "
            "the final state. An illegal move stops with exit status 1, its line and the "
            "reason."
        ),
    )
    add_source_options(replay)
    add_rules_options(replay)
    replay.add_argument(
        "--moves",
        type=Path,
        metavar=pgettext("metavar", "FILE"),
        # Translators: command-line help.
        help=_("file of moves, one per line, in canonical notation"),
    )
    # Translators: command-line help.
    replay.add_argument("--json", action="store_true", help=_("print the final state as JSON"))
    records.add_data_dir_option(replay)
    replay.set_defaults(func=_replay)
    add_solve_command(sub)
    add_analyse_command(sub)
    add_voice_command(sub)
    add_sounds_command(sub)
    add_learn_command(sub)
    records.register(parser, sub)
    # Last: every subcommand gets the top-level options, --lang listed in its help.
    parser.share_options(sub, listed=("--lang",))
    return parser


class Terminated(BaseException):
    """SIGTERM, raised where the program is, so ``finally`` blocks run (the game in
    play is saved and closed) as on Ctrl-C."""


EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143


def _on_sigterm(signum: int, frame: object) -> None:
    raise Terminated


def _catch_signals() -> None:
    """Turn SIGTERM into :class:`Terminated`, and Ctrl-C into KeyboardInterrupt (the
    launcher ended the program at once on either while it loaded); only the main
    thread can."""
    with contextlib.suppress(ValueError):  # not the main thread (a test calling main)
        signal.signal(signal.SIGTERM, _on_sigterm)
        if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:  # (ignored stays so)
            signal.signal(signal.SIGINT, signal.default_int_handler)


def _stopped(status: int) -> int:
    """After Ctrl-C or SIGTERM: end the line ``^C`` left (one line at most), quietly
    even when the terminal or pipe is gone; then no further signal interrupts."""
    with contextlib.suppress(ValueError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        if sys.stderr.isatty():
            sys.stderr.write("\n")
            sys.stderr.flush()
    except (OSError, ValueError):
        pass
    return status


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (130 after Ctrl-C, 143 after
    SIGTERM, never a traceback for either)."""
    try:
        _catch_signals()
        return _main(argv, out)
    except KeyboardInterrupt:
        return _stopped(EXIT_INTERRUPTED)
    except Terminated:
        return _stopped(EXIT_TERMINATED)


def _main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    words = list(sys.argv[1:] if argv is None else argv)
    asked = lang_option(words)
    chosen = language_asked(asked) if asked else None
    # The command's language, entered for all it says (never set process-wide).
    with in_language(chosen or resolve_language(None)):
        return _run(words, asked, chosen, out)


def _run(words: list[str], asked: str | None, chosen: str | None, out: TextIO) -> int:
    if asked and chosen is None:
        # The in-game ``lang`` refusal; the session goes on in the locale's language.
        print(sentence(m.unknown_language(asked)), file=sys.stderr)
    with argparse_in_session_language():
        parser = build_parser()
        args = parser.parse_args(words)
        args.lang = chosen  # a code, or None: the commands look for a saved one
        func: Callable[[argparse.Namespace, TextIO], int] | None = getattr(args, "func", None)
        if func is None:
            parser.print_help(out)
            return 0
    try:
        return func(args, out)
    except SourceError as err:
        print(f"pyramide: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``pyramide deal … | head``): not an error of ours.
        # Point stdout at devnull so the interpreter's final flush stays quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _deal(args: argparse.Namespace, out: TextIO) -> int:
    source = source_from_options(args)
    if args.json:
        out.write(source.layout.to_json(source.rules))
        return 0
    print(t.deal_code_line(source.code), file=out)
    print(t.rules_line(str(source.rules)), file=out)
    for r, row in enumerate(source.layout.rows()):
        print(f"{row_name(r + 1)}: {' '.join(map(card_notation, row))}", file=out)
    print(t.waste_line(" ".join(map(card_notation, source.layout.waste)) or "-"), file=out)
    print(t.stock_line(" ".join(map(card_notation, source.layout.stock)) or "-"), file=out)
    return 0


def _replay(args: argparse.Namespace, out: TextIO) -> int:
    if records.is_record_id(args.code):  # a saved game's number, from ``pyramide history``
        saved = records.load_record_game(args, out)
        return 1 if saved is None else _print_final(saved, args, out)
    if args.moves is None:
        # Translators: replay tool error: a deal code needs a file of moves.
        raise SourceError(_("give --moves FILE with the moves to play"))
    source = source_from_options(args)
    try:
        lines = read_text_file(args.moves).splitlines()
    except FileProblem as err:
        raise SourceError(sentence(str(err))) from None
    game = Game(source.layout, source.rules)
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            move = parse_move(text)
        except ValueError:
            print(f"pyramide: {t.bad_move_line(number, text)}", file=sys.stderr)
            return 1
        outcome = game.play(move)
        if isinstance(outcome, Refusal):
            reason = m.refusal(outcome.reason, outcome.cards)
            # Translators: replay tool error; {number} is a line number of the moves file.
            where = _("line {number}").format(number=number)
            print(f"pyramide: {where}: {text}: {reason}", file=sys.stderr)
            return 1
    return _print_final(game, args, out)


def _print_final(game: Game, args: argparse.Namespace, out: TextIO) -> int:
    summary = final_state(game)
    if args.json:
        print(json.dumps(summary), file=out)
    else:
        for line in t.final_state_lines(summary):
            print(line, file=out)
        for line in table_lines(game.position):
            print(line, file=out)
    return 0


def final_state(game: Game) -> dict[str, Any]:
    """The replay summary: won, moves, pyramid_left, stock, waste, score, round."""
    position = game.position
    return {
        "won": game.won,
        "moves": game.moves,
        "pyramid_left": position.pyramid_left,
        "stock": len(position.stock),
        "waste": len(position.waste),
        "score": position.score,
        "round": position.round,
    }


def table_lines(position: Position) -> list[str]:
    """The pyramid rows and the waste top for a person: the current language's
    words and card notation (``--`` for a gone card)."""
    lines = []
    for r, slots in enumerate(ROW_SLOTS):
        cells = [card_notation(c) if (c := position.pyramid[s]) else "--" for s in slots]
        lines.append(f"{row_name(r + 1)}: {' '.join(cells)}")
    top = position.waste_top
    lines.append(t.waste_top_line(card_notation(top) if top else "-"))
    return lines
