"""The ``pyramide`` command line: subcommands that read and check deals.

``deal`` and ``replay`` are tools for players who want to inspect a deal and for
maintainers; the interactive game is the default command.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from pyramide_a11y.engine import Game, Position, Refusal, parse_move
from pyramide_a11y.engine.geometry import ROW_SLOTS
from pyramide_a11y.i18n import N_, _, resolve_language, set_language
from pyramide_a11y.i18n.languages import option_help

from . import play, records
from .analyse_command import add_analyse_command
from .solve_command import add_solve_command
from .sources import SourceError, add_rules_options, add_source_options, source_from_options
from .voice import add_voice_command

# Maintainer-facing reasons printed by ``replay``; translated where printed.
REASON_TEXT = {
    # Translators: why the replay tool stopped at a move (maintainer tool output).
    "covered": N_("the card is still covered"),
    # Translators: why the replay tool stopped at a move.
    "sum_not_13": N_("the two cards do not sum to 13"),
    # Translators: why the replay tool stopped at a move.
    "not_pairable": N_("these rules do not let those two cards pair"),
    # Translators: why the replay tool stopped at a move.
    "same_card": N_("a card cannot pair with itself"),
    # Translators: why the replay tool stopped at a move.
    "not_a_king": N_("only a King leaves alone"),
    # Translators: why the replay tool stopped at a move.
    "gone": N_("the card was already removed"),
    # Translators: why the replay tool stopped at a move.
    "not_available": N_("the card is not in play (in the stock or under the waste top)"),
    # Translators: why the replay tool stopped at a move.
    "nothing_to_draw": N_("there are no more cards to draw"),
    # Translators: why the replay tool stopped at a move.
    "recycle_stock_not_empty": N_("recycling waits until the stock is empty"),
    # Translators: why the replay tool stopped at a move.
    "recycle_none_left": N_("there are no more recycles"),
    # Translators: why the replay tool stopped at a move.
    "recycle_waste_empty": N_("there is nothing in the waste to recycle"),
    # Translators: why the replay tool stopped at a move.
    "nothing_to_undo": N_("there is nothing to undo"),
    # Translators: why the replay tool stopped at a move.
    "undo_limit": N_("older moves are beyond the undo limit"),
    # Translators: why the replay tool stopped at a move.
    "nothing_selected": N_("no card is selected"),
    # Translators: why the replay tool stopped at a move.
    "game_won": N_("the game is already won"),
}


def build_parser() -> argparse.ArgumentParser:
    """The parser of every subcommand. Each subcommand sets ``func(args, out) -> int``
    with ``set_defaults``; new subcommands live in their own modules and are added
    here with one call."""
    parser = argparse.ArgumentParser(
        prog="pyramide",
        description="Pyramid solitaire for people who play by ear.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play.register(parser)

    deal = sub.add_parser(
        "deal",
        help="print the layout of a deal code (reveals the whole stock order)",
        description="Print the layout a deal code deals. This reveals the whole stock "
        "order, so do not use it on a deal you mean to play blind.",
    )
    add_source_options(deal, code_required=True)
    add_rules_options(deal)
    deal.add_argument("--json", action="store_true", help="print the layout as JSON")
    deal.set_defaults(func=_deal)

    replay = sub.add_parser(
        "replay",
        help="apply a list of moves to a deal and print the final state",
        description="Apply moves written one per line in canonical notation (KD, 10C+3S, "
        "draw, recycle; blank lines and lines starting with # are skipped) and print the "
        "final state. An illegal move stops with exit status 1, its line and the reason.",
    )
    add_source_options(replay)
    add_rules_options(replay)
    replay.add_argument("--moves", type=Path, help="file of moves, one per line")
    replay.add_argument("--json", action="store_true", help="print the final state as JSON")
    records.add_data_dir_option(replay)
    replay.set_defaults(func=_replay)
    add_solve_command(sub)
    add_analyse_command(sub)
    add_voice_command(sub)
    records.register(parser, sub)
    _accept_lang_after_subcommand(sub)
    return parser


def _accept_lang_after_subcommand(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``pyramide solve X --lang pt`` works as well as ``pyramide --lang pt solve X``.

    The default is SUPPRESS so a subcommand without ``--lang`` keeps the value given
    before it (or the locale's)."""
    for subparser in set(sub.choices.values()):
        if "--lang" not in subparser._option_string_actions:
            subparser.add_argument(
                "--lang",
                default=argparse.SUPPRESS,
                help=f"language: {option_help()}; default from the locale",
            )


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    out = out or sys.stdout
    parser = build_parser()
    args = parser.parse_args(argv)
    set_language(resolve_language(getattr(args, "lang", None)))
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
    print(f"code: {source.code}", file=out)
    print(f"rules: {source.rules}", file=out)
    for r, row in enumerate(source.layout.rows()):
        print(f"row {r + 1}: {' '.join(map(str, row))}", file=out)
    print(f"waste (bottom to top): {' '.join(map(str, source.layout.waste)) or '-'}", file=out)
    print(f"stock (first drawn first): {' '.join(map(str, source.layout.stock))}", file=out)
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
        lines = args.moves.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise SourceError(f"cannot read {args.moves}: {err.strerror}") from None
    game = Game(source.layout, source.rules)
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            move = parse_move(text)
        except ValueError as err:
            print(f"pyramide: line {number}: {err}", file=sys.stderr)
            return 1
        outcome = game.play(move)
        if isinstance(outcome, Refusal):
            reason = _(REASON_TEXT[outcome.reason.value])
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
        for key, value in summary.items():
            print(f"{key}: {str(value).lower() if isinstance(value, bool) else value}", file=out)
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
    """The pyramid rows and the waste in canonical notation (``--`` for a gone card)."""
    lines = []
    for r, slots in enumerate(ROW_SLOTS):
        cells = [str(c) if (c := position.pyramid[s]) else "--" for s in slots]
        lines.append(f"row {r + 1}: {' '.join(cells)}")
    lines.append(f"waste top: {position.waste_top or '-'}")
    return lines
