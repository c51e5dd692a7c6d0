"""Shared builders for engine tests: the seeds' layouts and small searches."""

from __future__ import annotations

from pathlib import Path

from pyramide_a11y.engine import Card, Game, Layout, Rules, get_rules, parse_listing

FIXTURES = Path(__file__).parent / "fixtures"


def cards(text: str) -> list[Card]:
    return [Card.parse(x) for x in text.split()]


def seed000_layout() -> Layout:
    """Seed 000's deal PY1-N-AAAAAAS as the seed lists it (stock order from seed 0)."""
    return parse_listing((FIXTURES / "seed000-start.txt").read_text(encoding="utf-8"))


def seed000_game(rules: Rules | None = None) -> Game:
    """Seed 000's pyramid under any preset: presets without a starting waste card
    get the waste card on top of the stock instead."""
    layout = seed000_layout()
    rules = rules or get_rules("pyramide")
    if rules.initial_waste == 0:
        layout = Layout(layout.pyramid, layout.waste + layout.stock, ())
    return Game(layout, rules)


def seed002_layout() -> Layout:
    return Layout.from_json((FIXTURES / "seed002.json").read_text(encoding="utf-8"))
