"""``pyramide deal`` and ``pyramide replay``: the layout a deal code deals, and the
state a list of moves leaves (tools for players inspecting a deal, and for
maintainers)."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from typing import Any, TextIO

from pyramide_a11y.cli import records
from pyramide_a11y.cli.from_options import source_from_options
from pyramide_a11y.core.sources import FileProblem, SourceError, read_text_file
from pyramide_a11y.engine import (
    Move,
    Position,
    Reason,
    Rules,
    cards_of,
    parse_move,
)
from pyramide_a11y.engine.geometry import ROW_SLOTS
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
        if saved is None:
            return 1
        return print_final(Replayed(saved.position, saved.moves, saved.rules), args, out)
    if args.moves is None:
        raise SourceError(t.moves_file_needed())
    source = source_from_options(args)
    try:
        lines = read_text_file(args.moves).splitlines()
    except FileProblem as err:
        raise SourceError(sentence(str(err))) from None
    replayed = Replayed(source.layout.position(), 0, source.rules)
    parsed: dict[str, Move] = {}  # a file repeats a few lines (draw) many times
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            move = parsed[text] if text in parsed else parsed.setdefault(text, parse_move(text))
        except ValueError:
            print(f"pyramide: {t.bad_move_line(number, m.echoed(text))}", file=sys.stderr)
            return 1
        reason = replayed.play(move)
        if reason is not None:
            refused = m.refusal(reason, cards_of(move))
            where = t.moves_file_line(number)
            print(f"pyramide: {where}: {m.echoed(text)}: {refused}", file=sys.stderr)
            return 1
    return print_final(replayed, args, out)


@dataclass
class Replayed:
    """A position reached by moves alone, as a :class:`~pyramide_a11y.engine.Game` would reach it by
    ``play`` (the same refusals, a won game refusing every move), without what
    play needs and a replay does not (undo history, seen cards, the events of
    each move, the impasse looked for after each): a moves file of the largest
    size read (``core.sources.MAX_FILE_BYTES``, some 200,000 draws) replays in about a
    second (``benchmarks/replay.py``)."""

    position: Position
    moves: int
    rules: Rules
    won: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.won = self.position.is_won(self.rules)

    def play(self, move: Move) -> Reason | None:
        """Play ``move``; None if it was played, else why not (nothing changes)."""
        if self.won:
            return Reason.GAME_WON
        reason = self.position.refusal(move, self.rules)
        if reason is None:
            self.position = self.position.after(move, self.rules)
            self.moves += 1
            if cards_of(move):  # only a removal can win (a draw moves no table card)
                self.won = self.position.is_won(self.rules)
        return reason


def print_final(replayed: Replayed, args: argparse.Namespace, out: TextIO) -> int:
    summary = final_state(replayed)
    if args.json:
        print(json.dumps(summary), file=out)
    else:
        for line in t.final_state_lines(summary):
            print(line, file=out)
        for line in table_lines(replayed.position):
            print(line, file=out)
    return 0


def final_state(replayed: Replayed) -> dict[str, Any]:
    """The replay summary: won, moves, pyramid_left, stock, waste, score, round."""
    position = replayed.position
    return {
        "won": replayed.won,
        "moves": replayed.moves,
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
