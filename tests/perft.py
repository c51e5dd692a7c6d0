"""Perft for solitaire: distinct positions reachable within N moves of a deal.

Run ``python tests/perft.py`` to regenerate ``tests/data/perft.json`` after a
deliberate rules change; the test compares the engine against that file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pyramide_a11y.engine import Layout, Position, Rules, parse_code

DATA = Path(__file__).parent / "data" / "perft.json"
DEPTH = 6
CODES = [
    "PY1-N-AAAAAAS",
    "PY1-N-AAAAAAJ",
    "PY1-N-HELLOAB",
    "PY1-C-AAAAAAS",
    "PY1-C3-PYRAMID",
    "PY1-C2-QWERTYU",
    "PY1-P-AAAAAAS",
    "PY1-P-BRASILX",
    "PY1-P-ZZZZZZZ",
    "PY1-N1SWX-VARIANT",
    "PY1-CWX-COVERPA",
    "PY1-POX-NOSTOCK",
]


def reachable(position: Position, rules: Rules, depth: int) -> list[int]:
    """How many distinct positions are reachable in at most 0, 1, …, ``depth`` moves."""
    seen = {position}
    frontier = [position]
    counts = [1]
    for _ in range(depth):
        following = []
        for pos in frontier:
            for move in pos.legal_moves(rules):
                nxt = pos.after(move, rules)
                if nxt not in seen:
                    seen.add(nxt)
                    following.append(nxt)
        frontier = following
        counts.append(len(seen))
    return counts


def compute() -> dict[str, list[int]]:
    table = {}
    for text in CODES:
        code = parse_code(text)
        table[text] = reachable(Layout.from_code(code).position(), code.rules, DEPTH)
    return table


if __name__ == "__main__":
    rows = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in compute().items()]
    DATA.write_text("{\n" + ",\n".join(rows) + "\n}\n", encoding="utf-8")
    sys.stdout.write(DATA.read_text(encoding="utf-8"))
