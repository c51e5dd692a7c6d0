"""Move generation pinned by perft counts (see tests/perft.py to regenerate)."""

from __future__ import annotations

import json

import pytest
from perft import CODES, DATA, DEPTH, reachable

from pyramide_a11y.engine import Layout, parse_code

TABLE: dict[str, list[int]] = json.loads(DATA.read_text(encoding="utf-8"))


def test_the_table_covers_three_codes_per_preset() -> None:
    letters = [code.split("-")[1][0] for code in TABLE]
    assert all(letters.count(p) >= 3 for p in "NCP")
    assert set(TABLE) == set(CODES)


@pytest.mark.parametrize("text", CODES)
def test_reachable_positions_within_six_moves(text: str) -> None:
    code = parse_code(text)
    counts = reachable(Layout.from_code(code).position(), code.rules, DEPTH)
    assert counts == TABLE[text]
