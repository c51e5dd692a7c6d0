"""Where the 28 pyramid cards sit and which cards cover which.

Slots are numbered 0..27 row by row from the top: slot ``row*(row+1)/2 + col``
for 0-based ``row`` 0..6 and ``col`` 0..row. The card at (row, col) is covered
by (row+1, col) and (row+1, col+1).
"""

from __future__ import annotations

ROWS = 7
SLOTS = 28


def slot(row: int, col: int) -> int:
    """Slot number of the 0-based (row, col)."""
    if not (0 <= row < ROWS and 0 <= col <= row):
        raise ValueError(f"no pyramid slot at row {row + 1}, position {col + 1}")
    return row * (row + 1) // 2 + col


ROW_COL: tuple[tuple[int, int], ...] = tuple((r, c) for r in range(ROWS) for c in range(r + 1))

COVERED_BY: tuple[tuple[int, ...], ...] = tuple(
    () if r == ROWS - 1 else (slot(r + 1, c), slot(r + 1, c + 1)) for r, c in ROW_COL
)
"""For each slot, the slots whose cards cover it (empty for the bottom row)."""

COVERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(SLOTS) if s in COVERED_BY[i]) for s in range(SLOTS)
)
"""For each slot, the slots it covers (one or two; none for the top)."""


def _closure(step: tuple[tuple[int, ...], ...], s: int) -> frozenset[int]:
    """Every slot reached from ``s`` by following ``step`` one or more times."""
    out: set[int] = set()
    todo = list(step[s])
    while todo:
        t = todo.pop()
        if t not in out:
            out.add(t)
            todo.extend(step[t])
    return frozenset(out)


ON_TOP: tuple[frozenset[int], ...] = tuple(_closure(COVERED_BY, s) for s in range(SLOTS))
"""For each slot, every slot lying on top of it, directly or through others."""

BENEATH: tuple[frozenset[int], ...] = tuple(_closure(COVERS, s) for s in range(SLOTS))
"""For each slot, every slot it covers, directly or through others."""

ROW_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(slot(r, c) for c in range(r + 1)) for r in range(ROWS)
)
