"""``pyramide deal`` and ``pyramide replay``: the layout a deal code deals, and the
state a list of moves leaves (tools for players inspecting a deal, and for
maintainers)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from pyramide_a11y.cli import records
from pyramide_a11y.cli.from_options import source_from_options
from pyramide_a11y.core.sources import FileProblem, SourceError, read_text_file
from pyramide_a11y.engine import Game, Position, Refusal, parse_move
from pyramide_a11y.engine.geometry import ROW_SLOTS
from pyramide_a11y.i18n import _
from pyramide_a11y.narration import card_notation, row_name, sentence
from pyramide_a11y.narration import command_line as t
from pyramide_a11y.narration import messages as m


def run_deal(args: argparse.Namespace, out: TextIO) -> int:
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


def run_replay(args: argparse.Namespace, out: TextIO) -> int:
    if records.is_record_id(args.code):  # a saved game's number, from ``pyramide history``
        saved = records.load_record_game(args, out)
        return 1 if saved is None else print_final(saved, args, out)
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
    return print_final(game, args, out)


def print_final(game: Game, args: argparse.Namespace, out: TextIO) -> int:
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
